// SPDX-License-Identifier: MIT

package soft

import (
	"unsafe"

	"github.com/aegisgo/aegis/internal/asm"
)

// The kernel as internal/asm's state-level functions (asm.Funcs), one
// table per variant, so that internal/core's Go engine runs it as it runs
// the assembly: a variant's package hands its table to core, and a program
// links the families it imports. The state st is a State128 or State256
// (StateBytes, at an address aligned for uint64), the pointers and
// lengths follow the asm package's contract, and only the Init of each
// table knows its degree: the state keeps it.

// StateBytes is the room a state of either family takes.
const StateBytes = max(unsafe.Sizeof(State128{}), unsafe.Sizeof(State256{}))

// The kernel of each variant: a value of its family's type, whose
// methods the linker keeps where a variant's package names it and some
// code calls them. Only Init takes the degree; the state keeps it.
var (
	Funcs128L  asm.Funcs = &soft128{d: 1}
	Funcs128X2 asm.Funcs = &soft128{d: 2}
	Funcs128X4 asm.Funcs = &soft128{d: 4}
	Funcs256   asm.Funcs = &soft256{d: 1}
	Funcs256X2 asm.Funcs = &soft256{d: 2}
	Funcs256X4 asm.Funcs = &soft256{d: 4}
)

// soft128 and soft256 are a family's kernel at degree d.
type (
	soft128 struct{ d int }
	soft256 struct{ d int }
)

func s128(st *byte) *State128 { return (*State128)(unsafe.Pointer(st)) }
func s256(st *byte) *State256 { return (*State256)(unsafe.Pointer(st)) }

// The functions of each family, on the state at st.

func (f *soft128) Init(st, k, n *byte) {
	s128(st).Init(f.d, unsafe.Slice(k, 16), unsafe.Slice(n, 16))
}

func (f *soft256) Init(st, k, n *byte) {
	s256(st).Init(f.d, unsafe.Slice(k, 32), unsafe.Slice(n, 32))
}

func (*soft128) Absorb(st, ad *byte, blocks int) {
	s := s128(st)
	s.Absorb(unsafe.Slice(ad, blocks*s.Rate()))
}

func (*soft128) Enc(st, out, in *byte, blocks int) {
	s := s128(st)
	n := blocks * s.Rate()
	s.Enc(unsafe.Slice(out, n), unsafe.Slice(in, n))
}

func (*soft128) Dec(st, out, in *byte, blocks int) {
	s := s128(st)
	n := blocks * s.Rate()
	s.Dec(unsafe.Slice(out, n), unsafe.Slice(in, n))
}

func (*soft128) EncPartial(st, out, in *byte, inlen int) {
	s128(st).EncPartial(unsafe.Slice(out, inlen), unsafe.Slice(in, inlen))
}

func (*soft128) DecPartial(st, out, in *byte, inlen int) {
	s128(st).DecPartial(unsafe.Slice(out, inlen), unsafe.Slice(in, inlen))
}

func (*soft128) Stream(st, out, in *byte, blocks int) {
	s := s128(st)
	n := blocks * s.Rate()
	s.KeyStream(unsafe.Slice(out, n), unsafe.Slice(in, n))
}

func (*soft128) KeyBlock(st, z *byte) {
	s := s128(st)
	s.KeyBlock(unsafe.Slice(z, s.Rate()))
}

func (*soft128) Finalize(st, tag *byte, adlen, mlen uint64, taglen int) {
	s128(st).Finalize(8*adlen, 8*mlen, unsafe.Slice(tag, taglen))
}

func (*soft128) MACFinalize(st, tag, last *byte, datalen uint64, taglen int) {
	c := *s128(st)
	rest := int(datalen % uint64(c.Rate())) //ct:public: a length
	if rest > 0 {
		c.AbsorbPartial(unsafe.Slice(last, rest))
	}
	c.FinalizeMAC(8*datalen, unsafe.Slice(tag, taglen))
}

func (*soft256) Absorb(st, ad *byte, blocks int) {
	s := s256(st)
	s.Absorb(unsafe.Slice(ad, blocks*s.Rate()))
}

func (*soft256) Enc(st, out, in *byte, blocks int) {
	s := s256(st)
	n := blocks * s.Rate()
	s.Enc(unsafe.Slice(out, n), unsafe.Slice(in, n))
}

func (*soft256) Dec(st, out, in *byte, blocks int) {
	s := s256(st)
	n := blocks * s.Rate()
	s.Dec(unsafe.Slice(out, n), unsafe.Slice(in, n))
}

func (*soft256) EncPartial(st, out, in *byte, inlen int) {
	s256(st).EncPartial(unsafe.Slice(out, inlen), unsafe.Slice(in, inlen))
}

func (*soft256) DecPartial(st, out, in *byte, inlen int) {
	s256(st).DecPartial(unsafe.Slice(out, inlen), unsafe.Slice(in, inlen))
}

func (*soft256) Stream(st, out, in *byte, blocks int) {
	s := s256(st)
	n := blocks * s.Rate()
	s.KeyStream(unsafe.Slice(out, n), unsafe.Slice(in, n))
}

func (*soft256) KeyBlock(st, z *byte) {
	s := s256(st)
	s.KeyBlock(unsafe.Slice(z, s.Rate()))
}

func (*soft256) Finalize(st, tag *byte, adlen, mlen uint64, taglen int) {
	s256(st).Finalize(8*adlen, 8*mlen, unsafe.Slice(tag, taglen))
}

func (*soft256) MACFinalize(st, tag, last *byte, datalen uint64, taglen int) {
	c := *s256(st)
	rest := int(datalen % uint64(c.Rate())) //ct:public: a length
	if rest > 0 {
		c.AbsorbPartial(unsafe.Slice(last, rest))
	}
	c.FinalizeMAC(8*datalen, unsafe.Slice(tag, taglen))
}
