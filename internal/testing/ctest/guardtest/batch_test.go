// SPDX-License-Identifier: MIT

//go:build cgo && !without_aegis && (linux || darwin || freebsd)

package guardtest

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/aegisgo/aegis/common"
	"github.com/aegisgo/aegis/internal/core"
)

// TestGuardBatch: SealBatch and OpenBatch with one message of the batch
// (the middle one of three) in guarded memory, every buffer ending at a
// guard page and then starting right after one, under every kernel, at the
// block edges of every rate. A refused message clears its output up to the
// guard.
func TestGuardBatch(t *testing.T) {
	ar := newArena(t)
	rng := rand.New(rand.NewPCG(3, 4))
	for vi := range core.Variants {
		v := &core.Variants[vi]
		for _, k := range core.Kernels(v) {
			for _, mlen := range shortLens {
				for _, atEnd := range []bool{true, false} {
					name := fmt.Sprintf("%s/%s/mlen %d atEnd %v", v.Name, k, mlen, atEnd)
					batchCase(t, name, ar, rng, v, k, mlen, atEnd)
				}
			}
		}
	}
}

func batchCase(t *testing.T, name string, ar *arena, rng *rand.Rand, v *core.Variant, kernel core.Kernel, mlen int, atEnd bool) {
	const tagLen = 16
	key := random(rng, v.KeySize)
	var a core.AEAD
	if err := a.InitKernel(v, key, tagLen, kernel); err != nil {
		t.Fatal(err)
	}
	r := referenceFor(t, v, kernel, key, tagLen)
	adlen := rng.IntN(3 * v.Rate)
	nonces := [][]byte{random(rng, v.NonceSize), random(rng, v.NonceSize), random(rng, v.NonceSize)}
	msgs := [][]byte{random(rng, 40), random(rng, mlen), random(rng, 7)}
	ads := [][]byte{random(rng, 5), random(rng, adlen), nil}
	want := make([][]byte, 3)
	for i := range want {
		want[i] = r.seal(nonces[i], msgs[i], ads[i])
	}
	gn := [][]byte{nonces[0], ar.nonce.place(v.NonceSize, atEnd, nonces[1]), nonces[2]}
	gm := [][]byte{msgs[0], ar.msg.place(mlen, atEnd, msgs[1]), msgs[2]}
	ga := [][]byte{ads[0], ar.ad.place(adlen, atEnd, ads[1]), ads[2]}
	out := ar.out.place(mlen+tagLen, atEnd, nil)
	got := a.SealBatch([][]byte{nil, out[:0], nil}, gn, gm, ga)
	for i := range got {
		if !bytes.Equal(got[i], want[i]) {
			t.Fatalf("%s: SealBatch message %d differs from %s", name, i, r.name)
		}
	}
	if &got[1][0] != &out[0] {
		t.Fatalf("%s: SealBatch did not write the guarded output", name)
	}

	cts := [][]byte{want[0], ar.ct.place(mlen+tagLen, atEnd, want[1]), want[2]}
	pt := ar.out.place(mlen, atEnd, nil)
	opened, err := a.OpenBatch([][]byte{nil, pt[:0], nil}, gn, cts, ga)
	if err != nil {
		t.Fatalf("%s: OpenBatch: %v", name, err)
	}
	for i := range opened {
		if !bytes.Equal(opened[i], msgs[i]) {
			t.Fatalf("%s: OpenBatch message %d differs", name, i)
		}
	}

	// The guarded message's tag changed: refused alone, output cleared.
	bad := bytes.Clone(want[1])
	bad[len(bad)-1] ^= 1
	cts[1] = ar.ct.place(mlen+tagLen, atEnd, bad)
	pt = ar.out.place(mlen, atEnd, msgs[1])
	opened, err = a.OpenBatch([][]byte{nil, pt[:0], nil}, gn, cts, ga)
	if !errors.Is(err, common.ErrAuth) || !bytes.Equal(opened[0], msgs[0]) || !bytes.Equal(opened[2], msgs[2]) || len(opened[1]) != 0 {
		t.Fatalf("%s: OpenBatch with the guarded tag changed: %v", name, err)
	}
	if !bytes.Equal(pt, make([]byte, mlen)) {
		t.Fatalf("%s: the refused message left output", name)
	}
}

// TestGuardBatchLanes: batches of four messages of one shape, which the
// kernels with lanes run side by side (csrc/lanes.h), with each message in
// turn in guarded memory (nonce, input, ad and output ending at a guard
// page, then starting right after one), under every kernel, at the block
// edges of every rate.
func TestGuardBatchLanes(t *testing.T) {
	ar := newArena(t)
	rng := rand.New(rand.NewPCG(5, 6))
	const tagLen = 16
	for vi := range core.Variants {
		v := &core.Variants[vi]
		for _, k := range core.Kernels(v) {
			for _, mlen := range shortLens {
				for _, atEnd := range []bool{true, false} {
					key := random(rng, v.KeySize)
					var a core.AEAD
					if err := a.InitKernel(v, key, tagLen, k); err != nil {
						t.Fatal(err)
					}
					r := referenceFor(t, v, k, key, tagLen)
					adlen := rng.IntN(3 * v.Rate)
					g := rng.IntN(4) // the guarded message
					name := fmt.Sprintf("%s/%s/mlen %d adlen %d atEnd %v guarded %d", v.Name, k, mlen, adlen, atEnd, g)
					nonces, msgs, ads, want := make([][]byte, 4), make([][]byte, 4), make([][]byte, 4), make([][]byte, 4)
					for i := range 4 {
						nonces[i], msgs[i], ads[i] = random(rng, v.NonceSize), random(rng, mlen), random(rng, adlen)
						want[i] = r.seal(nonces[i], msgs[i], ads[i])
					}
					gn, gm, ga := slices.Clone(nonces), slices.Clone(msgs), slices.Clone(ads)
					gn[g] = ar.nonce.place(v.NonceSize, atEnd, nonces[g])
					gm[g] = ar.msg.place(mlen, atEnd, msgs[g])
					ga[g] = ar.ad.place(adlen, atEnd, ads[g])
					dst := make([][]byte, 4)
					dst[g] = ar.out.place(mlen+tagLen, atEnd, nil)[:0]
					got := a.SealBatch(dst, gn, gm, ga)
					for i := range got {
						if !bytes.Equal(got[i], want[i]) {
							t.Fatalf("%s: SealBatch message %d differs from %s", name, i, r.name)
						}
					}
					cts := slices.Clone(want)
					cts[g] = ar.ct.place(mlen+tagLen, atEnd, want[g])
					odst := make([][]byte, 4)
					odst[g] = ar.out.place(mlen, atEnd, nil)[:0]
					opened, err := a.OpenBatch(odst, gn, cts, ga)
					if err != nil {
						t.Fatalf("%s: OpenBatch: %v", name, err)
					}
					for i := range opened {
						if !bytes.Equal(opened[i], msgs[i]) {
							t.Fatalf("%s: OpenBatch message %d differs", name, i)
						}
					}
				}
			}
		}
	}
}
