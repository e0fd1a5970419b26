// SPDX-License-Identifier: MIT

package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/aegisgo/aegis/common"
	"github.com/aegisgo/aegis/internal/cli"
	"github.com/aegisgo/aegis/raf"
)

// keyFlags are the flags of every command that needs the key.
type keyFlags struct {
	keyfile string
	context string
	ctxSet  bool
	quiet   bool
}

func (k *keyFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&k.keyfile, "keyfile", "", "read the key from the file `F`: 32 or 64 hex digits (a newline may follow), or exactly 16 or 32 raw bytes; default: $AEGIS_RAF_KEY (hex)")
	fs.Func("context", "derive the master key from the key and the context `S` (at most 120 bytes, 72 for 32-byte keys)", func(s string) error {
		k.context, k.ctxSet = s, true
		return nil
	})
	fs.BoolVar(&k.quiet, "q", false, "no progress on standard error (shown only on a terminal)")
}

// key returns the master key: the raw key, then DeriveMasterKey with the
// context if one was given.
func (k *keyFlags) key() ([]byte, error) {
	var key []byte
	var err error
	if k.keyfile != "" {
		key, err = readKeyFile(k.keyfile)
	} else {
		key, err = envKey()
	}
	if err != nil {
		return nil, err
	}
	if k.ctxSet {
		d, err := raf.DeriveMasterKey(key, []byte(k.context))
		clear(key)
		if err != nil {
			return nil, fmt.Errorf("-context: %w", err)
		}
		key = d
	}
	return key, nil
}

// writeError is a failed write of the plaintext, named by what was being
// written: the output as given on the command line, or standard output.
type writeError struct {
	name string
	err  error
}

func (e *writeError) Error() string { return "writing " + e.name + ": " + e.err.Error() }
func (e *writeError) Unwrap() error { return e.err }

// explain turns the package's errors into messages for a person, about the
// RAF file path. A *writeError names its own file and passes through.
func explain(err error, path string) error {
	var we *writeError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &we):
		return err
	case errors.Is(err, raf.ErrAuth):
		return fmt.Errorf("%s: authentication failed: wrong key or context, or the file was tampered with", path)
	case errors.Is(err, raf.ErrInvalidHeader):
		return fmt.Errorf("%s: not a RAF file, or its header or length is damaged", path)
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return fmt.Errorf("%s: not a RAF file (shorter than a RAF header)", path)
	case errors.Is(err, raf.ErrBadKeyLength):
		return fmt.Errorf("%s: the key length does not match the file's algorithm", path)
	case errors.Is(err, common.ErrNotAvailable):
		return errors.New("this aegis-raf was built without AEGIS (tag without_aegis)")
	}
	return fmt.Errorf("%s: %w", path, err)
}

// parseAlg reads -alg as aegis-speed reads its -variants.
func parseAlg(name string) (raf.Algorithm, bool) {
	var names []string
	for a := raf.AEGIS128L; a <= raf.AEGIS256X4; a++ {
		names = append(names, a.String())
	}
	i, ok := cli.ParseVariant(name, names)
	return raf.AEGIS128L + raf.Algorithm(i), ok
}

const algNames = "AEGIS-128L, AEGIS-128X2, AEGIS-128X4, AEGIS-256, AEGIS-256X2 or AEGIS-256X4 (or 128l, 128x2, 128x4, 256, 256x2, 256x4)"

// newFlagSet returns the flag set of a command. Its -h output, on stderr,
// is the command's synopsis and flags.
func newFlagSet(name, synopsis string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: aegis-raf %s %s\n", name, synopsis)
		fs.PrintDefaults()
	}
	return fs
}

// parse parses a command's flags. A mistake, which the flag package has
// already reported, becomes a *usageError; -h gives flag.ErrHelp.
func parse(fs *flag.FlagSet, args []string) error {
	err := fs.Parse(args)
	if err == nil || errors.Is(err, flag.ErrHelp) {
		return err
	}
	return &usageError{err: err, printed: true}
}

// progress reports on stderr how far a long job is, in steps of 5%.
type progress struct {
	line  *cli.Status
	verb  string
	total int64
	done  int64
	last  int64
	on    bool
}

// progressMin is the smallest job that shows progress: smaller ones finish
// before a person notices. A variable for the tests.
var progressMin int64 = 32 << 20

// newProgress reports only to a terminal (see cli.Status).
func newProgress(w io.Writer, verb string, total int64, quiet bool) *progress {
	line := cli.NewStatus(w, quiet)
	return &progress{line: line, verb: verb, total: total, on: line.On() && total >= progressMin}
}

func (p *progress) add(n int) {
	p.done += int64(n)
	if !p.on {
		return
	}
	if pct := p.done * 100 / p.total; pct >= p.last+5 || p.done == p.total {
		p.last = pct
		p.line.Show("%s: %3d%% (%d of %d MiB)", p.verb, pct, p.done>>20, p.total>>20)
		if p.done >= p.total {
			p.line.Keep()
		}
	}
}

const ioBlock = 1 << 20

func validChunk(n int) bool {
	return n >= raf.MinChunkSize && n <= raf.MaxChunkSize && n%16 == 0
}

func cmdEncrypt(args []string, stdin io.Reader, stderr io.Writer) error {
	fs := newFlagSet("encrypt", "[flags] [-in PLAIN] -out FILE.raf", stderr)
	var kf keyFlags
	kf.register(fs)
	in := fs.String("in", "-", "the plaintext `PLAIN` to encrypt (- for standard input)")
	out := fs.String("out", "", "the RAF file `FILE.raf` to write; a file, not -: RAF needs random access")
	algName := fs.String("alg", "", "the variant `NAME`: "+algNames+" (default: AEGIS-128L for a 16-byte key, AEGIS-256 for 32)")
	chunk := fs.Int("chunk", raf.DefaultChunk, "the chunk size `N` in bytes: 1024 to 1048576, a multiple of 16")
	force := fs.Bool("force", false, "replace -out if it exists")
	if err := parse(fs, args); err != nil {
		return err
	}
	switch {
	case fs.NArg() != 0:
		return usagef("encrypt takes no arguments besides its flags, got %q", fs.Arg(0))
	case *out == "":
		return usagef("encrypt needs -out FILE.raf")
	case *out == "-":
		return usagef("encrypt cannot write to standard output (-out -): a RAF file needs a seekable file; give -out FILE.raf")
	case !validChunk(*chunk):
		return usagef("-chunk %d: a chunk size is 1024 to 1048576 bytes and a multiple of 16 (leave -chunk out for the default, %d)", *chunk, raf.DefaultChunk)
	}
	alg, algSet := raf.AEGIS128L, false
	if *algName != "" {
		a, ok := parseAlg(*algName)
		if !ok {
			return usagef("-alg %q: unknown; use %s", *algName, algNames)
		}
		alg, algSet = a, true
	}

	var src io.Reader = stdin
	srcInfo := statFile(stdin)
	inName := "standard input"
	total := int64(-1)
	if *in != "-" {
		f, err := os.Open(*in)
		if err != nil {
			return err
		}
		defer f.Close()
		if srcInfo, err = f.Stat(); err != nil {
			return err
		}
		if srcInfo.Mode().IsRegular() {
			total = srcInfo.Size()
		}
		src, inName = f, *in
	}
	o, err := prepareOutput(*out, *force, true, srcInfo, inName)
	if err != nil {
		return err
	}

	key, err := kf.key()
	if err != nil {
		return err
	}
	defer clear(key)
	if !algSet && len(key) == 32 {
		alg = raf.AEGIS256
	}
	if alg.KeySize() != len(key) {
		return fmt.Errorf("%v needs a %d-byte key; this one is %d bytes", alg, alg.KeySize(), len(key))
	}

	dst, err := o.create()
	if err != nil {
		return err
	}
	defer o.abort()
	r, err := raf.Create(raf.NewFileStore(dst), key, &raf.Options{Algorithm: alg, ChunkSize: *chunk})
	if err != nil {
		return explain(err, *out)
	}
	prog := newProgress(stderr, "encrypting", total, kf.quiet)
	// Whole chunks per write: each is encrypted straight from buf.
	buf := make([]byte, max(ioBlock / *chunk, 1)**chunk)
	defer clear(buf)
	var off int64
	for {
		n, rerr := io.ReadFull(src, buf)
		if n > 0 {
			if _, err := r.WriteAt(buf[:n], off); err != nil {
				r.Close()
				return explain(err, *out)
			}
			off += int64(n)
			prog.add(n)
		}
		if rerr == io.EOF || rerr == io.ErrUnexpectedEOF {
			break
		}
		if rerr != nil {
			r.Close()
			return fmt.Errorf("%s: %w", inName, rerr)
		}
	}
	if err := r.Close(); err != nil {
		return explain(err, *out)
	}
	return o.commit()
}

// openRAF opens a RAF file for reading with the key of kf.
func openRAF(path string, f *os.File, kf *keyFlags) (*raf.File, error) {
	key, err := kf.key()
	if err != nil {
		return nil, err
	}
	defer clear(key)
	r, err := raf.Open(readOnlyStore{raf.NewFileStore(f)}, key, nil)
	if err != nil {
		return nil, explain(err, path)
	}
	return r, nil
}

// readOnlyStore lets a RAF file open from a read-only *os.File: Close
// syncs, which a read-only descriptor may refuse.
type readOnlyStore struct{ raf.Store }

func (readOnlyStore) Sync() error { return nil }

// stdoutNotInput refuses a standard output that is the input file
// (aegis-raf decrypt -in f.raf >> f.raf).
func stdoutNotInput(stdout io.Writer, in *os.File, name string) error {
	fi, err := in.Stat()
	if err != nil {
		return err
	}
	if sameFile(statFile(stdout), fi) {
		return fmt.Errorf("standard output is %s, the input, the same file; refusing to write into the input", name)
	}
	return nil
}

// noStdin refuses "-" where a RAF file is read: it needs random access.
func noStdin(path string) error {
	if path == "-" {
		return usagef("a RAF file cannot be read from standard input (-): it needs random access; name the file")
	}
	return nil
}

func cmdDecrypt(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("decrypt", "[flags] [-out PLAIN] -in FILE.raf", stderr)
	var kf keyFlags
	kf.register(fs)
	in := fs.String("in", "", "the RAF file `FILE.raf` to decrypt (a file, not -; it may also be given as the one argument)")
	out := fs.String("out", "-", "the plaintext output `PLAIN` (- for standard output)")
	force := fs.Bool("force", false, "replace -out if it exists")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *in == "" && fs.NArg() == 1 {
		*in = fs.Arg(0)
	} else if *in == "" || fs.NArg() != 0 {
		return usagef("decrypt needs -in FILE.raf and no other arguments")
	}
	if err := noStdin(*in); err != nil {
		return err
	}
	f, err := os.Open(*in)
	if err != nil {
		return err
	}
	defer f.Close()
	var w io.Writer = stdout
	wName := "standard output"
	var o *output
	if *out == "-" {
		if err := stdoutNotInput(stdout, f, *in); err != nil {
			return err
		}
	} else {
		inInfo, err := f.Stat()
		if err != nil {
			return err
		}
		if o, err = prepareOutput(*out, *force, false, inInfo, *in); err != nil {
			return err
		}
	}
	r, err := openRAF(*in, f, &kf)
	if err != nil {
		return err
	}
	defer r.Close()
	if o != nil {
		dst, err := o.create()
		if err != nil {
			return err
		}
		defer o.abort()
		w, wName = dst, o.name
	}
	size, err := r.Size()
	if err != nil {
		return explain(err, *in)
	}
	err = copyRange(w, wName, r, 0, size, newProgress(stderr, "decrypting", size, kf.quiet))
	if o == nil || o.direct {
		settle() // nothing is renamed: the status follows the last write
	}
	if err != nil {
		return explain(err, *in)
	}
	if o != nil {
		return o.commit()
	}
	return nil
}

// copyRange writes the plaintext [off, off+n) of r to w, which is named
// wName in a *writeError.
func copyRange(w io.Writer, wName string, r *raf.File, off, n int64, prog *progress) error {
	buf := make([]byte, min(ioBlock, max(n, 1)))
	defer clear(buf)
	for n > 0 {
		k := int(min(int64(len(buf)), n))
		got, err := r.ReadAt(buf[:k], off)
		if got > 0 {
			if _, werr := w.Write(buf[:got]); werr != nil {
				// The name of the temporary (from an *fs.PathError) would
				// say less than the name that the user gave.
				var pe *fs.PathError
				if errors.As(werr, &pe) {
					werr = pe.Err
				}
				return &writeError{name: wName, err: werr}
			}
			prog.add(got)
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		off += int64(got)
		n -= int64(got)
	}
	return nil
}

func cmdCat(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("cat", "[flags] FILE.raf", stderr)
	var kf keyFlags
	kf.register(fs)
	offset := fs.Int64("offset", 0, "the first byte `N` to print (0 or more; past the end prints nothing)")
	length := fs.Int64("length", -1, "the number `N` of bytes to print (0 or more; -1: to the end)")
	if err := parse(fs, args); err != nil {
		return err
	}
	switch {
	case fs.NArg() != 1:
		return usagef("cat needs one FILE.raf")
	case *offset < 0:
		return usagef("-offset %d: must be 0 or more", *offset)
	case *length < -1:
		return usagef("-length %d: must be 0 or more, or -1 for the rest of the file", *length)
	}
	path := fs.Arg(0)
	if err := noStdin(path); err != nil {
		return err
	}
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := stdoutNotInput(stdout, f, path); err != nil {
		return err
	}
	r, err := openRAF(path, f, &kf)
	if err != nil {
		return err
	}
	defer r.Close()
	size, err := r.Size()
	if err != nil {
		return explain(err, path)
	}
	n := max(0, size-*offset)
	if *length >= 0 {
		n = min(n, *length)
	}
	err = copyRange(stdout, "standard output", r, *offset, n, newProgress(stderr, "reading", n, kf.quiet))
	settle()
	return explain(err, path)
}

func cmdInfo(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("info", "FILE.raf", stderr)
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usagef("info needs one FILE.raf")
	}
	path := fs.Arg(0)
	if err := noStdin(path); err != nil {
		return err
	}
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	info, err := raf.Probe(raf.NewFileStore(f))
	if err != nil {
		return explain(err, path)
	}
	fmt.Fprintf(stdout, "algorithm:  %v\nchunk size: %d\nsize:       %d (from the header; not authenticated without the key)\n",
		info.Algorithm, info.ChunkSize, info.Size)
	return nil
}
