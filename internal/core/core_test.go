// SPDX-License-Identifier: MIT

//go:build cgo && !without_aegis

package core

import (
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"

	"golang.org/x/sys/cpu"
)

// TestChooseKernel checks the choice and the AEGIS_IMPL cap.
func TestChooseKernel(t *testing.T) {
	all := ^uint32(0)
	noX1 := all &^ (1<<KernelAVX2 | 1<<KernelAVX512) // like 128L
	x86 := uint32(1<<KernelSoft | 1<<KernelAESNI | 1<<KernelAVX2 | 1<<KernelAVX512 | 1<<KernelVperm)
	zen3 := uint32(1<<KernelSoft | 1<<KernelAESNI | 1<<KernelAVX2 | 1<<KernelVperm)
	arm := uint32(1<<KernelSoft | 1<<KernelNEON | 1<<KernelVperm)
	conroe := uint32(1<<KernelSoft | 1<<KernelVperm) // SSSE3 without AES
	pi4 := uint32(1<<KernelSoft | 1<<KernelVperm)    // arm64 without the crypto extension
	v1 := arm | 1<<KernelNEONSHA3                    // arm64 with AES and SHA3
	noSHA3 := all &^ (1 << KernelNEONSHA3)
	noVperm := all &^ (1 << KernelVperm)
	cases := []struct {
		cpu   uint32
		has   uint32
		cap   string
		want  Kernel
		envOK bool
	}{
		{x86, all, "", KernelAVX512, true},
		{x86, noX1, "", KernelAESNI, true},
		{zen3, all, "", KernelAVX2, true},
		{zen3, all, "avx512", KernelAVX2, true},
		{x86, all, "avx2", KernelAVX2, true},
		{x86, all, "aesni", KernelAESNI, true},
		{x86, all, "soft", KernelSoft, true},
		{x86, all, "neon", KernelVperm, true},
		{x86, all, "vperm", KernelVperm, true},
		{x86, noVperm, "vperm", KernelSoft, true},
		{x86 &^ (1 << KernelVperm), all, "aesni", KernelAESNI, true},
		{x86 &^ (1 << KernelAESNI), noX1, "", KernelVperm, true},
		{x86 &^ (1 << KernelVperm), all, "vperm", KernelSoft, true},
		{conroe, all, "", KernelVperm, true},
		{conroe, all, "aesni", KernelVperm, true},
		{conroe, all, "soft", KernelSoft, true},
		{conroe, noVperm, "", KernelSoft, true},
		{x86, all, "bogus", KernelAVX512, false},
		// Any case, in ASCII only; blanks are not trimmed.
		{x86, all, "AVX2", KernelAVX2, true},
		{x86, all, "AesNI", KernelAESNI, true},
		{x86, all, "SOFT", KernelSoft, true},
		{x86, all, "\u017Foft", KernelAVX512, false}, // a long s, which Unicode folds to s
		{x86, all, "avx2 ", KernelAVX512, false},
		{arm, all, "NEON", KernelNEON, true},
		{arm, all, "", KernelNEON, true},
		{arm, all, "avx512", KernelVperm, true},
		{arm, all, "soft", KernelSoft, true},
		{arm, all, "vperm", KernelVperm, true},
		{arm, all, "neonsha3", KernelNEON, true},
		{v1, all, "", KernelNEONSHA3, true},
		{v1, all, "NEONSHA3", KernelNEONSHA3, true},
		{v1, all, "neon", KernelNEON, true},
		{v1, all, "vperm", KernelVperm, true},
		{v1, noSHA3, "", KernelNEON, true},
		{x86, all, "neonsha3", KernelVperm, true},
		{pi4, all, "neonsha3", KernelVperm, true},
		{pi4, all, "", KernelVperm, true},
		{pi4, all, "neon", KernelVperm, true},
		{pi4, all, "Vperm", KernelVperm, true},
		{1 << KernelSoft, all, "", KernelSoft, true},
	}
	for i, c := range cases {
		k, ok := chooseKernel(c.cpu, c.has, c.cap)
		if k != c.want || ok != c.envOK {
			t.Errorf("case %d (cap %q): %s, %v; want %s, %v", i, c.cap, k, ok, c.want, c.envOK)
		}
	}
}

// TestKernelOrder checks the order of preference: best holds every kernel
// once, and each kernel's chain starts with it, keeps best's order and
// ends with soft, so a cap can only lower the choice.
func TestKernelOrder(t *testing.T) {
	if len(best) != int(numKernels) {
		t.Errorf("best has %d kernels, want %d: %v", len(best), numKernels, best)
	}
	for _, k := range AllKernels() {
		if n := slices.Index(best, k); n < 0 || slices.Index(best[n+1:], k) >= 0 {
			t.Errorf("%s is in best %d times, want once", k, len(slices.DeleteFunc(slices.Clone(best), func(x Kernel) bool { return x != k })))
		}
		c := kernelChain[k]
		if len(c) == 0 || c[0] != k || c[len(c)-1] != KernelSoft {
			t.Errorf("chain of %s is %v: it must start with %s and end with soft", k, c, k)
			continue
		}
		for i := 1; i < len(c); i++ {
			if slices.Index(best, c[i-1]) >= slices.Index(best, c[i]) {
				t.Errorf("chain of %s is %v: %s before %s, against best %v", k, c, c[i-1], c[i], best)
			}
		}
	}
	// vperm: below every AES kernel, above soft, in every chain that can
	// fall back from an AES kernel.
	for _, k := range []Kernel{KernelAESNI, KernelAVX2, KernelAVX512, KernelNEON, KernelNEONSHA3} {
		c := kernelChain[k]
		if i := slices.Index(c, KernelVperm); i != len(c)-2 {
			t.Errorf("chain of %s is %v: vperm must come right before soft", k, c)
		}
	}
}

// TestImplEnvCase checks the cap as the module reads it at start-up
// (chooseAll) and as the tests and commands read a name (KernelByName,
// KernelChain, ImplEnv): in any case, a kernel name is that kernel.
func TestImplEnvCase(t *testing.T) {
	for _, k := range AllKernels() {
		for _, name := range []string{k.String(), strings.ToUpper(k.String()), strings.ToUpper(k.String()[:1]) + k.String()[1:]} {
			if got, ok := KernelByName(name); !ok || got != k {
				t.Errorf("KernelByName(%q) = %s, %v; want %s", name, got, ok, k)
			}
			if !slices.Equal(KernelChain(name), kernelChain[k]) {
				t.Errorf("KernelChain(%q) = %v, want %v", name, KernelChain(name), kernelChain[k])
			}
			lower, okLower := chooseAll(k.String())
			if got, ok := chooseAll(name); got != lower || !ok || !okLower {
				t.Errorf("AEGIS_IMPL=%q chooses %v (valid %v), but %q chooses %v (valid %v)", name, got, ok, k.String(), lower, okLower)
			}
		}
	}
	for _, name := range []string{"avx3", "avx 2", " avx2", "\u017Foft", "sof", "softs"} {
		if _, ok := KernelByName(name); ok {
			t.Errorf("KernelByName(%q) found a kernel", name)
		}
		if got, ok := chooseAll(name); ok || got != defaultKernelsUncapped() {
			t.Errorf("AEGIS_IMPL=%q: valid %v, kernels %v; want the uncapped choice %v", name, ok, got, defaultKernelsUncapped())
		}
	}
	env := os.Getenv("AEGIS_IMPL")
	if v, ok := ImplEnv(); v != env || ok != (env == "" || KernelChain(env) != nil) {
		t.Errorf("ImplEnv() = %q, %v with AEGIS_IMPL=%q", v, ok, env)
	}
}

func defaultKernelsUncapped() [len(Variants)]Kernel {
	k, _ := chooseAll("")
	return k
}

// TestThisCPU checks the live detection against golang.org/x/sys/cpu: a
// kernel that the CPU offers must be detected and, with no AEGIS_IMPL,
// chosen. It fails rather than skips when a kernel goes missing.
func TestThisCPU(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skipf("x86 detection only; %s is checked in arch_test.go", runtime.GOARCH)
	}
	want := []Kernel{KernelSoft}
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
	got := maskKernels(cpuKernels)
	for _, k := range want {
		if !slices.Contains(got, k) {
			t.Errorf("x/sys/cpu reports what %s needs, but it was not detected (detected %v)", k, got)
		}
	}
	best := want[len(want)-1]
	if k, _ := chooseAll(""); k[2] < best || k[5] < best {
		t.Errorf("the X4 variants chose %s and %s, but %s runs here", k[2], k[5], best)
	}
}
