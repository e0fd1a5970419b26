// SPDX-License-Identifier: MIT

package core

import (
	"runtime"

	"github.com/aegisgo/aegis/internal/cpuid"
)

// The CPU detection, the module's one: which kernels this CPU and its OS
// run, whatever the build has (kernel.go masks it with the C core's
// tables). On x86-64, internal/cpuid reads CPUID leaves 1 and 7.0 and
// XCR0, and a pure function, x86Kernels, decodes them; tests feed it with
// values recorded on real CPUs (cpuid_samples_test.go). On arm64 the OS
// announces the AES instructions (HWCAP, which x/sys/cpu reads), and
// arm64Kernels decodes that.

// cpuKernelsHere returns the kernels that this CPU and its OS run, as a
// bit mask of kernel numbers.
func cpuKernelsHere() uint32 {
	k := uint32(1 << KernelSoft)
	if r, ok := cpuid.Read(); ok {
		k = x86Kernels(r.Leaf1ECX, r.Leaf7EBX, r.Leaf7ECX, r.XCR0, osAVX512Here())
	}
	if runtime.GOARCH == "arm64" {
		k = arm64Kernels(runtime.GOOS, xsysHasAES(), hasSHA3Here())
	}
	return k
}

// arm64Kernels returns the kernels, as a bit mask of kernel numbers, of an
// arm64 CPU under GOOS goos, given x/sys/cpu's HasAES and HasSHA3. vperm
// needs only Advanced SIMD, which every arm64 CPU that Go runs on has (Go's
// own runtime uses it), so it needs no test: it is what a CPU without the
// crypto extension (the Cortex-A72 of a Raspberry Pi 4) runs. neonsha3
// needs both the AES instructions and FEAT_SHA3's EOR3, which is optional
// from ARMv8.2 on: the Neoverse N2, V1 and V2 and Apple's M1 and later
// have it, the Neoverse N1 and the Cortex-A72 do not. Not every CPU that
// darwin runs on has it (the A7 to A12 of iOS devices), so xsysHasSHA3 is
// read there too: hasSHA3Here.
func arm64Kernels(goos string, xsysHasAES, xsysHasSHA3 bool) uint32 {
	k := uint32(1<<KernelSoft | 1<<KernelVperm)
	if arm64HasAES(goos, xsysHasAES) {
		k |= 1 << KernelNEON
		if xsysHasSHA3 {
			k |= 1 << KernelNEONSHA3
		}
	}
	return k
}

// arm64HasAES reports whether an arm64 CPU under GOOS goos has the AES
// instructions, given x/sys/cpu's HasAES. Every arm64 CPU that darwin runs
// on (Apple A7 and later) has them, but x/sys/cpu reads no feature
// registers there and reports only the minimal set, so darwin and ios
// count as having them.
func arm64HasAES(goos string, xsysHasAES bool) bool {
	return xsysHasAES || goos == "darwin" || goos == "ios"
}

// Bits of the CPUID and XCR0 words that the kernels need.
const (
	l1cSSSE3     = 1 << 9
	l1cAES       = 1 << 25
	l1cOSXSAVE   = cpuid.OSXSAVE
	l1cAVX       = 1 << 28
	l7bAVX2      = 1 << 5
	l7bAVX512F   = 1 << 16
	l7bAVX512BW  = 1 << 30
	l7bAVX512VL  = 1 << 31
	l7cVAES      = 1 << 9
	xcr0YMM      = 0x06 // SSE and AVX state
	xcr0ZMM      = 0xe6 // plus opmask, ZMM_Hi256 and Hi16_ZMM state
	kernelsNoAES = 1 << KernelSoft
)

// x86Kernels returns the kernels, as a bit mask of kernel numbers, that a
// CPU with these CPUID words runs under an OS with this XCR0 and this word
// on the AVX-512 state.
func x86Kernels(leaf1ECX, leaf7EBX, leaf7ECX uint32, xcr0 uint64, word osAVX512) uint32 {
	k := uint32(kernelsNoAES)
	// vperm's byte shuffle (PSHUFB) is SSSE3, which every CPU with AES-NI
	// also has; SSE state is always saved on x86-64.
	if leaf1ECX&l1cSSSE3 != 0 {
		k |= 1 << KernelVperm
	}
	if leaf1ECX&l1cAES == 0 {
		return k
	}
	k |= 1 << KernelAESNI

	// The wide kernels also need the OS to save the wide registers on a
	// context switch: CPUID says what the CPU has, XCR0 what the OS
	// enabled. Without OSXSAVE, XCR0 cannot be read and means nothing.
	// Where the OS has its own word on the AVX-512 state, it stands in
	// for XCR0's opmask and ZMM bits; the AVX state is still XCR0's.
	osYMM := leaf1ECX&l1cOSXSAVE != 0 && xcr0&xcr0YMM == xcr0YMM
	var osZMM bool
	switch word {
	case osAVX512Yes:
		osZMM = osYMM
	case osAVX512No:
		osZMM = false
	default:
		osZMM = osYMM && xcr0&xcr0ZMM == xcr0ZMM
	}

	// VAES with AVX2 but no AVX-512 exists (Zen 3, Alder Lake): test the
	// VAES bit itself, not an AVX-512 flavour of it (x/sys/cpu has only
	// the latter).
	if !osYMM || leaf1ECX&l1cAVX == 0 || leaf7EBX&l7bAVX2 == 0 || leaf7ECX&l7cVAES == 0 {
		return k
	}
	k |= 1 << KernelAVX2

	// F for the 512-bit registers and ternary logic, VL for their 128 and
	// 256-bit forms, BW for byte-masked loads and stores of partial
	// blocks. Every CPU with VAES and AVX-512 so far has all three.
	const f, vl, bw = l7bAVX512F, l7bAVX512VL, l7bAVX512BW
	if osZMM && leaf7EBX&(f|vl|bw) == f|vl|bw {
		k |= 1 << KernelAVX512
	}
	return k
}

// osAVX512 is what the OS says of the AVX-512 register state, for the OSes
// where XCR0 does not say it: the last input of the detection.
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
// architectures than amd64 the detection does not look at it.
func osAVX512Here() osAVX512 { return osAVX512Of(runtime.GOOS, xsysHasAVX512F()) }

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
