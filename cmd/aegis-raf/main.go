// Command aegis-raf encrypts files into RAF, the random-access encrypted
// format of libaegis, and reads them back.
//
// Usage:
//
//	aegis-raf encrypt [-alg AEGIS-128L] [-chunk 65536] [-force] [-context S] [-keyfile F] -in PLAIN -out FILE.raf
//	aegis-raf decrypt [-context S] [-keyfile F] -in FILE.raf -out PLAIN
//	aegis-raf cat     [-context S] [-keyfile F] [-offset N] [-length N] FILE.raf
//	aegis-raf info    FILE.raf
//
// create is another name for encrypt. -in and -out take "-" for standard
// input and output (encrypt needs a real file to write to). The key, 16
// bytes for the AEGIS-128 variants and 32 for AEGIS-256, comes from
// -keyfile (raw bytes, or hex text) or from the environment variable
// AEGIS_RAF_KEY (hex), never from the command line, where other users of
// the machine could see it. With -context, the master key is
// DeriveMasterKey(key, context): a file encrypted with a context opens only
// with the same one.
package main

import (
	"fmt"
	"io"
	"os"
)

func main() {
	if err := run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "aegis-raf:", err)
		os.Exit(1)
	}
}

const usage = `usage:
  aegis-raf encrypt [-alg NAME] [-chunk N] [-force] [-context S] [-keyfile F] -in PLAIN -out FILE.raf
  aegis-raf decrypt [-context S] [-keyfile F] -in FILE.raf -out PLAIN
  aegis-raf cat     [-context S] [-keyfile F] [-offset N] [-length N] FILE.raf
  aegis-raf info    FILE.raf
The key comes from -keyfile or from AEGIS_RAF_KEY (hex); create = encrypt.
Run "aegis-raf COMMAND -h" for a command's flags.
`

// run is the whole program, with its arguments (without the program
// name) and its standard streams.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return errUsage
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
	return fmt.Errorf("unknown command %q", cmd)
}
