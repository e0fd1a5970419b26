// SPDX-License-Identifier: MIT

package testdir

import "syscall"

// underWine asks for wine_get_version, which wine's ntdll exports and
// Windows' does not: the usual way for a program to tell them apart.
func underWine() bool {
	return syscall.NewLazyDLL("ntdll.dll").NewProc("wine_get_version").Find() == nil
}
