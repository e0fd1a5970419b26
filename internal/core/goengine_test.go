// SPDX-License-Identifier: MIT

package core

import (
	"bytes"
	"fmt"
	"github.com/aegisgo/aegis/internal/soft"
	"math/rand/v2"
	"testing"
)

// The Go engine against the build's own engine on soft (the C core in cgo
// builds; in builds without it, the Go engine on soft, so that the
// assembly kernels are still held to the constant-time Go), for every
// kernel this CPU runs, on random inputs of lengths across block
// boundaries and past the assembly's byte limit, where the engine splits
// its calls.

// goEngineLens returns the message lengths to try for variant v.
func goEngineLens(v *Variant, short bool) []int {
	r := v.Rate
	ls := []int{0, 1, 15, 16, 17, r - 1, r, r + 1, 2*r + 3, 1000}
	if !short {
		lim := asmByteLimit[KernelAVX512]
		ls = append(ls, asmByteLimit[KernelAESNI]+r+5, lim-1, lim, lim+r+1, 3*lim+7)
	}
	return ls
}

type goEngineCase struct {
	v      *Variant
	kernel Kernel
	g      *goKernel
	ref    uintptr // the reference: the build's engine on soft
}

func goEngineCases(t *testing.T) []goEngineCase {
	var cs []goEngineCase
	for i := range Variants {
		v := &Variants[i]
		ref := kernelOps(v.ID, KernelSoft)
		if ref == 0 {
			t.Skip("no engine in this build")
		}
		for _, k := range AllKernels() {
			g := goKernelFor(v.ID, k)
			if g == nil || cpuKernelsHere()&(1<<k) == 0 {
				continue
			}
			cs = append(cs, goEngineCase{v, k, g, ref})
		}
	}
	return cs
}

// pieces splits n bytes into random pieces, some of them across blocks.
func pieces(r *rand.Rand, n, rate int) []int {
	var ps []int
	for n > 0 {
		var p int
		switch r.IntN(4) {
		case 0:
			p = 1 + r.IntN(rate)
		case 1:
			p = rate * (1 + r.IntN(3))
		case 2:
			p = r.IntN(5 * rate)
		default:
			p = 1 + r.IntN(n)
		}
		p = min(p, n)
		ps = append(ps, p)
		n -= p
	}
	return ps
}

func TestGoEngineSealOpen(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, c := range goEngineCases(t) {
		for _, tagLen := range []int{16, 32} {
			for _, mlen := range goEngineLens(c.v, testing.Short()) {
				for _, adlen := range []int{0, 1, c.v.Rate - 1, c.v.Rate + 3, mlen} {
					name := fmt.Sprintf("%s/%s/tag=%d/m=%d/ad=%d", c.v.Name, c.kernel, tagLen, mlen, adlen)
					k, n := randBytes(r, c.v.KeySize), randBytes(r, c.v.NonceSize)
					m, ad := randBytes(r, mlen), randBytes(r, adlen)
					want := make([]byte, mlen+tagLen)
					seal(c.ref, want[:mlen], want[mlen:], m, ad, &n[0], &k[0])
					got := make([]byte, mlen+tagLen)
					c.g.seal(got[:mlen], got[mlen:], m, ad, &n[0], &k[0])
					if !bytes.Equal(got, want) {
						t.Fatalf("%s: seal differs from the reference", name)
					}
					// In place.
					inPlace := bytes.Clone(m)
					inPlace = append(inPlace, make([]byte, tagLen)...)
					c.g.seal(inPlace[:mlen], inPlace[mlen:], inPlace[:mlen], ad, &n[0], &k[0])
					if !bytes.Equal(inPlace, want) {
						t.Fatalf("%s: seal in place differs", name)
					}
					pt := make([]byte, mlen)
					if !c.g.open(pt, want[:mlen], want[mlen:], ad, &n[0], &k[0]) || !bytes.Equal(pt, m) {
						t.Fatalf("%s: open of the reference's ciphertext failed", name)
					}
					bad := bytes.Clone(want)
					bad[r.IntN(len(bad))] ^= 1 << r.IntN(8)
					if c.g.open(pt, bad[:mlen], bad[mlen:], ad, &n[0], &k[0]) {
						t.Fatalf("%s: open accepted a changed ciphertext", name)
					}
					if mlen > 0 && !bytes.Equal(pt, make([]byte, mlen)) {
						t.Fatalf("%s: a failed open left plaintext", name)
					}
				}
			}
		}
	}
}

func TestGoEngineIncremental(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, c := range goEngineCases(t) {
		for _, tagLen := range []int{16, 32} {
			for _, mlen := range goEngineLens(c.v, testing.Short()) {
				name := fmt.Sprintf("%s/%s/tag=%d/m=%d", c.v.Name, c.kernel, tagLen, mlen)
				var k, n [32]byte
				copy(k[:], randBytes(r, c.v.KeySize))
				copy(n[:], randBytes(r, c.v.NonceSize))
				m, ad := randBytes(r, mlen), randBytes(r, r.IntN(3*c.v.Rate))
				want := make([]byte, mlen+tagLen)
				seal(c.ref, want[:mlen], want[mlen:], m, ad, &n[0], &k[0])

				var st [StateSize]byte
				c.g.incInit(&st, ad, &n, &k)
				got := make([]byte, 0, mlen+tagLen)
				rest := m
				for _, p := range pieces(r, mlen, c.v.Rate) {
					out := make([]byte, p)
					c.g.incCrypt(&st, out, rest[:p], false)
					got, rest = append(got, out...), rest[p:]
				}
				tag := make([]byte, tagLen)
				c.g.incFinal(&st, tag)
				if got = append(got, tag...); !bytes.Equal(got, want) {
					t.Fatalf("%s: Encrypter in pieces differs from the reference's seal", name)
				}
				if st != ([StateSize]byte{}) {
					t.Fatalf("%s: Final left the state", name)
				}

				// Decrypt in place, in other pieces; a copy of the state
				// halfway on must go on independently.
				ct := bytes.Clone(want[:mlen])
				c.g.incInit(&st, ad, &n, &k)
				var fork [StateSize]byte
				forkAt := -1
				done := 0
				for _, p := range pieces(r, mlen, c.v.Rate) {
					c.g.incCrypt(&st, ct[done:done+p], ct[done:done+p], true)
					done += p
					if forkAt < 0 && done < mlen {
						fork, forkAt = st, done
					}
				}
				if !bytes.Equal(ct, m) {
					t.Fatalf("%s: Decrypter in pieces gave another plaintext", name)
				}
				if !c.g.incVerify(&st, want[mlen:]) {
					t.Fatalf("%s: Decrypter refused the tag", name)
				}
				if forkAt >= 0 {
					tail := bytes.Clone(want[forkAt:mlen])
					c.g.incCrypt(&fork, tail, tail, true)
					if !bytes.Equal(tail, m[forkAt:]) {
						t.Fatalf("%s: a copy of the state did not go on", name)
					}
					badTag := bytes.Clone(want[mlen:])
					badTag[r.IntN(tagLen)] ^= 1
					if c.g.incVerify(&fork, badTag) {
						t.Fatalf("%s: Decrypter accepted a changed tag", name)
					}
				}
			}
		}
	}
}

func TestGoEngineMAC(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, c := range goEngineCases(t) {
		for _, tagLen := range []int{16, 32} {
			for _, dlen := range goEngineLens(c.v, testing.Short()) {
				name := fmt.Sprintf("%s/%s/tag=%d/data=%d", c.v.Name, c.kernel, tagLen, dlen)
				var k, n [32]byte
				copy(k[:], randBytes(r, c.v.KeySize))
				copy(n[:], randBytes(r, c.v.NonceSize))
				data := randBytes(r, dlen)
				var ref, st [StateSize]byte
				incInit(c.ref, &ref, nil, &n, &k)
				c.g.incInit(&st, nil, &n, &k)
				// A tag after each piece, as Sum between Writes gives.
				want, got := make([]byte, tagLen), make([]byte, tagLen)
				for _, p := range pieces(r, dlen, c.v.Rate) {
					macUpdate(c.ref, &ref, data[:p])
					c.g.macUpdate(&st, data[:p])
					data = data[p:]
					macFinal(c.ref, &ref, want)
					c.g.macFinal(&st, got)
					if !bytes.Equal(got, want) {
						t.Fatalf("%s: MAC differs from the reference", name)
					}
				}
				macFinal(c.ref, &ref, want)
				c.g.macFinal(&st, got)
				if !bytes.Equal(got, want) {
					t.Fatalf("%s: MAC differs from the reference", name)
				}
			}
		}
	}
}

func TestGoEngineKeyStream(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, c := range goEngineCases(t) {
		for _, slen := range goEngineLens(c.v, testing.Short()) {
			name := fmt.Sprintf("%s/%s/len=%d", c.v.Name, c.kernel, slen)
			var k, n [32]byte
			copy(k[:], randBytes(r, c.v.KeySize))
			copy(n[:], randBytes(r, c.v.NonceSize))
			want := make([]byte, slen)
			if slen > 0 {
				stream(c.ref, want, &n, &k)
			}
			got := make([]byte, slen)
			c.g.stream(got, &n, &k)
			if !bytes.Equal(got, want) {
				t.Fatalf("%s: stream differs from the reference", name)
			}
			// In pieces, as Read (in nil) and XORKeyStream, in place.
			in := randBytes(r, slen)
			xored := bytes.Clone(in)
			var st [StateSize]byte
			c.g.incInit(&st, nil, &n, &k)
			done := 0
			for i, p := range pieces(r, slen, c.v.Rate) {
				b := xored[done : done+p]
				if i%2 == 0 {
					c.g.streamXOR(&st, b, b)
				} else {
					c.g.streamXOR(&st, b, nil)
					for j := range b {
						b[j] ^= in[done+j]
					}
				}
				done += p
			}
			for i := range want {
				want[i] ^= in[i]
			}
			if !bytes.Equal(xored, want) {
				t.Fatalf("%s: the keystream in pieces differs", name)
			}
		}
	}
}

// The assembly calls of the Go engine stay under the kernel's byte limit.
func TestGoEngineChunks(t *testing.T) {
	for i := range Variants {
		for _, k := range AllKernels() {
			g := goKernelFor(i, k)
			if g == nil || k == KernelSoft {
				continue
			}
			if g.maxBlocks < 1 || g.maxBlocks*g.rate > asmByteLimit[k] {
				t.Errorf("%s on %s: %d blocks of %d bytes per call, limit %d",
					Variants[i].Name, k, g.maxBlocks, g.rate, asmByteLimit[k])
			}
		}
	}
}

// softStateBytes must be internal/soft's StateBytes: a soft state that
// outgrew it would overrun the Go engine's kernel state.
func TestSoftStateBytes(t *testing.T) {
	if softStateBytes != soft.StateBytes {
		t.Fatalf("softStateBytes is %d, soft.StateBytes %d", softStateBytes, soft.StateBytes)
	}
}
