// SPDX-License-Identifier: MIT

//go:build !without_aegis

package core

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/aegisgo/aegis/common"
)

// A message taken in pieces through StartEncrypter and StartDecrypter is
// Seal's and Open's under the AEAD's key, kernel and tag length, on every
// kernel, for pieces that end inside and at the end of a block; FinalTo
// writes the tag Final would; a wrong tag fails.
func TestAEADInPieces(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for vi := range Variants {
		v := &Variants[vi]
		for _, k := range Kernels(v) {
			for _, tagLen := range []int{16, 32} {
				var a AEAD
				if err := a.InitKernel(v, randBytes(r, v.KeySize), tagLen, k); err != nil {
					t.Fatal(err)
				}
				for _, n := range []int{0, 1, v.Rate - 1, v.Rate, 3*v.Rate + 5, 4096 + 17} {
					msg, ad, nonce := randBytes(r, n), randBytes(r, r.IntN(70)), randBytes(r, v.NonceSize)
					want := a.Seal(nil, nonce, msg, ad)
					cut := r.IntN(n + 1)
					var e Encrypter
					a.StartEncrypter(&e, nonce, ad)
					got := e.AppendEncrypt(nil, msg[:cut])
					got = e.AppendEncrypt(got, msg[cut:])
					tag := make([]byte, tagLen+1)
					e.FinalTo(tag)
					if !bytes.Equal(append(got, tag[:tagLen]...), want) {
						t.Fatalf("%s/%v/tag%d/len %d cut %d: in pieces, not Seal's output", v.Name, k, tagLen, n, cut)
					}
					var d Decrypter
					a.StartDecrypter(&d, nonce, ad)
					pt := d.AppendDecrypt(nil, want[:cut])
					pt = d.AppendDecrypt(pt, want[cut:n])
					if err := d.Final(want[n:]); err != nil || !bytes.Equal(pt, msg) {
						t.Fatalf("%s/%v/tag%d/len %d cut %d: in pieces, not Open's: %v", v.Name, k, tagLen, n, cut, err)
					}
					a.StartDecrypter(&d, nonce, ad)
					d.AppendDecrypt(nil, want[:n])
					bad := append([]byte(nil), want[n:]...)
					bad[0] ^= 1
					if err := d.Final(bad); !errors.Is(err, common.ErrAuth) {
						t.Fatalf("%s/%v/tag%d/len %d: a wrong tag: %v", v.Name, k, tagLen, n, err)
					}
				}
				a.Wipe()
				func() {
					defer func() {
						if recover() == nil {
							t.Errorf("%s/%v: StartEncrypter after Wipe did not panic", v.Name, k)
						}
					}()
					var e Encrypter
					a.StartEncrypter(&e, nil, nil)
				}()
			}
		}
	}
}
