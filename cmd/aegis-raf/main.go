// SPDX-License-Identifier: MIT

package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/aegisgo/aegis/internal/cli"
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

// run is the whole program, with its arguments (without the program
// name) and its standard streams. A *usageError is a mistake in the
// command line; flag.ErrHelp means -h was answered.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	cli.WarnImplEnv(stderr, "aegis-raf")
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
		fmt.Fprint(stdout, manual())
		return nil
	}
	fmt.Fprint(stderr, usage)
	return usagef("unknown command %q", cmd)
}
