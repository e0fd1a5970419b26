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

// The tables, by variant.
var (
	Funcs128L  = funcs128(init128d1)
	Funcs128X2 = funcs128(init128d2)
	Funcs128X4 = funcs128(init128d4)
	Funcs256   = funcs256(init256d1)
	Funcs256X2 = funcs256(init256d2)
	Funcs256X4 = funcs256(init256d4)
)

func s128(st *byte) *State128 { return (*State128)(unsafe.Pointer(st)) }
func s256(st *byte) *State256 { return (*State256)(unsafe.Pointer(st)) }

func init128d1(st, k, n *byte) { s128(st).Init(1, unsafe.Slice(k, 16), unsafe.Slice(n, 16)) }
func init128d2(st, k, n *byte) { s128(st).Init(2, unsafe.Slice(k, 16), unsafe.Slice(n, 16)) }
func init128d4(st, k, n *byte) { s128(st).Init(4, unsafe.Slice(k, 16), unsafe.Slice(n, 16)) }
func init256d1(st, k, n *byte) { s256(st).Init(1, unsafe.Slice(k, 32), unsafe.Slice(n, 32)) }
func init256d2(st, k, n *byte) { s256(st).Init(2, unsafe.Slice(k, 32), unsafe.Slice(n, 32)) }
func init256d4(st, k, n *byte) { s256(st).Init(4, unsafe.Slice(k, 32), unsafe.Slice(n, 32)) }

// funcs128 and funcs256 are literals the compiler initializes statically:
// they are inlined into the variables above, which then name only their
// own family's functions.
func funcs128(init func(st, k, n *byte)) asm.Funcs {
	return asm.Funcs{
		Init: init,
		Absorb: func(st, ad *byte, blocks int) {
			s := s128(st)
			s.Absorb(unsafe.Slice(ad, blocks*s.Rate()))
		},
		Enc: func(st, out, in *byte, blocks int) {
			s := s128(st)
			n := blocks * s.Rate()
			s.Enc(unsafe.Slice(out, n), unsafe.Slice(in, n))
		},
		Dec: func(st, out, in *byte, blocks int) {
			s := s128(st)
			n := blocks * s.Rate()
			s.Dec(unsafe.Slice(out, n), unsafe.Slice(in, n))
		},
		EncPartial: func(st, out, in *byte, inlen int) {
			s128(st).EncPartial(unsafe.Slice(out, inlen), unsafe.Slice(in, inlen))
		},
		DecPartial: func(st, out, in *byte, inlen int) {
			s128(st).DecPartial(unsafe.Slice(out, inlen), unsafe.Slice(in, inlen))
		},
		Stream: func(st, out, in *byte, blocks int) {
			s := s128(st)
			n := blocks * s.Rate()
			s.KeyStream(unsafe.Slice(out, n), unsafe.Slice(in, n))
		},
		KeyBlock: func(st, z *byte) {
			s := s128(st)
			s.KeyBlock(unsafe.Slice(z, s.Rate()))
		},
		Finalize: func(st, tag *byte, adlen, mlen uint64, taglen int) {
			s128(st).Finalize(8*adlen, 8*mlen, unsafe.Slice(tag, taglen))
		},
		MACFinalize: func(st, tag, last *byte, datalen uint64, taglen int) {
			c := *s128(st)
			if rest := int(datalen % uint64(c.Rate())); rest > 0 {
				c.AbsorbPartial(unsafe.Slice(last, rest))
			}
			c.FinalizeMAC(8*datalen, unsafe.Slice(tag, taglen))
		},
	}
}

func funcs256(init func(st, k, n *byte)) asm.Funcs {
	return asm.Funcs{
		Init: init,
		Absorb: func(st, ad *byte, blocks int) {
			s := s256(st)
			s.Absorb(unsafe.Slice(ad, blocks*s.Rate()))
		},
		Enc: func(st, out, in *byte, blocks int) {
			s := s256(st)
			n := blocks * s.Rate()
			s.Enc(unsafe.Slice(out, n), unsafe.Slice(in, n))
		},
		Dec: func(st, out, in *byte, blocks int) {
			s := s256(st)
			n := blocks * s.Rate()
			s.Dec(unsafe.Slice(out, n), unsafe.Slice(in, n))
		},
		EncPartial: func(st, out, in *byte, inlen int) {
			s256(st).EncPartial(unsafe.Slice(out, inlen), unsafe.Slice(in, inlen))
		},
		DecPartial: func(st, out, in *byte, inlen int) {
			s256(st).DecPartial(unsafe.Slice(out, inlen), unsafe.Slice(in, inlen))
		},
		Stream: func(st, out, in *byte, blocks int) {
			s := s256(st)
			n := blocks * s.Rate()
			s.KeyStream(unsafe.Slice(out, n), unsafe.Slice(in, n))
		},
		KeyBlock: func(st, z *byte) {
			s := s256(st)
			s.KeyBlock(unsafe.Slice(z, s.Rate()))
		},
		Finalize: func(st, tag *byte, adlen, mlen uint64, taglen int) {
			s256(st).Finalize(8*adlen, 8*mlen, unsafe.Slice(tag, taglen))
		},
		MACFinalize: func(st, tag, last *byte, datalen uint64, taglen int) {
			c := *s256(st)
			if rest := int(datalen % uint64(c.Rate())); rest > 0 {
				c.AbsorbPartial(unsafe.Slice(last, rest))
			}
			c.FinalizeMAC(8*datalen, unsafe.Slice(tag, taglen))
		},
	}
}
