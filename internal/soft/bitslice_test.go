// SPDX-License-Identifier: MIT

package soft

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/aegisgo/aegis/internal/testing/ref"
)

// packBlocks and unpackBlocks convert four blocks through pack and unpack.
func packBlocks(b *[4][16]byte) (g group) {
	for k := range 4 {
		g[2*k] = binary.LittleEndian.Uint64(b[k][:8])
		g[2*k+1] = binary.LittleEndian.Uint64(b[k][8:])
	}
	pack(&g)
	return g
}

func unpackBlocks(g group) (b [4][16]byte) {
	unpack(&g)
	for k := range 4 {
		binary.LittleEndian.PutUint64(b[k][:8], g[2*k])
		binary.LittleEndian.PutUint64(b[k][8:], g[2*k+1])
	}
	return b
}

// TestLayout checks every one of the 512 bits of a group against the
// layout that the package doc gives: bit i of byte 4c+r of block k is bit
// 16r+4c+k of plane i.
func TestLayout(t *testing.T) {
	for k := range 4 {
		for j := range 16 {
			for i := range 8 {
				var b [4][16]byte
				b[k][j] = 1 << i
				g := packBlocks(&b)
				r, c := j%4, j/4
				for p := range 8 {
					want := uint64(0)
					if p == i {
						want = 1 << (16*r + 4*c + k)
					}
					if g[p] != want {
						t.Fatalf("block %d byte %d bit %d: plane %d = %#x, want %#x", k, j, i, p, g[p], want)
					}
				}
				if unpackBlocks(g) != b {
					t.Fatalf("block %d byte %d bit %d: unpack does not invert pack", k, j, i)
				}
			}
		}
	}
}

func TestAESRound(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for try := range 1000 {
		var x, k [4][16]byte
		for b := range 4 {
			for j := range 16 {
				x[b][j], k[b][j] = byte(r.Uint32()), byte(r.Uint32())
			}
		}
		if try < 4 {
			// Every byte value through the S-box in the first four.
			for b := range 4 {
				for j := range 16 {
					x[b][j] = byte(64*try + 16*b + j)
				}
			}
		}
		if try == 0 {
			// The spec's AESRound vector in block 0.
			for j := range 16 {
				x[0][j], k[0][j] = byte(j), byte(16+j)
			}
		}
		gx, gk := packBlocks(&x), packBlocks(&k)
		aesRound(&gx, &gx, &gk)
		got := unpackBlocks(gx)
		for b := range 4 {
			if want := [16]byte(ref.AESRound(x[b], k[b])); got[b] != want {
				t.Fatalf("block %d: AESRound(%x, %x) = %x, want %x", b, x[b], k[b], got[b], want)
			}
		}
	}
}
