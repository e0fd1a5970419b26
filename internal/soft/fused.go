// SPDX-License-Identifier: MIT

package soft

import "runtime"

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

// lanesAll copies lane 0 of each plane of w to all four lanes.
func lanesAll(w *group) (r group) {
	for i := range w {
		x := w[i] & lane0
		r[i] = x | x<<1 | x<<2 | x<<3
	}
	return r
}

// fused runs crypt128 (mode absorb256, enc256 or dec256) over src, a
// whole number of rate blocks, to dst: the 64-byte chunks in place, a
// last rate block through a buffer.
func (s *State128) fused(dst, src []byte, mode mode256) {
	n := len(src) &^ 63
	crypt128(&s.g, dst, src, 2, mode)
	if n < len(src) {
		var b [64]byte
		copy(b[:], src[n:])
		crypt128(&s.g, b[:], b[:], 1, mode)
		if mode != absorb256 {
			copy(dst[n:], b[:len(src)-n])
		}
		wipe(b[:])
	}
}

// fused runs crypt256 as State128.fused does crypt128, with up to three
// rate blocks in the last chunk.
func (s *State256) fused(dst, src []byte, mode mode256) {
	n := len(src) &^ 63
	crypt256(&s.g, dst, src, 4, mode)
	if n < len(src) {
		var b [64]byte
		copy(b[:], src[n:])
		crypt256(&s.g, b[:], b[:], uint(len(src)-n)/16, mode)
		if mode != absorb256 {
			copy(dst[n:], b[:len(src)-n])
		}
		wipe(b[:])
	}
}
