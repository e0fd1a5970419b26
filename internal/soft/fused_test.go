// SPDX-License-Identifier: MIT

package soft

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestFused runs the fused loops of fused_gen.go against the loops of
// small functions, from random states, on every GOARCH: the bulk loops
// for 0 to 5 chunks, in place and not, and the chains of updates for 0
// to 17 updates. Where useFused is true (wasm) the methods run the fused
// loops themselves, and TestSealAgainstRef holds them to the reference.
func TestFused(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 9))
	for n := 0; n <= 5*64; n += 64 {
		src := randBytes(r, n)
		var a128 State128
		a128.Init(1, randBytes(r, 16), randBytes(r, 16))
		var a256 State256
		a256.Init(1, randBytes(r, 32), randBytes(r, 32))
		type run struct {
			name           string
			generic, fused func(dst []byte)
			s128, f128     *State128
			s256, f256     *State256
		}
		for _, inPlace := range []bool{false, true} {
			s128, f128 := a128, a128
			s256, f256 := a256, a256
			out := func() []byte {
				if inPlace {
					return bytes.Clone(src)
				}
				return make([]byte, n)
			}
			in := func(dst []byte) []byte {
				if inPlace {
					return dst
				}
				return src
			}
			cases := []run{
				{"absorb128", func([]byte) { s128.Absorb(src) }, func([]byte) { absorb128Chunks(&f128.g, src) }, &s128, &f128, nil, nil},
				{"enc128", func(d []byte) { s128.Enc(d, in(d)) }, func(d []byte) { enc128Chunks(&f128.g, d, in(d)) }, &s128, &f128, nil, nil},
				{"dec128", func(d []byte) { s128.Dec(d, in(d)) }, func(d []byte) { dec128Chunks(&f128.g, d, in(d)) }, &s128, &f128, nil, nil},
				{"absorb256", func([]byte) { s256.Absorb(src) }, func([]byte) { absorb256Chunks(&f256.g, src) }, nil, nil, &s256, &f256},
				{"enc256", func(d []byte) { s256.Enc(d, in(d)) }, func(d []byte) { enc256Chunks(&f256.g, d, in(d)) }, nil, nil, &s256, &f256},
				{"dec256", func(d []byte) { s256.Dec(d, in(d)) }, func(d []byte) { dec256Chunks(&f256.g, d, in(d)) }, nil, nil, &s256, &f256},
			}
			for _, c := range cases {
				if c.s128 != nil {
					*c.s128, *c.f128 = a128, a128
				} else {
					*c.s256, *c.f256 = a256, a256
				}
				want, got := out(), out()
				c.generic(want)
				c.fused(got)
				if !bytes.Equal(got, want) {
					t.Fatalf("%s of %d bytes (in place %v): output differs", c.name, n, inPlace)
				}
				if c.s128 != nil && (c.s128.g[0] != c.f128.g[0] || c.s128.g[1] != c.f128.g[1]) ||
					c.s256 != nil && (c.s256.g[0] != c.f256.g[0] || c.s256.g[1] != c.f256.g[1]) {
					t.Fatalf("%s of %d bytes (in place %v): state differs", c.name, n, inPlace)
				}
			}
		}
	}
	for n := range 18 {
		var s, f State128
		s.Init(1, randBytes(r, 16), randBytes(r, 16))
		f = s
		var w group
		for i := range w {
			w[i] = r.Uint64()
		}
		for range n {
			s.update1(&w, 0)
		}
		update128N(&f.g, &w, n)
		if s.g[0] != f.g[0] || s.g[1] != f.g[1] {
			t.Fatalf("update128N of %d updates differs", n)
		}
		var s2, f2 State256
		s2.Init(1, randBytes(r, 32), randBytes(r, 32))
		f2 = s2
		for k := range n {
			s2.update1(&w, uint(k%4))
		}
		update256N(&f2.g, &w, n)
		if s2.g[0] != f2.g[0] || s2.g[1] != f2.g[1] {
			t.Fatalf("update256N of %d updates differs", n)
		}
	}
}
