// SPDX-License-Identifier: MIT

package soft

import "math/bits"

// This file is the only one that knows the bitsliced layout (see the
// package doc): the AES round, the lane moves and the conversions in and
// out. The AEGIS code in aegis128.go and aegis256.go is written in terms
// of these functions alone, so a round of another shape (128-bit vectors,
// 32-bit words) replaces this file and nothing else.

// group is four AES blocks, bitsliced: q[i] holds bit i of every byte of
// the four, the bit of byte 4c+r (row r, column c) of block k at position
// 16r + 4c + k.
type group [8]uint64

// Lane masks: a lane (block) k is bit k of every nibble.
const (
	lane0   = 0x1111111111111111
	lane01  = 0x3333333333333333
	lane02  = 0x5555555555555555
	lane12  = 0x6666666666666666
	lane123 = 0xeeeeeeeeeeeeeeee
)

// laneMove is a move of lanes that a round applies to its input: group
// 0's input is the last group with its lanes moved (see State128).
type laneMove int

const (
	moveNone laneMove = iota
	moveRot           // lane k to lane k+1, lane 3 to lane 0
	moveRot3          // lanes 0, 1 up by one, lane 2 to lane 0, lane 3 zero
	moveSwap          // lanes 0, 1 and lanes 2, 3 exchanged
)

// aesRound sets out to AESRound(x, k) of the four blocks of each group.
// out may be x or k.
func aesRound(out, x, k *group) { aesRoundIn(out, x, k, nil, moveNone) }

// aesRoundIn sets out to AESRound(mv(x), k ^ m) of the four blocks of
// each group, m nil meaning zero. out may be x, k or m. Its steps have no
// branch, no memory access that depends on the data and no shift by a
// variable amount; it branches on mv and on m being nil only.
func aesRoundIn(out, x, k, m *group, mv laneMove) {
	// The S-box circuit names the bits of a byte most significant first:
	// x0 is plane 7, x7 plane 0.
	x7, x6, x5, x4, x3, x2, x1, x0 := x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7]
	switch mv {
	case moveRot:
		x0, x1, x2, x3 = rotLanesW(x0), rotLanesW(x1), rotLanesW(x2), rotLanesW(x3)
		x4, x5, x6, x7 = rotLanesW(x4), rotLanesW(x5), rotLanesW(x6), rotLanesW(x7)
	case moveRot3:
		x0, x1, x2, x3 = rotLanes3W(x0), rotLanes3W(x1), rotLanes3W(x2), rotLanes3W(x3)
		x4, x5, x6, x7 = rotLanes3W(x4), rotLanes3W(x5), rotLanes3W(x6), rotLanes3W(x7)
	case moveSwap:
		x0, x1, x2, x3 = swapHalvesW(x0), swapHalvesW(x1), swapHalvesW(x2), swapHalvesW(x3)
		x4, x5, x6, x7 = swapHalvesW(x4), swapHalvesW(x5), swapHalvesW(x6), swapHalvesW(x7)
	}

	// SubBytes: the circuit of 113 gates (32 AND) published by Boyar and
	// Peralta, a linear layer into 22 values, a shared nonlinear middle
	// (the inversion in a tower field) and a linear layer out, with the
	// affine constant 0x63 as four complements. It is written here, not
	// called: a call costs the round a twentieth in moves of its eight
	// inputs and outputs.

	// Top linear layer.
	y14 := x3 ^ x5
	y13 := x0 ^ x6
	y9 := x0 ^ x3
	y8 := x0 ^ x5
	t0 := x1 ^ x2
	y1 := t0 ^ x7
	y4 := y1 ^ x3
	y12 := y13 ^ y14
	y2 := y1 ^ x0
	y5 := y1 ^ x6
	y3 := y5 ^ y8
	t1 := x4 ^ y12
	y15 := t1 ^ x5
	y20 := t1 ^ x1
	y6 := y15 ^ x7
	y10 := y15 ^ t0
	y11 := y20 ^ y9
	y7 := x7 ^ y11
	y17 := y10 ^ y11
	y19 := y10 ^ y8
	y16 := t0 ^ y11
	y21 := y13 ^ y16
	y18 := x0 ^ y16

	// Nonlinear middle.
	t2 := y12 & y15
	t3 := y3 & y6
	t4 := t3 ^ t2
	t5 := y4 & x7
	t6 := t5 ^ t2
	t7 := y13 & y16
	t8 := y5 & y1
	t9 := t8 ^ t7
	t10 := y2 & y7
	t11 := t10 ^ t7
	t12 := y9 & y11
	t13 := y14 & y17
	t14 := t13 ^ t12
	t15 := y8 & y10
	t16 := t15 ^ t12
	t17 := t4 ^ t14
	t18 := t6 ^ t16
	t19 := t9 ^ t14
	t20 := t11 ^ t16
	t21 := t17 ^ y20
	t22 := t18 ^ y19
	t23 := t19 ^ y21
	t24 := t20 ^ y18

	t25 := t21 ^ t22
	t26 := t21 & t23
	t27 := t24 ^ t26
	t28 := t25 & t27
	t29 := t28 ^ t22
	t30 := t23 ^ t24
	t31 := t22 ^ t26
	t32 := t31 & t30
	t33 := t32 ^ t24
	t34 := t23 ^ t33
	t35 := t27 ^ t33
	t36 := t24 & t35
	t37 := t36 ^ t34
	t38 := t27 ^ t36
	t39 := t29 & t38
	t40 := t25 ^ t39

	t41 := t40 ^ t37
	t42 := t29 ^ t33
	t43 := t29 ^ t40
	t44 := t33 ^ t37
	t45 := t42 ^ t41
	z0 := t44 & y15
	z1 := t37 & y6
	z2 := t33 & x7
	z3 := t43 & y16
	z4 := t40 & y1
	z5 := t29 & y7
	z6 := t42 & y11
	z7 := t45 & y17
	z8 := t41 & y10
	z9 := t44 & y12
	z10 := t37 & y3
	z11 := t33 & y4
	z12 := t43 & y13
	z13 := t40 & y5
	z14 := t29 & y2
	z15 := t42 & y9
	z16 := t45 & y14
	z17 := t41 & y8

	// Bottom linear layer.
	t46 := z15 ^ z16
	t47 := z10 ^ z11
	t48 := z5 ^ z13
	t49 := z9 ^ z10
	t50 := z2 ^ z12
	t51 := z2 ^ z5
	t52 := z7 ^ z8
	t53 := z0 ^ z3
	t54 := z6 ^ z7
	t55 := z16 ^ z17
	t56 := z12 ^ t48
	t57 := t50 ^ t53
	t58 := z4 ^ t46
	t59 := z3 ^ t54
	t60 := t46 ^ t57
	t61 := z14 ^ t57
	t62 := t52 ^ t58
	t63 := t49 ^ t58
	t64 := z4 ^ t59
	t65 := t61 ^ t62
	t66 := z1 ^ t63
	s0 := t59 ^ t63
	s6 := ^(t56 ^ t62)
	s7 := ^(t48 ^ t60)
	t67 := t64 ^ t65
	s3 := t53 ^ t66
	s4 := t51 ^ t66
	s5 := t47 ^ t65
	s1 := ^(t64 ^ s3)
	s2 := ^(t55 ^ t67)

	q7, q6, q5, q4, q3, q2, q1, q0 := s0, s1, s2, s3, s4, s5, s6, s7

	q0, q1, q2, q3 = shiftRows(q0), shiftRows(q1), shiftRows(q2), shiftRows(q3)
	q4, q5, q6, q7 = shiftRows(q4), shiftRows(q5), shiftRows(q6), shiftRows(q7)

	// MixColumns: with a_r the byte of row r in a column,
	// out_r = 2(a_r ^ a_r+1) ^ a_r+1 ^ (a_r+2 ^ a_r+3). Rows are 16-bit
	// fields, so a_r+1 is a rotation by 16 and the last term the rotation
	// by 32 of c = a_r ^ a_r+1. Doubling moves every plane up by one and
	// folds plane 7 back into planes 0, 1, 3 and 4 (0x1b).
	r0, r1, r2, r3 := bits.RotateLeft64(q0, -16), bits.RotateLeft64(q1, -16), bits.RotateLeft64(q2, -16), bits.RotateLeft64(q3, -16)
	r4, r5, r6, r7 := bits.RotateLeft64(q4, -16), bits.RotateLeft64(q5, -16), bits.RotateLeft64(q6, -16), bits.RotateLeft64(q7, -16)
	c0, c1, c2, c3 := q0^r0, q1^r1, q2^r2, q3^r3
	c4, c5, c6, c7 := q4^r4, q5^r5, q6^r6, q7^r7
	o0 := c7 ^ r0 ^ bits.RotateLeft64(c0, 32) ^ k[0]
	o1 := c0 ^ c7 ^ r1 ^ bits.RotateLeft64(c1, 32) ^ k[1]
	o2 := c1 ^ r2 ^ bits.RotateLeft64(c2, 32) ^ k[2]
	o3 := c2 ^ c7 ^ r3 ^ bits.RotateLeft64(c3, 32) ^ k[3]
	o4 := c3 ^ c7 ^ r4 ^ bits.RotateLeft64(c4, 32) ^ k[4]
	o5 := c4 ^ r5 ^ bits.RotateLeft64(c5, 32) ^ k[5]
	o6 := c5 ^ r6 ^ bits.RotateLeft64(c6, 32) ^ k[6]
	o7 := c6 ^ r7 ^ bits.RotateLeft64(c7, 32) ^ k[7]
	if m != nil {
		o0, o1, o2, o3 = o0^m[0], o1^m[1], o2^m[2], o3^m[3]
		o4, o5, o6, o7 = o4^m[4], o5^m[5], o6^m[6], o7^m[7]
	}
	out[0], out[1], out[2], out[3], out[4], out[5], out[6], out[7] = o0, o1, o2, o3, o4, o5, o6, o7
}

// shiftRows moves row r of each block left by r columns: in a plane, the
// nibbles of the 16-bit field of row r rotate by r. Rows 1 and 3 rotate by
// one nibble, then rows 2 and 3 by two (a swap of bytes).
func shiftRows(x uint64) uint64 {
	x = x&0x0000ffff0000ffff | (x>>4)&0x0fff00000fff0000 | (x<<12)&0xf0000000f0000000
	t := (x ^ x>>8) & 0x00ff00ff00000000
	return x ^ t ^ t<<8
}

// Lane moves, on one plane.

// rotLanesW moves lane k to lane k+1 and lane 3 to lane 0.
func rotLanesW(x uint64) uint64 { return x<<1&lane123 | x>>3&lane0 }

// rotLanes3W moves lanes 0 and 1 up by one and lane 2 to lane 0, leaving
// lane 3 zero: a rotation of three lanes.
func rotLanes3W(x uint64) uint64 { return x<<1&lane12 | x>>2&lane0 }

// swapHalvesW exchanges lanes 0, 1 with lanes 2, 3.
func swapHalvesW(x uint64) uint64 { return x>>2&lane01 | x<<2&^lane01 }

// The conversions. A block of 16 bytes is loaded as two little-endian
// 64-bit words, so the bits of one word are indexed by (bit of byte 3,
// row 2, column bit 0 1) and the eight words of four blocks by (column bit
// 1, block 2). Six exchanges of one index bit of the word number with one
// of the bit position (swapMove) give the layout of group: each moves
// 4 x 64 bits with six operations.

// swapMove exchanges the bits of lo at the positions of mask m shifted up
// by s with the bits of hi at the positions of m.
func swapMove(lo, hi, m uint64, s uint) (uint64, uint64) {
	t := (lo>>s ^ hi) & m
	return lo ^ t<<s, hi ^ t
}

// pack turns eight words (words 2k and 2k+1: the little-endian halves of
// block k) into a group, in place.
func pack(w *group) {
	w0, w1, w2, w3, w4, w5, w6, w7 := w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]
	// Position bit 0 with word bit 1, position bit 1 with word bit 2.
	w0, w2 = swapMove(w0, w2, 0x5555555555555555, 1)
	w1, w3 = swapMove(w1, w3, 0x5555555555555555, 1)
	w4, w6 = swapMove(w4, w6, 0x5555555555555555, 1)
	w5, w7 = swapMove(w5, w7, 0x5555555555555555, 1)
	w0, w4 = swapMove(w0, w4, 0x3333333333333333, 2)
	w1, w5 = swapMove(w1, w5, 0x3333333333333333, 2)
	w2, w6 = swapMove(w2, w6, 0x3333333333333333, 2)
	w3, w7 = swapMove(w3, w7, 0x3333333333333333, 2)
	// Position bits 3, 4, 5 and 2 with word bit 0, in turn: the rows move
	// up to bits 4 and 5, the columns to bits 2 and 3.
	w0, w1 = swapMove(w0, w1, 0x00ff00ff00ff00ff, 8)
	w2, w3 = swapMove(w2, w3, 0x00ff00ff00ff00ff, 8)
	w4, w5 = swapMove(w4, w5, 0x00ff00ff00ff00ff, 8)
	w6, w7 = swapMove(w6, w7, 0x00ff00ff00ff00ff, 8)
	w0, w1 = swapMove(w0, w1, 0x0000ffff0000ffff, 16)
	w2, w3 = swapMove(w2, w3, 0x0000ffff0000ffff, 16)
	w4, w5 = swapMove(w4, w5, 0x0000ffff0000ffff, 16)
	w6, w7 = swapMove(w6, w7, 0x0000ffff0000ffff, 16)
	w0, w1 = swapMove(w0, w1, 0x00000000ffffffff, 32)
	w2, w3 = swapMove(w2, w3, 0x00000000ffffffff, 32)
	w4, w5 = swapMove(w4, w5, 0x00000000ffffffff, 32)
	w6, w7 = swapMove(w6, w7, 0x00000000ffffffff, 32)
	w0, w1 = swapMove(w0, w1, 0x0f0f0f0f0f0f0f0f, 4)
	w2, w3 = swapMove(w2, w3, 0x0f0f0f0f0f0f0f0f, 4)
	w4, w5 = swapMove(w4, w5, 0x0f0f0f0f0f0f0f0f, 4)
	w6, w7 = swapMove(w6, w7, 0x0f0f0f0f0f0f0f0f, 4)
	// Word bits now hold bit 2 (word bit 0), bit 0 (1) and bit 1 (2).
	w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7] = w0, w2, w4, w6, w1, w3, w5, w7
}

// unpack is the inverse of pack, in place.
func unpack(w *group) {
	w0, w2, w4, w6, w1, w3, w5, w7 := w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]
	w0, w1 = swapMove(w0, w1, 0x0f0f0f0f0f0f0f0f, 4)
	w2, w3 = swapMove(w2, w3, 0x0f0f0f0f0f0f0f0f, 4)
	w4, w5 = swapMove(w4, w5, 0x0f0f0f0f0f0f0f0f, 4)
	w6, w7 = swapMove(w6, w7, 0x0f0f0f0f0f0f0f0f, 4)
	w0, w1 = swapMove(w0, w1, 0x00000000ffffffff, 32)
	w2, w3 = swapMove(w2, w3, 0x00000000ffffffff, 32)
	w4, w5 = swapMove(w4, w5, 0x00000000ffffffff, 32)
	w6, w7 = swapMove(w6, w7, 0x00000000ffffffff, 32)
	w0, w1 = swapMove(w0, w1, 0x0000ffff0000ffff, 16)
	w2, w3 = swapMove(w2, w3, 0x0000ffff0000ffff, 16)
	w4, w5 = swapMove(w4, w5, 0x0000ffff0000ffff, 16)
	w6, w7 = swapMove(w6, w7, 0x0000ffff0000ffff, 16)
	w0, w1 = swapMove(w0, w1, 0x00ff00ff00ff00ff, 8)
	w2, w3 = swapMove(w2, w3, 0x00ff00ff00ff00ff, 8)
	w4, w5 = swapMove(w4, w5, 0x00ff00ff00ff00ff, 8)
	w6, w7 = swapMove(w6, w7, 0x00ff00ff00ff00ff, 8)
	w0, w4 = swapMove(w0, w4, 0x3333333333333333, 2)
	w1, w5 = swapMove(w1, w5, 0x3333333333333333, 2)
	w2, w6 = swapMove(w2, w6, 0x3333333333333333, 2)
	w3, w7 = swapMove(w3, w7, 0x3333333333333333, 2)
	w0, w2 = swapMove(w0, w2, 0x5555555555555555, 1)
	w1, w3 = swapMove(w1, w3, 0x5555555555555555, 1)
	w4, w6 = swapMove(w4, w6, 0x5555555555555555, 1)
	w5, w7 = swapMove(w5, w7, 0x5555555555555555, 1)
	w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7] = w0, w1, w2, w3, w4, w5, w6, w7
}
