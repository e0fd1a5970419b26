// SPDX-License-Identifier: MIT

// Command aegis-raf encrypts files into RAF, the random-access encrypted
// format of libaegis, and reads them back.
//
// Usage:
//
//	aegis-raf encrypt [-alg NAME] [-chunk N] [-force] [-context S] [-keyfile F] [-q] [-in PLAIN] -out FILE.raf
//	aegis-raf decrypt [-force] [-context S] [-keyfile F] [-q] [-out PLAIN] -in FILE.raf
//	aegis-raf cat     [-context S] [-keyfile F] [-q] [-offset N] [-length N] FILE.raf
//	aegis-raf info    FILE.raf
//
// create is another name for encrypt. "aegis-raf COMMAND -h" lists a
// command's flags.
//
// Standard streams: encrypt reads standard input when -in is - (the
// default); decrypt writes standard output when -out is - (the default).
// Nothing else takes "-": a RAF file needs random access, so it is never
// read from or written to a pipe.
//
// Files are never destroyed. A command refuses an output that is its input
// (the same file under any name), and an existing output unless -force is
// given. Output to a file is written to a temporary file beside it, named
// .NAME.aegis-raf-tmp-XXXX, with mode 0600 (under -force, the permission
// bits of the file it replaces); it is synced and renamed to NAME only once
// it is complete, and the directory is synced after. On a failure, SIGINT,
// SIGTERM or SIGHUP the temporary is removed and NAME is left as it was.
// An existing device or FIFO given as decrypt's -out (such as /dev/null) is
// written in place, as standard output is.
//
// The key, 16 bytes for the AEGIS-128 variants and 32 for AEGIS-256, comes
// from -keyfile or from the environment variable AEGIS_RAF_KEY (32 or 64
// hex digits), never from the command line, where other users of the
// machine could see it. A key file is read by one rule (see parseKeyFile):
// if it holds only hex digits, optionally followed by white space such as a
// newline, it is a hex key of 32 or 64 digits; a file of text that is not
// that is an error; any other file is a raw key of exactly 16 or 32 bytes.
// With -context, the master key is DeriveMasterKey(key, context): a file
// encrypted with a context opens only with the same one.
//
// -alg takes AEGIS-128L, AEGIS-128X2, AEGIS-128X4, AEGIS-256, AEGIS-256X2
// or AEGIS-256X4, in any case, with or without the dashes and the AEGIS
// prefix (128l, aegis256x2, ...). Without it, a 16-byte key selects
// AEGIS-128L and a 32-byte key AEGIS-256; with it, the key must have the
// variant's size. -chunk takes 1024 to 1048576, a multiple of 16 (0 is not
// a chunk size: leave the flag out for the default, 65536).
//
// Progress goes to standard error when it is a terminal, for jobs of 32 MiB
// or more; -q turns it off.
//
// Exit status: 0 on success and for -h; 2 for a mistake in the command line
// (an unknown command or flag, a missing or malformed value); 128+N when
// killed by signal N (130 for SIGINT, 143 for SIGTERM) after the temporary
// is removed; 1 for every other failure.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
)

func main() {
	catchSignals()
	os.Exit(exitCode(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr), os.Stderr))
}

// Exit statuses.
const (
	exitOK      = 0
	exitFailure = 1
	exitUsage   = 2
)

// usageError is a mistake in the command line: exit status 2.
type usageError struct {
	err     error
	printed bool // the flag package has written it to stderr already
}

func (e *usageError) Error() string { return e.err.Error() }
func (e *usageError) Unwrap() error { return e.err }

func usagef(format string, a ...any) error {
	return &usageError{err: fmt.Errorf(format, a...)}
}

// exitCode reports err on stderr and returns the exit status for it.
func exitCode(err error, stderr io.Writer) int {
	var ue *usageError
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return exitOK
	case errors.As(err, &ue):
		if !ue.printed {
			fmt.Fprintln(stderr, "aegis-raf:", err)
		}
		return exitUsage
	}
	fmt.Fprintln(stderr, "aegis-raf:", err)
	return exitFailure
}

const usage = `usage:
  aegis-raf encrypt [-alg NAME] [-chunk N] [-force] [-context S] [-keyfile F] [-q] [-in PLAIN] -out FILE.raf
  aegis-raf decrypt [-force] [-context S] [-keyfile F] [-q] [-out PLAIN] -in FILE.raf
  aegis-raf cat     [-context S] [-keyfile F] [-q] [-offset N] [-length N] FILE.raf
  aegis-raf info    FILE.raf
The key comes from -keyfile or from AEGIS_RAF_KEY (hex); create = encrypt.
-in - (encrypt) and -out - (decrypt) are standard input and output.
Run "aegis-raf COMMAND -h" for a command's flags.
`

// run is the whole program, with its arguments (without the program
// name) and its standard streams. A *usageError is a mistake in the
// command line; flag.ErrHelp means -h was answered.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return &usageError{err: errors.New("no command"), printed: true}
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "create", "encrypt":
		return cmdEncrypt(rest, stdin, stderr)
	case "decrypt":
		return cmdDecrypt(rest, stdout, stderr)
	case "cat":
		return cmdCat(rest, stdout, stderr)
	case "info":
		return cmdInfo(rest, stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	fmt.Fprint(stderr, usage)
	return usagef("unknown command %q", cmd)
}
