// SPDX-License-Identifier: MIT

//go:build !purego && !without_aegis && arm64 && (darwin || ios)

package asm_test

import "golang.org/x/sys/unix"

// sysctlSHA3 reports FEAT_SHA3 as darwin's kernel does: x/sys/cpu reads
// no feature registers there.
func sysctlSHA3() bool {
	v, err := unix.SysctlUint32("hw.optional.armv8_2_sha3")
	return err == nil && v == 1
}
