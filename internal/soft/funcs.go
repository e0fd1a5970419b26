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

// The tables, by variant: composite literals, which the compiler lays
// out statically, so that a table names its own family's functions only.
var (
	Funcs128L = asm.Funcs{
		Init:        init128d1,
		Absorb:      fAbsorb128,
		Enc:         fEnc128,
		Dec:         fDec128,
		EncPartial:  fEncPartial128,
		DecPartial:  fDecPartial128,
		Stream:      fStream128,
		KeyBlock:    fKeyBlock128,
		Finalize:    fFinalize128,
		MACFinalize: fMACFinalize128,
	}
	Funcs128X2 = asm.Funcs{
		Init:        init128d2,
		Absorb:      fAbsorb128,
		Enc:         fEnc128,
		Dec:         fDec128,
		EncPartial:  fEncPartial128,
		DecPartial:  fDecPartial128,
		Stream:      fStream128,
		KeyBlock:    fKeyBlock128,
		Finalize:    fFinalize128,
		MACFinalize: fMACFinalize128,
	}
	Funcs128X4 = asm.Funcs{
		Init:        init128d4,
		Absorb:      fAbsorb128,
		Enc:         fEnc128,
		Dec:         fDec128,
		EncPartial:  fEncPartial128,
		DecPartial:  fDecPartial128,
		Stream:      fStream128,
		KeyBlock:    fKeyBlock128,
		Finalize:    fFinalize128,
		MACFinalize: fMACFinalize128,
	}
	Funcs256 = asm.Funcs{
		Init:        init256d1,
		Absorb:      fAbsorb256,
		Enc:         fEnc256,
		Dec:         fDec256,
		EncPartial:  fEncPartial256,
		DecPartial:  fDecPartial256,
		Stream:      fStream256,
		KeyBlock:    fKeyBlock256,
		Finalize:    fFinalize256,
		MACFinalize: fMACFinalize256,
	}
	Funcs256X2 = asm.Funcs{
		Init:        init256d2,
		Absorb:      fAbsorb256,
		Enc:         fEnc256,
		Dec:         fDec256,
		EncPartial:  fEncPartial256,
		DecPartial:  fDecPartial256,
		Stream:      fStream256,
		KeyBlock:    fKeyBlock256,
		Finalize:    fFinalize256,
		MACFinalize: fMACFinalize256,
	}
	Funcs256X4 = asm.Funcs{
		Init:        init256d4,
		Absorb:      fAbsorb256,
		Enc:         fEnc256,
		Dec:         fDec256,
		EncPartial:  fEncPartial256,
		DecPartial:  fDecPartial256,
		Stream:      fStream256,
		KeyBlock:    fKeyBlock256,
		Finalize:    fFinalize256,
		MACFinalize: fMACFinalize256,
	}
)

func s128(st *byte) *State128 { return (*State128)(unsafe.Pointer(st)) }
func s256(st *byte) *State256 { return (*State256)(unsafe.Pointer(st)) }

func init128d1(st, k, n *byte) { s128(st).Init(1, unsafe.Slice(k, 16), unsafe.Slice(n, 16)) }
func init128d2(st, k, n *byte) { s128(st).Init(2, unsafe.Slice(k, 16), unsafe.Slice(n, 16)) }
func init128d4(st, k, n *byte) { s128(st).Init(4, unsafe.Slice(k, 16), unsafe.Slice(n, 16)) }
func init256d1(st, k, n *byte) { s256(st).Init(1, unsafe.Slice(k, 32), unsafe.Slice(n, 32)) }
func init256d2(st, k, n *byte) { s256(st).Init(2, unsafe.Slice(k, 32), unsafe.Slice(n, 32)) }
func init256d4(st, k, n *byte) { s256(st).Init(4, unsafe.Slice(k, 32), unsafe.Slice(n, 32)) }

// The functions of each family, on the state at st.

func fAbsorb128(st, ad *byte, blocks int) {
	s := s128(st)
	s.Absorb(unsafe.Slice(ad, blocks*s.Rate()))
}

func fEnc128(st, out, in *byte, blocks int) {
	s := s128(st)
	n := blocks * s.Rate()
	s.Enc(unsafe.Slice(out, n), unsafe.Slice(in, n))
}

func fDec128(st, out, in *byte, blocks int) {
	s := s128(st)
	n := blocks * s.Rate()
	s.Dec(unsafe.Slice(out, n), unsafe.Slice(in, n))
}

func fEncPartial128(st, out, in *byte, inlen int) {
	s128(st).EncPartial(unsafe.Slice(out, inlen), unsafe.Slice(in, inlen))
}

func fDecPartial128(st, out, in *byte, inlen int) {
	s128(st).DecPartial(unsafe.Slice(out, inlen), unsafe.Slice(in, inlen))
}

func fStream128(st, out, in *byte, blocks int) {
	s := s128(st)
	n := blocks * s.Rate()
	s.KeyStream(unsafe.Slice(out, n), unsafe.Slice(in, n))
}

func fKeyBlock128(st, z *byte) {
	s := s128(st)
	s.KeyBlock(unsafe.Slice(z, s.Rate()))
}

func fFinalize128(st, tag *byte, adlen, mlen uint64, taglen int) {
	s128(st).Finalize(8*adlen, 8*mlen, unsafe.Slice(tag, taglen))
}

func fMACFinalize128(st, tag, last *byte, datalen uint64, taglen int) {
	c := *s128(st)
	rest := int(datalen % uint64(c.Rate())) //ct:public: a length
	if rest > 0 {
		c.AbsorbPartial(unsafe.Slice(last, rest))
	}
	c.FinalizeMAC(8*datalen, unsafe.Slice(tag, taglen))
}

func fAbsorb256(st, ad *byte, blocks int) {
	s := s256(st)
	s.Absorb(unsafe.Slice(ad, blocks*s.Rate()))
}

func fEnc256(st, out, in *byte, blocks int) {
	s := s256(st)
	n := blocks * s.Rate()
	s.Enc(unsafe.Slice(out, n), unsafe.Slice(in, n))
}

func fDec256(st, out, in *byte, blocks int) {
	s := s256(st)
	n := blocks * s.Rate()
	s.Dec(unsafe.Slice(out, n), unsafe.Slice(in, n))
}

func fEncPartial256(st, out, in *byte, inlen int) {
	s256(st).EncPartial(unsafe.Slice(out, inlen), unsafe.Slice(in, inlen))
}

func fDecPartial256(st, out, in *byte, inlen int) {
	s256(st).DecPartial(unsafe.Slice(out, inlen), unsafe.Slice(in, inlen))
}

func fStream256(st, out, in *byte, blocks int) {
	s := s256(st)
	n := blocks * s.Rate()
	s.KeyStream(unsafe.Slice(out, n), unsafe.Slice(in, n))
}

func fKeyBlock256(st, z *byte) {
	s := s256(st)
	s.KeyBlock(unsafe.Slice(z, s.Rate()))
}

func fFinalize256(st, tag *byte, adlen, mlen uint64, taglen int) {
	s256(st).Finalize(8*adlen, 8*mlen, unsafe.Slice(tag, taglen))
}

func fMACFinalize256(st, tag, last *byte, datalen uint64, taglen int) {
	c := *s256(st)
	rest := int(datalen % uint64(c.Rate())) //ct:public: a length
	if rest > 0 {
		c.AbsorbPartial(unsafe.Slice(last, rest))
	}
	c.FinalizeMAC(8*datalen, unsafe.Slice(tag, taglen))
}
