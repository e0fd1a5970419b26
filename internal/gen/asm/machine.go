// SPDX-License-Identifier: MIT

package main

// A Machine is one kernel's instruction set, as the family descriptions
// (desc.go) see it: the C body's block vocabulary (AES round, xor, and,
// load, store, broadcast) on whole registers, the tag operations whose
// best form differs by instruction set, and the few scalar operations
// that steer by length. The descriptions allocate the registers; a
// machine only names them.
//
// Every machine is also one of Masks and Buffers, which say how it loads
// and stores partial blocks (tail.go): the two need different
// operations, and each machine has one set.
//
// Registers are numbers: V for vector registers (X0.. or V0..), R for
// general-purpose ones, indexes into the machine's own list. A machine
// never chooses a register on its own, except the scratch registers it
// reserves (see GPs and Vecs), so the descriptions decide what is live.
type Machine interface {
	// Kernel is the C kernel whose detection bit guarantees every
	// instruction this machine emits.
	Kernel() string
	// Shape says how the D lanes of a block vector of degree d sit in
	// registers: width lanes per register, and groups lane groups that
	// run one after the other when the state of all D lanes does not fit
	// in the registers. The lanes of AEGIS-128X and AEGIS-256X are
	// independent from Init to Finalize, so a group runs alone over the
	// whole message, and only the tags of the groups are combined.
	Shape(d int) (width, groups int)
	// Vecs is how many vector registers the descriptions may use, V(0)
	// to V(Vecs()-1); GPs the general-purpose ones they may use.
	Vecs() int
	GPs() []R
	// Ternary reports whether Xor3 and XorAnd are one instruction each
	// (VPTERNLOG); otherwise each is two.
	Ternary() bool

	// Func starts a function: its Go name, its Go signature, the lanes
	// per register of its block vectors (see Shape), and the bytes of
	// frame its scratch buffers need. End closes it.
	Func(name, signature string, width, frame int)
	End()
	// Comment writes lines of comment into the function, before the
	// instructions that follow (see spec.go).
	Comment(lines ...string)

	// The block vocabulary, on one register each (width lanes). And
	// has no method of its own: the descriptions need it only inside
	// XorAnd and Keep.
	AESRound(dst, a, k V)  // dst = AESRound(a, k): one AES encryption round of a, round key k
	Xor(dst, a, b V)       // dst = a ^ b
	Xor3(dst, a, b, c V)   // dst = a ^ b ^ c
	XorAnd(dst, a, b, c V) // dst = a ^ (b & c)
	Mov(dst, a V)          // dst = a
	Zero(dst V)            // dst = 0
	Load(dst V, m Mem)     // 16*width bytes from m
	Store(m Mem, v V)      // 16*width bytes to m
	Bcast(dst V, m Mem)    // the 16 bytes at m, in every lane
	// Const is the data named (see consts.go) at off, plus index when
	// index is not NoReg, in dst (16*width bytes); BcastConst its first 16
	// bytes in every lane.
	Const(dst V, name string, off int, index R)
	BcastConst(dst V, name string)
	// Lengths puts LE64(8*a) || LE64(8*b) in every lane of dst: the last
	// block of Finalize, from the byte lengths in a and b.
	Lengths(dst V, a, b R)
	// Fold xors the lanes of src into the first 16 bytes of dst, as a
	// 128-bit register (dst may be src).
	Fold(dst, src V)

	// The tag: the 16 or 32 bytes of x0 (and x1) to m, or, for Open,
	// compared in constant time with the tag at m, which sets the bool
	// result named ret: true when they are equal. Nothing branches on
	// the tag or on the comparison.
	StoreTag(m Mem, x0, x1 V, two bool)
	CompareTag(ret string, m Mem, x0, x1 V, two bool)

	// Scalars. Only lengths and pointers live in these registers, and
	// only they steer branches.
	Arg(dst R, name string)        // an argument word, by its name in the signature: "out", "mlen", ...
	MovImm(dst R, v int)           // dst = v
	MovR(dst, src R)               // dst = src
	Add(dst, src R)                // dst += src
	AddImm(dst R, v int)           // dst += v
	Sub(dst, src R)                // dst -= src
	AndImm(dst R, v int)           // dst &= v
	Clamp(dst, n R, lo, width int) // dst = min(max(n - lo, 0), width)
	Label(name string)
	Jmp(label string)
	JmpBelow(r R, v int, label string)    // when r < v, unsigned
	JmpNotBelow(r R, v int, label string) // when r >= v, unsigned
	JmpZero(r R, label string)            // when r == 0
	JmpEqual(r R, v int, label string)    // when r == v
	DecJmpNotZero(r R, label string)      // r--, then when r != 0
}

// Masks is a machine that loads and stores partial blocks in place,
// under byte masks. PartMask sets mask register k (1 to 7) to the first
// n bytes of a register (0 <= n <= 16*width); LoadPart loads those bytes
// from m, zeros after, reading nothing past them; StorePart stores those
// of v, writing nothing past them; KeepMask zeroes the others in v.
type Masks interface {
	Machine
	PartMask(k int, n R)
	LoadPart(dst V, m Mem, k int)
	StorePart(m Mem, v V, k int)
	KeepMask(v V, k int)
}

// Buffers is a machine without byte masks: partial blocks go through
// scratch buffers in the frame. Copy moves n bytes from src to dst, where
// n < 256; both are memory operands, one of them in the frame. ZeroFrame
// zeroes size bytes of the frame at off. Keep zeroes the bytes of v from
// byte n on (0 <= n <= 16*width).
type Buffers interface {
	Machine
	Copy(dst, src Mem, n R)
	ZeroFrame(off, size int)
	Keep(v V, n R)
}

// Pairer is a machine that makes one instruction of two loads, or two
// stores, of consecutive 16-byte blocks that come one right after the
// other (arm64's LDP and STP). Where a lane group's blocks are
// consecutive in memory, the descriptions then keep such pairs together
// and in distinct registers.
type Pairer interface {
	Machine
	Pairs()
}

// Ander is a machine with an and of its own, for the descriptions that
// write AEGIS-256's keystream as and, then two three-way xors (xorZ256):
// where Xor3 is one instruction and XorAnd two (arm64 with EOR3), that is
// one instruction fewer than XorAnd's forms.
type Ander interface {
	Machine
	And(dst, a, b V) // dst = a & b
}

// V is a vector register, R a general-purpose one: numbers of the
// machine's own lists.
type (
	V int
	R int
)

// NoReg stands for no register in a Mem's Index or Const's index.
const NoReg R = -1

// FrameReg as the Base of a Mem means the function's frame: the scratch
// buffers, at Off bytes from its start.
const FrameReg R = -2

// Mem is a memory operand: Base + Index + Off, where Index (a lane
// group's byte offset) may be NoReg.
type Mem struct {
	Base  R
	Index R
	Off   int
}

// At returns the operand of a register, with no index.
func At(base R, off int) Mem { return Mem{Base: base, Index: NoReg, Off: off} }

// Plus returns m moved on by off bytes.
func (m Mem) Plus(off int) Mem {
	m.Off += off
	return m
}
