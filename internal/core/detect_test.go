// SPDX-License-Identifier: MIT

package core

import (
	"runtime"
	"slices"
	"testing"

	"golang.org/x/sys/cpu"
)

// sampleKernels is what each recorded CPU must get where the OS enables
// all the register state the CPU has, keyed by a part of its name.
var sampleKernels = map[string][]Kernel{
	"Zen 3":      {KernelSoft, KernelAESNI, KernelAVX2, KernelVperm},
	"Alder Lake": {KernelSoft, KernelAESNI, KernelAVX2, KernelVperm},
	"Zen 4":      {KernelSoft, KernelAESNI, KernelAVX2, KernelAVX512, KernelVperm},
	"Ice Lake":   {KernelSoft, KernelAESNI, KernelAVX2, KernelAVX512, KernelVperm},
	"Skylake":    {KernelSoft, KernelAESNI, KernelVperm},
	"Haswell":    {KernelSoft, KernelAESNI, KernelVperm},
	"Piledriver": {KernelSoft, KernelAESNI, KernelVperm},
	"Westmere":   {KernelSoft, KernelAESNI, KernelVperm},
	"Conroe":     {KernelSoft, KernelVperm}, // SSSE3 without AES: vperm's CPU
	"Bobcat":     {KernelSoft, KernelVperm}, // the same
	"Deneb":      {KernelSoft},              // SSE3 but not SSSE3
	"Sapphire":   {KernelSoft, KernelAESNI, KernelAVX2, KernelAVX512, KernelVperm},
	"Zen 5":      {KernelSoft, KernelAESNI, KernelAVX2, KernelAVX512, KernelVperm},
	"EPYC VM":    {KernelSoft, KernelAESNI, KernelAVX2, KernelAVX512, KernelVperm},
	"Xeon VM":    {KernelSoft, KernelAESNI, KernelAVX2, KernelAVX512, KernelVperm},
}

func expectedKernels(s cpuidSample) []Kernel {
	for key, ks := range sampleKernels {
		if containsFold(s.name, key) {
			return ks
		}
	}
	return nil
}

// TestX86Detection runs the C core's pure detection function on CPUID and
// XCR0 values recorded on real CPUs.
func TestX86Detection(t *testing.T) {
	seen := 0
	for _, s := range cpuidSamples {
		exp := expectedKernels(s)
		if exp == nil {
			t.Errorf("no expectation for sample %q", s.name)
			continue
		}
		seen++
		got := maskKernels(x86Kernels(s.leaf1ECX, s.leaf7EBX, s.leaf7ECX, s.xcr0, osAVX512FromXCR0))
		if !slices.Equal(got, exp) {
			t.Errorf("%s: kernels %v, want %v", s.name, got, exp)
		}
	}
	if seen < 8 {
		t.Fatalf("only %d samples matched", seen)
	}
}

// TestX86DetectionOS checks that the OS's XCR0 gates the wide kernels even
// when CPUID offers them, and that each missing bit drops its kernel.
func TestX86DetectionOS(t *testing.T) {
	const (
		aes, osxsave, avx = 1 << 25, 1 << 27, 1 << 28
		ssse3             = 1 << 9
		avx2, avx512f, vl = 1 << 5, 1 << 16, 1 << 31
		bw                = 1 << 30
		vaes              = 1 << 9
	)
	l1, l7b, l7c := uint32(aes|osxsave|avx|ssse3), uint32(avx2|avx512f|vl|bw), uint32(vaes)
	const v = KernelVperm
	cases := []struct {
		name         string
		l1, l7b, l7c uint32
		xcr0         uint64
		want         []Kernel
	}{
		{"all", l1, l7b, l7c, 0xe7, []Kernel{0, 1, 2, 3, v}},
		{"OS without AVX-512 state", l1, l7b, l7c, 0x07, []Kernel{0, 1, 2, v}},
		{"OS without AVX state", l1, l7b, l7c, 0x03, []Kernel{0, 1, v}},
		{"no OSXSAVE", l1 &^ osxsave, l7b, l7c, 0xe7, []Kernel{0, 1, v}},
		{"no VAES", l1, l7b, 0, 0xe7, []Kernel{0, 1, v}},
		{"no AVX2", l1, l7b &^ avx2, l7c, 0xe7, []Kernel{0, 1, v}},
		{"no AVX-512VL", l1, l7b &^ vl, l7c, 0xe7, []Kernel{0, 1, 2, v}},
		{"no AVX-512BW", l1, l7b &^ bw, l7c, 0xe7, []Kernel{0, 1, 2, v}},
		{"no AES", l1 &^ aes, l7b, l7c, 0xe7, []Kernel{0, v}},
		{"no SSSE3", l1 &^ ssse3, l7b, l7c, 0xe7, []Kernel{0, 1, 2, 3}},
		{"no AES, no SSSE3", l1 &^ (aes | ssse3), l7b, l7c, 0xe7, []Kernel{0}},
		{"SSSE3 alone", ssse3, 0, 0, 0, []Kernel{0, v}},
	}
	for _, c := range cases {
		if got := maskKernels(x86Kernels(c.l1, c.l7b, c.l7c, c.xcr0, osAVX512FromXCR0)); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

// TestX86DetectionOSWord runs the detection with the OS's word on AVX-512
// as one more input, on every recorded CPU, as darwin shows it: XCR0
// without the AVX-512 state, which darwin enables on a thread's first use
// only. Where the OS says yes, each CPU must get what it gets where XCR0
// tells (Linux); where it says no, or where XCR0 is trusted, no avx512.
func TestX86DetectionOSWord(t *testing.T) {
	const xcr0AVX512State = 0xe0 // XCR0's opmask, ZMM_Hi256 and Hi16_ZMM bits
	without := func(ks []Kernel, k Kernel) []Kernel {
		return slices.DeleteFunc(slices.Clone(ks), func(x Kernel) bool { return x == k })
	}
	for _, s := range cpuidSamples {
		exp := expectedKernels(s)
		if exp == nil {
			continue // TestX86Detection reports it
		}
		darwinXCR0 := s.xcr0 &^ xcr0AVX512State
		cases := []struct {
			word osAVX512
			xcr0 uint64
			want []Kernel
		}{
			{osAVX512FromXCR0, s.xcr0, exp},
			{osAVX512Yes, s.xcr0, exp},
			{osAVX512No, s.xcr0, without(exp, KernelAVX512)},
			{osAVX512FromXCR0, darwinXCR0, without(exp, KernelAVX512)},
			{osAVX512Yes, darwinXCR0, exp},
			{osAVX512No, darwinXCR0, without(exp, KernelAVX512)},
		}
		for _, c := range cases {
			got := maskKernels(x86Kernels(s.leaf1ECX, s.leaf7EBX, s.leaf7ECX, c.xcr0, c.word))
			if !slices.Equal(got, c.want) {
				t.Errorf("%s, XCR0 %#x, OS word %d: kernels %v, want %v", s.name, c.xcr0, c.word, got, c.want)
			}
		}
	}

	// An Intel Mac with AVX-512 and VAES: the Ice Lake client sample
	// with XCR0 as darwin shows it before a thread's first AVX-512
	// instruction (x87, SSE and AVX state: 0x7), as on the MacBook Pro
	// 13-inch and MacBook Air of 2020. The OS's state bits beyond
	// XCR0_ZMM (none here) do not matter.
	var iceLake cpuidSample
	for _, s := range cpuidSamples {
		if containsFold(s.name, "Ice Lake") {
			iceLake = s
		}
	}
	mac := []struct {
		word osAVX512
		want []Kernel
	}{
		{osAVX512FromXCR0, []Kernel{KernelSoft, KernelAESNI, KernelAVX2, KernelVperm}}, // the bug: XCR0 trusted
		{osAVX512Yes, []Kernel{KernelSoft, KernelAESNI, KernelAVX2, KernelAVX512, KernelVperm}},
		{osAVX512No, []Kernel{KernelSoft, KernelAESNI, KernelAVX2, KernelVperm}}, // macOS before 12.2
	}
	for _, c := range mac {
		got := maskKernels(x86Kernels(iceLake.leaf1ECX, iceLake.leaf7EBX, iceLake.leaf7ECX, 0x7, c.word))
		if !slices.Equal(got, c.want) {
			t.Errorf("Ice Lake Mac, OS word %d: kernels %v, want %v", c.word, got, c.want)
		}
	}
	// The OS's word cannot stand in for the AVX state, nor for CPUID.
	if got := maskKernels(x86Kernels(iceLake.leaf1ECX, iceLake.leaf7EBX, iceLake.leaf7ECX, 0x3, osAVX512Yes)); !slices.Equal(got, []Kernel{KernelSoft, KernelAESNI, KernelVperm}) {
		t.Errorf("OS says yes but XCR0 lacks the AVX state: %v", got)
	}
	if got := maskKernels(x86Kernels(iceLake.leaf1ECX, iceLake.leaf7EBX&^(1<<16), iceLake.leaf7ECX, 0x7, osAVX512Yes)); slices.Contains(got, KernelAVX512) {
		t.Errorf("OS says yes on a CPU without AVX-512F: %v", got)
	}
}

// TestOSAVX512Of checks which OS's word is asked: darwin's only.
func TestOSAVX512Of(t *testing.T) {
	cases := []struct {
		goos string
		has  bool
		want osAVX512
	}{
		{"darwin", true, osAVX512Yes},
		{"darwin", false, osAVX512No},
		{"linux", true, osAVX512FromXCR0},
		{"linux", false, osAVX512FromXCR0},
		{"windows", false, osAVX512FromXCR0},
		{"freebsd", true, osAVX512FromXCR0},
	}
	for _, c := range cases {
		if got := osAVX512Of(c.goos, c.has); got != c.want {
			t.Errorf("osAVX512Of(%q, %v) = %d, want %d", c.goos, c.has, got, c.want)
		}
	}
}

// TestARM64Kernels checks the kernels of arm64 CPUs: vperm on all of
// them (Advanced SIMD is part of the architecture), neon where the AES
// instructions are there, as a Raspberry Pi 4's Cortex-A72 and an Apple M1
// report them, and neonsha3 where FEAT_SHA3 is there too (Neoverse N2, V1
// and V2, Apple M1 and later), never without AES.
func TestARM64Kernels(t *testing.T) {
	for _, c := range []struct {
		name      string
		goos      string
		aes, sha3 bool
		want      []Kernel
	}{
		{"Cortex-A72 without crypto (Raspberry Pi 4), linux", "linux", false, false, []Kernel{KernelSoft, KernelVperm}},
		{"Cortex-A72 with crypto, linux", "linux", true, false, []Kernel{KernelSoft, KernelNEON, KernelVperm}},
		{"Neoverse N1 (Graviton 2), linux", "linux", true, false, []Kernel{KernelSoft, KernelNEON, KernelVperm}},
		{"Neoverse V1 (Graviton 3), linux", "linux", true, true, []Kernel{KernelSoft, KernelNEON, KernelVperm, KernelNEONSHA3}},
		{"SHA3 without AES (no such CPU known), linux", "linux", false, true, []Kernel{KernelSoft, KernelVperm}},
		{"Apple M1, darwin (AES from the OS, SHA3 from the sysctl)", "darwin", false, true, []Kernel{KernelSoft, KernelNEON, KernelVperm, KernelNEONSHA3}},
		{"Apple A11, ios", "ios", false, false, []Kernel{KernelSoft, KernelNEON, KernelVperm}},
		{"Cortex-A53 without crypto, freebsd", "freebsd", false, false, []Kernel{KernelSoft, KernelVperm}},
	} {
		if got := maskKernels(arm64Kernels(c.goos, c.aes, c.sha3)); !slices.Equal(got, c.want) {
			t.Errorf("%s: kernels %v, want %v", c.name, got, c.want)
		}
	}
}

// TestARM64HasAES checks when arm64 counts as having the AES
// instructions: where x/sys/cpu reads them, and always on Apple's OSes.
func TestARM64HasAES(t *testing.T) {
	for _, c := range []struct {
		goos string
		xsys bool
		want bool
	}{
		{"linux", true, true},
		{"linux", false, false},
		{"windows", false, false},
		{"darwin", false, true},
		{"ios", false, true},
	} {
		if got := arm64HasAES(c.goos, c.xsys); got != c.want {
			t.Errorf("arm64HasAES(%q, %v) = %v, want %v", c.goos, c.xsys, got, c.want)
		}
	}
}

// TestThisCPUHere checks the live detection, in every build, against
// golang.org/x/sys/cpu: a kernel that the CPU offers must be detected.
func TestThisCPUHere(t *testing.T) {
	want := []Kernel{KernelSoft}
	switch runtime.GOARCH {
	case "amd64":
		if cpu.X86.HasSSSE3 {
			want = append(want, KernelVperm)
		}
		if cpu.X86.HasAES {
			want = append(want, KernelAESNI)
			if cpu.X86.HasAVX2 && cpu.X86.HasAVX512VAES {
				want = append(want, KernelAVX2)
				if cpu.X86.HasAVX512F && cpu.X86.HasAVX512VL {
					want = append(want, KernelAVX512)
				}
			}
		}
	case "arm64":
		want = append(want, KernelVperm)
		if arm64HasAES(runtime.GOOS, cpu.ARM64.HasAES) {
			want = append(want, KernelNEON)
			if cpu.ARM64.HasSHA3 {
				want = append(want, KernelNEONSHA3)
			}
		}
	}
	got := maskKernels(cpuKernelsHere())
	for _, k := range want {
		if !slices.Contains(got, k) {
			t.Errorf("x/sys/cpu reports what %s needs, but it was not detected (detected %v)", k, got)
		}
	}
	if runtime.GOARCH != "amd64" && runtime.GOARCH != "arm64" && !slices.Equal(got, want) {
		t.Errorf("detected %v on %s, want %v", got, runtime.GOARCH, want)
	}
}

func maskKernels(m uint32) []Kernel {
	var ks []Kernel
	for k := range numKernels {
		if m&(1<<k) != 0 {
			ks = append(ks, k)
		}
	}
	return ks
}

func containsFold(s, sub string) bool {
	return len(sub) <= len(s) && (s[:len(sub)] == sub || containsFold(s[1:], sub))
}
