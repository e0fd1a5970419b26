// SPDX-License-Identifier: MIT

package cli

import (
	"io"
	"os"

	"golang.org/x/sys/windows"
)

// IsTerminal reports whether w is a console: an *os.File whose handle
// has a console mode. A pipe, a file and NUL are not.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok || f == nil {
		return false
	}
	var mode uint32
	return windows.GetConsoleMode(windows.Handle(f.Fd()), &mode) == nil
}
