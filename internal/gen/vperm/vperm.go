// SPDX-License-Identifier: MIT

// Package vperm derives the tables of the C core's vperm kernel
// (csrc/kernel_vperm.h) from the field arithmetic, and runs its AES round
// in Go, step for step as the C does, so that tests can check the tables
// and the sequence on every input. internal/gen writes the tables to
// csrc/vperm_tables.h.
//
// # The method
//
// The AES S-box is an inversion in GF(2^8), then an affine map. An
// inversion by table lookup of the whole byte would index memory with
// secret data; a vector-permute round instead looks up 4-bit values in
// 16-byte tables held in registers (PSHUFB on x86, TBL on arm64), which
// takes the same time whatever the index. For that the byte is moved into
// a tower field, where the inversion is done with 4-bit operations:
//
//   - GF(2^4) is GF(2)[y]/(y^4 + y + 1), and GF(2^8) is
//     GF(2^4)[z]/(z^2 + z + λ), with λ the first element of trace 1 over
//     GF(2), which makes z^2 + z + λ irreducible. An AES byte x becomes h·z + l by the
//     isomorphism that sends the AES generator (the class of x) to a root
//     ω of the AES polynomial x^8 + x^4 + x^3 + x + 1 in the tower: a
//     linear map, so two 16-entry tables of the byte's nibbles (InHi,
//     InLo) give it.
//
//   - In the normal basis of the two roots β = z and β' = z + 1 (β + β' =
//     1, ββ' = λ), x = iβ + jβ' with j = l and k = i + j = h. Frobenius
//     swaps the roots, so x^16 = iβ' + jβ, and the norm N = x^17 = λk^2 +
//     ij lies in GF(2^4): x^-1 = x^16 / N = (j/N)β + (i/N)β'.
//
// The two nibbles of x^-1 then come out of inversions and additions
// alone, each a table lookup of one nibble or an XOR:
//
//	P  = 1/i + 1/(λk)     Q  = 1/P  + j  =  N / ((1+λ)i + λj)
//	P' = 1/j + 1/(λk)     Q' = 1/P' + i  =  N / (λi + (1+λ)j)
//
// (expand 1/P = λik/(λk + i), and λk(i + j) + ij = N). So 1/Q and 1/Q' are
// two GF(2^4)-linear combinations of i/N and j/N by the matrix [[1+λ, λ],
// [λ, 1+λ]], whose determinant is 1 and which is its own inverse:
// i/N = (1+λ)/Q + λ/Q' and j/N = λ/Q + (1+λ)/Q'. In the polynomial basis
// x^-1 = (1/Q + 1/Q')z + ((1+λ)/Q + λ/Q'), a function of Q plus a function
// of Q'. Two output tables of Q and Q' then give the S-box's linear part
// of x^-1 mapped back to AES bytes (Out1, Out2), and two more its double
// (Out1X2, Out2X2), which MixColumns needs.
//
// Zero has no inverse, and the formulas want 1/0 = ∞ wherever i, j, k, P
// or P' is 0. The inversion tables give 0x80 for 0: an XOR with a nibble
// keeps that high bit, and a lookup of an index with the high bit set
// gives 0 on both instruction sets (PSHUFB zeroes the lane, TBL gives 0
// for an index past the table), which is 1/∞ = 0. The one place where
// two ∞ meet, x = 0 (i = k = 0, so P = 0x80 ^ 0x80 = 0), gives Q = Q' = ∞
// and so x^-1 = 0, which is what AES takes as the inverse of 0.
//
// The S-box's constant 0x63 stays out of the tables (a lookup that gives
// 0 for ∞ could not carry it); MixColumns maps a block of 0x63 bytes to
// itself, so the round adds it once, to the round key. ShiftRows is one
// byte shuffle before the S-box, and MixColumns, with s the S-box's
// output, d = 2s, and R_m the rotation of each 4-byte column by m bytes
// (byte r of a column takes byte r+m), is
//
//	MC(s) = d ^ R1(d) ^ R1(s) ^ R2(s) ^ R3(s) = u ^ R1(u ^ s),  u = d ^ R2(s)
//
// in two shuffles and three XORs.
//
// # The state in the tower
//
// Over a run of whole blocks the kernel keeps the AEGIS state in the
// tower form (kernel_vperm.h, vperm_run256): each byte as toTower of
// itself, which is linear, so XORs of state words and message words
// commute with it. A round then skips InHi and InLo, and its output
// tables give the tower form (Out1T, Out2T, Out1X2T, Out2X2T):
// MixColumns' doubling is a table of its own and its rotations move
// bytes, so they work in either form, as the round key does, and the
// constant 0x63 becomes TowerConst. Only the keystream's AND is not
// linear: its operands go back to AES bytes through FromHi and FromLo,
// as does the rest of the keystream word, and the message goes in
// through InHi and InLo.
package vperm

import (
	"fmt"

	"github.com/aegisgo/aegis/internal/testing/ref"
)

// Field arithmetic.

// gf16Mul multiplies in GF(2^4) = GF(2)[y]/(y^4 + y + 1).
func gf16Mul(a, b byte) byte {
	var p byte
	for i := 0; i < 4; i++ {
		if b&(1<<i) != 0 {
			p ^= a
		}
		a <<= 1
		if a&0x10 != 0 {
			a ^= 0x13
		}
	}
	return p & 0x0f
}

// gf16Inv inverts in GF(2^4), with 1/0 = 0 (callers that want ∞ say so).
func gf16Inv(a byte) byte {
	for b := byte(1); b < 16; b++ {
		if gf16Mul(a, b) == 1 {
			return b
		}
	}
	return 0
}

// Lambda is λ: the first element of GF(2^4) of trace 1, so that z^2 + z + λ
// has no root in GF(2^4).
var Lambda = func() byte {
	for l := byte(1); l < 16; l++ {
		l2 := gf16Mul(l, l)
		l4 := gf16Mul(l2, l2)
		l8 := gf16Mul(l4, l4)
		if l^l2^l4^l8 == 1 {
			return l
		}
	}
	panic("vperm: no element of trace 1 in GF(16)")
}()

// towerMul multiplies tower elements h·z + l, held as h<<4 | l, with
// z^2 = z + λ.
func towerMul(a, b byte) byte {
	ah, al, bh, bl := a>>4, a&15, b>>4, b&15
	hh := gf16Mul(ah, bh)
	h := hh ^ gf16Mul(ah, bl) ^ gf16Mul(al, bh)
	l := gf16Mul(al, bl) ^ gf16Mul(Lambda, hh)
	return h<<4 | l
}

// aesMul multiplies in the AES field: internal/testing/ref's, which the tests'
// S-box also comes from.
func aesMul(a, b byte) byte { return ref.Mul(a, b) }

// omega is the root of the AES polynomial in the tower that the AES
// generator maps to: the first one, as a byte.
var omega = func() byte {
	for w := 1; w < 256; w++ {
		p := [9]byte{1} // p[t] = w^t
		for t := 1; t <= 8; t++ {
			p[t] = towerMul(p[t-1], byte(w))
		}
		if p[8]^p[4]^p[3]^p[1]^p[0] == 0 {
			return byte(w)
		}
	}
	panic("vperm: the AES polynomial has no root in the tower")
}()

// toTower and fromTower are the isomorphism between the AES field and the
// tower, and its inverse.
var toTower, fromTower = func() (to, from [256]byte) {
	var pow [8]byte // pow[t] = ω^t
	pow[0] = 1
	for t := 1; t < 8; t++ {
		pow[t] = towerMul(pow[t-1], omega)
	}
	for x := 0; x < 256; x++ {
		var y byte
		for t := 0; t < 8; t++ {
			if x&(1<<t) != 0 {
				y ^= pow[t]
			}
		}
		to[x] = y
		from[y] = byte(x)
	}
	return to, from
}()

// affine is the linear part of the S-box's affine map.
func affine(b byte) byte {
	return b ^ (b<<1 | b>>7) ^ (b<<2 | b>>6) ^ (b<<3 | b>>5) ^ (b<<4 | b>>4)
}

func xtime(b byte) byte { return aesMul(b, 2) }

// SBoxConst is the S-box's constant, which the round adds to the round key.
const SBoxConst = 0x63

// Infinity is 1/0 in the inversion tables: a high bit that survives an XOR
// with a nibble and makes the next lookup give 0.
const Infinity = 0x80

// Tables are the kernel's constants, each a 16-byte shuffle table (Table)
// or shuffle pattern (the rest), in the order of the round.
type Tables struct {
	// ShiftRows: byte b of the result is byte ShiftRows[b] of the input.
	ShiftRows [16]byte
	// InHi and InLo: the tower form h<<4 | l of an AES byte is
	// InHi[byte>>4] ^ InLo[byte&15].
	InHi, InLo [16]byte
	// Inv: 1/n in GF(2^4), with 1/0 = Infinity.
	Inv [16]byte
	// InvLambdaK: 1/(λk), with 1/0 = Infinity.
	InvLambdaK [16]byte
	// Out1 and Out2: the S-box's linear part of x^-1 is Out1[Q] ^ Out2[Q'];
	// Out1X2 and Out2X2 give its double (xtime).
	Out1, Out2, Out1X2, Out2X2 [16]byte
	// Rot1 and Rot2: byte r of each column takes byte r+1 (r+2) of it.
	Rot1, Rot2 [16]byte
	// FromHi and FromLo: the AES byte of the tower form y is
	// FromHi[y>>4] ^ FromLo[y&15].
	FromHi, FromLo [16]byte
	// Out1T, Out2T, Out1X2T, Out2X2T: Out1 ... Out2X2 in the tower form.
	Out1T, Out2T, Out1X2T, Out2X2T [16]byte
	// TowerConst is the S-box's constant in the tower form.
	TowerConst byte
}

// Derive computes the tables.
func Derive() *Tables {
	var t Tables
	for c := 0; c < 4; c++ {
		for r := 0; r < 4; r++ {
			t.ShiftRows[4*c+r] = byte(4*((c+r)%4) + r)
			t.Rot1[4*c+r] = byte(4*c + (r+1)%4)
			t.Rot2[4*c+r] = byte(4*c + (r+2)%4)
		}
	}
	for n := byte(0); n < 16; n++ {
		t.InHi[n] = toTower[n<<4]
		t.InLo[n] = toTower[n]
		t.Inv[n], t.InvLambdaK[n] = Infinity, Infinity
		if n != 0 {
			t.Inv[n] = gf16Inv(n)
			t.InvLambdaK[n] = gf16Inv(gf16Mul(Lambda, n))
			// x^-1 = G1(Q) + G2(Q'): G1(q) = (1/q)z + (1+λ)/q and
			// G2(q) = (1/q)z + λ/q.
			iq := gf16Inv(n)
			g1 := iq<<4 | gf16Mul(1^Lambda, iq)
			g2 := iq<<4 | gf16Mul(Lambda, iq)
			t.Out1[n] = affine(fromTower[g1])
			t.Out2[n] = affine(fromTower[g2])
			t.Out1X2[n] = xtime(t.Out1[n])
			t.Out2X2[n] = xtime(t.Out2[n])
		}
		t.FromHi[n] = fromTower[n<<4]
		t.FromLo[n] = fromTower[n]
		t.Out1T[n] = toTower[t.Out1[n]]
		t.Out2T[n] = toTower[t.Out2[n]]
		t.Out1X2T[n] = toTower[t.Out1X2[n]]
		t.Out2X2T[n] = toTower[t.Out2X2[n]]
	}
	t.TowerConst = toTower[SBoxConst]
	return &t
}

// Named returns the tables with their names in the C header, in order.
func (t *Tables) Named() []struct {
	Name, Doc string
	Bytes     [16]byte
} {
	type nt = struct {
		Name, Doc string
		Bytes     [16]byte
	}
	return []nt{
		{"shiftrows", "ShiftRows: byte b of the result is byte shiftrows[b]", t.ShiftRows},
		{"in_hi", "the tower form of byte x is in_hi[x >> 4] ^ in_lo[x & 15]: (k << 4) | j", t.InHi},
		{"in_lo", "", t.InLo},
		{"inv", "1/n in GF(2^4); 1/0 is 0x80 (infinity)", t.Inv},
		{"inv_lk", "1/(lambda k) in GF(2^4); 1/0 is 0x80", t.InvLambdaK},
		{"out1", "the S-box's linear part of 1/x is out1[Q] ^ out2[Q']", t.Out1},
		{"out2", "", t.Out2},
		{"out1x2", "the same, doubled (xtime): for MixColumns", t.Out1X2},
		{"out2x2", "", t.Out2X2},
		{"rot1", "byte r of each column takes byte r + 1 of it", t.Rot1},
		{"rot2", "byte r of each column takes byte r + 2 of it", t.Rot2},
		{"from_hi", "the AES byte of the tower form y is from_hi[y >> 4] ^ from_lo[y & 15]", t.FromHi},
		{"from_lo", "", t.FromLo},
		{"out1t", "out1, out2, out1x2 and out2x2 in the tower form, for a state kept there", t.Out1T},
		{"out2t", "", t.Out2T},
		{"out1x2t", "", t.Out1X2T},
		{"out2x2t", "", t.Out2X2T},
	}
}

// Shuffle is a byte shuffle's semantics: PSHUFB (an index with its high
// bit set gives 0, and only the low 4 bits of the others count) or TBL
// (an index past the 16-byte table gives 0).
type Shuffle func(table [16]byte, idx byte) byte

// PSHUFB is x86's byte shuffle, one lane.
func PSHUFB(table [16]byte, idx byte) byte {
	if idx&0x80 != 0 {
		return 0
	}
	return table[idx&15]
}

// TBL is arm64's one-register table lookup, one lane.
func TBL(table [16]byte, idx byte) byte {
	if idx >= 16 {
		return 0
	}
	return table[idx]
}

type block = [16]byte

func (t *Tables) lookup(sh Shuffle, table [16]byte, idx block) (r block) {
	for b := range r {
		r[b] = sh(table, idx[b])
	}
	return r
}

func permute(sh Shuffle, v, pattern block) block {
	var r block
	for b := range r {
		r[b] = sh(v, pattern[b])
	}
	return r
}

func xor(a, b block) (r block) {
	for i := range r {
		r[i] = a[i] ^ b[i]
	}
	return r
}

func and(a block, m byte) (r block) {
	for i := range r {
		r[i] = a[i] & m
	}
	return r
}

// shr4 is a right shift by 4 of each 16-bit lane (x86's PSRLW; arm64
// shifts bytes, the same after the mask that follows it in the round).
func shr4(a block) (r block) {
	for i := 0; i < 16; i += 2 {
		w := (uint16(a[i]) | uint16(a[i+1])<<8) >> 4
		r[i], r[i+1] = byte(w), byte(w>>8)
	}
	return r
}

// Round is AESRound(in, rk) computed as kernel_vperm.h computes it, each
// step one vector operation, with the byte shuffle sh.
func (t *Tables) Round(sh Shuffle, in, rk block) block {
	x := permute(sh, in, t.ShiftRows)
	y := xor(t.lookup(sh, t.InHi, and(shr4(x), 0x0f)), t.lookup(sh, t.InLo, and(x, 0x0f)))
	return t.subMix(sh, y, rk, &t.Out1, &t.Out2, &t.Out1X2, &t.Out2X2, SBoxConst)
}

// subMix is the rest of a round from y, its rows shifted and its bytes in
// the tower form, as vperm_sub_mix computes it: the inversion, the output
// tables o1, o2 (s) and o1x2, o2x2 (2s), MixColumns, then the round key
// and the S-box's constant c in the output's basis.
func (t *Tables) subMix(sh Shuffle, y, rk block, o1, o2, o1x2, o2x2 *[16]byte, c byte) block {
	j := and(y, 0x0f)
	k := and(shr4(y), 0x0f)
	i := xor(j, k)
	lk := t.lookup(sh, t.InvLambdaK, k)
	p := xor(t.lookup(sh, t.Inv, i), lk)
	p2 := xor(t.lookup(sh, t.Inv, j), lk)
	q := xor(t.lookup(sh, t.Inv, p), j)
	q2 := xor(t.lookup(sh, t.Inv, p2), i)
	s := xor(t.lookup(sh, *o1, q), t.lookup(sh, *o2, q2))
	d := xor(t.lookup(sh, *o1x2, q), t.lookup(sh, *o2x2, q2))
	u := xor(d, permute(sh, s, t.Rot2))
	w := permute(sh, xor(u, s), t.Rot1)
	var cb block
	for b := range cb {
		cb[b] = c
	}
	return xor(xor(u, w), xor(rk, cb))
}

// ToTower is a block in the tower form, as the kernel computes it.
func (t *Tables) ToTower(sh Shuffle, x block) block {
	return xor(t.lookup(sh, t.InHi, and(shr4(x), 0x0f)), t.lookup(sh, t.InLo, and(x, 0x0f)))
}

// FromTower is the block of AES bytes whose tower form is y.
func (t *Tables) FromTower(sh Shuffle, y block) block {
	return xor(t.lookup(sh, t.FromHi, and(shr4(y), 0x0f)), t.lookup(sh, t.FromLo, and(y, 0x0f)))
}

// RoundTower is Round on blocks in the tower form, in and out: the
// kernel's round over a run of whole blocks (vperm_aesround_t).
func (t *Tables) RoundTower(sh Shuffle, in, rk block) block {
	y := permute(sh, in, t.ShiftRows)
	return t.subMix(sh, y, rk, &t.Out1T, &t.Out2T, &t.Out1X2T, &t.Out2X2T, t.TowerConst)
}

// SubByte is the S-box of x through the tables, as Round computes it
// lane by lane.
func (t *Tables) SubByte(sh Shuffle, x byte) byte {
	y := sh(t.InHi, x>>4) ^ sh(t.InLo, x&15)
	j, k := y&15, y>>4
	i := j ^ k
	lk := sh(t.InvLambdaK, k)
	p, p2 := sh(t.Inv, i)^lk, sh(t.Inv, j)^lk
	q, q2 := sh(t.Inv, p)^j, sh(t.Inv, p2)^i
	return sh(t.Out1, q) ^ sh(t.Out2, q2) ^ SBoxConst
}

// Header returns csrc/vperm_tables.h.
func (t *Tables) Header() string {
	var b []byte
	b = fmt.Appendf(b, `/* SPDX-License-Identifier: MIT */

/* Code generated by internal/gen/main.go from internal/gen/vperm; DO NOT EDIT. */

/*
 * vperm_tables.h: the shuffle tables of the vperm kernel (kernel_vperm.h),
 * derived in internal/gen/vperm from the field arithmetic: GF(2^4) modulo
 * y^4 + y + 1, the tower GF(2^4)[z]/(z^2 + z + lambda) with lambda = %#x,
 * and the AES generator sent to the root %#02x of the AES polynomial
 * there. internal/gen/vperm's package doc gives the method and its formulas.
 */
#ifndef AEGISGO_VPERM_TABLES_H
#define AEGISGO_VPERM_TABLES_H

#include <stdint.h>

`, Lambda, omega)
	for _, n := range t.Named() {
		if n.Doc != "" {
			b = fmt.Appendf(b, "/* %s */\n", n.Doc)
		}
		b = fmt.Appendf(b, "static const uint8_t aegisgo_vperm_%s[16] __attribute__((aligned(16))) = {\n   ", n.Name)
		for _, v := range n.Bytes {
			b = fmt.Appendf(b, " 0x%02x,", v)
		}
		b = append(b, "\n};\n"...)
	}
	b = fmt.Appendf(b, "/* the S-box's constant 0x63 in the tower form */\n#define AEGISGO_VPERM_TOWER_CONST %#02x\n", t.TowerConst)
	b = append(b, "\n#endif\n"...)
	return string(b)
}
