package main

import (
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/aegisgo/aegis/common"
	"github.com/aegisgo/aegis/raf"
)

var errUsage = errors.New("bad usage")

// keyFlags are the flags of every command that needs the key.
type keyFlags struct {
	keyfile string
	context string
	ctxSet  bool
	quiet   bool
}

func (k *keyFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&k.keyfile, "keyfile", "", "read the key from this file (raw 16/32 bytes, or hex); default: $AEGIS_RAF_KEY (hex)")
	fs.Func("context", "derive the master key from the key and this context (at most 120 bytes, 72 for 32-byte keys)", func(s string) error {
		k.context, k.ctxSet = s, true
		return nil
	})
	fs.BoolVar(&k.quiet, "q", false, "no progress on standard error")
}

// key returns the master key: the raw key, then DeriveMasterKey with the
// context if one was given.
func (k *keyFlags) key() ([]byte, error) {
	var key []byte
	if k.keyfile != "" {
		b, err := os.ReadFile(k.keyfile)
		if err != nil {
			return nil, fmt.Errorf("key file: %w", err)
		}
		if t := strings.TrimSpace(string(b)); len(t) == 32 || len(t) == 64 {
			if h, err := hex.DecodeString(t); err == nil {
				b = h
			}
		}
		key = b
	} else {
		env := os.Getenv("AEGIS_RAF_KEY")
		if env == "" {
			return nil, errors.New("no key: use -keyfile FILE or set AEGIS_RAF_KEY (hex)")
		}
		h, err := hex.DecodeString(strings.TrimSpace(env))
		if err != nil {
			return nil, errors.New("AEGIS_RAF_KEY is not hex")
		}
		key = h
	}
	if len(key) != 16 && len(key) != 32 {
		return nil, fmt.Errorf("the key is %d bytes; it must be 16 (AEGIS-128*) or 32 (AEGIS-256*)", len(key))
	}
	if k.ctxSet {
		d, err := raf.DeriveMasterKey(key, []byte(k.context))
		if err != nil {
			return nil, fmt.Errorf("-context: %w", err)
		}
		clear(key)
		key = d
	}
	return key, nil
}

// explain turns the package's errors into messages for a person.
func explain(err error, path string) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, raf.ErrAuth):
		return fmt.Errorf("%s: authentication failed: wrong key or context, or the file was tampered with", path)
	case errors.Is(err, raf.ErrInvalidHeader):
		return fmt.Errorf("%s: not a RAF file, or its header or length is damaged", path)
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return fmt.Errorf("%s: not a RAF file (shorter than a RAF header)", path)
	case errors.Is(err, raf.ErrBadKeyLength):
		return fmt.Errorf("%s: the key length does not match the file's algorithm", path)
	case errors.Is(err, common.ErrNotAvailable):
		return errors.New("this aegis-raf was built without the AEGIS C core (cgo off or tag without_aegis)")
	}
	return fmt.Errorf("%s: %w", path, err)
}

func parseAlg(name string) (raf.Algorithm, bool) {
	n := strings.ToUpper(strings.ReplaceAll(name, "-", ""))
	for a := raf.AEGIS128L; a <= raf.AEGIS256X4; a++ {
		if strings.ReplaceAll(a.String(), "-", "") == n {
			return a, true
		}
	}
	return 0, false
}

func newFlagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

// progress reports on stderr how far a long job is, in steps of 5%.
type progress struct {
	w     io.Writer
	verb  string
	total int64
	done  int64
	last  int64
	on    bool
}

const progressMin = 32 << 20 // files smaller than this finish before a person notices

func newProgress(w io.Writer, verb string, total int64, quiet bool) *progress {
	return &progress{w: w, verb: verb, total: total, on: !quiet && total >= progressMin}
}

func (p *progress) add(n int) {
	p.done += int64(n)
	if !p.on {
		return
	}
	if pct := p.done * 100 / p.total; pct >= p.last+5 || p.done == p.total {
		p.last = pct
		fmt.Fprintf(p.w, "\r%s: %3d%% (%d of %d MiB)", p.verb, pct, p.done>>20, p.total>>20)
		if p.done >= p.total {
			fmt.Fprintln(p.w)
		}
	}
}

const ioBlock = 1 << 20

func cmdEncrypt(args []string, stdin io.Reader, stderr io.Writer) error {
	fs := newFlagSet("encrypt", stderr)
	var kf keyFlags
	kf.register(fs)
	in := fs.String("in", "-", "plaintext to encrypt (- for standard input)")
	out := fs.String("out", "", "RAF file to write")
	algName := fs.String("alg", "", "AEGIS-128L, AEGIS-128X2, AEGIS-128X4, AEGIS-256, AEGIS-256X2 or AEGIS-256X4 (default: AEGIS-128L for a 16-byte key, AEGIS-256 for 32)")
	chunk := fs.Int("chunk", raf.DefaultChunk, "chunk size: 1024 to 1048576, a multiple of 16")
	force := fs.Bool("force", false, "replace -out if it exists")
	if err := fs.Parse(args); err != nil {
		return errUsage
	}
	if *out == "" || fs.NArg() != 0 {
		fs.Usage()
		return errors.New("encrypt needs -out FILE and no other arguments")
	}
	key, err := kf.key()
	if err != nil {
		return err
	}
	defer clear(key)
	alg := raf.AEGIS128L
	if len(key) == 32 {
		alg = raf.AEGIS256
	}
	if *algName != "" {
		a, ok := parseAlg(*algName)
		if !ok {
			return fmt.Errorf("unknown -alg %q", *algName)
		}
		alg = a
	}
	if alg.KeySize() != len(key) {
		return fmt.Errorf("%v needs a %d-byte key; this one is %d bytes", alg, alg.KeySize(), len(key))
	}
	var src io.Reader = stdin
	total := int64(-1)
	if *in != "-" {
		f, err := os.Open(*in)
		if err != nil {
			return err
		}
		defer f.Close()
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
			total = fi.Size()
		}
		src = f
	}
	flags := os.O_RDWR | os.O_CREATE | os.O_EXCL
	if *force {
		flags = os.O_RDWR | os.O_CREATE
	}
	dst, err := os.OpenFile(*out, flags, 0o600)
	if err != nil {
		return err
	}
	defer dst.Close()
	r, err := raf.Create(raf.NewFileStore(dst), key, &raf.Options{Algorithm: alg, ChunkSize: *chunk, Truncate: *force})
	if err != nil {
		if errors.Is(err, raf.ErrExists) {
			return fmt.Errorf("%s exists; use -force to replace it", *out)
		}
		return explain(err, *out)
	}
	prog := newProgress(stderr, "encrypting", total, kf.quiet)
	// Whole chunks per write: each is encrypted straight from buf.
	buf := make([]byte, max(ioBlock / *chunk, 1)**chunk)
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
			return rerr
		}
	}
	clear(buf)
	return explain(r.Close(), *out)
}

// openRAF opens a RAF file for reading with the key of kf.
func openRAF(path string, kf *keyFlags) (*raf.File, *os.File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	key, err := kf.key()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	defer clear(key)
	r, err := raf.Open(readOnlyStore{raf.NewFileStore(f)}, key, nil)
	if err != nil {
		f.Close()
		return nil, nil, explain(err, path)
	}
	return r, f, nil
}

// readOnlyStore lets a RAF file open from a read-only *os.File: Close
// syncs, which a read-only descriptor may refuse.
type readOnlyStore struct{ raf.Store }

func (readOnlyStore) Sync() error { return nil }

func cmdDecrypt(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("decrypt", stderr)
	var kf keyFlags
	kf.register(fs)
	in := fs.String("in", "", "RAF file to decrypt")
	out := fs.String("out", "-", "plaintext output (- for standard output)")
	if err := fs.Parse(args); err != nil {
		return errUsage
	}
	if *in == "" && fs.NArg() == 1 {
		*in = fs.Arg(0)
	} else if *in == "" || fs.NArg() != 0 {
		fs.Usage()
		return errors.New("decrypt needs -in FILE.raf")
	}
	r, f, err := openRAF(*in, &kf)
	if err != nil {
		return err
	}
	defer f.Close()
	defer r.Close()
	var w io.Writer = stdout
	if *out != "-" {
		o, err := os.OpenFile(*out, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
		if err != nil {
			return err
		}
		defer o.Close()
		w = o
	}
	size, _ := r.Size()
	err = copyRange(w, r, 0, size, newProgress(stderr, "decrypting", size, kf.quiet))
	if err != nil && *out != "-" {
		// No partial plaintext is left behind after a failure.
		os.Remove(*out)
	}
	return explain(err, *in)
}

// copyRange writes the plaintext [off, off+n) of r to w.
func copyRange(w io.Writer, r *raf.File, off, n int64, prog *progress) error {
	buf := make([]byte, ioBlock)
	defer clear(buf)
	for n > 0 {
		k := int(min(int64(len(buf)), n))
		got, err := r.ReadAt(buf[:k], off)
		if got > 0 {
			if _, werr := w.Write(buf[:got]); werr != nil {
				return werr
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
	fs := newFlagSet("cat", stderr)
	var kf keyFlags
	kf.register(fs)
	offset := fs.Int64("offset", 0, "first byte to print")
	length := fs.Int64("length", -1, "number of bytes to print (-1: to the end)")
	if err := fs.Parse(args); err != nil {
		return errUsage
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return errors.New("cat needs one FILE.raf")
	}
	if *offset < 0 {
		return errors.New("-offset must not be negative")
	}
	path := fs.Arg(0)
	r, f, err := openRAF(path, &kf)
	if err != nil {
		return err
	}
	defer f.Close()
	defer r.Close()
	size, _ := r.Size()
	n := max(0, size-*offset)
	if *length >= 0 {
		n = min(n, *length)
	}
	return explain(copyRange(stdout, r, *offset, n, newProgress(stderr, "reading", n, kf.quiet)), path)
}

func cmdInfo(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("info", stderr)
	if err := fs.Parse(args); err != nil {
		return errUsage
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return errors.New("info needs one FILE.raf")
	}
	path := fs.Arg(0)
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
