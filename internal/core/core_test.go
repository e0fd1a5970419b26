//go:build cgo && !without_aegis

package core

import (
	"runtime"
	"slices"
	"testing"

	"golang.org/x/sys/cpu"
)

// TestX86Detection runs the C core's pure detection function on CPUID and
// XCR0 values recorded on real CPUs.
func TestX86Detection(t *testing.T) {
	want := map[string][]int{
		"Zen 3":        {KernelSoft, KernelAESNI, KernelAVX2},
		"Alder Lake":   {KernelSoft, KernelAESNI, KernelAVX2},
		"Zen 4":        {KernelSoft, KernelAESNI, KernelAVX2, KernelAVX512},
		"Ice Lake":     {KernelSoft, KernelAESNI, KernelAVX2, KernelAVX512},
		"Skylake":      {KernelSoft, KernelAESNI},
		"Haswell":      {KernelSoft, KernelAESNI},
		"Piledriver":   {KernelSoft, KernelAESNI},
		"Westmere":     {KernelSoft, KernelAESNI},
		"Conroe":       {KernelSoft},
		"Sapphire":     {KernelSoft, KernelAESNI, KernelAVX2, KernelAVX512},
		"Zen 5":        {KernelSoft, KernelAESNI, KernelAVX2, KernelAVX512},
		"this machine": {KernelSoft, KernelAESNI, KernelAVX2, KernelAVX512},
	}
	seen := 0
	for _, s := range cpuidSamples {
		var exp []int
		for key, ks := range want {
			if containsFold(s.name, key) {
				exp = ks
			}
		}
		if exp == nil {
			t.Errorf("no expectation for sample %q", s.name)
			continue
		}
		seen++
		got := maskKernels(x86Kernels(s.leaf1ECX, s.leaf7EBX, s.leaf7ECX, s.xcr0))
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
		avx2, avx512f, vl = 1 << 5, 1 << 16, 1 << 31
		bw                = 1 << 30
		vaes              = 1 << 9
	)
	l1, l7b, l7c := uint32(aes|osxsave|avx), uint32(avx2|avx512f|vl|bw), uint32(vaes)
	cases := []struct {
		name         string
		l1, l7b, l7c uint32
		xcr0         uint64
		want         []int
	}{
		{"all", l1, l7b, l7c, 0xe7, []int{0, 1, 2, 3}},
		{"OS without AVX-512 state", l1, l7b, l7c, 0x07, []int{0, 1, 2}},
		{"OS without AVX state", l1, l7b, l7c, 0x03, []int{0, 1}},
		{"no OSXSAVE", l1 &^ osxsave, l7b, l7c, 0xe7, []int{0, 1}},
		{"no VAES", l1, l7b, 0, 0xe7, []int{0, 1}},
		{"no AVX2", l1, l7b &^ avx2, l7c, 0xe7, []int{0, 1}},
		{"no AVX-512VL", l1, l7b &^ vl, l7c, 0xe7, []int{0, 1, 2}},
		{"no AVX-512BW", l1, l7b &^ bw, l7c, 0xe7, []int{0, 1, 2}},
		{"no AES", l1 &^ aes, l7b, l7c, 0xe7, []int{0}},
	}
	for _, c := range cases {
		if got := maskKernels(x86Kernels(c.l1, c.l7b, c.l7c, c.xcr0)); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

// TestChooseKernel checks the choice and the AEGIS_IMPL cap.
func TestChooseKernel(t *testing.T) {
	all := func(int) bool { return true }
	noX1 := func(k int) bool { return k != KernelAVX2 && k != KernelAVX512 } // like 128L
	x86 := uint32(1<<KernelSoft | 1<<KernelAESNI | 1<<KernelAVX2 | 1<<KernelAVX512)
	zen3 := uint32(1<<KernelSoft | 1<<KernelAESNI | 1<<KernelAVX2)
	arm := uint32(1<<KernelSoft | 1<<KernelNEON)
	cases := []struct {
		cpu   uint32
		has   func(int) bool
		cap   string
		want  int
		envOK bool
	}{
		{x86, all, "", KernelAVX512, true},
		{x86, noX1, "", KernelAESNI, true},
		{zen3, all, "", KernelAVX2, true},
		{zen3, all, "avx512", KernelAVX2, true},
		{x86, all, "avx2", KernelAVX2, true},
		{x86, all, "aesni", KernelAESNI, true},
		{x86, all, "soft", KernelSoft, true},
		{x86, all, "neon", KernelSoft, true},
		{x86, all, "bogus", KernelAVX512, false},
		{arm, all, "", KernelNEON, true},
		{arm, all, "avx512", KernelSoft, true},
		{arm, all, "soft", KernelSoft, true},
		{1 << KernelSoft, all, "", KernelSoft, true},
	}
	for i, c := range cases {
		k, ok := chooseKernel(c.cpu, c.has, c.cap)
		if k != c.want || ok != c.envOK {
			t.Errorf("case %d (cap %q): %s, %v; want %s, %v", i, c.cap, KernelNames[k], ok, KernelNames[c.want], c.envOK)
		}
	}
}

// TestThisCPU checks the live detection against golang.org/x/sys/cpu: a
// kernel that the CPU offers must be detected and, with no AEGIS_IMPL,
// chosen. It fails rather than skips when a kernel goes missing.
func TestThisCPU(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skipf("x86 detection only; %s is checked in arch_test.go", runtime.GOARCH)
	}
	want := []int{KernelSoft}
	if cpu.X86.HasAES {
		want = append(want, KernelAESNI)
		if cpu.X86.HasAVX2 && cpu.X86.HasAVX512VAES {
			want = append(want, KernelAVX2)
			if cpu.X86.HasAVX512F && cpu.X86.HasAVX512VL {
				want = append(want, KernelAVX512)
			}
		}
	}
	got := maskKernels(cpuKernels)
	for _, k := range want {
		if !slices.Contains(got, k) {
			t.Errorf("x/sys/cpu reports what %s needs, but it was not detected (detected %v)", KernelNames[k], got)
		}
	}
	best := want[len(want)-1]
	if k, _ := chooseAll(""); k[2] < best || k[5] < best {
		t.Errorf("the X4 variants chose %s and %s, but %s runs here", KernelNames[k[2]], KernelNames[k[5]], KernelNames[best])
	}
}

func maskKernels(m uint32) []int {
	var ks []int
	for k := 0; k < numKernels; k++ {
		if m&(1<<k) != 0 {
			ks = append(ks, k)
		}
	}
	return ks
}

func containsFold(s, sub string) bool {
	return len(sub) <= len(s) && (s[:len(sub)] == sub || containsFold(s[1:], sub))
}
