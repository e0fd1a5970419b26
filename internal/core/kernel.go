// SPDX-License-Identifier: MIT

package core

import "os"

// Kernel is one implementation of the AEGIS round and the variants on it:
// a row of kernelTable, the module's one table of kernels. The numbers
// are also csrc/aegis.h's (AEGISGO_SOFT ...) and internal/asm's, which
// core_cgo.go and asm.go check at compile time. The assembly's generator
// (internal/gen/asm) reads the constants below and the names in
// kernelTable from the source: keep the constants a plain iota list that
// ends with numKernels.
//
// Adding a kernel touches at most these files by hand: this one (a
// constant and a row), detect.go (when the CPU runs it) with its recorded
// CPUs (cpuid_samples_test.go, detect_test.go), csrc/aegis.h (its
// AEGISGO_ constant), csrc/internal.h (its AEGISGO_HAVE_ switch) and its
// C, csrc/kernel_<name>.h; for assembly, a machine of internal/gen/asm;
// build_tags.go's table, SECURITY.md's claims and BENCHMARKS.md's
// figures; for x86, the CPU flags of .ci/wine/run.sh. go generate ./...
// writes the rest: the engines' packages, internal/asm, the C tests'
// tables, the documents' table of kernels.
type Kernel int8

const (
	KernelSoft     Kernel = iota // constant-time Go
	KernelAESNI                  // x86-64 AES-NI on 128-bit registers
	KernelAVX2                   // VAES on 256-bit registers
	KernelAVX512                 // VAES on 512-bit registers
	KernelNEON                   // ARMv8 AES instructions
	KernelVperm                  // vector-permute AES round (SSSE3, NEON), constant time
	KernelNEONSHA3               // neon, with FEAT_SHA3's three-way xor (EOR3)
	numKernels
)

// KernelInfo describes a kernel: a row of kernelTable.
type KernelInfo struct {
	// Name is the kernel's name in AEGIS_IMPL, Implementation and the C
	// core (AEGISGO_ and the name in upper case, kernel_<name>.h).
	Name string
	// Arch lists the GOARCHes that have it ("any" for every one).
	Arch string
	// ISA names the instructions it needs.
	ISA string
	// C, Asm and Go say which engines have it: the C core (cgo builds),
	// the Go assembly (internal/asm), constant-time Go (internal/soft).
	C, Asm, Go bool
	// Lanes is how many messages of AEGIS-128L or AEGIS-256 the C core's
	// batches run side by side in the lanes of one register (0: none).
	Lanes int
	// Desc says what it is, in a line.
	Desc string
}

// kernelTable is the module's one table of kernels. internal/gen writes
// the rest from it: the engines' packages, the kernel lists of the
// variant packages' docs, the C tests' tables and the documents'.
var kernelTable = [numKernels]KernelInfo{
	KernelSoft: {Name: "soft", Arch: "any", ISA: "none", Go: true,
		Desc: "constant-time bitsliced AES round on 64-bit words"},
	KernelAESNI: {Name: "aesni", Arch: "amd64", ISA: "AES-NI", C: true, Asm: true,
		Desc: "AES-NI on 128-bit registers; the X variants run their lanes in turn"},
	KernelAVX2: {Name: "avx2", Arch: "amd64", ISA: "AES-NI, VAES, AVX2", C: true, Asm: true, Lanes: 2,
		Desc: "VAES on 256-bit registers: two AES blocks an instruction"},
	KernelAVX512: {Name: "avx512", Arch: "amd64", ISA: "AES-NI, VAES, AVX-512 F, VL and BW", C: true, Asm: true, Lanes: 4,
		Desc: "VAES on 512-bit registers: four AES blocks an instruction"},
	KernelNEON: {Name: "neon", Arch: "arm64", ISA: "ARMv8 AES", C: true, Asm: true, Lanes: 2,
		Desc: "ARMv8 AES on 128-bit registers"},
	KernelVperm: {Name: "vperm", Arch: "amd64, arm64", ISA: "SSSE3 (amd64), Advanced SIMD (arm64)", C: true,
		Desc: "constant-time AES round by vector permutes, for CPUs without AES instructions"},
	KernelNEONSHA3: {Name: "neonsha3", Arch: "arm64", ISA: "ARMv8 AES, FEAT_SHA3", C: true, Asm: true, Lanes: 2,
		Desc: "`neon` with the three-way XOR (EOR3)"},
}

// BestFirst returns every kernel in the order of preference, the best
// first: the order in which New picks the first that the CPU and the
// build have.
func BestFirst() []Kernel { return append([]Kernel(nil), best...) }

// Info returns the kernel's row of the table.
func (k Kernel) Info() KernelInfo { return kernelTable[k] }

// String returns the kernel's name, as AEGIS_IMPL takes it.
func (k Kernel) String() string {
	if k < 0 || k >= numKernels {
		return "none"
	}
	return kernelTable[k].Name
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
	for k, t := range kernelTable {
		if equalFoldASCII(name, t.Name) {
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

// cpuKernels is the set of kernels this CPU runs, as a bit mask of
// kernel numbers (detect.go); 0 with without_aegis. Each variant's
// kernels are those of its engines among them (register.go).
var cpuKernels = func() uint32 {
	if withoutAEGIS {
		return 0
	}
	return cpuKernelsHere()
}()

// implEnv is AEGIS_IMPL, read once: the one reading of it in the module
// (the C core reads no environment; it runs the tables chosen here).
var implEnv = os.Getenv("AEGIS_IMPL")

// implEnvOK says whether implEnv is valid: empty, or a kernel's name.
var implEnvOK = func() bool {
	_, known := KernelByName(implEnv)
	return implEnv == "" || known
}()

// defaultKernel is the kernel of each variant, chosen when it registers.
var defaultKernel [len(Variants)]Kernel

// chooseAll returns the kernel that each registered variant would take
// under the cap capName, and whether the name is valid.
func chooseAll(capName string) (ks [len(Variants)]Kernel, ok bool) {
	ok = true
	for i := range Variants {
		ks[i], ok = chooseKernel(cpuKernels, withOps(i), capName)
	}
	return ks, ok
}

// withOps returns the kernels that have an engine for variant i, as a bit
// mask: bit k where opsTable[i][k] is set.
func withOps(i int) (has uint32) {
	for k, ops := range opsTable[i] {
		if ops != 0 {
			has |= 1 << k
		}
	}
	return has
}

// chooseKernel picks the kernel for one variant: the first kernel, in order
// of preference, that the CPU runs (bit k of cpu) and that has code for the
// variant (bit k of has). capName is AEGIS_IMPL: empty means no cap; a kernel
// name limits the choice to that kernel and those below it. A name that is
// unknown is ignored (ok is false, so the caller can report it); a name of
// a kernel this CPU lacks can only lower the choice, never raise it: on x86,
// AEGIS_IMPL=neon leaves vperm and soft.
func chooseKernel(cpu, has uint32, capName string) (k Kernel, ok bool) {
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
		if cpu&has&(1<<k) != 0 {
			return k, ok
		}
	}
	return KernelSoft, ok
}

// opsTable holds, for each variant and kernel that runs here, the
// engine's table: the C core's (an address in C static memory), or the Go
// engine's handle (engine.go), or 0. register.go fills it.
var opsTable [len(Variants)][numKernels]uintptr

// lanesTable holds how many messages each C table's batch entry points
// run side by side (0: one at a time, and for the Go engine).
var lanesTable [len(Variants)][numKernels]int

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
