// SPDX-License-Identifier: MIT

package core

import "os"

// Kernel is one implementation of the variants in the C core. The numbers
// are csrc/aegis.h's (AEGISGO_SOFT ...); core_cgo.go checks at compile
// time that the two agree. The assembly's generator (internal/gen/asm)
// reads the constants below and kernelNames from the source: keep the
// constants a plain iota list that ends with numKernels.
type Kernel int8

const (
	KernelSoft     Kernel = iota // portable C, constant time
	KernelAESNI                  // x86-64 AES-NI on 128-bit registers
	KernelAVX2                   // VAES on 256-bit registers
	KernelAVX512                 // VAES on 512-bit registers
	KernelNEON                   // ARMv8 AES instructions
	KernelVperm                  // vector-permute AES round (SSSE3, NEON), constant time
	KernelNEONSHA3               // neon, with FEAT_SHA3's three-way xor (EOR3)
	numKernels
)

// kernelNames are the names that AEGIS_IMPL and Implementation use: the
// module's one list of them (the C tests' list is generated from it).
var kernelNames = [numKernels]string{
	KernelSoft:   "soft",
	KernelAESNI:  "aesni",
	KernelAVX2:   "avx2",
	KernelAVX512: "avx512",
	KernelNEON:   "neon",
	KernelVperm:  "vperm",

	KernelNEONSHA3: "neonsha3",
}

// String returns the kernel's name, as AEGIS_IMPL takes it.
func (k Kernel) String() string {
	if k < 0 || k >= numKernels {
		return "none"
	}
	return kernelNames[k]
}

// AllKernels returns every kernel, whether or not it runs here.
func AllKernels() []Kernel {
	ks := make([]Kernel, numKernels)
	for k := range ks {
		ks[k] = Kernel(k)
	}
	return ks
}

// KernelByName returns the kernel of a name, and whether there is one.
// Case does not matter (AEGIS_IMPL=AVX2 is avx2), in ASCII only: Unicode
// folding would take "\u017Foft" (a long s) for soft.
func KernelByName(name string) (Kernel, bool) {
	for k, n := range kernelNames {
		if equalFoldASCII(name, n) {
			return Kernel(k), true
		}
	}
	return -1, false
}

// equalFoldASCII reports whether s equals lower, a lower-case ASCII
// string, with ASCII letters of s in either case.
func equalFoldASCII(s, lower string) bool {
	if len(s) != len(lower) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[i] {
			return false
		}
	}
	return true
}

// kernelChain lists, for each kernel, the kernels at or below it in the
// order of preference (best first). AEGIS_IMPL=name caps the choice to that
// chain; soft ends every chain. vperm, the fastest kernel without AES
// instructions, comes after the AES kernels and before soft. neonsha3 is
// neon with EOR3: its chain goes through neon.
var kernelChain = [numKernels][]Kernel{
	KernelSoft:   {KernelSoft},
	KernelAESNI:  {KernelAESNI, KernelVperm, KernelSoft},
	KernelAVX2:   {KernelAVX2, KernelAESNI, KernelVperm, KernelSoft},
	KernelAVX512: {KernelAVX512, KernelAVX2, KernelAESNI, KernelVperm, KernelSoft},
	KernelNEON:   {KernelNEON, KernelVperm, KernelSoft},
	KernelVperm:  {KernelVperm, KernelSoft},

	KernelNEONSHA3: {KernelNEONSHA3, KernelNEON, KernelVperm, KernelSoft},
}

// best is the order in which kernels are tried with no cap.
var best = []Kernel{KernelAVX512, KernelAVX2, KernelAESNI, KernelNEONSHA3, KernelNEON, KernelVperm, KernelSoft}

// cpuKernels is the set of kernels this build has and this CPU runs, as a
// bit mask of kernel numbers: the CPU detection (detect.go) masked by the
// engine's kernels (detectKernels in core_cgo.go, or core_nocgo.go). It
// is 0 only with without_aegis.
var cpuKernels = detectKernels()

// implEnv is AEGIS_IMPL, read once: the one reading of it in the module
// (the C core reads no environment; it runs the tables chosen here).
var implEnv = os.Getenv("AEGIS_IMPL")

// defaultKernel is the kernel of each variant, chosen once.
var defaultKernel, implEnvOK = chooseAll(implEnv)

func chooseAll(capName string) (ks [len(Variants)]Kernel, ok bool) {
	for i := range Variants {
		ks[i], ok = chooseKernel(cpuKernels, func(k Kernel) bool {
			return opsFor(i, k) != 0
		}, capName)
	}
	return ks, ok
}

// chooseKernel picks the kernel for one variant: the first kernel, in order
// of preference, that the CPU runs (bit k of cpu) and that has code for the
// variant (has(k)). capName is AEGIS_IMPL: empty means no cap; a kernel
// name limits the choice to that kernel and those below it. A name that is
// unknown is ignored (ok is false, so the caller can report it); a name of
// a kernel this CPU lacks can only lower the choice, never raise it: on x86,
// AEGIS_IMPL=neon leaves vperm and soft.
func chooseKernel(cpu uint32, has func(k Kernel) bool, capName string) (k Kernel, ok bool) {
	order := best
	ok = true
	if capName != "" {
		if c, known := KernelByName(capName); known {
			order = kernelChain[c]
		} else {
			ok = false
		}
	}
	for _, k := range order {
		if cpu&(1<<k) != 0 && has(k) {
			return k, ok
		}
	}
	return KernelSoft, ok
}

// opsTable holds the C tables of the kernels that run here, read once:
// New and the streams' constructors then make no cgo call.
var opsTable = func() (t [len(Variants)][numKernels]uintptr) {
	for v := range t {
		for k := range t[v] {
			if cpuKernels&(1<<k) != 0 {
				t[v][k] = opsFor(v, Kernel(k))
			}
		}
	}
	return t
}()

// lanesTable holds how many messages each table's batch entry points run
// side by side (0: one at a time), read once with opsTable.
var lanesTable = func() (t [len(Variants)][numKernels]int) {
	for v := range t {
		for k := range t[v] {
			if opsTable[v][k] != 0 {
				t[v][k] = lanesOf(v, Kernel(k))
			}
		}
	}
	return t
}()

// kernelOps returns the table of a variant in a kernel as an aegisgo_ref,
// or 0 when the kernel cannot run it here.
func kernelOps(variant int, kernel Kernel) uintptr {
	if kernel < 0 || kernel >= numKernels {
		return 0
	}
	return opsTable[variant][kernel]
}

// DefaultKernel returns the kernel that New uses for variant v.
func DefaultKernel(v *Variant) Kernel { return defaultKernel[v.ID] }

// Implementation returns the name of the kernel that New uses for v, or
// "none" in a build without AEGIS (without_aegis).
func Implementation(v *Variant) string {
	if cpuKernels == 0 {
		return "none"
	}
	return defaultKernel[v.ID].String()
}

// Kernels returns the kernels that can run variant v on this machine, in
// the order of preference with the best last, whatever AEGIS_IMPL says:
// tests walk them all.
func Kernels(v *Variant) []Kernel {
	var ks []Kernel
	for i := len(best) - 1; i >= 0; i-- {
		if k := best[i]; kernelOps(v.ID, k) != 0 {
			ks = append(ks, k)
		}
	}
	return ks
}

// ImplEnv returns AEGIS_IMPL as the module read it at start-up, and
// whether it was valid: empty (no cap) or a kernel name, in any case. An
// invalid value caps nothing (every kernel the CPU runs stays allowed);
// the commands warn about it (internal/cli.ImplEnvProblem).
func ImplEnv() (value string, valid bool) { return implEnv, implEnvOK }

// KernelChain returns the kernels that AEGIS_IMPL=name allows, best first,
// or nil for an unknown name.
func KernelChain(name string) []Kernel {
	if k, ok := KernelByName(name); ok {
		return kernelChain[k]
	}
	return nil
}
