// SPDX-License-Identifier: MIT

//go:build !linux && !darwin && !freebsd && !netbsd && !openbsd && !dragonfly && !windows

package cli

import (
	"io"
	"os"
)

// IsTerminal reports whether w is an *os.File on a character device, the
// best guess here at a terminal without a terminal call.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok || f == nil {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
