// SPDX-License-Identifier: MIT

//go:build !purego && !without_aegis && (amd64 || arm64)

package asm_test

import (
	"bytes"
	"crypto/subtle"
	"math/rand/v2"
	"testing"

	"github.com/aegisgo/aegis/internal/asm"
	"github.com/aegisgo/aegis/internal/testing/ref"
)

// fuzzMax caps the fuzzer's messages and associated data: the helpers
// may hand all of it to one call, which must stay under the smallest
// kernel byte limit (8 KiB, aesni's and neon's).
const fuzzMax = 8 << 10

// FuzzState holds the state-level functions, on every kernel that this
// CPU runs, to internal/testing/ref for the key, nonce, associated data and
// message that the fuzzer gives and the variant and tag size that sel
// picks, split as seed picks (sealState and the helpers of
// state_test.go: whole blocks in random counts, then the partial block;
// pieces of any length through KeyBlock): Init, Absorb, Enc, Dec,
// EncPartial and DecPartial through Seal and Open (a changed tag
// refused), the one-shot Seal and Open likewise, the same through the
// pieces, Finalize, MACFinalize through AEGIS-MAC, and Stream and
// KeyBlock through the keystream.
func FuzzState(f *testing.F) {
	f.Add([]byte("key"), []byte("nonce"), []byte("ad"), []byte("hello, world"), uint64(1), byte(0))
	f.Add([]byte{}, []byte{}, []byte{}, bytes.Repeat([]byte{7}, 3*128+1), uint64(2), byte(2+6))
	f.Add(bytes.Repeat([]byte{1}, 32), bytes.Repeat([]byte{2}, 32), bytes.Repeat([]byte{3}, 70), bytes.Repeat([]byte{4}, 200), uint64(3), byte(5))
	f.Fuzz(func(t *testing.T, key, nonce, ad, msg []byte, seed uint64, sel byte) {
		ks := cpuKernels()
		if len(ks) == 0 {
			t.Skip("this CPU runs none of the assembly's kernels")
		}
		vs := variants()
		v := vs[int(sel)%len(vs)]
		tagLen := 16
		if int(sel)/len(vs)%2 == 1 {
			tagLen = 32
		}
		k := make([]byte, v.KeySize)
		copy(k, key)
		n := make([]byte, v.NonceSize)
		copy(n, nonce)
		ad, msg = ad[:min(len(ad), fuzzMax)], msg[:min(len(msg), fuzzMax)]
		mlen := len(msg)
		want := ref.Seal(v.fam128, v.d, k, n, msg, ad, tagLen)
		wantMAC := ref.MAC(v.fam128, v.d, k, n, msg, tagLen)
		wantKS := ref.Seal(v.fam128, v.d, k, n, make([]byte, mlen), nil, 16)[:mlen]
		for _, kern := range ks {
			one, fn := asm.Lookup(v.ID, kern)
			name := v.Name + "/" + kernelName[kern]
			r := rand.New(rand.NewPCG(seed, uint64(kern)))

			if got := sealState(t, r, fn, v, k, n, msg, ad, tagLen, seed&1 == 0); !bytes.Equal(got, want) {
				t.Fatalf("%s: Seal of the state-level functions differs from internal/testing/ref", name)
			}
			ct, tag := want[:mlen], want[mlen:]
			if pt, ok := openState(t, r, fn, v, k, n, ct, tag, ad, seed&2 == 0); !ok || !bytes.Equal(pt, msg) {
				t.Fatalf("%s: Open of the state-level functions: ok %v, plaintext equal %v", name, ok, bytes.Equal(pt, msg))
			}
			bad := bytes.Clone(tag)
			bad[r.IntN(tagLen)] ^= 1 << r.IntN(8)
			if _, ok := openState(t, r, fn, v, k, n, ct, bad, ad, false); ok {
				t.Fatalf("%s: Open of the state-level functions took a changed tag", name)
			}

			sealed := make([]byte, mlen+tagLen)
			one.Seal(ptr(k), nonceArg(r, n), ptr(sealed), ptr(msg), mlen, ptr(ad), len(ad), tagLen)
			if !bytes.Equal(sealed, want) {
				t.Fatalf("%s: the one-shot Seal differs from internal/testing/ref", name)
			}
			opened := make([]byte, mlen)
			if ok := one.Open(ptr(k), nonceArg(r, n), ptr(opened), ptr(ct), mlen, ptr(ad), len(ad), ptr(tag), tagLen); !ok || !bytes.Equal(opened, msg) {
				t.Fatalf("%s: the one-shot Open: ok %v, plaintext equal %v", name, ok, bytes.Equal(opened, msg))
			}
			if one.Open(ptr(k), nonceArg(r, n), ptr(opened), ptr(ct), mlen, ptr(ad), len(ad), ptr(bad), tagLen) {
				t.Fatalf("%s: the one-shot Open took a changed tag", name)
			}

			for _, dec := range []bool{false, true} {
				st := make([]byte, asm.StateSize(v.ID))
				fn.Init(ptr(st), ptr(k), ptr(n))
				absorbAD(r, fn, v, st, ad)
				in, wantOut := msg, ct
				if dec {
					in, wantOut = ct, msg
				}
				out := make([]byte, mlen)
				cryptPieces(r, fn, v, st, out, in, dec)
				if !bytes.Equal(out, wantOut) {
					t.Fatalf("%s: the pieces' output differs from internal/testing/ref (dec %v)", name, dec)
				}
				if got := finalize(t, fn, st, len(ad), mlen, tagLen); !bytes.Equal(got, tag) {
					t.Fatalf("%s: the pieces' tag differs from internal/testing/ref (dec %v)", name, dec)
				}
			}

			if got := macState(t, r, fn, v, k, n, msg, tagLen); !bytes.Equal(got, wantMAC) {
				t.Fatalf("%s: AEGIS-MAC of the state-level functions differs from internal/testing/ref", name)
			}

			st := make([]byte, asm.StateSize(v.ID))
			fn.Init(ptr(st), ptr(k), ptr(n))
			out := make([]byte, mlen)
			at := 0
			for _, c := range chunks(r, mlen/v.Rate) {
				fn.Stream(ptr(st), &out[at], &msg[at], c)
				at += c * v.Rate
			}
			if at < mlen {
				z := make([]byte, v.Rate)
				fn.KeyBlock(ptr(st), ptr(z))
				subtle.XORBytes(out[at:], msg[at:], z)
			}
			for i := range out {
				if out[i] != msg[i]^wantKS[i] {
					t.Fatalf("%s: the keystream differs from internal/testing/ref at byte %d", name, i)
				}
			}
		}
	})
}
