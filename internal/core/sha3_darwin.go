// SPDX-License-Identifier: MIT

//go:build darwin || ios

package core

import (
	"golang.org/x/sys/cpu"
	"golang.org/x/sys/unix"
)

// hasSHA3Here reports whether this arm64 CPU has FEAT_SHA3 (EOR3).
// x/sys/cpu reads no feature registers on Apple's OSes (its HasSHA3 stays
// false there), so the sysctl that the kernel fills asks instead. It is
// read on arm64 only (detect.go).
func hasSHA3Here() bool {
	if cpu.ARM64.HasSHA3 {
		return true
	}
	v, err := unix.SysctlUint32("hw.optional.armv8_2_sha3")
	return err == nil && v == 1
}
