// SPDX-License-Identifier: MIT

//go:build cgo && !without_aegis

package core

import (
	"runtime"

	"golang.org/x/sys/cpu"
)

// osAVX512 is what the OS says of the AVX-512 register state, for the OSes
// where XCR0 does not say it: the last input of the C core's detection
// (aegisgo_cpu_kernels and aegisgo_x86_kernels; the values are aegis.h's
// AEGISGO_OS_AVX512_*, and core_cgo.go checks that they agree).
type osAVX512 int

const (
	// osAVX512FromXCR0: the OS enables the state it supports up front, so
	// XCR0's opmask and ZMM bits tell (Linux, Windows, the BSDs).
	osAVX512FromXCR0 osAVX512 = iota
	// osAVX512Yes and osAVX512No: the OS's own answer replaces XCR0's.
	osAVX512Yes
	osAVX512No
)

// osAVX512Here is the OS's word for the running program. On other
// architectures than amd64 the C core does not look at it.
func osAVX512Here() osAVX512 { return osAVX512Of(runtime.GOOS, cpu.X86.HasAVX512F) }

// osAVX512Of returns the OS's word on AVX-512 for GOOS goos.
//
// darwin enables the AVX-512 state of a thread only when the thread first
// uses it, so XCR0 lacks the opmask and ZMM bits until then and cannot be
// asked. The kernel says instead whether it supports the state (sysctl
// hw.optional.avx512f), and versions before 21.3.0 (macOS 12.2) corrupt
// the mask registers on signal return. golang.org/x/sys/cpu asks both, and
// its HasAVX512F, on darwin, is true only when the CPU has AVX-512F and the
// kernel says yes: that is the answer passed here as xsysAVX512F.
func osAVX512Of(goos string, xsysAVX512F bool) osAVX512 {
	if goos != "darwin" {
		return osAVX512FromXCR0
	}
	if xsysAVX512F {
		return osAVX512Yes
	}
	return osAVX512No
}
