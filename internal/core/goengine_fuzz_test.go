// SPDX-License-Identifier: MIT

package core

import (
	"bytes"
	"testing"

	"github.com/aegisgo/aegis/internal/testing/ref"
)

// fuzzPieces cuts n bytes into the sizes that cuts gives, in turn: a byte
// c is c bytes, 0 the rest at once; no cuts, everything at once.
func fuzzPieces(n int, cuts []byte) []int {
	var ps []int
	for i := 0; n > 0; i++ {
		p := n
		if len(cuts) > 0 {
			if c := int(cuts[i%len(cuts)]); c > 0 {
				p = min(c, n)
			}
		}
		ps = append(ps, p)
		n -= p
	}
	return ps
}

// FuzzGoEngine holds the Go engine, on every kernel that this build has
// for it and this CPU runs, to internal/testing/ref (the spec's pseudocode), for
// the variant and tag size that sel picks: seal and open (a changed tag
// refused, the output cleared), the incremental encryption and
// decryption in the pieces that cuts gives, the MAC with a tag after
// each of the first pieces, and the keystream, at once and in pieces. The variant
// packages' fuzz targets run the C core in cgo builds, where the Go
// engine serves no public call; this target reaches it in every build.
func FuzzGoEngine(f *testing.F) {
	f.Add([]byte("key"), []byte("nonce"), []byte("ad"), []byte("hello, world"), []byte{3, 0, 5}, byte(0))
	f.Add([]byte{}, []byte{}, []byte{}, bytes.Repeat([]byte{7}, 3*128+1), []byte{127, 1}, byte(2+6))
	f.Add(bytes.Repeat([]byte{1}, 32), bytes.Repeat([]byte{2}, 32), bytes.Repeat([]byte{3}, 70), bytes.Repeat([]byte{4}, 200), []byte{16, 33}, byte(5))
	f.Fuzz(func(t *testing.T, key, nonce, ad, msg, cuts []byte, sel byte) {
		v := &Variants[int(sel)%len(Variants)]
		tagLen := 16
		if int(sel)/len(Variants)%2 == 1 {
			tagLen = 32
		}
		fam128 := v.KeySize == 16
		d := v.Rate / 16
		if fam128 {
			d = v.Rate / 32
		}
		var k, n [32]byte
		copy(k[:v.KeySize], key)
		copy(n[:v.NonceSize], nonce)
		want := ref.Seal(fam128, d, k[:v.KeySize], n[:v.NonceSize], msg, ad, tagLen)
		mlen := len(msg)
		wantMAC := ref.MAC(fam128, d, k[:v.KeySize], n[:v.NonceSize], msg, tagLen)
		wantKS := ref.Seal(fam128, d, k[:v.KeySize], n[:v.NonceSize], make([]byte, mlen), nil, 16)[:mlen]
		ran := 0
		for _, kern := range AllKernels() {
			g := goKernelFor(v.ID, kern)
			if g == nil || cpuKernelsHere()&(1<<kern) == 0 {
				continue
			}
			ran++
			name := v.Name + "/" + kern.String()

			got := make([]byte, mlen+tagLen)
			g.seal(got[:mlen], got[mlen:], msg, ad, &n[0], &k[0])
			if !bytes.Equal(got, want) {
				t.Fatalf("%s: seal differs from internal/testing/ref", name)
			}
			pt := make([]byte, mlen)
			if !g.open(pt, want[:mlen], want[mlen:], ad, &n[0], &k[0]) || !bytes.Equal(pt, msg) {
				t.Fatalf("%s: open of internal/testing/ref's ciphertext failed", name)
			}
			bad := bytes.Clone(want)
			bad[len(bad)-1] ^= 0x80
			if g.open(pt, bad[:mlen], bad[mlen:], ad, &n[0], &k[0]) {
				t.Fatalf("%s: open accepted a changed tag", name)
			}
			if !bytes.Equal(pt, make([]byte, mlen)) {
				t.Fatalf("%s: a failed open left plaintext", name)
			}

			var st [StateSize]byte
			g.incInit(&st, ad, &n, &k)
			enc := make([]byte, 0, mlen+tagLen)
			at := 0
			for _, p := range fuzzPieces(mlen, cuts) {
				out := make([]byte, p)
				g.incCrypt(&st, out, msg[at:at+p], false)
				enc, at = append(enc, out...), at+p
			}
			tag := make([]byte, tagLen)
			g.incFinal(&st, tag)
			if !bytes.Equal(append(enc, tag...), want) {
				t.Fatalf("%s: the incremental encryption differs from internal/testing/ref", name)
			}
			dec := bytes.Clone(want[:mlen])
			g.incInit(&st, ad, &n, &k)
			at = 0
			for _, p := range fuzzPieces(mlen, cuts[min(1, len(cuts)):]) {
				g.incCrypt(&st, dec[at:at+p], dec[at:at+p], true) // in place
				at += p
			}
			if !bytes.Equal(dec, msg) || !g.incVerify(&st, want[mlen:]) {
				t.Fatalf("%s: the incremental decryption failed", name)
			}

			g.incInit(&st, nil, &n, &k)
			at = 0
			mac := make([]byte, tagLen)
			for i, p := range fuzzPieces(mlen, cuts) {
				g.macUpdate(&st, msg[at:at+p])
				at += p
				g.macFinal(&st, mac)
				if i >= 8 {
					continue // internal/testing/ref's MAC of each prefix: quadratic
				}
				if w := ref.MAC(fam128, d, k[:v.KeySize], n[:v.NonceSize], msg[:at], tagLen); !bytes.Equal(mac, w) {
					t.Fatalf("%s: the MAC after %d bytes differs from internal/testing/ref", name, at)
				}
			}
			g.macFinal(&st, mac)
			if !bytes.Equal(mac, wantMAC) {
				t.Fatalf("%s: the MAC differs from internal/testing/ref", name)
			}

			ks := make([]byte, mlen)
			g.stream(ks, &n, &k)
			if !bytes.Equal(ks, wantKS) {
				t.Fatalf("%s: the keystream differs from internal/testing/ref", name)
			}
			x := bytes.Clone(msg)
			g.incInit(&st, nil, &n, &k)
			at = 0
			for i, p := range fuzzPieces(mlen, cuts) {
				b := x[at : at+p]
				if i%2 == 0 {
					g.streamXOR(&st, b, b)
				} else {
					g.streamXOR(&st, b, nil)
					for j := range b {
						b[j] ^= msg[at+j]
					}
				}
				at += p
			}
			for i := range x {
				if x[i] != msg[i]^wantKS[i] {
					t.Fatalf("%s: the keystream in pieces differs at byte %d", name, i)
				}
			}
		}
		if ran == 0 {
			t.Skip("no Go engine in this build")
		}
	})
}
