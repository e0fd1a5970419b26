// SPDX-License-Identifier: MIT

package asm

// TEMPORARY: the types of the asm branch, until it merges.

type OneShot struct {
	Seal func(k *byte, n [32]byte, out, m *byte, mlen int, ad *byte, adlen, taglen int)
	Open func(k *byte, n [32]byte, out, c *byte, clen int, ad *byte, adlen int, tag *byte, taglen int) bool
}

type Funcs struct {
	Init                   func(st, k, n *byte)
	Absorb                 func(st, ad *byte, blocks int)
	Enc, Dec               func(st, out, in *byte, blocks int)
	EncPartial, DecPartial func(st, out, in *byte, inlen int)
	Stream                 func(st, out, in *byte, blocks int)
	KeyBlock               func(st, z *byte)
	Finalize               func(st, tag *byte, adlen, mlen uint64, taglen int)
	MACFinalize            func(st, tag, last *byte, datalen uint64, taglen int)
}

var OneShot128L, OneShot128X2, OneShot128X4, OneShot256, OneShot256X2, OneShot256X4 [NumKernels]OneShot
var Funcs128L, Funcs128X2, Funcs128X4, Funcs256, Funcs256X2, Funcs256X4 [NumKernels]Funcs
