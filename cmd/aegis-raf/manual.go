// SPDX-License-Identifier: MIT

package main

import (
	"bytes"
	"io"
	"strings"
)

//go:generate go test -run ^TestDoc$ -fixdoc

// The manual is what "aegis-raf -h" prints. doc.go, the command's doc
// comment, is generated from it (go generate), and TestDoc fails when the
// two differ: the text has one home, here, and the flags of each command
// have theirs in its flag set.

// synopsis is the usage of every command.
const synopsis = `	aegis-raf encrypt [-alg NAME] [-chunk N] [-force] [-context S] [-keyfile F] [-q] [-in PLAIN] -out FILE.raf
	aegis-raf decrypt [-force] [-context S] [-keyfile F] [-q] [-out PLAIN] -in FILE.raf
	aegis-raf cat     [-context S] [-keyfile F] [-q] [-offset N] [-length N] FILE.raf
	aegis-raf info    FILE.raf
`

const manualHead = `Aegis-raf encrypts files into RAF, the random-access encrypted format of
libaegis, and reads them back: it decrypts them, prints ranges of them and
probes their headers.

Usage:

` + synopsis + `
The commands are:

	encrypt   encrypt a file (or standard input) into a new RAF file; create is another name for it
	decrypt   decrypt a RAF file into a file (or standard output)
	cat       print a range of the plaintext of a RAF file on standard output
	info      print the variant, chunk size and size in a RAF file's header, without the key

"aegis-raf COMMAND -h" prints a command's flags on standard error, and
"aegis-raf -h" this manual on standard output. The flags of each command:

`

const manualTail = `
Standard streams: encrypt reads standard input when -in is - (the default);
decrypt writes standard output when -out is - (the default). Nothing else
takes "-": a RAF file needs random access, so it is never read from or
written to a pipe.

The key, 16 bytes for the AEGIS-128 variants and 32 for AEGIS-256, comes
from -keyfile or from the environment variable AEGIS_RAF_KEY (32 or 64 hex
digits), never from the command line, where other users of the machine
could see it. A key file is read by one rule, and never reinterpreted:

 1. A file that holds only hex digits, then optionally white space (such
    as a newline), is a hex key: 32 digits for a 16-byte key, 64 for a
    32-byte key; any other number of digits is an error.
 2. Any other file that is all text (printable ASCII, tab, CR, LF) is an
    error, so a hex key with a typo, a 0x prefix or separators is never
    taken for a raw key of the same length.
 3. Any other file is a raw key of exactly 16 or 32 bytes.

A random raw key happens to be all text, and so is refused by rule 2, with
a chance of about 2^-22 (16 bytes) or 2^-44 (32 bytes); write such a key in
hex. The errors name the accepted forms. With -context, the master key is
raf.DeriveMasterKey(key, context): a file encrypted with a context opens
only with the same one.

-alg takes AEGIS-128L, AEGIS-128X2, AEGIS-128X4, AEGIS-256, AEGIS-256X2 or
AEGIS-256X4, in any case, with or without the dashes and the AEGIS prefix
(128l, aegis256x2, aegis_128x4), as aegis-speed takes them. Without it, a
16-byte key selects AEGIS-128L and a 32-byte key AEGIS-256; with it, the
key must have the variant's size. -chunk takes 1024 to 1048576, a multiple
of 16; -chunk 0 is a mistake (leave the flag out for the default, 65536).

Files are never destroyed:

  - An output that is the input (the same file under any name: another
    spelling, a hard link, a symbolic link, or a standard stream redirected
    to it) is refused.
  - An existing output is refused, by encrypt and decrypt alike, unless
    -force is given.
  - Output to a file goes to a temporary file beside it,
    .NAME.aegis-raf-tmp-XXXX, created with mode 0600 (under -force, with the
    permission bits of the file it replaces; its owner and other hard links
    are not carried over). Once complete it is synced and closed (both
    checked) and renamed to NAME, and the directory is synced. Without
    -force the rename cannot replace a file that appeared meanwhile.
  - A symbolic link given as -out is kept, and under -force the file it
    names is replaced. A symbolic link to no file is refused, with or
    without -force: a file is never created through it.
  - On any failure (a wrong key, a tampered chunk, a full disk, a read
    error), and on SIGINT, SIGTERM or SIGHUP before the rename, the
    temporary is removed and NAME is left as it was: a half-written file
    never appears under NAME. A hard crash (power loss, SIGKILL) can leave
    a temporary behind, named as above, never a partial NAME.
  - Standard output is written as the plaintext is read, and so is a device
    or FIFO that already exists as decrypt's -out (such as /dev/null).

Progress goes to standard error when it is a terminal, for jobs of 32 MiB
or more; -q turns it off.

Exit status:

  - 0 on success, and for -h. A signal that arrives once the output is in
    place (renamed, and its directory synced) or, for standard output, a
    device or a FIFO, once its last write is done, changes nothing.
  - 2 for a mistake in the command line: an unknown command or flag, a
    missing or malformed value (-chunk 0, an unknown -alg, -offset -1,
    encrypt -out -).
  - 128+N when signal N arrived before that point, after the temporary is
    removed: 130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP. On Windows,
    Ctrl-C and Ctrl-Break count as SIGINT, and closing the console as
    SIGTERM.
  - 1 for every other failure: a missing file, an existing or same-file
    output, a bad key file, a wrong key or context, a tampered file, a
    failed write.

The format itself, and what it costs (it has no holes, so a write far past
the end of a RAF file writes every chunk before it), is described in the
documentation of the raf package: go doc github.com/aegisgo/aegis/raf.
`

// manual returns the manual, with the -h output of each command.
func manual() string {
	var b strings.Builder
	b.WriteString(manualHead)
	for _, cmd := range []string{"encrypt", "decrypt", "cat", "info"} {
		var flags bytes.Buffer
		run([]string{cmd, "-h"}, nil, io.Discard, &flags)
		for _, line := range strings.SplitAfter(flags.String(), "\n") {
			if line != "" {
				b.WriteString("\t" + line)
			}
		}
		b.WriteString("\n")
	}
	b.WriteString(manualTail)
	return b.String()
}

// usage is what a command line without a command, or with an unknown one,
// prints on standard error.
const usage = "usage:\n" + synopsis + `Run "aegis-raf -h" for the manual, "aegis-raf COMMAND -h" for a command's flags.
`
