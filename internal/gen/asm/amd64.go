// SPDX-License-Identifier: MIT

package main

import (
	"fmt"

	"github.com/mmcloughlin/avo/attr"
	"github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// The amd64 machines: one per C kernel, each held to the instructions
// that kernel's detection bit guarantees (csrc/dispatch.c):
//
//	aesni   SSE2 and AES-NI: two-operand forms on X0-X15
//	avx2    AVX, AVX2 and VAES: three-operand VEX forms, X or Y, 0-15
//	avx512  plus AVX-512 F, VL and BW: EVEX forms on X, Y or Z 0-31,
//	        ternary logic, byte-masked loads and stores
//
// Legacy SSE and VEX forms are never mixed in one function: the
// transition between them costs a pipeline stall on some cores.
type amd64 struct {
	c      *build.Context
	kernel string
	flavor int
	width  int // lanes per register in the current function
	labels int
}

const (
	sse = iota
	vex
	evex
)

// amd64Flavors are the kernels of the amd64 machines, by core's names.
var amd64Flavors = map[string]int{"aesni": sse, "avx2": vex, "avx512": evex}

// newAMD64 returns the machine of a kernel: one with masks for avx512,
// one with buffers for the others.
func newAMD64(c *build.Context, kernel string) Machine {
	f := amd64Flavors[kernel]
	a := &amd64{c: c, kernel: kernel, flavor: f}
	if f == evex {
		return amd64Masks{a}
	}
	return amd64Buffers{a}
}

func (a *amd64) Kernel() string { return a.kernel }

// Shape: aesni keeps one lane per register and runs the lanes one at a
// time (the state of two lanes takes all 16 registers); avx2 puts two
// lanes in a register and runs X4 as two groups of two (16 registers
// again); avx512 has 32 registers and one register per block vector.
func (a *amd64) Shape(d int) (width, groups int) {
	switch a.flavor {
	case sse:
		return 1, d
	case vex:
		if d == 4 {
			return 2, 2
		}
		return d, 1
	}
	return d, 1
}

// The scratch registers: X15 (and X31 for avx512, whose descriptions
// get X0-X14 and X16-X30), CX, R11 and R12 for lengths, masks and
// addresses, and R13 and R14 for data: the bytes of a partial block in
// Copy and the result of the tag comparison. Only R13 and R14 ever hold
// secrets among the general-purpose registers, and they never address
// memory or steer a branch (internal/asm's TestConstantTime checks it).
// BP is left alone (frame pointers) and so is R15, which dynamic linking
// clobbers on every access to a global.
func (a *amd64) Vecs() int {
	if a.flavor == evex {
		return 30
	}
	return 15
}

var amd64GPs = []reg.GPPhysical{reg.RAX, reg.RBX, reg.RDX, reg.RSI, reg.RDI, reg.R8, reg.R9, reg.R10}

func (a *amd64) GPs() []R {
	rs := make([]R, len(amd64GPs))
	for i := range rs {
		rs[i] = R(i)
	}
	return rs
}

func (a *amd64) Ternary() bool { return a.flavor == evex }

var (
	xmms = []reg.VecPhysical{reg.X0, reg.X1, reg.X2, reg.X3, reg.X4, reg.X5, reg.X6, reg.X7, reg.X8, reg.X9, reg.X10, reg.X11, reg.X12, reg.X13, reg.X14, reg.X15, reg.X16, reg.X17, reg.X18, reg.X19, reg.X20, reg.X21, reg.X22, reg.X23, reg.X24, reg.X25, reg.X26, reg.X27, reg.X28, reg.X29, reg.X30, reg.X31}
	ymms = []reg.VecPhysical{reg.Y0, reg.Y1, reg.Y2, reg.Y3, reg.Y4, reg.Y5, reg.Y6, reg.Y7, reg.Y8, reg.Y9, reg.Y10, reg.Y11, reg.Y12, reg.Y13, reg.Y14, reg.Y15, reg.Y16, reg.Y17, reg.Y18, reg.Y19, reg.Y20, reg.Y21, reg.Y22, reg.Y23, reg.Y24, reg.Y25, reg.Y26, reg.Y27, reg.Y28, reg.Y29, reg.Y30, reg.Y31}
	zmms = []reg.VecPhysical{reg.Z0, reg.Z1, reg.Z2, reg.Z3, reg.Z4, reg.Z5, reg.Z6, reg.Z7, reg.Z8, reg.Z9, reg.Z10, reg.Z11, reg.Z12, reg.Z13, reg.Z14, reg.Z15, reg.Z16, reg.Z17, reg.Z18, reg.Z19, reg.Z20, reg.Z21, reg.Z22, reg.Z23, reg.Z24, reg.Z25, reg.Z26, reg.Z27, reg.Z28, reg.Z29, reg.Z30, reg.Z31}
)

// Physical register numbers of the scratch vector registers.
const (
	scratchLow  = 15 // VEX-encodable: the only scratch of aesni and avx2
	scratchHigh = 31 // avx512's second
)

// phys maps a description's register to a physical number.
func (a *amd64) phys(v V) int {
	if v < 0 {
		return int(-v - 1) // a scratch register, see sc
	}
	if a.flavor == evex && v >= 15 {
		return int(v) + 1
	}
	return int(v)
}

// sc names a scratch register as a V.
func sc(n int) V { return V(-n - 1) }

// r returns the register at the current width.
func (a *amd64) r(v V) reg.VecPhysical {
	p := a.phys(v)
	switch a.width {
	case 2:
		return ymms[p]
	case 4:
		return zmms[p]
	}
	return xmms[p]
}
func (a *amd64) x(v V) reg.VecPhysical { return xmms[a.phys(v)] }
func (a *amd64) y(v V) reg.VecPhysical { return ymms[a.phys(v)] }

func (a *amd64) g(r R) reg.GPPhysical { return amd64GPs[r] }

func (a *amd64) mem(m Mem) operand.Mem {
	var o operand.Mem
	switch m.Base {
	case FrameReg:
		o = operand.NewStackAddr(m.Off)
	default:
		o = operand.Mem{Base: a.g(m.Base), Disp: m.Off}
	}
	if m.Index != NoReg {
		o = o.Idx(a.g(m.Index), 1)
	}
	return o
}

func (a *amd64) Func(name, signature string, width, frame int) {
	a.c.Function(name)
	a.c.Attributes(attr.Attribute(0))
	a.c.SignatureExpr(signature)
	a.width = width
	a.labels = 0
	if frame > 0 {
		a.c.AllocLocal(frame)
	}
}

func (a *amd64) End() {
	if a.flavor != sse {
		a.c.VZEROUPPER()
	}
	a.c.RET()
}

func (a *amd64) Comment(lines ...string) { a.c.Comment(lines...) }

func (a *amd64) label(what string) string {
	a.labels++
	return fmt.Sprintf("%s_m%d", what, a.labels)
}

// The block vocabulary.

func (a *amd64) AESRound(dst, x, k V) {
	switch a.flavor {
	case sse:
		// AESENC k, d: d = AESRound(d, k), in place.
		switch dst {
		case x:
			a.c.AESENC(a.x(k), a.x(dst))
		case k:
			s := sc(scratchLow)
			a.c.MOVO(a.x(x), a.x(s))
			a.c.AESENC(a.x(k), a.x(s))
			a.c.MOVO(a.x(s), a.x(dst))
		default:
			a.c.MOVO(a.x(x), a.x(dst))
			a.c.AESENC(a.x(k), a.x(dst))
		}
	default:
		a.c.VAESENC(a.r(k), a.r(x), a.r(dst))
	}
}

// binop emits dst = x op y for a commutative op.
func (a *amd64) binop(dst, x, y V, sseOp func(operand.Op, operand.Op), avxOp func(operand.Op, operand.Op, operand.Op)) {
	if a.flavor != sse {
		avxOp(a.r(y), a.r(x), a.r(dst))
		return
	}
	switch dst {
	case x:
		sseOp(a.x(y), a.x(dst))
	case y:
		sseOp(a.x(x), a.x(dst))
	default:
		a.c.MOVO(a.x(x), a.x(dst))
		sseOp(a.x(y), a.x(dst))
	}
}

// vexable reports whether an avx512 instruction on these registers can
// take its shorter VEX form, as compilers emit it: registers 0-15, not
// 512 bits wide.
func (a *amd64) vexable(vs ...V) bool {
	if a.width == 4 {
		return false
	}
	for _, v := range vs {
		if a.phys(v) >= 16 {
			return false
		}
	}
	return true
}

func (a *amd64) Xor(dst, x, y V) {
	if a.flavor == evex && !a.vexable(dst, x, y) {
		a.binop(dst, x, y, nil, func(p, q, r operand.Op) { a.c.VPXORQ(p, q, r) })
		return
	}
	a.binop(dst, x, y, a.c.PXOR, a.c.VPXOR)
}

// and emits dst = x & y, for XorAnd.
func (a *amd64) and(dst, x, y V) {
	if a.flavor == evex && !a.vexable(dst, x, y) {
		a.binop(dst, x, y, nil, func(p, q, r operand.Op) { a.c.VPANDQ(p, q, r) })
		return
	}
	a.binop(dst, x, y, a.c.PAND, a.c.VPAND)
}

// tern emits dst = f(x, y, z) in one VPTERNLOGQ, whose destination is also
// its first input: the truth table follows the operands to their places.
func (a *amd64) tern(dst V, f func(x, y, z bool) bool, x, y, z V) {
	ops := []V{x, y, z}
	first := -1
	for i, o := range ops {
		if o == dst {
			first = i
			break
		}
	}
	if first < 0 {
		a.Mov(dst, x)
		first = 0
	}
	// Position p of the instruction (A, B, C) holds operand order[p].
	order := []int{first}
	for i := range ops {
		if i != first {
			order = append(order, i)
		}
	}
	imm := 0
	for idx := 0; idx < 8; idx++ {
		var v [3]bool
		for p, o := range order {
			v[o] = idx>>(2-p)&1 == 1
		}
		if f(v[0], v[1], v[2]) {
			imm |= 1 << idx
		}
	}
	a.c.VPTERNLOGQ(operand.U8(imm), a.r(ops[order[2]]), a.r(ops[order[1]]), a.r(dst))
}

func (a *amd64) Xor3(dst, x, y, z V) {
	if a.flavor == evex {
		a.tern(dst, func(x, y, z bool) bool { return x != y != z }, x, y, z)
		return
	}
	// Into the operand that dst already is, if any.
	switch dst {
	case y:
		x, y = y, x
	case z:
		x, z = z, x
	}
	a.Xor(dst, x, y)
	a.Xor(dst, dst, z)
}

func (a *amd64) XorAnd(dst, x, y, z V) {
	if a.flavor == evex {
		a.tern(dst, func(x, y, z bool) bool { return x != (y && z) }, x, y, z)
		return
	}
	if dst == x {
		s := sc(scratchLow)
		a.and(s, y, z)
		a.Xor(dst, dst, s)
		return
	}
	a.and(dst, y, z)
	a.Xor(dst, dst, x)
}

func (a *amd64) Mov(dst, x V) {
	if dst == x {
		return
	}
	switch {
	case a.flavor == sse:
		a.c.MOVO(a.x(x), a.x(dst))
	case a.flavor == vex || a.vexable(dst, x):
		a.c.VMOVDQA(a.r(x), a.r(dst))
	default:
		a.c.VMOVDQA64(a.r(x), a.r(dst))
	}
}

func (a *amd64) Zero(dst V) { a.Xor(dst, dst, dst) }

func (a *amd64) Load(dst V, m Mem) { a.loadOp(dst, a.mem(m)) }

func (a *amd64) Store(m Mem, v V) {
	switch {
	case a.flavor == sse:
		a.c.MOVOU(a.x(v), a.mem(m))
	case a.flavor == vex || a.vexable(v):
		a.c.VMOVDQU(a.r(v), a.mem(m))
	default:
		a.c.VMOVDQU64(a.r(v), a.mem(m))
	}
}

func (a *amd64) bcastMem(dst V, o operand.Mem) {
	switch {
	case a.width == 1 && a.flavor == sse:
		a.c.MOVOU(o, a.x(dst))
	case a.width == 1 && (a.flavor == vex || a.vexable(dst)):
		a.c.VMOVDQU(o, a.x(dst))
	case a.width == 1:
		a.c.VMOVDQU64(o, a.x(dst))
	case a.flavor == vex:
		a.c.VBROADCASTI128(o, a.r(dst))
	default:
		a.c.VBROADCASTI32X4(o, a.r(dst))
	}
}

func (a *amd64) Bcast(dst V, m Mem) { a.bcastMem(dst, a.mem(m)) }

func constSym(name string) operand.Mem {
	return operand.NewDataAddr(operand.NewStaticSymbol(constPrefix+name), 0)
}

// Const loads through R11: a static symbol cannot take an index register
// where the code must be position independent.
func (a *amd64) Const(dst V, name string, off int, index R) {
	if index == NoReg {
		a.loadOp(dst, constSym(name).Offset(off))
		return
	}
	a.c.LEAQ(constSym(name), reg.R11)
	a.loadOp(dst, operand.Mem{Base: reg.R11, Index: a.g(index), Scale: 1, Disp: off})
}

func (a *amd64) loadOp(dst V, o operand.Mem) {
	switch {
	case a.flavor == sse:
		a.c.MOVOU(o, a.x(dst))
	case a.flavor == vex || a.vexable(dst):
		a.c.VMOVDQU(o, a.r(dst))
	default:
		a.c.VMOVDQU64(o, a.r(dst))
	}
}

func (a *amd64) BcastConst(dst V, name string) { a.bcastMem(dst, constSym(name)) }

// Lengths builds the block in X15 from the shifted lengths, then spreads
// it to every lane of dst.
func (a *amd64) Lengths(dst V, x, y R) {
	a.c.MOVQ(a.g(x), reg.R11)
	a.c.SHLQ(operand.U8(3), reg.R11)
	a.c.MOVQ(a.g(y), reg.R12)
	a.c.SHLQ(operand.U8(3), reg.R12)
	s := sc(scratchLow)
	if a.flavor == sse {
		a.c.MOVQ(reg.R11, a.x(dst))
		a.c.MOVQ(reg.R12, a.x(s))
		a.c.PUNPCKLQDQ(a.x(s), a.x(dst))
		return
	}
	a.c.VMOVQ(reg.R11, a.x(s))
	a.c.VPINSRQ(operand.U8(1), reg.R12, a.x(s), a.x(s))
	switch {
	case a.width == 1:
		a.Mov(dst, s)
	case a.flavor == vex:
		a.c.VINSERTI128(operand.U8(1), a.x(s), a.y(s), a.r(dst))
	default:
		a.c.VSHUFI64X2(operand.U8(0), a.r(s), a.r(s), a.r(dst))
	}
}

func (a *amd64) Fold(dst, src V) {
	switch {
	case a.width == 1:
		a.Mov(dst, src)
	case a.flavor == vex:
		s := sc(scratchLow)
		a.c.VEXTRACTI128(operand.U8(1), a.y(src), a.x(s))
		a.c.VPXOR(a.x(s), a.x(src), a.x(dst))
	default:
		s := sc(scratchHigh)
		if a.width == 4 {
			a.c.VEXTRACTI64X4(operand.U8(1), zmms[a.phys(src)], a.y(s))
			a.c.VPXORQ(a.y(s), a.y(src), a.y(dst))
			src = dst
		}
		a.c.VEXTRACTI32X4(operand.U8(1), a.y(src), a.x(s))
		a.c.VPXORQ(a.x(s), a.x(src), a.x(dst))
	}
}

func (a *amd64) StoreTag(m Mem, x0, x1 V, two bool) {
	st := func(v V, o operand.Mem) {
		switch a.flavor {
		case sse:
			a.c.MOVOU(a.x(v), o)
		case vex:
			a.c.VMOVDQU(a.x(v), o)
		default:
			a.c.VMOVDQU64(a.x(v), o)
		}
	}
	st(x0, a.mem(m))
	if two {
		st(x1, a.mem(m.Plus(16)))
	}
}

// CompareTag leaves in R13 a bit per byte that matched (and in R14 for
// the second half), and sets the result from R13 == all ones: no branch.
func (a *amd64) CompareTag(ret string, m Mem, x0, x1 V, two bool) {
	cmp := func(v V, o operand.Mem, dst reg.GPPhysical) {
		switch a.flavor {
		case sse:
			s := sc(scratchLow)
			a.c.MOVOU(o, a.x(s))
			a.c.PCMPEQB(a.x(v), a.x(s))
			a.c.PMOVMSKB(a.x(s), dst.As32())
		case vex:
			s := sc(scratchLow)
			a.c.VPCMPEQB(o, a.x(v), a.x(s))
			a.c.VPMOVMSKB(a.x(s), dst.As32())
		default:
			a.c.VPCMPEQB(o, a.x(v), reg.K1)
			a.c.KMOVQ(reg.K1, dst)
		}
	}
	cmp(x0, a.mem(m), reg.R13)
	if two {
		cmp(x1, a.mem(m.Plus(16)), reg.R14)
		a.c.ANDQ(reg.R14, reg.R13)
	}
	a.c.CMPQ(reg.R13, operand.U32(0xffff))
	b, err := a.c.Return(ret).Resolve()
	if err != nil {
		panic(err)
	}
	a.c.SETEQ(b.Addr)
}

// Partial blocks: avx512 loads and stores them under byte masks, aesni
// and avx2 copy them through buffers in the frame.
type (
	amd64Masks   struct{ *amd64 }
	amd64Buffers struct{ *amd64 }
)

var (
	_ Masks   = amd64Masks{}
	_ Buffers = amd64Buffers{}
)

var masks = []reg.OpmaskPhysical{reg.K0, reg.K1, reg.K2, reg.K3, reg.K4, reg.K5, reg.K6, reg.K7}

// PartMask goes through CX, R11 and R12.
func (a amd64Masks) PartMask(k int, n R) {
	a.c.MOVQ(a.g(n), reg.RCX)
	a.c.MOVL(operand.U32(1), reg.R11L)
	a.c.SHLQ(reg.CL, reg.R11)
	a.c.DECQ(reg.R11)
	if a.width == 4 {
		// A shift by 64 is a shift by 0: n = 64 takes all ones.
		a.c.MOVQ(operand.I32(-1), reg.R12)
		a.c.CMPQ(reg.RCX, operand.U8(64))
		a.c.CMOVQEQ(reg.R12, reg.R11)
	}
	a.c.KMOVQ(reg.R11, masks[k])
}

func (a amd64Masks) KeepMask(v V, k int) { a.c.VMOVDQU8_Z(a.r(v), masks[k], a.r(v)) }

func (a amd64Masks) LoadPart(dst V, m Mem, k int) { a.c.VMOVDQU8_Z(a.mem(m), masks[k], a.r(dst)) }

func (a amd64Masks) StorePart(m Mem, v V, k int) { a.c.VMOVDQU8(a.r(v), masks[k], a.mem(m)) }

func (a amd64Buffers) Keep(v V, n R) {
	// And with 16*width bytes of keepMask from 64 - n: n 0xff, then zeros.
	a.c.LEAQ(constSym("keep").Offset(64), reg.R11)
	a.c.SUBQ(a.g(n), reg.R11)
	o := operand.Mem{Base: reg.R11}
	if a.flavor == sse {
		s := sc(scratchLow)
		a.c.MOVOU(o, a.x(s))
		a.c.PAND(a.x(s), a.x(v))
		return
	}
	a.c.VPAND(o, a.r(v), a.r(v))
}

// Copy moves n < 256 bytes, 16 at a time, then 8, 4, 2 and 1, through
// R11 and R12 (the pointers), CX (the count) and R13 or X15 (the data).
func (a amd64Buffers) Copy(dst, src Mem, n R) {
	c := a.c
	c.LEAQ(a.mem(src), reg.R12)
	c.LEAQ(a.mem(dst), reg.R11)
	c.MOVQ(a.g(n), reg.RCX)
	l16, l8, l4, l2, l1, done := a.label("copy16"), a.label("copy8"), a.label("copy4"), a.label("copy2"), a.label("copy1"), a.label("copied")
	s := sc(scratchLow)
	c.Label(l16)
	c.CMPQ(reg.RCX, operand.U8(16))
	c.JB(operand.LabelRef(l8))
	if a.flavor == sse {
		c.MOVOU(operand.Mem{Base: reg.R12}, a.x(s))
		c.MOVOU(a.x(s), operand.Mem{Base: reg.R11})
	} else {
		c.VMOVDQU(operand.Mem{Base: reg.R12}, a.x(s))
		c.VMOVDQU(a.x(s), operand.Mem{Base: reg.R11})
	}
	c.ADDQ(operand.U8(16), reg.R12)
	c.ADDQ(operand.U8(16), reg.R11)
	c.SUBQ(operand.U8(16), reg.RCX)
	c.JMP(operand.LabelRef(l16))
	piece := func(label, next string, size int, mov func(operand.Op, operand.Op), r reg.Register) {
		c.Label(label)
		c.CMPQ(reg.RCX, operand.U8(size))
		c.JB(operand.LabelRef(next))
		mov(operand.Mem{Base: reg.R12}, r)
		mov(r, operand.Mem{Base: reg.R11})
		c.ADDQ(operand.U8(size), reg.R12)
		c.ADDQ(operand.U8(size), reg.R11)
		c.SUBQ(operand.U8(size), reg.RCX)
	}
	piece(l8, l4, 8, c.MOVQ, reg.R13)
	piece(l4, l2, 4, c.MOVL, reg.R13L)
	piece(l2, l1, 2, c.MOVW, reg.R13W)
	piece(l1, done, 1, c.MOVB, reg.R13B)
	c.Label(done)
}

func (a amd64Buffers) ZeroFrame(off, size int) {
	s := sc(scratchLow)
	if a.flavor == sse {
		a.c.PXOR(a.x(s), a.x(s))
	} else {
		a.c.VPXOR(a.x(s), a.x(s), a.x(s))
	}
	for i := 0; i < size; i += 16 {
		o := operand.NewStackAddr(off + i)
		if a.flavor == sse {
			a.c.MOVOU(a.x(s), o)
		} else {
			a.c.VMOVDQU(a.x(s), o)
		}
	}
}

// Scalars.

func (a *amd64) Arg(dst R, name string) { a.c.Load(a.c.Param(name), a.g(dst)) }

func (a *amd64) MovImm(dst R, v int) { a.c.MOVQ(operand.I32(v), a.g(dst)) }
func (a *amd64) MovR(dst, src R)     { a.c.MOVQ(a.g(src), a.g(dst)) }
func (a *amd64) Add(dst, src R)      { a.c.ADDQ(a.g(src), a.g(dst)) }
func (a *amd64) AddImm(dst R, v int) { a.c.ADDQ(operand.I32(v), a.g(dst)) }
func (a *amd64) Sub(dst, src R)      { a.c.SUBQ(a.g(src), a.g(dst)) }
func (a *amd64) AndImm(dst R, v int) { a.c.ANDQ(operand.I32(v), a.g(dst)) }

func (a *amd64) Clamp(dst, n R, lo, width int) {
	d := a.g(dst)
	a.c.MOVQ(a.g(n), d)
	a.c.SUBQ(operand.I32(lo), d)
	a.c.XORL(reg.R12L, reg.R12L)
	a.c.CMPQ(d, operand.I32(0))
	a.c.CMOVQLT(reg.R12, d)
	a.c.MOVQ(operand.I32(width), reg.R12)
	a.c.CMPQ(d, reg.R12)
	a.c.CMOVQGT(reg.R12, d)
}

func (a *amd64) Label(name string) { a.c.Label(name) }
func (a *amd64) Jmp(l string)      { a.c.JMP(operand.LabelRef(l)) }
func (a *amd64) JmpBelow(r R, v int, l string) {
	a.c.CMPQ(a.g(r), operand.I32(v))
	a.c.JB(operand.LabelRef(l))
}
func (a *amd64) JmpNotBelow(r R, v int, l string) {
	a.c.CMPQ(a.g(r), operand.I32(v))
	a.c.JAE(operand.LabelRef(l))
}
func (a *amd64) JmpZero(r R, l string) {
	a.c.TESTQ(a.g(r), a.g(r))
	a.c.JZ(operand.LabelRef(l))
}
func (a *amd64) JmpEqual(r R, v int, l string) {
	a.c.CMPQ(a.g(r), operand.I32(v))
	a.c.JEQ(operand.LabelRef(l))
}
func (a *amd64) DecJmpNotZero(r R, l string) {
	a.c.DECQ(a.g(r))
	a.c.JNZ(operand.LabelRef(l))
}
