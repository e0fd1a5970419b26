// SPDX-License-Identifier: MIT

package soft

import (
	"encoding/binary"
	"runtime"
)

// useFused says whether AEGIS-128L and AEGIS-256 run their bulk loops and
// Init's and Finalize's chains of updates in the fused loops of
// fused_gen.go rather than in the loops of small functions: on wasm,
// where a Go call passes its arguments and return address through linear
// memory and checks for unwinding on return, and the fused loops run 1
// MiB about 2.2 (AEGIS-128L) and 1.9 (AEGIS-256) times as fast under
// node. Elsewhere the calls cost little and the generic loops are as
// fast, so nothing changes there: this is a constant, and their compilers
// drop the fused code. TestFused runs the fused loops on every GOARCH,
// against the generic ones.
const useFused = runtime.GOARCH == "wasm"

// fused runs crypt128 (mode absorb256, enc256 or dec256) over src, a
// whole number of rate blocks, to dst: the 64-byte chunks in place, a
// last rate block through a buffer.
func (s *State128) fused(dst, src []byte, mode mode256) {
	n := len(src) &^ 63
	if n > 0 {
		crypt128(&s.g, dst, src, 2, mode)
	}
	if n < len(src) {
		if dst != nil { // absorb256 has none
			dst = dst[n:]
		}
		s.fusedTail(dst, src[n:], mode)
	}
}

// fusedTail runs the update of the one rate block (32 bytes) of src, to
// dst (which may be src exactly): its keystream and message computed
// here, on the packed block (M0 in lane 0, M1 in lane 2), and the update
// by update128N. It does not run crypt128: short messages would
// alternate it with update128N, and the two do not fit in the
// instruction cache together (V8's code for each is 14 to 20 KB).
func (s *State128) fusedTail(dst, src []byte, mode mode256) {
	var m, z group
	loadPack4(&m, (*[16]byte)(src[0:16]), &zero16, (*[16]byte)(src[16:32]), &zero16)
	dm := uint64(0) // the keystream's share of the message: the plaintext when decrypting
	if mode == dec256 {
		dm = ^uint64(0)
	}
	g := &s.g
	for i := range m {
		x, y := g[0][i], g[1][i]
		k := (y ^ (x>>3&lane0 | x<<1&lane2) ^ (x&y)>>1) & lane02
		z[i] = m[i] ^ k
		m[i] ^= k & dm
	}
	update128N(g, &m, 1)
	if mode != absorb256 {
		var b [64]byte
		unpackStore4(&b, &z)
		for i := 0; i < 16; i += 8 {
			le.PutUint64(dst[i:i+8], le.Uint64(b[i:i+8]))
			le.PutUint64(dst[16+i:24+i], le.Uint64(b[32+i:40+i]))
		}
		for i := 0; i < 64; i += 8 {
			le.PutUint64(b[i:i+8], 0)
		}
	}
	m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7] = 0, 0, 0, 0, 0, 0, 0, 0
	z[0], z[1], z[2], z[3], z[4], z[5], z[6], z[7] = 0, 0, 0, 0, 0, 0, 0, 0
}

// zero16 is a block of zeros, for the lanes that a tail leaves empty.
var zero16 [16]byte

// fused runs crypt256 as State128.fused does crypt128, with up to three
// rate blocks in the last chunk.
func (s *State256) fused(dst, src []byte, mode mode256) {
	n := len(src) &^ 63
	if n > 0 {
		crypt256(&s.g, dst, src, 4, mode)
	}
	if n < len(src) {
		if dst != nil { // absorb256 has none
			dst = dst[n:]
		}
		s.fusedTail(dst, src[n:], mode)
	}
}

// fusedTail runs the updates of the one to three rate blocks (16 bytes
// each) of src, to dst (which may be src exactly), as State128.fusedTail
// does: block t packed in lane t, moved to lane 0 for its update.
func (s *State256) fusedTail(dst, src []byte, mode mode256) {
	nb := len(src) / 16
	var blk [4]*[16]byte
	for t := range blk {
		blk[t] = &zero16
		if t < nb {
			blk[t] = (*[16]byte)(src[16*t : 16*t+16])
		}
	}
	var m, w, z group
	loadPack4(&m, blk[0], blk[1], blk[2], blk[3])
	dm := uint64(0)
	if mode == dec256 {
		dm = ^uint64(0)
	}
	g := &s.g
	for t := range uint(nb) {
		for i := range m {
			x := m[i] >> t & lane0
			k := ks256w1(g[0][i], g[1][i])
			z[i] |= (x ^ k) << t
			w[i] = x ^ k&dm
		}
		update256N(g, &w, 1)
	}
	if mode != absorb256 {
		var b [64]byte
		unpackStore4(&b, &z)
		for i := 0; i < 16*nb; i += 8 {
			le.PutUint64(dst[i:i+8], le.Uint64(b[i:i+8]))
		}
		for i := 0; i < 64; i += 8 {
			le.PutUint64(b[i:i+8], 0)
		}
	}
	m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7] = 0, 0, 0, 0, 0, 0, 0, 0
	w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7] = 0, 0, 0, 0, 0, 0, 0, 0
	z[0], z[1], z[2], z[3], z[4], z[5], z[6], z[7] = 0, 0, 0, 0, 0, 0, 0, 0
}

// le is the byte order of the moves of the tails: any would do.
var le = binary.LittleEndian
