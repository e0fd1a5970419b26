// SPDX-License-Identifier: MIT

package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"go/ast"
	"go/parser"
	"strings"
)

// The arm64 machine: the neon kernel, ARMv8 AES (AESE, AESMC) on the 128-bit
// NEON registers, one lane per register. avo writes amd64 only, so this
// machine writes the Go assembly text itself.
//
// AESE is AddRoundKey, SubBytes and ShiftRows; AESMC is MixColumns. The
// AES round of the spec, AESRound(a, k) = MixColumns(ShiftRows(SubBytes(a)))
// ^ k, is AESE with a zero key, AESMC, and an EOR with k. AESE xors its two
// operands, so which one holds a and which the zero does not change the
// result: the zero register is copied into the destination and a goes in as
// the other operand, which keeps the copy off the chain of AES rounds on cores
// that do not eliminate register moves. AESE and AESMC stay adjacent, on one
// register, where cores fuse them.
type arm64 struct {
	b      *bytes.Buffer
	kernel string         // core's name of the kernel: a key of arm64Flavors
	sha3   bool           // FEAT_SHA3's EOR3 may be used
	args   map[string]int // argument words of the current function, by name
	labels int
	clear  bool     // nothing written since the last label or comment
	pend   *pendMem // a load or store held back, to pair with the next (Pairer)
}

// pendMem is a 16-byte load or store of a vector register at off(base).
type pendMem struct {
	load bool
	v    V
	base string
	off  int
}

// newARM64 returns the machine of the kernel named (a key of
// arm64Flavors), which writes into b.
func newARM64(b *bytes.Buffer, kernel string) *arm64 {
	sha3, ok := arm64Flavors[kernel]
	if !ok {
		panic("arm64: no kernel " + kernel)
	}
	return &arm64{b: b, kernel: kernel, sha3: sha3}
}

// neon has no byte masks: partial blocks go through buffers.
var _ Buffers = (*arm64)(nil)

// arm64Flavors are the kernels of the arm64 machine, by core's names, and
// whether each has FEAT_SHA3 (EOR3) besides the AES instructions. The
// two write the same code but for the xors that EOR3 merges: Xor3, and
// the rotating form's P ^ K ^ M (rotate.go).
var arm64Flavors = map[string]bool{"neon": false, "neonsha3": true}

func (a *arm64) Kernel() string { return a.kernel }

// Shape: one lane per register, and one lane per group: the state of a
// lane in its rotating form (rotate.go) takes three registers a word, 24
// in the 128 family and 18 in the 256 family, and the temporaries of Init
// (key, nonce, context) and the groups' tags take 5 more, which two lanes
// would not fit in the 29 registers of the descriptions. The vector pipes
// bound these cores, not the chain of AES rounds (internal/testing/ctest/mca), so
// a lane alone loses nothing to two side by side.
func (a *arm64) Shape(d int) (width, groups int) { return 1, d }

// The scratch registers: V29 and V30, and V31, which holds zero for AESE
// from the start of every function to its end; R19 (the address of an
// indexed or frame operand) and R20-R24. R18 is left alone (the platform
// register of darwin and windows), and so are R26 (closure context), R27
// (the assembler's temporary), R28 (g), R29 (frame pointer) and R30 (link
// register).
const (
	vScratch2 = 29
	vScratch  = 30
	vZero     = 31
)

func (a *arm64) Vecs() int { return vScratch2 }

func (a *arm64) GPs() []R {
	rs := make([]R, 16) // R0-R15
	for i := range rs {
		rs[i] = R(i)
	}
	return rs
}

// Ternary: with FEAT_SHA3, Xor3 is one EOR3. XorAnd stays two (there is
// no and-xor; BCAX, a ^ (b & ^c), would need a complemented state word).
// The descriptions ask only to choose between forms of the same count
// (dec256), which EOR3 leaves equal either way.
func (a *arm64) Ternary() bool { return a.sha3 }

func (a *arm64) v(v V) string { return fmt.Sprintf("V%d.B16", a.vreg(v)) }
func (a *arm64) f(v V) string { return fmt.Sprintf("F%d", a.vreg(v)) }

// vreg checks a vector register's number: a word of a rotating state
// that was read before it was computed (noV) stops the generator here.
func (a *arm64) vreg(v V) V {
	if v < 0 || v > 31 {
		panic(fmt.Sprintf("arm64: no vector register %d", v))
	}
	return v
}
func (a *arm64) g(r R) string {
	if r < 0 || r > 15 {
		panic(fmt.Sprintf("arm64: no register %d", r))
	}
	return fmt.Sprintf("R%d", r)
}

func (a *arm64) ins(op string, operands ...string) {
	a.flush()
	fmt.Fprintf(a.b, "\t%s\t%s\n", op, strings.Join(operands, ", "))
	a.clear = false
}

// flush writes the load or store held back, if any.
func (a *arm64) flush() {
	p := a.pend
	if p == nil {
		return
	}
	a.pend = nil
	m := fmt.Sprintf("%d(%s)", p.off, p.base)
	if p.load {
		a.ins("FMOVQ", m, a.f(p.v))
	} else {
		a.ins("FMOVQ", a.f(p.v), m)
	}
}

// Comment starts a paragraph, as avo's printer does: a blank line before
// the comment, unless it follows a label or another comment.
func (a *arm64) Comment(lines ...string) {
	a.flush()
	if !a.clear {
		a.b.WriteString("\n")
	}
	for _, l := range lines {
		fmt.Fprintf(a.b, "\t// %s\n", l)
	}
	a.clear = true
}

// frameOff is where the frame's scratch buffers start, from the hardware
// stack pointer: 0(RSP) holds the saved link register, and the locals
// follow it.
const frameOff = 8

// mem returns the text of a memory operand. One with an index goes through
// R19, which the index is added to first.
func (a *arm64) mem(m Mem) string {
	base := "RSP"
	off := m.Off
	if m.Base == FrameReg {
		off += frameOff
	} else {
		base = a.g(m.Base)
	}
	if m.Index != NoReg {
		a.ins("ADD", a.g(m.Index), base, "R19")
		base = "R19"
	}
	return fmt.Sprintf("%d(%s)", off, base)
}

// lea puts the address of m in register dst (a scratch register's name).
func (a *arm64) lea(dst string, m Mem) {
	base := "RSP"
	off := m.Off
	if m.Base == FrameReg {
		off += frameOff
	} else {
		base = a.g(m.Base)
	}
	if off == 0 && base != "RSP" {
		a.ins("MOVD", base, dst)
	} else {
		a.ins("ADD", fmt.Sprintf("$%d", off), base, dst)
	}
	if m.Index != NoReg {
		a.ins("ADD", a.g(m.Index), dst)
	}
}

func (a *arm64) Func(name, signature string, width, frame int) {
	args, size := argLayout(signature)
	a.args = args
	a.labels = 0
	fmt.Fprintf(a.b, "\n// %s%s\n", name, signature[len("func"):])
	fmt.Fprintf(a.b, "TEXT ·%s(SB), $%d-%d\n", name, frame, size)
	a.ins("VMOVI", "$0", a.v(vZero))
}

func (a *arm64) End() { a.ins("RET") }

// argLayout returns the frame offsets of the argument words of a Go
// signature, named as asmdecl names them (k, out_base, out_len, ok), and
// the size of arguments and results.
func argLayout(signature string) (map[string]int, int) {
	e, err := parser.ParseExpr(signature)
	if err != nil {
		panic(err)
	}
	ft := e.(*ast.FuncType)
	offs := map[string]int{}
	off := 0
	place := func(fl *ast.FieldList) {
		if fl == nil {
			return
		}
		for _, f := range fl.List {
			for _, n := range f.Names {
				switch t := f.Type.(type) {
				case *ast.StarExpr:
					off = (off + 7) &^ 7
					offs[n.Name] = off
					off += 8
				case *ast.ArrayType:
					if t.Len != nil {
						panic("arm64: array argument")
					}
					off = (off + 7) &^ 7
					offs[n.Name+"_base"] = off
					offs[n.Name+"_len"] = off + 8
					offs[n.Name+"_cap"] = off + 16
					off += 24
				case *ast.Ident:
					switch t.Name {
					case "bool":
						offs[n.Name] = off
						off++
					case "int", "uint64":
						off = (off + 7) &^ 7
						offs[n.Name] = off
						off += 8
					default:
						panic("arm64: argument of type " + t.Name)
					}
				default:
					panic(fmt.Sprintf("arm64: argument type %T", t))
				}
			}
		}
	}
	place(ft.Params)
	off = (off + 7) &^ 7 // results start word-aligned
	place(ft.Results)
	return offs, off
}

func (a *arm64) arg(name string) string {
	off, ok := a.args[name]
	if !ok {
		panic("arm64: no argument " + name)
	}
	return fmt.Sprintf("%s+%d(FP)", name, off)
}

// The block vocabulary.

func (a *arm64) AESRound(dst, x, k V) {
	d := dst
	if dst == k {
		d = vScratch
	}
	if d != x {
		a.Mov(d, vZero)
		a.ins("AESE", a.v(x), a.v(d))
	} else {
		a.ins("AESE", a.v(vZero), a.v(d))
	}
	a.ins("AESMC", a.v(d), a.v(d))
	a.ins("VEOR", a.v(k), a.v(d), a.v(dst))
}

// The rotating form (rotate.go): AESE xors its operands, so the round
// key that the spec xors after MixColumns goes into the next round's
// AESE instead.
var _ Rotator = (*arm64)(nil)

func (a *arm64) AESEMC(dst, k V) {
	a.ins("AESE", a.v(k), a.v(dst))
	a.ins("AESMC", a.v(dst), a.v(dst))
}

// AESEMCOf copies the zero register, not src, into dst, which keeps the
// copy off the chain of rounds.
func (a *arm64) AESEMCOf(dst, src V) {
	if dst == src {
		panic("arm64: AESEMCOf in place")
	}
	a.Mov(dst, vZero)
	a.AESEMC(dst, src)
}

func (a *arm64) Scratch() V { return vScratch }

func (a *arm64) Xor(dst, x, y V) { a.ins("VEOR", a.v(y), a.v(x), a.v(dst)) }
func (a *arm64) and(dst, x, y V) { a.ins("VAND", a.v(y), a.v(x), a.v(dst)) }

// And serves the descriptions only where Xor3 is one instruction
// (neonsha3's machine; see Ander).
var _ Ander = (*arm64)(nil)

func (a *arm64) And(dst, x, y V) { a.and(dst, x, y) }

func (a *arm64) Xor3(dst, x, y, z V) {
	if a.sha3 {
		a.ins("VEOR3", a.v(z), a.v(y), a.v(x), a.v(dst))
		return
	}
	// z is read after dst is written: it must not be dst.
	if z == dst {
		x, z = z, x
	}
	a.Xor(dst, x, y)
	a.Xor(dst, dst, z)
}

func (a *arm64) XorAnd(dst, x, y, z V) {
	t := dst
	if dst == x {
		t = vScratch
	}
	a.and(t, y, z)
	a.Xor(dst, x, t)
}

func (a *arm64) Mov(dst, x V) {
	if dst != x {
		a.ins("VMOV", a.v(x), a.v(dst))
	}
}

func (a *arm64) Zero(dst V) { a.ins("VMOVI", "$0", a.v(dst)) }

func (a *arm64) Load(dst V, m Mem) { a.vecMem(true, dst, m) }
func (a *arm64) Store(m Mem, v V)  { a.vecMem(false, v, m) }

// Paired loads and stores: a load or store of a register at off(base),
// where it has no index, is held back, and one at off+16 of the same kind
// right after it makes the two one LDP or STP of Q registers (FLDPQ,
// FSTPQ), where the offset fits: a multiple of 16 from -1024 to 1008. Any
// other instruction, comment or label writes the one held back first, so
// the order of the code stays as the descriptions write it.
var _ Pairer = (*arm64)(nil)

func (a *arm64) Pairs() {}

func (a *arm64) vecMem(load bool, v V, m Mem) {
	if m.Index != NoReg {
		mem := a.mem(m)
		if load {
			a.ins("FMOVQ", mem, a.f(v))
		} else {
			a.ins("FMOVQ", a.f(v), mem)
		}
		return
	}
	base, off := "RSP", m.Off+frameOff
	if m.Base != FrameReg {
		base, off = a.g(m.Base), m.Off
	}
	a.vreg(v)
	if p := a.pend; p != nil && p.load == load && p.base == base && off == p.off+16 &&
		p.off%16 == 0 && p.off >= -1024 && p.off <= 1008 && (!load || p.v != v) {
		a.pend = nil
		regs := fmt.Sprintf("(%s, %s)", a.f(p.v), a.f(v))
		if load {
			a.ins("FLDPQ", fmt.Sprintf("%d(%s)", p.off, base), regs)
		} else {
			a.ins("FSTPQ", regs, fmt.Sprintf("%d(%s)", p.off, base))
		}
		return
	}
	a.flush()
	a.pend = &pendMem{load: load, v: v, base: base, off: off}
}
func (a *arm64) Bcast(dst V, m Mem) { a.Load(dst, m) }

func armSym(name string) string { return constPrefix + name + "<>" }

// Const loads through R19: there is no PC-relative vector load with an
// index register.
func (a *arm64) Const(dst V, name string, off int, index R) {
	a.ins("MOVD", fmt.Sprintf("$%s(SB)", armSym(name)), "R19")
	if index != NoReg {
		a.ins("ADD", a.g(index), "R19")
	}
	a.ins("FMOVQ", fmt.Sprintf("%d(R19)", off), a.f(dst))
}

func (a *arm64) BcastConst(dst V, name string) { a.Const(dst, name, 0, NoReg) }

func (a *arm64) Lengths(dst V, x, y R) {
	a.ins("LSL", "$3", a.g(x), "R20")
	a.ins("LSL", "$3", a.g(y), "R21")
	a.ins("VMOV", "R20", fmt.Sprintf("V%d.D[0]", dst))
	a.ins("VMOV", "R21", fmt.Sprintf("V%d.D[1]", dst))
}

func (a *arm64) Fold(dst, src V) { a.Mov(dst, src) }

// Keep ands v with the 16 bytes of the keep table from 64 - n: n bytes of
// 0xff, then zeros.
func (a *arm64) Keep(v V, n R) {
	a.ins("MOVD", fmt.Sprintf("$%s+64(SB)", armSym("keep")), "R19")
	a.ins("SUB", a.g(n), "R19")
	a.ins("FMOVQ", "(R19)", a.f(vScratch))
	a.and(v, v, vScratch)
}

// Copy moves n < 256 bytes: 16 at a time, then 8, 4, 2 and 1 as the bits
// of what is left say, through R20 and R21 (the pointers), R22 (the count)
// and V30 or R23 (the data).
func (a *arm64) Copy(dst, src Mem, n R) {
	a.lea("R20", src)
	a.lea("R21", dst)
	a.ins("MOVD", a.g(n), "R22")
	l16, l8, l4, l2, l1, done := a.label("copy16"), a.label("copy8"), a.label("copy4"), a.label("copy2"), a.label("copy1"), a.label("copied")
	a.Label(l16)
	a.ins("CMP", "$16", "R22")
	a.ins("BLO", l8)
	a.ins("VLD1.P", "16(R20)", "[V30.B16]")
	a.ins("VST1.P", "[V30.B16]", "16(R21)")
	a.ins("SUB", "$16", "R22")
	a.ins("B", l16)
	piece := func(label, next string, bit int, load, store string) {
		size := 1 << bit
		a.Label(label)
		a.ins("TBZ", fmt.Sprintf("$%d", bit), "R22", next)
		a.ins(load, fmt.Sprintf("%d(R20)", size), "R23")
		a.ins(store, "R23", fmt.Sprintf("%d(R21)", size))
	}
	piece(l8, l4, 3, "MOVD.P", "MOVD.P")
	piece(l4, l2, 2, "MOVWU.P", "MOVW.P")
	piece(l2, l1, 1, "MOVHU.P", "MOVH.P")
	piece(l1, done, 0, "MOVBU.P", "MOVB.P")
	a.Label(done)
}

func (a *arm64) ZeroFrame(off, size int) {
	for i := 0; i < size; i += 16 {
		a.Store(At(FrameReg, off+i), vZero)
	}
}

func (a *arm64) StoreTag(m Mem, x0, x1 V, two bool) {
	a.Store(m, x0)
	if two {
		a.Store(m.Plus(16), x1)
	}
}

// CompareTag ors the xor of the computed and the given tag into one
// register, moves its two halves to R23 and R24, and sets the result from
// their or being zero, with CSET: no branch. R23 and R24 are the only
// general-purpose registers that hold secrets (here, and the bytes of a
// partial block in Copy), and they never address memory or steer a
// branch (internal/asm's TestConstantTime checks it).
func (a *arm64) CompareTag(ret string, m Mem, x0, x1 V, two bool) {
	a.Load(vScratch, m)
	a.Xor(vScratch, vScratch, x0)
	if two {
		a.Load(vScratch2, m.Plus(16))
		a.Xor(vScratch2, vScratch2, x1)
		a.ins("VORR", a.v(vScratch2), a.v(vScratch), a.v(vScratch))
	}
	a.ins("VMOV", fmt.Sprintf("V%d.D[0]", vScratch), "R23")
	a.ins("VMOV", fmt.Sprintf("V%d.D[1]", vScratch), "R24")
	a.ins("ORR", "R24", "R23")
	a.ins("CMP", "$0", "R23")
	a.ins("CSET", "EQ", "R23")
	a.ins("MOVB", "R23", a.arg(ret))
}

// Scalars.

func (a *arm64) Arg(dst R, name string) { a.ins("MOVD", a.arg(name), a.g(dst)) }

func (a *arm64) MovImm(dst R, v int) { a.ins("MOVD", fmt.Sprintf("$%d", v), a.g(dst)) }
func (a *arm64) MovR(dst, src R)     { a.ins("MOVD", a.g(src), a.g(dst)) }
func (a *arm64) Add(dst, src R)      { a.ins("ADD", a.g(src), a.g(dst)) }
func (a *arm64) AddImm(dst R, v int) {
	if v < 0 {
		a.ins("SUB", fmt.Sprintf("$%d", -v), a.g(dst))
		return
	}
	a.ins("ADD", fmt.Sprintf("$%d", v), a.g(dst))
}
func (a *arm64) Sub(dst, src R) { a.ins("SUB", a.g(src), a.g(dst)) }
func (a *arm64) AndImm(dst R, v int) {
	a.ins("AND", fmt.Sprintf("$%#x", uint64(int64(v))), a.g(dst))
}

// Clamp: signed, since n - lo may be below zero (a tail that ends before
// the lane group starts).
func (a *arm64) Clamp(dst, n R, lo, width int) {
	d := a.g(dst)
	a.ins("SUBS", fmt.Sprintf("$%d", lo), a.g(n), d)
	a.ins("CSEL", "LT", "ZR", d, d)
	a.ins("MOVD", fmt.Sprintf("$%d", width), "R20")
	a.ins("CMP", "R20", d)
	a.ins("CSEL", "GT", "R20", d, d)
}

func (a *arm64) label(what string) string {
	a.labels++
	return fmt.Sprintf("%s_m%d", what, a.labels)
}

func (a *arm64) Label(name string) {
	a.flush()
	fmt.Fprintf(a.b, "\n%s:\n", name)
	a.clear = true
}
func (a *arm64) Jmp(l string) { a.ins("B", l) }
func (a *arm64) JmpBelow(r R, v int, l string) {
	a.ins("CMP", fmt.Sprintf("$%d", v), a.g(r))
	a.ins("BLO", l)
}
func (a *arm64) JmpNotBelow(r R, v int, l string) {
	a.ins("CMP", fmt.Sprintf("$%d", v), a.g(r))
	a.ins("BHS", l)
}
func (a *arm64) JmpZero(r R, l string) { a.ins("CBZ", a.g(r), l) }
func (a *arm64) JmpEqual(r R, v int, l string) {
	a.ins("CMP", fmt.Sprintf("$%d", v), a.g(r))
	a.ins("BEQ", l)
}
func (a *arm64) DecJmpNotZero(r R, l string) {
	a.ins("SUBS", "$1", a.g(r), a.g(r))
	a.ins("BNE", l)
}

// data writes the constant tables, eight bytes a word.
func (a *arm64) data() {
	for _, t := range constants() {
		fmt.Fprintf(a.b, "\n")
		for i := 0; i < len(t.data); i += 8 {
			fmt.Fprintf(a.b, "DATA %s+%d(SB)/8, $0x%016x\n", armSym(t.name), i, binary.LittleEndian.Uint64(t.data[i:]))
		}
		fmt.Fprintf(a.b, "GLOBL %s(SB), RODATA|NOPTR, $%d\n", armSym(t.name), len(t.data))
	}
}
