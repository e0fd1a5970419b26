// SPDX-License-Identifier: MIT

package soft

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestFused runs the fused loops of fused_gen.go against the loops of
// small functions, from random states, on every GOARCH: absorb, enc and
// dec of 0 to 11 rate blocks (whole chunks and a last one of each
// length), in place and not, and the chains of updates for 0 to 17
// updates. Where useFused is true (wasm) the methods run the fused loops
// themselves, and TestSealAgainstRef holds them to the reference.
func TestFused(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 9))
	modes := []struct {
		name string
		mode mode256
	}{{"absorb", absorb256}, {"enc", enc256}, {"dec", dec256}}
	for blocks := range 12 {
		var a128 State128
		a128.Init(1, randBytes(r, 16), randBytes(r, 16))
		var a256 State256
		a256.Init(1, randBytes(r, 32), randBytes(r, 32))
		for _, m := range modes {
			for _, inPlace := range []bool{false, true} {
				for _, fam := range []string{"128", "256"} {
					n := 32 * blocks
					if fam == "256" {
						n = 16 * blocks
					}
					src := randBytes(r, n)
					want, got := make([]byte, n), make([]byte, n)
					in := func(dst []byte) []byte { return src }
					if inPlace {
						copy(want, src)
						copy(got, src)
						in = func(dst []byte) []byte { return dst }
					}
					var same bool
					if fam == "128" {
						s, f := a128, a128
						switch m.mode {
						case absorb256:
							s.Absorb(src)
						case enc256:
							s.Enc(want, in(want))
						case dec256:
							s.Dec(want, in(want))
						}
						if m.mode == absorb256 {
							f.fused(nil, src, m.mode)
						} else {
							f.fused(got, in(got), m.mode)
						}
						same = s.g[0] == f.g[0] && s.g[1] == f.g[1]
					} else {
						s, f := a256, a256
						switch m.mode {
						case absorb256:
							s.Absorb(src)
						case enc256:
							s.Enc(want, in(want))
						case dec256:
							s.Dec(want, in(want))
						}
						if m.mode == absorb256 {
							f.fused(nil, src, m.mode)
						} else {
							f.fused(got, in(got), m.mode)
						}
						same = s.g[0] == f.g[0] && s.g[1] == f.g[1]
					}
					if !bytes.Equal(got, want) {
						t.Fatalf("%s %s of %d bytes (in place %v): output differs", m.name, fam, n, inPlace)
					}
					if !same {
						t.Fatalf("%s %s of %d bytes (in place %v): state differs", m.name, fam, n, inPlace)
					}
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

// TestFusedConversions holds the in-line conversions of fused_gen.go
// (Init's, Finalize's and the tag's on wasm) to pack, unpack, loadBlock
// and storeBlock, from random inputs, on every GOARCH.
func TestFusedConversions(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 7))
	for range 100 {
		var b [4][16]byte
		var want, got group
		for k := range b {
			copy(b[k][:], randBytes(r, 16))
			loadBlock(&want, k, b[k][:])
		}
		pack(&want)
		loadPack4(&got, &b[0], &b[1], &b[2], &b[3])
		if got != want {
			t.Fatalf("loadPack4 of %x: %x, want %x", b, got, want)
		}
		x, y := r.Uint64(), r.Uint64()
		var u [16]byte
		putLE(u[:], x, y)
		want = group{}
		loadBlock(&want, 0, u[:])
		pack(&want)
		packLE(&got, x, y)
		if got != want {
			t.Fatalf("packLE(%#x, %#x): %x, want %x", x, y, got, want)
		}
		var a group
		for i := range a {
			a[i] = r.Uint64()
		}
		for _, n := range []int{16, 32} {
			for _, fam := range []struct {
				k   int
				fun func([]byte, *group)
			}{{2, unpackTag128}, {1, unpackTag256}} {
				c := a
				unpack(&c)
				wantTag := make([]byte, n)
				storeBlock(wantTag, &c, 0)
				if n == 32 {
					storeBlock(wantTag[16:], &c, fam.k)
				}
				gotTag := make([]byte, n)
				fam.fun(gotTag, &a)
				if !bytes.Equal(gotTag, wantTag) {
					t.Fatalf("unpackTag (lane %d) of %x, %d bytes: %x, want %x", fam.k, a, n, gotTag, wantTag)
				}
			}
		}
	}
}
