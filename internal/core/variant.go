// SPDX-License-Identifier: MIT

// Package core holds everything behind the six variant packages, which
// hold declarations only: the AEAD type they wrap (aead.go), the kernel
// choice (kernel.go, from the CPU detection and AEGIS_IMPL), and the
// routing of each call to an engine (asm.go):
//
//   - the Go assembly of internal/asm, for one-message calls and batch
//     messages up to a crossover (asmTakes is the one routing decision,
//     asmSeal and asmOpen the calls, written in line in Seal and Open);
//   - in cgo builds, the C core (csrc), through cgo, for the rest: long
//     messages, batch groups and lanes (batch.go), streams, MAC and
//     keystream (stream.go);
//   - in builds without it, the Go engine (goengine.go) for the same
//     rest, on the assembly's state-level functions (internal/asm) or the
//     constant-time Go kernel (internal/soft), one batch message at a
//     time.
//
// Files named *_cgo.go (tagged `cgo && !without_aegis`) call C; their
// *_nocgo.go twins (tagged `!cgo || without_aegis`) call the Go engine
// instead, except with without_aegis (without_aegis.go), where no kernel
// exists and every constructor returns common.ErrNotAvailable. The rest,
// the Go engine included, builds everywhere (build_tags.go at the root
// says what each build has); the CPU detection is detect.go's.
package core

// Variant describes one AEGIS variant.
type Variant struct {
	_         noCompare
	ID        int    // the index in Variants, and the C core's number (AEGISGO_128L ... in csrc/aegis.h)
	Name      string // the Go package name, which also starts every panic message
	Title     string // the specification's name
	KeySize   int
	NonceSize int
	Rate      int // bytes absorbed per state update
}

// noCompare, a first field of no size, makes a struct type incomparable,
// so that the compiler writes no equality function for it: the types that
// have one hold strings or interfaces, and nothing compares them.
type noCompare [0]func()

// Variant numbers. core_cgo.go checks at compile time that csrc/aegis.h
// numbers the variants the same way. The assembly's generator
// (internal/gen/asm) reads this block from the source, for
// internal/asm's numbers and its functions' names: keep it a plain iota
// list of id<suffix of the package name>.
const (
	id128L = iota
	id128X2
	id128X4
	id256
	id256X2
	id256X4
)

// The variant numbers, for the generated packages' New, which passes its
// own to Init16 or Init32 as a constant.
const (
	ID128L  = id128L
	ID128X2 = id128X2
	ID128X4 = id128X4
	ID256   = id256
	ID256X2 = id256X2
	ID256X4 = id256X4
)

// Variants is the module's one table of variants: the variant packages,
// internal/gen (which writes them) and the C tests' tables
// (internal/testing/ctest/tables_gen.h) all come from it.
var Variants = [...]Variant{
	id128L:  {ID: id128L, Name: "aegis128l", Title: "AEGIS-128L", KeySize: 16, NonceSize: 16, Rate: 32},
	id128X2: {ID: id128X2, Name: "aegis128x2", Title: "AEGIS-128X2", KeySize: 16, NonceSize: 16, Rate: 64},
	id128X4: {ID: id128X4, Name: "aegis128x4", Title: "AEGIS-128X4", KeySize: 16, NonceSize: 16, Rate: 128},
	id256:   {ID: id256, Name: "aegis256", Title: "AEGIS-256", KeySize: 32, NonceSize: 32, Rate: 16},
	id256X2: {ID: id256X2, Name: "aegis256x2", Title: "AEGIS-256X2", KeySize: 32, NonceSize: 32, Rate: 32},
	id256X4: {ID: id256X4, Name: "aegis256x4", Title: "AEGIS-256X4", KeySize: 32, NonceSize: 32, Rate: 64},
}

// The variants by name, as the generated packages use them.
var (
	AEGIS128L  = &Variants[id128L]
	AEGIS128X2 = &Variants[id128X2]
	AEGIS128X4 = &Variants[id128X4]
	AEGIS256   = &Variants[id256]
	AEGIS256X2 = &Variants[id256X2]
	AEGIS256X4 = &Variants[id256X4]
)
