// SPDX-License-Identifier: MIT

//go:build cgo && !without_aegis

package core

// osAVX512 is what the OS says of the AVX-512 register state, for the OSes
// where XCR0 does not say it.
type osAVX512 int

const (
	// osAVX512FromXCR0: the OS enables the state it supports up front, so
	// XCR0's opmask and ZMM bits tell (Linux, Windows, the BSDs).
	osAVX512FromXCR0 osAVX512 = iota
	// osAVX512Yes and osAVX512No: the OS's own answer replaces XCR0's.
	osAVX512Yes
	osAVX512No
)

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

// xcr0AVX512State is XCR0's opmask, ZMM_Hi256 and Hi16_ZMM bits.
const xcr0AVX512State = 0xe0

// x86KernelsOS is the C core's pure detection function with the OS's word
// on AVX-512 as one more input: where the OS answers, its answer stands in
// for XCR0's AVX-512 bits. The AVX (YMM) state is still XCR0's, as in
// x/sys/cpu.
func x86KernelsOS(leaf1ECX, leaf7EBX, leaf7ECX uint32, xcr0 uint64, word osAVX512) uint32 {
	switch word {
	case osAVX512Yes:
		xcr0 |= xcr0AVX512State
	case osAVX512No:
		xcr0 &^= xcr0AVX512State
	}
	return x86Kernels(leaf1ECX, leaf7EBX, leaf7ECX, xcr0)
}
