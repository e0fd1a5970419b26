// SPDX-License-Identifier: MIT

//go:build !without_aegis

package kat_test

import (
	"bytes"
	"crypto/cipher"
	"fmt"
	"testing"

	"github.com/aegisgo/aegis/aegis128l"
	"github.com/aegisgo/aegis/aegis128x2"
	"github.com/aegisgo/aegis/aegis128x4"
	"github.com/aegisgo/aegis/aegis256"
	"github.com/aegisgo/aegis/aegis256x2"
	"github.com/aegisgo/aegis/aegis256x4"
	"github.com/aegisgo/aegis/internal/core"
	"github.com/aegisgo/aegis/internal/testing/aeadtest"
	"github.com/aegisgo/aegis/internal/testing/kat"
)

// variant is one variant package's API as the test drives it.
type variant struct {
	v            *core.Variant
	New          func(key []byte, tagLen int) (cipher.AEAD, error)
	NewRandom    func(key []byte, tagLen int) (cipher.AEAD, error)
	NewEncrypter func(key, nonce, ad []byte, tagLen int) (aeadtest.Encrypter, error)
	NewDecrypter func(key, nonce, ad []byte, tagLen int) (aeadtest.Decrypter, error)
	NewMAC       func(key, nonce []byte, tagLen int) (aeadtest.MAC, error)
	NewKeyStream func(key, nonce []byte) (aeadtest.KeyStream, error)
	Stream       func(dst, key, nonce []byte) error
}

// as turns a constructor of a concrete pointer into one of an interface.
func as[I, T any](x *T, err error) (I, error) {
	if err != nil {
		var zero I
		return zero, err
	}
	return any(x).(I), nil
}

func incr[I, T any](f func(key, nonce, ad []byte, tagLen int) (*T, error)) func(key, nonce, ad []byte, tagLen int) (I, error) {
	return func(key, nonce, ad []byte, tagLen int) (I, error) { return as[I](f(key, nonce, ad, tagLen)) }
}

func mac[T any](f func(key, nonce []byte, tagLen int) (*T, error)) func(key, nonce []byte, tagLen int) (aeadtest.MAC, error) {
	return func(key, nonce []byte, tagLen int) (aeadtest.MAC, error) {
		return as[aeadtest.MAC](f(key, nonce, tagLen))
	}
}

func keyStream[T any](f func(key, nonce []byte) (*T, error)) func(key, nonce []byte) (aeadtest.KeyStream, error) {
	return func(key, nonce []byte) (aeadtest.KeyStream, error) { return as[aeadtest.KeyStream](f(key, nonce)) }
}

var variants = []variant{
	{core.AEGIS128L, aegis128l.New, aegis128l.NewWithRandomNonce,
		incr[aeadtest.Encrypter](aegis128l.NewEncrypter), incr[aeadtest.Decrypter](aegis128l.NewDecrypter),
		mac(aegis128l.NewMAC), keyStream(aegis128l.NewKeyStream), aegis128l.Stream},
	{core.AEGIS128X2, aegis128x2.New, aegis128x2.NewWithRandomNonce,
		incr[aeadtest.Encrypter](aegis128x2.NewEncrypter), incr[aeadtest.Decrypter](aegis128x2.NewDecrypter),
		mac(aegis128x2.NewMAC), keyStream(aegis128x2.NewKeyStream), aegis128x2.Stream},
	{core.AEGIS128X4, aegis128x4.New, aegis128x4.NewWithRandomNonce,
		incr[aeadtest.Encrypter](aegis128x4.NewEncrypter), incr[aeadtest.Decrypter](aegis128x4.NewDecrypter),
		mac(aegis128x4.NewMAC), keyStream(aegis128x4.NewKeyStream), aegis128x4.Stream},
	{core.AEGIS256, aegis256.New, aegis256.NewWithRandomNonce,
		incr[aeadtest.Encrypter](aegis256.NewEncrypter), incr[aeadtest.Decrypter](aegis256.NewDecrypter),
		mac(aegis256.NewMAC), keyStream(aegis256.NewKeyStream), aegis256.Stream},
	{core.AEGIS256X2, aegis256x2.New, aegis256x2.NewWithRandomNonce,
		incr[aeadtest.Encrypter](aegis256x2.NewEncrypter), incr[aeadtest.Decrypter](aegis256x2.NewDecrypter),
		mac(aegis256x2.NewMAC), keyStream(aegis256x2.NewKeyStream), aegis256x2.Stream},
	{core.AEGIS256X4, aegis256x4.New, aegis256x4.NewWithRandomNonce,
		incr[aeadtest.Encrypter](aegis256x4.NewEncrypter), incr[aeadtest.Decrypter](aegis256x4.NewDecrypter),
		mac(aegis256x4.NewMAC), keyStream(aegis256x4.NewKeyStream), aegis256x4.Stream},
}

// longLen is the length of the streamed message, MAC data and keystream:
// past the assembly's largest byte limit (16 KiB), so that the Go engine
// splits it and a cgo build's one-shot calls go to the C core.
const longLen = 20000

// sealLens are the message lengths of Seal: across block boundaries,
// around the assembly's crossovers and byte limits (8 and 16 KiB), and
// past them.
func sealLens(r int) []int {
	ls := []int{0, 1, 15, 16, 17, r - 1, r, r + 1, 3*r + 5, 1000, 8<<10 + r + 1, 16<<10 + 2*r + 3}
	var out []int
	seen := map[int]bool{}
	for _, l := range ls {
		if !seen[l] {
			seen[l] = true
			out = append(out, l)
		}
	}
	return out
}

// plans are the piece sizes in which the streaming APIs take longLen
// bytes, each list repeated until the data ends: single bytes and odd
// sizes across blocks, whole blocks, long pieces, and everything at once.
func plans(r int) [][]int {
	return [][]int{{1, 7, r + 3}, {r}, {1000}, {4096, 1}, {longLen}}
}

// split cuts b into pieces of the plan's sizes, in turn.
func split(b []byte, plan []int) [][]byte {
	var ps [][]byte
	for i := 0; len(b) > 0; i++ {
		n := min(plan[i%len(plan)], len(b))
		ps = append(ps, b[:n])
		b = b[n:]
	}
	return ps
}

// TestKATAcrossBuilds records every API's outputs for fixed inputs, for
// all six variants and both tag sizes, and compares them with
// testdata/variants.kat (see package kat): Seal and Open, with short and
// empty nonces, detached, the random-nonce AEAD's Open, Encrypter and
// Decrypter in several piece sizes, MAC, KeyStream and Stream, and
// SealBatch and OpenBatch, in batches large enough for the C core's
// lanes. Where two APIs must give the same bytes (SealDetached and Seal,
// a stream and Seal, a batch and Seal, KeyStream and Stream), the test
// checks that too, here; Open and the decrypting APIs must give the
// input back.
func TestKATAcrossBuilds(t *testing.T) {
	ans := kat.New("the six variant packages, from internal/testing/kat/kat_test.go")
	for _, vr := range variants {
		v := vr.v
		t.Logf("%s: %s", v.Name, core.Implementation(v))
		key := kat.Input(v.Name+"/key", v.KeySize)
		nonce := kat.Input(v.Name+"/nonce", v.NonceSize)
		long := kat.Input(v.Name+"/long", longLen)
		ad := kat.Input(v.Name+"/ad", 3*v.Rate+7)
		for _, tagLen := range []int{16, 32} {
			p := fmt.Sprintf("%s/t%d", v.Name, tagLen)
			vr.sealOpen(t, ans, p, key, nonce, tagLen)
			vr.streams(t, ans, p, key, nonce, long, ad, tagLen)
			vr.mac(t, ans, p, key, nonce, long, tagLen)
			vr.batches(t, ans, p, key, tagLen)
		}
		vr.keyStreams(t, ans, v.Name, key, nonce)
	}
	ans.Finish(t, "variants.kat")
}

func (vr variant) aead(t *testing.T, key []byte, tagLen int) cipher.AEAD {
	t.Helper()
	a, err := vr.New(key, tagLen)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func (vr variant) sealOpen(t *testing.T, ans *kat.Answers, p string, key, nonce []byte, tagLen int) {
	v := vr.v
	a := vr.aead(t, key, tagLen)
	d := a.(aeadtest.Detached)
	adLens := []int{0, 1, 13, v.Rate, v.Rate + 5, 100}
	for i, mlen := range sealLens(v.Rate) {
		msg := kat.Input(fmt.Sprintf("%s/msg/%d", v.Name, mlen), mlen)
		ad := kat.Input(fmt.Sprintf("%s/ad/%d", v.Name, i), adLens[i%len(adLens)])
		name := fmt.Sprintf("%s/seal/m%d/a%d", p, mlen, len(ad))
		ct := a.Seal(nil, nonce, msg, ad)
		ans.Add(name, ct)
		if pt, err := a.Open(nil, nonce, ct, ad); err != nil || !bytes.Equal(pt, msg) {
			t.Errorf("%s: Open does not give the message back (%v)", name, err)
		}
		c, tag := d.SealDetached(nil, nonce, msg, ad)
		if !bytes.Equal(append(c, tag...), ct) {
			t.Errorf("%s: SealDetached's ciphertext and tag are not Seal's", name)
		}
		if pt, err := d.OpenDetached(nil, nonce, c, tag, ad); err != nil || !bytes.Equal(pt, msg) {
			t.Errorf("%s: OpenDetached does not give the message back (%v)", name, err)
		}
	}
	// Short nonces are zero-padded, and the empty one is all zeros.
	msg := kat.Input(v.Name+"/msg/nonces", v.Rate+1)
	for _, n := range []int{5, 0} {
		name := fmt.Sprintf("%s/seal/nonce%d", p, n)
		ct := a.Seal(nil, nonce[:n], msg, nil)
		ans.Add(name, ct)
		padded := make([]byte, v.NonceSize)
		copy(padded, nonce[:n])
		if !bytes.Equal(ct, a.Seal(nil, padded, msg, nil)) {
			t.Errorf("%s: not the zero-padded nonce's ciphertext", name)
		}
	}
	// The random-nonce AEAD opens nonce ‖ ciphertext ‖ tag.
	r, err := vr.NewRandom(key, tagLen)
	if err != nil {
		t.Fatal(err)
	}
	ad := kat.Input(v.Name+"/ad/random", 9)
	ct := append(append([]byte(nil), nonce...), a.Seal(nil, nonce, msg, ad)...)
	if pt, err := r.Open(nil, nil, ct, ad); err != nil || !bytes.Equal(pt, msg) {
		t.Errorf("%s: the random-nonce AEAD does not open nonce ‖ Seal (%v)", p, err)
	}
}

func (vr variant) streams(t *testing.T, ans *kat.Answers, p string, key, nonce, msg, ad []byte, tagLen int) {
	want := vr.aead(t, key, tagLen).Seal(nil, nonce, msg, ad)
	for i, plan := range plans(vr.v.Rate) {
		name := fmt.Sprintf("%s/encrypter/plan%d", p, i)
		e, err := vr.NewEncrypter(key, nonce, ad, tagLen)
		if err != nil {
			t.Fatal(err)
		}
		var out []byte
		for j, piece := range split(msg, plan) {
			switch j % 3 {
			case 0:
				out = append(out, e.Encrypt(piece)...)
			case 1:
				buf := make([]byte, len(piece))
				out = append(out, e.EncryptTo(buf, piece)...)
			default:
				out = e.AppendEncrypt(out, piece)
			}
		}
		out = append(out, e.Final()...)
		ans.Add(name, out)
		if !bytes.Equal(out, want) {
			t.Errorf("%s: not Seal's ciphertext and tag", name)
		}

		name = fmt.Sprintf("%s/decrypter/plan%d", p, i)
		dec, err := vr.NewDecrypter(key, nonce, ad, tagLen)
		if err != nil {
			t.Fatal(err)
		}
		var pt []byte
		for j, piece := range split(want[:len(msg)], plan) {
			switch j % 3 {
			case 0:
				pt = append(pt, dec.Decrypt(piece)...)
			case 1:
				buf := make([]byte, len(piece))
				pt = append(pt, dec.DecryptTo(buf, piece)...)
			default:
				pt = dec.AppendDecrypt(pt, piece)
			}
		}
		if err := dec.Final(want[len(msg):]); err != nil || !bytes.Equal(pt, msg) {
			t.Errorf("%s: does not give the message back (%v)", name, err)
		}
	}
}

func (vr variant) mac(t *testing.T, ans *kat.Answers, p string, key, nonce, long []byte, tagLen int) {
	sum := func(n []byte, pieces [][]byte) []byte {
		m, err := vr.NewMAC(key, n, tagLen)
		if err != nil {
			t.Fatal(err)
		}
		for _, piece := range pieces {
			m.Write(piece)
		}
		tag := m.Sum(nil)
		if !m.Verify(tag) {
			t.Errorf("%s: Verify refuses Sum's tag", p)
		}
		return tag
	}
	for _, n := range []int{0, 1, vr.v.Rate + 1, 1000, longLen} {
		ans.Add(fmt.Sprintf("%s/mac/d%d", p, n), sum(nonce, [][]byte{long[:n]}))
	}
	ans.Add(p+"/mac/nonce0", sum(nil, [][]byte{long[:100]}))
	whole := sum(nonce, [][]byte{long})
	for i, plan := range plans(vr.v.Rate) {
		if got := sum(nonce, split(long, plan)); !bytes.Equal(got, whole) {
			t.Errorf("%s/mac/plan%d: not the tag of the data written at once", p, i)
		}
	}
}

func (vr variant) batches(t *testing.T, ans *kat.Answers, p string, key []byte, tagLen int) {
	v := vr.v
	a := vr.aead(t, key, tagLen)
	b := a.(aeadtest.Batcher)
	// Batches of 16 or more go to the C core's lanes, which take messages
	// of one length with associated data of one length side by side: the
	// batch of 17 has two such groups of 8, and one message apart.
	for _, n := range []int{1, 3, 17} {
		name := fmt.Sprintf("%s/batch%d", p, n)
		nonces := make([][]byte, n)
		msgs := make([][]byte, n)
		ads := make([][]byte, n)
		for i := range n {
			mlen, adLen := []int{64, 0, 1000}[i%3], i%2*7
			if n == 17 {
				mlen, adLen = []int{64, 1000, v.Rate + 3}[i/8], i/8*7
			}
			nonces[i] = kat.Input(fmt.Sprintf("%s/batch/nonce/%d", v.Name, i), v.NonceSize)
			msgs[i] = kat.Input(fmt.Sprintf("%s/batch/msg/%d/%d", v.Name, n, i), mlen)
			ads[i] = kat.Input(fmt.Sprintf("%s/batch/ad/%d/%d", v.Name, n, i), adLen)
		}
		cts := b.SealBatch(make([][]byte, n), nonces, msgs, ads)
		var all []byte
		for i, ct := range cts {
			all = append(all, ct...)
			if !bytes.Equal(ct, a.Seal(nil, nonces[i], msgs[i], ads[i])) {
				t.Errorf("%s: message %d is not Seal's", name, i)
			}
		}
		ans.Add(name, all)
		pts, err := b.OpenBatch(make([][]byte, n), nonces, cts, ads)
		if err != nil {
			t.Errorf("%s: OpenBatch: %v", name, err)
			continue
		}
		for i := range pts {
			if !bytes.Equal(pts[i], msgs[i]) {
				t.Errorf("%s: OpenBatch does not give message %d back", name, i)
			}
		}
	}
}

func (vr variant) keyStreams(t *testing.T, ans *kat.Answers, p string, key, nonce []byte) {
	stream := func(n []byte, size int) []byte {
		out := make([]byte, size)
		if err := vr.Stream(out, key, n); err != nil {
			t.Fatal(err)
		}
		return out
	}
	for _, n := range []int{1, vr.v.Rate + 1, longLen} {
		ans.Add(fmt.Sprintf("%s/stream/n%d", p, n), stream(nonce, n))
	}
	ans.Add(p+"/stream/nonce0", stream(nil, 100))
	want := stream(nonce, longLen)
	src := kat.Input(p+"/xor", longLen)
	for i, plan := range plans(vr.v.Rate) {
		name := fmt.Sprintf("%s/keystream/plan%d", p, i)
		ks, err := vr.NewKeyStream(key, nonce)
		if err != nil {
			t.Fatal(err)
		}
		var out []byte
		for _, piece := range split(make([]byte, longLen), plan) {
			if _, err := ks.Read(piece); err != nil {
				t.Fatal(err)
			}
			out = append(out, piece...)
		}
		ans.Add(name, out)
		if !bytes.Equal(out, want) {
			t.Errorf("%s: Read's keystream is not Stream's", name)
		}
		ks, err = vr.NewKeyStream(key, nonce)
		if err != nil {
			t.Fatal(err)
		}
		var x []byte
		for _, piece := range split(src, plan) {
			dst := make([]byte, len(piece))
			ks.XORKeyStream(dst, piece)
			x = append(x, dst...)
		}
		for j := range x {
			if x[j] != src[j]^want[j] {
				t.Errorf("%s: XORKeyStream differs from Stream at byte %d", name, j)
				break
			}
		}
	}
}
