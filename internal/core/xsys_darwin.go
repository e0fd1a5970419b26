// SPDX-License-Identifier: MIT

//go:build darwin || ios

package core

import (
	"golang.org/x/sys/cpu"
	"golang.org/x/sys/unix"
)

// What the CPU detection (detect.go) asks golang.org/x/sys/cpu, which it
// imports only where it reads something there (xsys_*.go): a program for
// linux/amd64 does without its init.

// xsysHasAES is x/sys/cpu's word on arm64's AES instructions (which it
// reads no registers for on Apple's OSes: detect.go knows that they all
// have them).
func xsysHasAES() bool { return cpu.ARM64.HasAES }

// xsysHasAVX512F is x/sys/cpu's HasAVX512F: on darwin, whether the CPU
// has AVX-512F and the kernel supports its state (osAVX512Of).
func xsysHasAVX512F() bool { return cpu.X86.HasAVX512F }

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
