// SPDX-License-Identifier: MIT

package core

import "testing"

// TestRandomDraw draws 100,000 nonces of each size from crypto/rand, as
// Seal does, and checks that none repeats and none is all zeros. It needs
// no C core, so it runs on every platform and build at full size (the
// shared suite's Seals make fewer where only the soft kernel runs).
func TestRandomDraw(t *testing.T) {
	const draws = 100_000
	for _, v := range []*Variant{AEGIS128L, AEGIS256} {
		r := &RandomNonceAEAD{a: checksAEADOf(v, 16)}
		seen := make(map[[32]byte]int, draws)
		for i := range draws {
			var n [32]byte
			r.draw(n[:v.NonceSize])
			if n == ([32]byte{}) {
				t.Fatalf("%s: draw %d gave the all-zero nonce", v.Name, i)
			}
			if j, ok := seen[n]; ok {
				t.Fatalf("%s: draws %d and %d gave the same nonce %x", v.Name, j, i, n[:v.NonceSize])
			}
			seen[n] = i
		}
	}
}

// TestAllZero checks the zero test of draw on every nonce with a single
// byte set, at each size.
func TestAllZero(t *testing.T) {
	for _, size := range []int{16, 32} {
		n := make([]byte, size)
		if !allZero(n) {
			t.Fatalf("%d zero bytes: allZero = false", size)
		}
		for i := range n {
			for _, b := range []byte{1, 0x80} {
				n[i] = b
				if allZero(n) {
					t.Errorf("%d bytes, %#x at %d: allZero = true", size, b, i)
				}
			}
			n[i] = 0
		}
	}
	if allZero([]byte{0, 0, 0, 0, 0, 0, 0, 0, 0, 1}) {
		t.Error("a tail after the last word is not read")
	}
}
