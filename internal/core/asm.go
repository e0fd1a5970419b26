// SPDX-License-Identifier: MIT

package core

import (
	"unsafe"

	"github.com/aegisgo/aegis/common"

	"github.com/aegisgo/aegis/internal/asm"
)

// The assembly path: Seal and Open of a short message run in Go assembly
// (internal/asm), not in the C core, because a cgo call costs about as
// much as the whole AES chain of a short message. Both paths compute the
// same bytes with the same kernel: the assembly of a kernel runs only
// where the module's one kernel choice (kernel.go) names that kernel, so
// AEGIS_IMPL caps it as it caps C.

// The assembly numbers variants and kernels as variant.go and kernel.go
// do: its generator (internal/gen/asm) writes internal/asm's ids.go from
// them. An index below is out of range, and the build fails, where ids.go
// is stale: where one of the two files changed and the generator has not
// run since.
func _() {
	var x [1]struct{}
	_ = x[asm.Variant128L-id128L]
	_ = x[asm.Variant128X2-id128X2]
	_ = x[asm.Variant128X4-id128X4]
	_ = x[asm.Variant256-id256]
	_ = x[asm.Variant256X2-id256X2]
	_ = x[asm.Variant256X4-id256X4]
	_ = x[asm.NumVariants-len(Variants)]
	_ = x[asm.KernelSoft-int(KernelSoft)]
	_ = x[asm.KernelAESNI-int(KernelAESNI)]
	_ = x[asm.KernelAVX2-int(KernelAVX2)]
	_ = x[asm.KernelAVX512-int(KernelAVX512)]
	_ = x[asm.KernelNEON-int(KernelNEON)]
	_ = x[asm.KernelVperm-int(KernelVperm)]
	_ = x[asm.KernelNEONSHA3-int(KernelNEONSHA3)]
	_ = x[asm.NumKernels-int(numKernels)]
}

// Path says which code runs an AEAD's one-message calls.
type Path int

const (
	// PathAuto: the assembly up to the crossover of the variant and
	// kernel (asmCrossover), the C core above it. New's AEADs take it.
	PathAuto Path = iota
	// PathC: always the C core.
	PathC
	// PathAsm: the assembly up to its byte limit (asmLimit), the C core
	// above it: for tests, which check the assembly at every size it
	// may be given.
	PathAsm
)

// asmFor reports whether variant v on kernel k has assembly on path p.
func asmFor(v *Variant, k Kernel, p Path) bool { return hdrs[headerIndex(p, v.ID, k)].asmMax >= 0 }

// hdrs holds an AEAD's header for each path, variant, kernel and tag
// length (register.go fills it, with newHeader): an AEAD holds the index
// of its own. Its ops are 0 for variants that did not register, and for
// kernels that cannot run here.
var hdrs [int(PathAsm+1) * len(Variants) * int(numKernels) * 2]header

// headerIndex returns the index in hdrs of the header of path p, variant
// v and kernel k with 16-byte tags; that of 32-byte tags follows it.
func headerIndex(p Path, v int, k Kernel) int {
	return ((int(p)*len(Variants)+v)*int(numKernels) + int(k)) * 2
}

// defaultHeaders holds New's: for each variant, the header index (as
// AEADOf.h holds it: 1 + the index in hdrs) of PathAuto on its default
// kernel with 16-byte tags; 0 until the variant registers, and for good
// without AEGIS.
var defaultHeaders [len(Variants)]uint32

// asmLimit is the range of sizes (additional data plus message) given to
// the assembly of a variant on a kernel.
type asmLimit struct {
	// crossover: the size up to which the assembly runs on New's AEADs,
	// where it is faster than the C core.
	crossover int
	// limit: the largest size the assembly is given at all.
	limit int
}

// asmByteLimit is each kernel's limit. An assembly function holds its
// goroutine without a preemption point, so the garbage collector's
// stop-the-world waits for it to return: a call must stay under about
// 50 µs, 50,000 cycles at 1 GHz, even on the slowest cores of the
// kernel's kind. Allowing 4 cycles per byte for aesni (Atom-class cores
// run AES-NI several times slower than this machine's 0.4 at worst), 2
// for VAES (avx2, avx512; about 0.3 here) and 6 for neon (small in-order
// cores) gives 12.5, 25 and 8.3 KB; the limits are the powers of two
// below. Past them a cgo call's cost is a small fraction of the call's
// time anyway.
var asmByteLimit = [numKernels]int{
	KernelAESNI:  8 << 10,
	KernelAVX2:   16 << 10,
	KernelAVX512: 16 << 10,
	KernelNEON:   8 << 10,

	KernelNEONSHA3: 8 << 10, // neon's cores, with fewer instructions
}

// asmNeonCrossover is neon's and neonsha3's, derived from LLVM's models
// of the Neoverse N1, N2, V1 and V2 (internal/testing/ctest/mca/mca.sh; no arm64
// machine is at hand to measure). A call of n bytes costs the assembly
// F_asm + n*c_asm cycles and the C core cgo + F_C + n*c_C, where c is a
// loop's cycles per byte, F the fixed cost (Init, Finalize, the tails)
// and cgo the call into C, 20-30 ns (50-90 cycles at 2.5-3 GHz), which
// the models do not see. C wins above n = (cgo + F_C - F_asm) / (c_asm -
// c_C), and only where c_asm > c_C. The models give (cycles per 32 bytes,
// Seal and Open loops, N1/N2/V1/V2; BENCHMARKS.md has the table):
//   - AEGIS-128L, neon: the assembly 18-19/18/8.75/9, C 20-20.3/19.5-19.7/
//     9.5-9.6/9.75-9.84; neonsha3: 16/7.75/8 against C's 18.3/8.9/9.2;
//   - AEGIS-256, neon: 26-28/25/12.5-12.7 against 29.7-30/28-28.3/14-15.3;
//     neonsha3 23/11.6-12.7 against 26.3/13.2-14.3;
//   - the X variants, whose long messages C runs a lane at a time
//     (groups): the assembly is as fast or faster per byte everywhere,
//     except on N1 where the 128X2 and 128X4 Open loops take 20 cycles
//     against C's 19-19.7: a cycle per 32 bytes, which overtakes a cgo
//     call of about 60 cycles only past 2 KiB, and at the 8 KiB limit
//     is still under 4% of the call.
//
// c_asm <= c_C holds for every other loop and model, so no n makes the C
// core faster below the byte limit: the crossover is the limit, for both
// kernels.
const asmNeonCrossover = 8 << 10

// asmLimits holds the crossovers, measured on this machine (an Intel Xeon
// of the Sapphire Rapids class) with BenchmarkAsmRatio (the C core's time
// over the assembly's, in one process, Seal and Open) and with
// cmd/aegis-speed's BenchmarkSeal and BenchmarkOpen (test binaries with
// and without the assembly, run in turn). Without the cgo call's toll,
// the assembly is 1.3 to 2.1 times as fast at 16 B. At 8 to 16 KiB the
// toll is a few percent of the call, and what is left is the loops. At
// 12 and 16 KiB the assembly's Seal is 4-15% faster, and its Open 1-14%
// faster, except for AEGIS-128L's Open on avx512 (a tie) and on avx2, and
// AEGIS-128X2's on avx2 (2-5% slower). So the crossover is the byte
// limit, except for:
//   - AEGIS-128L and AEGIS-128X2 on avx2: 8 KiB, where the two ops'
//     differences cancel.
//   - AEGIS-256X2 on aesni, where the assembly runs the two lanes one
//     after the other (their state and temporaries do not fit 16
//     registers together) and the C core interleaves them: the assembly
//     is faster up to about 512 bytes only, and 8% slower from 4 KiB on.
//   - neon and neonsha3: asmNeonCrossover.
var asmLimits = func() (t [len(Variants)][numKernels]asmLimit) {
	for v := range t {
		for k, lim := range asmByteLimit {
			t[v][k] = asmLimit{crossover: lim, limit: lim}
		}
		t[v][KernelNEON].crossover = asmNeonCrossover
		t[v][KernelNEONSHA3].crossover = asmNeonCrossover
	}
	t[id128L][KernelAVX2].crossover = 8 << 10
	t[id128X2][KernelAVX2].crossover = 8 << 10
	t[id256X2][KernelAESNI].crossover = 512
	return t
}()

// asmLaneBatch: on a kernel that runs batch messages side by side in
// lanes, batches of this many messages or more go to the lanes whole, and
// smaller ones to the assembly, one message at a time, up to its
// crossover. Measured with BenchmarkBatchRatio and BenchmarkBatchSmallRatio
// (cmd/aegis-speed), against a loop of Seals: the lanes give about 1.0x
// at 256 messages of 64 bytes and 1.4 to 2.3x from 1400 bytes on, but
// small batches cannot fill them: at 8 messages of 64 bytes the assembly
// gives 0.90 to 0.93x where the lanes give 0.78 to 0.83x; at 16 the two
// tie, and at 32 the lanes win.
const asmLaneBatch = 16

// asmTakes is the one routing decision of Seal, Open and the batches:
// whether the assembly runs a message with inLen bytes of input (with its
// tag when tagged, as OpenBatch has it) and adLen of additional data, in
// a batch of batchLen messages (1 outside a batch), or the C core does.
// The assembly takes messages up to the header's asmMax bytes (its
// crossover on PathAuto), except in batches large enough for the C core's
// lanes, where those have them. An input shorter than its tag goes to the
// C side, whose batch code notes it as truncated.
func (h *header) asmTakes(inLen, adLen int, tagged bool, batchLen int) bool {
	if tagged {
		if inLen < int(h.tagLen) {
			return false
		}
		inLen -= int(h.tagLen)
	}
	if batchLen >= asmLaneBatch && lanesTable[h.vid-1][h.kernel] > 0 {
		return false
	}
	return inLen+adLen <= int(h.asmMax)
}

// asmSeal is Seal through the assembly under key k, of a message of a
// batch that checkBatch passed: the message at in, sealed and appended to
// dst. The batches' groups call it; Seal (sealTo) and the batches' loops
// make the same call in line: the call around it cost Seal and Open 3-7%
// at 16 bytes, and batches of 64-byte messages 3%.
func (h *header) asmSeal(v *Variant, k *byte, dst, nonce, in, ad []byte) []byte {
	ret, out := common.GrowSlice(dst, len(in)+int(h.tagLen))
	var pad [32]byte
	n := nonceArg(v, nonce, out, &pad)
	h.asm.Seal(noescape(k), noescape(n),
		noescape(unsafe.SliceData(out)), noescape(unsafe.SliceData(in)), len(in),
		noescape(unsafe.SliceData(ad)), len(ad), int(h.tagLen))
	return ret
}

// asmOpen is asmSeal for OpenBatch, of a message no shorter than its tag:
// when the tag does not match, the output area is zeroed and ok is false.
func (h *header) asmOpen(v *Variant, k *byte, dst, nonce, in, ad []byte) (ret []byte, ok bool) {
	clen := len(in) - int(h.tagLen)
	c, tag := in[:clen], in[clen:]
	ret, out := common.GrowSlice(dst, clen)
	var pad [32]byte
	n := nonceArg(v, nonce, out, &pad)
	if !h.asm.Open(noescape(k), noescape(n),
		noescape(unsafe.SliceData(out)), noescape(unsafe.SliceData(c)), len(c),
		noescape(unsafe.SliceData(ad)), len(ad), noescape(unsafe.SliceData(tag)), len(tag)) {
		clear(out)
		return nil, false
	}
	return ret, true
}

// Impl is one implementation of a variant's one-message calls: a kernel,
// and the path through it, the C core (PathC) or its assembly (PathAsm).
// Tests walk them all.
type Impl struct {
	Kernel Kernel
	Path   Path
}

// String names the implementation: the kernel's name, with "-asm" for
// the assembly.
func (i Impl) String() string {
	if i.Path == PathAsm {
		return i.Kernel.String() + "-asm"
	}
	return i.Kernel.String()
}

// Impls returns the implementations of variant v that run here: every
// kernel of Kernels(v) through the C core, and through its assembly where
// it has one.
func Impls(v *Variant) []Impl {
	var is []Impl
	for _, k := range Kernels(v) {
		is = append(is, Impl{k, PathC})
		if asmFor(v, k, PathAsm) {
			is = append(is, Impl{k, PathAsm})
		}
	}
	return is
}

// InitImpl is InitPath with an Impl.
func (a *AEADOf[K]) InitImpl(v *Variant, key []byte, tagLen int, i Impl) error {
	return a.InitPath(v, key, tagLen, i.Kernel, i.Path)
}

// AsmMax returns the most bytes of additional data and message that a's
// one-message calls give to the assembly; -1 where they give it none.
func (a *AEADOf[K]) AsmMax() int { return int(a.hdr().asmMax) }
