// SPDX-License-Identifier: MIT

package main

import (
	"os"
	"strings"

	"golang.org/x/sys/unix"
)

// emulation says why this test binary seems to run under user-mode
// emulation (qemu-user), or "" if it does not. qemu answers uname with
// the machine it emulates, but passes /proc/sys/kernel/arch through from
// the host's kernel; and a process that qemu runs directly is named
// after it.
func emulation() string {
	var u unix.Utsname
	if err := unix.Uname(&u); err == nil {
		machine := unix.ByteSliceToString(u.Machine[:])
		if b, err := os.ReadFile("/proc/sys/kernel/arch"); err == nil {
			if host := strings.TrimSpace(string(b)); host != "" && host != machine {
				return "this " + machine + " binary runs on an " + host + " kernel"
			}
		}
	}
	if b, err := os.ReadFile("/proc/self/comm"); err == nil {
		if comm := strings.TrimSpace(string(b)); strings.HasPrefix(comm, "qemu-") {
			return "the process is " + comm
		}
	}
	return ""
}
