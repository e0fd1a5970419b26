// SPDX-License-Identifier: MIT

// Package aeadtest is the test suite that every variant package runs: the
// specification's vectors under every kernel, kernels against soft, and a
// conformance suite in the manner of the standard library's
// crypto/internal/cryptotest.TestAEAD, plus the behaviours that
// go-libaegis gets wrong.
package aeadtest

import (
	"bytes"
	"crypto/cipher"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/aegisgo/aegis/common"
	"github.com/aegisgo/aegis/internal/core"
	"github.com/aegisgo/aegis/internal/testing/ref"
	"github.com/aegisgo/aegis/internal/testing/vectors"
)

// Variant is what a variant package hands to the suite.
type Variant struct {
	V              *core.Variant
	New            func(key []byte, tagLen int) (cipher.AEAD, error)
	Wipe           func(cipher.AEAD) // calls the concrete type's Wipe
	Implementation func() string
	ZeroValue      func() cipher.AEAD // a pointer to the zero value of the type

	// impl, when set, replaces New in the conformance tests: they run
	// once per implementation (kernel and path) as well as through New.
	impl *core.Impl
}

// Run runs the whole suite.
func Run(t *testing.T, v Variant) {
	if !common.Available {
		t.Run("Unavailable", v.testUnavailable)
		return
	}
	t.Run("Vectors", v.testVectors)
	t.Run("Reference", v.testReference)
	t.Run("KernelsAgree", v.testKernelsAgree)
	t.Run("KernelsAgreeLong", v.testKernelsAgreeLong)
	t.Run("Implementation", v.testImplementation)
	v.conformance(t)
	t.Run("Wipe", v.testWipe)
	t.Run("ZeroValue", v.testZeroValue)
	t.Run("BadParams", v.testBadParams)
	t.Run("NewSize", v.testNewSize)
	// The same conformance tests on every implementation, kernel and
	// path: New takes the assembly up to its crossover only.
	for _, i := range core.Impls(v.V) {
		t.Run("Impl/"+i.String(), func(t *testing.T) {
			w := v
			w.impl = &i
			w.conformance(t)
		})
	}
}

// conformance runs the tests of the cipher.AEAD contract, on New's AEADs
// or on v.impl.
func (v Variant) conformance(t *testing.T) {
	t.Run("RoundTrip", v.testRoundTrip)
	t.Run("Append", v.testAppend)
	t.Run("InPlace", v.testInPlace)
	t.Run("NonceInOutput", v.testNonceInOutput)
	t.Run("Overlap", v.testOverlap)
	t.Run("InputsUnchanged", v.testInputsUnchanged)
	t.Run("Tamper", v.testTamper)
	t.Run("Truncated", v.testTruncated)
	t.Run("ShortNonce", v.testShortNonce)
	t.Run("BadNonce", v.testBadNonce)
	t.Run("KeyCopied", v.testKeyCopied)
	t.Run("Allocs", v.testAllocs)
	t.Run("Concurrent", v.testConcurrent)
}

func (v Variant) mustNew(t *testing.T, key []byte, tagLen int) cipher.AEAD {
	t.Helper()
	if v.impl != nil {
		return v.withImpl(t, *v.impl, key, tagLen)
	}
	a, err := v.New(key, tagLen)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return a
}

func (v Variant) withImpl(t *testing.T, i core.Impl, key []byte, tagLen int) *core.AEAD {
	t.Helper()
	a := new(core.AEAD)
	if err := a.InitImpl(v.V, key, tagLen, i); err != nil {
		t.Fatalf("InitImpl(%s): %v", i, err)
	}
	return a
}

func (v Variant) withKernel(t *testing.T, kernel core.Kernel, key []byte, tagLen int) *core.AEAD {
	t.Helper()
	a := new(core.AEAD)
	if err := a.InitKernel(v.V, key, tagLen, kernel); err != nil {
		t.Fatalf("InitKernel(%s): %v", kernel, err)
	}
	return a
}

func random(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

func (v Variant) testUnavailable(t *testing.T) {
	a, err := v.New(make([]byte, v.V.KeySize), 16)
	if !errors.Is(err, common.ErrNotAvailable) || a != nil {
		t.Fatalf("New with without_aegis = %v, %v; want nil, ErrNotAvailable", a, err)
	}
	if got := v.Implementation(); got != "none" {
		t.Fatalf("Implementation() = %q with without_aegis, want none", got)
	}
}

// testVectors runs the spec's vectors, encryption and decryption, both tag
// sizes, under every kernel this machine runs.
func (v Variant) testVectors(t *testing.T) {
	vs, err := vectors.LoadAEAD(v.V.Name)
	if err != nil {
		t.Fatal(err)
	}
	ks := core.Kernels(v.V)
	if len(ks) == 0 {
		t.Fatal("no kernel can run here")
	}
	t.Logf("kernels: %v", kernelNames(ks))
	t.Logf("implementations: %v", core.Impls(v.V))
	for _, k := range core.Impls(v.V) {
		for _, tv := range vs {
			for _, tag := range [][]byte{tv.Tag128, tv.Tag256} {
				name := fmt.Sprintf("%s/%s/tag%d", k, tv.Name, len(tag)*8)
				a := v.withImpl(t, k, tv.Key, len(tag))
				sealed := append(append([]byte{}, tv.CT...), tag...)
				pt, err := a.Open(nil, tv.Nonce, sealed, tv.AD)
				if tv.Fail {
					if !errors.Is(err, common.ErrAuth) || pt != nil {
						t.Errorf("%s: Open of a must-fail vector = %x, %v", name, pt, err)
					}
					continue
				}
				if err != nil || !bytes.Equal(pt, tv.Msg) {
					t.Errorf("%s: Open = %x, %v; want %x", name, pt, err, tv.Msg)
				}
				if ct := a.Seal(nil, tv.Nonce, tv.Msg, tv.AD); !bytes.Equal(ct, sealed) {
					t.Errorf("%s: Seal = %x, want %x", name, ct, sealed)
				}
			}
		}
	}
}

// testReference checks soft, which every other kernel is checked against,
// against the independent Go transcription of the spec in internal/testing/ref:
// every message and ad length up to three rate blocks, and some longer.
func (v Variant) testReference(t *testing.T) {
	r := rand.New(rand.NewPCG(11, uint64(v.V.ID)))
	fam128, d := v.V.ID < 3, 1<<(v.V.ID%3)
	key, nonce := random(r, v.V.KeySize), random(r, v.V.NonceSize)
	lens := []int{}
	for n := 0; n <= 3*v.V.Rate+1; n++ {
		lens = append(lens, n)
	}
	lens = append(lens, 1000, 1100)
	for _, tagLen := range []int{16, 32} {
		a := v.withKernel(t, core.KernelSoft, key, tagLen)
		for _, n := range lens {
			m, ad := random(r, n), random(r, (n*7)%(2*v.V.Rate+3))
			if got, want := a.Seal(nil, nonce, m, ad), ref.Seal(fam128, d, key, nonce, m, ad, tagLen); !bytes.Equal(got, want) {
				t.Fatalf("soft differs from the reference: %d bytes, %d of ad, tag%d", n, len(ad), tagLen)
			}
			if got, want := a.Seal(nil, nonce, ad, m), ref.Seal(fam128, d, key, nonce, ad, m, tagLen); !bytes.Equal(got, want) {
				t.Fatalf("soft differs from the reference: %d bytes, %d of ad, tag%d", len(ad), n, tagLen)
			}
		}
	}
}

// testKernelsAgree checks every implementation, the kernels through the C
// core and through their assembly, against soft, for every message length
// and every associated-data length from 0 to 1100, both ways.
func (v Variant) testKernelsAgree(t *testing.T) {
	ks := core.Impls(v.V)
	if len(ks) < 2 {
		t.Logf("only %d kernel here: nothing to compare", len(ks))
	}
	r := rand.New(rand.NewPCG(1, uint64(v.V.ID)))
	key := random(r, v.V.KeySize)
	nonce := random(r, v.V.NonceSize)
	const maxLen = 1100
	buf := random(r, maxLen)
	type input struct{ m, ad []byte }
	var inputs []input
	for n := 0; n <= maxLen; n++ {
		inputs = append(inputs, input{buf[:n], buf[maxLen-n%97:]})
		inputs = append(inputs, input{buf[:n%89], buf[maxLen-n:]})
	}
	for _, tagLen := range []int{16, 32} {
		ref := v.withKernel(t, core.KernelSoft, key, tagLen)
		want := make([][]byte, len(inputs))
		for i, in := range inputs {
			want[i] = ref.Seal(nil, nonce, in.m, in.ad)
		}
		for _, k := range ks {
			if k == (core.Impl{}) {
				continue
			}
			a := v.withImpl(t, k, key, tagLen)
			fails := 0
			for i, in := range inputs {
				got := a.Seal(nil, nonce, in.m, in.ad)
				if !bytes.Equal(got, want[i]) {
					t.Errorf("%s tag%d: Seal of %d bytes with %d bytes of ad differs from soft",
						k, tagLen, len(in.m), len(in.ad))
					fails++
				}
				pt, err := a.Open(nil, nonce, want[i], in.ad)
				if err != nil || !bytes.Equal(pt, in.m) {
					t.Errorf("%s tag%d: Open of soft's %d bytes with %d bytes of ad: %v",
						k, tagLen, len(in.m), len(in.ad), err)
					fails++
				}
				if fails > 10 {
					t.Fatal("too many failures")
				}
			}
		}
	}
}

// longLengths are message lengths around the points where kernels change
// how they walk the message: the avx2 and aesni kernels run the lanes of
// the wide variants in groups from 2048 bytes on, over chunks of 4096 bytes
// (AEGISGO_GROUP_MIN and AEGISGO_GROUP_CHUNK in csrc/internal.h).
var longLengths = []int{
	2047, 2048, 2049, 2111, 4095, 4096, 4097, 4096 + 127, 6000,
	8191, 8192, 8192 + 64, 3*4096 + 100, 65536 + 33,
}

// testKernelsAgreeLong checks every implementation against soft on long
// messages, apart and in place, at both tag sizes.
func (v Variant) testKernelsAgreeLong(t *testing.T) {
	r := rand.New(rand.NewPCG(3, uint64(v.V.ID)))
	key := random(r, v.V.KeySize)
	nonce := random(r, v.V.NonceSize)
	lengths := append([]int(nil), longLengths...)
	for range 3 {
		lengths = append(lengths, 2048+r.IntN(20000))
	}
	for _, tagLen := range []int{16, 32} {
		ref := v.withKernel(t, core.KernelSoft, key, tagLen)
		for _, k := range core.Impls(v.V) {
			if k == (core.Impl{}) {
				continue
			}
			a := v.withImpl(t, k, key, tagLen)
			for _, n := range lengths {
				m, ad := random(r, n), random(r, r.IntN(70))
				want := ref.Seal(nil, nonce, m, ad)
				if got := a.Seal(nil, nonce, m, ad); !bytes.Equal(got, want) {
					t.Fatalf("%s tag%d: Seal of %d bytes differs from soft", k, tagLen, n)
				}
				buf := make([]byte, n, n+tagLen)
				copy(buf, m)
				if got := a.Seal(buf[:0], nonce, buf, ad); !bytes.Equal(got, want) {
					t.Fatalf("%s tag%d: Seal of %d bytes in place differs from soft", k, tagLen, n)
				}
				if pt, err := a.Open(nil, nonce, want, ad); err != nil || !bytes.Equal(pt, m) {
					t.Fatalf("%s tag%d: Open of soft's %d bytes: %v", k, tagLen, n, err)
				}
				ct := append([]byte(nil), want...)
				if pt, err := a.Open(ct[:0], nonce, ct, ad); err != nil || !bytes.Equal(pt, m) {
					t.Fatalf("%s tag%d: Open of soft's %d bytes in place: %v", k, tagLen, n, err)
				}
			}
		}
	}
}

// testImplementation checks that Implementation names a kernel that runs
// here, and the best one unless AEGIS_IMPL caps it.
func (v Variant) testImplementation(t *testing.T) {
	got := v.Implementation()
	k, ok := core.KernelByName(got)
	if !ok {
		t.Fatalf("Implementation() = %q, not a kernel name", got)
	}
	ks := core.Kernels(v.V)
	best := ks[len(ks)-1]
	if os.Getenv("AEGIS_IMPL") == "" && k != best {
		t.Errorf("Implementation() = %s, but %s runs here", got, best)
	}
	if env := os.Getenv("AEGIS_IMPL"); core.KernelChain(env) != nil {
		if !slices.Contains(core.KernelChain(env), k) {
			t.Errorf("Implementation() = %s, not allowed by AEGIS_IMPL=%s", got, env)
		}
	}
}

var msgLens = []int{0, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 255, 256, 257, 1000, 4097}

func (v Variant) testRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(2, uint64(v.V.ID)))
	for _, tagLen := range []int{16, 32} {
		a := v.mustNew(t, random(r, v.V.KeySize), tagLen)
		if a.NonceSize() != v.V.NonceSize || a.Overhead() != tagLen {
			t.Fatalf("NonceSize, Overhead = %d, %d; want %d, %d", a.NonceSize(), a.Overhead(), v.V.NonceSize, tagLen)
		}
		for _, n := range msgLens {
			for _, adLen := range []int{0, 1, 33, 200} {
				nonce, m, ad := random(r, v.V.NonceSize), random(r, n), random(r, adLen)
				ct := a.Seal(nil, nonce, m, ad)
				if len(ct) != n+tagLen {
					t.Fatalf("len(Seal) = %d, want %d", len(ct), n+tagLen)
				}
				if n > 0 && bytes.Equal(ct[:n], m) {
					t.Fatalf("Seal left %d bytes in the clear", n)
				}
				pt, err := a.Open(nil, nonce, ct, ad)
				if err != nil || !bytes.Equal(pt, m) {
					t.Fatalf("Open(Seal(%d bytes)) = %v", n, err)
				}
			}
		}
	}
}

func (v Variant) testAppend(t *testing.T) {
	r := rand.New(rand.NewPCG(3, uint64(v.V.ID)))
	a := v.mustNew(t, random(r, v.V.KeySize), 16)
	nonce, m, ad := random(r, v.V.NonceSize), random(r, 100), random(r, 7)
	want := a.Seal(nil, nonce, m, ad)
	prefix := []byte("prefix")
	for _, extra := range []int{0, 1, 200} {
		dst := make([]byte, len(prefix), len(prefix)+extra)
		copy(dst, prefix)
		got := a.Seal(dst, nonce, m, ad)
		if !bytes.Equal(got[:len(prefix)], prefix) || !bytes.Equal(got[len(prefix):], want) {
			t.Fatalf("Seal appending to %d bytes with spare capacity %d: wrong result", len(prefix), extra)
		}
		if extra >= len(want) && &got[0] != &dst[0] {
			t.Fatal("Seal reallocated although dst had room")
		}
		dst = make([]byte, len(prefix), len(prefix)+extra)
		copy(dst, prefix)
		pt, err := a.Open(dst, nonce, want, ad)
		if err != nil || !bytes.Equal(pt[:len(prefix)], prefix) || !bytes.Equal(pt[len(prefix):], m) {
			t.Fatalf("Open appending with spare capacity %d: %v", extra, err)
		}
	}
}

func (v Variant) testInPlace(t *testing.T) {
	r := rand.New(rand.NewPCG(4, uint64(v.V.ID)))
	for _, tagLen := range []int{16, 32} {
		a := v.mustNew(t, random(r, v.V.KeySize), tagLen)
		for _, n := range msgLens {
			nonce, m, ad := random(r, v.V.NonceSize), random(r, n), random(r, 9)
			want := a.Seal(nil, nonce, m, ad)
			buf := make([]byte, n, n+tagLen)
			copy(buf, m)
			ct := a.Seal(buf[:0], nonce, buf, ad)
			if !bytes.Equal(ct, want) {
				t.Fatalf("in-place Seal of %d bytes differs", n)
			}
			pt, err := a.Open(ct[:0], nonce, ct, ad)
			if err != nil || !bytes.Equal(pt, m) {
				t.Fatalf("in-place Open of %d bytes: %v", n, err)
			}
		}
	}
}

func mustPanic(t *testing.T, what, prefix string, f func()) {
	t.Helper()
	defer func() {
		t.Helper()
		r := recover()
		if r == nil {
			t.Errorf("%s did not panic", what)
			return
		}
		if s := fmt.Sprint(r); !strings.HasPrefix(s, prefix) {
			t.Errorf("%s panicked with %q, want a message starting with %q", what, s, prefix)
		}
	}()
	f()
}

func (v Variant) testOverlap(t *testing.T) {
	r := rand.New(rand.NewPCG(5, uint64(v.V.ID)))
	a := v.mustNew(t, random(r, v.V.KeySize), 16)
	nonce := random(r, v.V.NonceSize)
	p := v.V.Name + ": invalid buffer overlap"
	buf := make([]byte, 300)
	mustPanic(t, "Seal with output one byte after the plaintext", p, func() {
		a.Seal(buf[1:1], nonce, buf[:100], nil)
	})
	mustPanic(t, "Seal with output over the additional data", p, func() {
		a.Seal(buf[:0], nonce, nil, buf[:10])
	})
	mustPanic(t, "Seal with output ending in the plaintext", p, func() {
		a.Seal(buf[:0], nonce, buf[50:150], nil)
	})
	ct := a.Seal(nil, nonce, random(r, 100), nil)
	copy(buf, ct)
	mustPanic(t, "Open with output one byte after the ciphertext", p, func() {
		a.Open(buf[1:1], nonce, buf[:len(ct)], nil)
	})
	mustPanic(t, "Open with output over the additional data", p, func() {
		a.Open(buf[200:200], nonce, ct, buf[150:250])
	})
	// One check covers the ciphertext and its tag; the text still says
	// which was overlapped.
	clen := len(ct) - 16
	mustPanic(t, "Open with output in the tag", p+" of output and tag", func() {
		a.Open(buf[clen+4:clen+4], nonce, buf[:len(ct)], nil)
	})
	mustPanic(t, "Open with output over the ciphertext and the tag", p+" of output and input", func() {
		a.Open(buf[8:8], nonce, buf[:len(ct)], nil)
	})
	mustPanic(t, "Open with output ending in the ciphertext", p+" of output and input", func() {
		a.Open(buf[:0], nonce, buf[50:50+len(ct)], nil)
	})
	if _, err := a.Open(buf[:0], nonce, buf[:len(ct)], nil); err != nil {
		t.Errorf("Open in place: %v", err)
	}
}

func (v Variant) testInputsUnchanged(t *testing.T) {
	r := rand.New(rand.NewPCG(6, uint64(v.V.ID)))
	key := random(r, v.V.KeySize)
	keyCopy := bytes.Clone(key)
	a := v.mustNew(t, key, 32)
	nonce, m, ad := random(r, v.V.NonceSize), random(r, 77), random(r, 13)
	n0, m0, ad0 := bytes.Clone(nonce), bytes.Clone(m), bytes.Clone(ad)
	ct := a.Seal(nil, nonce, m, ad)
	ct0 := bytes.Clone(ct)
	if _, err := a.Open(nil, nonce, ct, ad); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(key, keyCopy) || !bytes.Equal(nonce, n0) || !bytes.Equal(m, m0) ||
		!bytes.Equal(ad, ad0) || !bytes.Equal(ct, ct0) {
		t.Fatal("Seal or Open modified an input")
	}
}

// testTamper flips each bit of the nonce, ad, ciphertext and tag in turn,
// and checks that Open refuses it and leaves zeros, not plaintext.
func (v Variant) testTamper(t *testing.T) {
	r := rand.New(rand.NewPCG(7, uint64(v.V.ID)))
	for _, tagLen := range []int{16, 32} {
		a := v.mustNew(t, random(r, v.V.KeySize), tagLen)
		nonce, m, ad := random(r, v.V.NonceSize), random(r, 70), random(r, 20)
		ct := a.Seal(nil, nonce, m, ad)
		check := func(what string, nonce, ct, ad []byte) {
			t.Helper()
			dst := make([]byte, 3, 3+len(ct))
			copy(dst, "abc")
			full := dst[:cap(dst)]
			for i := 3; i < len(full); i++ {
				full[i] = 0xa5
			}
			pt, err := a.Open(dst, nonce, ct, ad)
			if !errors.Is(err, common.ErrAuth) || pt != nil {
				t.Fatalf("Open with %s = %v, %v; want nil, ErrAuth", what, pt, err)
			}
			if string(full[:3]) != "abc" {
				t.Fatalf("Open with %s changed dst's existing bytes", what)
			}
			for _, b := range full[3 : 3+len(ct)-tagLen] {
				if b != 0 {
					t.Fatalf("Open with %s left non-zero output: %x", what, full[3:3+len(ct)-tagLen])
				}
			}
		}
		flip := func(b []byte, bit int) []byte {
			c := bytes.Clone(b)
			c[bit/8] ^= 1 << (bit % 8)
			return c
		}
		for bit := 0; bit < len(nonce)*8; bit += 7 {
			check("a changed nonce", flip(nonce, bit), ct, ad)
		}
		for bit := 0; bit < len(ad)*8; bit += 5 {
			check("changed ad", nonce, ct, flip(ad, bit))
		}
		for bit := 0; bit < len(ct)*8; bit++ {
			check(fmt.Sprintf("bit %d of the sealed message flipped", bit), nonce, flip(ct, bit), ad)
		}
		check("no ad", nonce, ct, nil)
		check("extra ad", nonce, ct, append(bytes.Clone(ad), 0))
		check("a shortened ciphertext", nonce, append(bytes.Clone(ct[:len(m)-1]), ct[len(m):]...), ad)
		check("a lengthened ciphertext", nonce, append(append(bytes.Clone(ct[:len(m)]), 0), ct[len(m):]...), ad)
		other := v.mustNew(t, random(r, v.V.KeySize), tagLen)
		if _, err := other.Open(nil, nonce, ct, ad); !errors.Is(err, common.ErrAuth) {
			t.Fatalf("Open under another key: %v", err)
		}
	}
}

func (v Variant) testTruncated(t *testing.T) {
	a := v.mustNew(t, make([]byte, v.V.KeySize), 32)
	nonce := make([]byte, v.V.NonceSize)
	for _, n := range []int{0, 1, 31} {
		if pt, err := a.Open(nil, nonce, make([]byte, n), nil); !errors.Is(err, common.ErrTruncated) || pt != nil {
			t.Errorf("Open of %d bytes with 32-byte tags = %v, %v; want ErrTruncated", n, pt, err)
		}
	}
}

// testShortNonce checks that a short nonce is zero-padded, an empty or nil
// one being the all-zero nonce (as in go-libaegis), and that the caller's
// array is not written past the slice.
func (v Variant) testShortNonce(t *testing.T) {
	r := rand.New(rand.NewPCG(8, uint64(v.V.ID)))
	a := v.mustNew(t, random(r, v.V.KeySize), 16)
	m, ad := random(r, 50), random(r, 5)
	zero := a.Seal(nil, make([]byte, v.V.NonceSize), m, ad)
	if got := a.Seal(nil, nil, m, ad); !bytes.Equal(got, zero) {
		t.Fatal("Seal with a nil nonce differs from Seal with the all-zero nonce")
	}
	if pt, err := a.Open(nil, nil, zero, ad); err != nil || !bytes.Equal(pt, m) {
		t.Fatalf("Open with a nil nonce: %v", err)
	}
	for n := 0; n < v.V.NonceSize; n++ {
		arr := make([]byte, v.V.NonceSize)
		for i := range arr {
			arr[i] = 0xee
		}
		nonce := arr[:n]
		padded := make([]byte, v.V.NonceSize)
		copy(padded, nonce)
		got := a.Seal(nil, nonce, m, ad)
		if want := a.Seal(nil, padded, m, ad); !bytes.Equal(got, want) {
			t.Fatalf("Seal with a %d-byte nonce differs from its zero-padded form", n)
		}
		if pt, err := a.Open(nil, nonce, got, ad); err != nil || !bytes.Equal(pt, m) {
			t.Fatalf("Open with a %d-byte nonce: %v", n, err)
		}
		for _, b := range arr[n:] {
			if b != 0xee {
				t.Fatalf("a %d-byte nonce: the caller's array was written past the slice", n)
			}
		}
	}
}

func (v Variant) testBadNonce(t *testing.T) {
	a := v.mustNew(t, make([]byte, v.V.KeySize), 16)
	ct := a.Seal(nil, make([]byte, v.V.NonceSize), nil, nil)
	for _, n := range []int{v.V.NonceSize + 1, 64} {
		nonce := make([]byte, n)
		mustPanic(t, fmt.Sprintf("Seal with a %d-byte nonce", n), v.V.Name+":", func() { a.Seal(nil, nonce, nil, nil) })
		mustPanic(t, fmt.Sprintf("Open with a %d-byte nonce", n), v.V.Name+":", func() { a.Open(nil, nonce, ct, nil) })
	}
}

// testKeyCopied zeroes the caller's key right after New, as gocryptfs
// does, and checks that the AEAD still uses the original key.
func (v Variant) testKeyCopied(t *testing.T) {
	r := rand.New(rand.NewPCG(9, uint64(v.V.ID)))
	key := random(r, v.V.KeySize)
	nonce, m := random(r, v.V.NonceSize), random(r, 40)
	want := v.mustNew(t, bytes.Clone(key), 16).Seal(nil, nonce, m, nil)
	a := v.mustNew(t, key, 16)
	clear(key)
	if got := a.Seal(nil, nonce, m, nil); !bytes.Equal(got, want) {
		zero := v.mustNew(t, make([]byte, v.V.KeySize), 16).Seal(nil, nonce, m, nil)
		if bytes.Equal(got, zero) {
			t.Fatal("zeroing the caller's key after New changed the AEAD's key to zeros")
		}
		t.Fatal("zeroing the caller's key after New changed the ciphertext")
	}
}

func (v Variant) testWipe(t *testing.T) {
	a := v.mustNew(t, bytes.Repeat([]byte{1}, v.V.KeySize), 16)
	nonce := make([]byte, v.V.NonceSize)
	ct := a.Seal(nil, nonce, []byte("x"), nil)
	v.Wipe(a)
	mustPanic(t, "Seal after Wipe", v.V.Name+": AEAD used after Wipe", func() { a.Seal(nil, nonce, nil, nil) })
	mustPanic(t, "Open after Wipe", v.V.Name+": AEAD used after Wipe", func() { a.Open(nil, nonce, ct, nil) })
	v.Wipe(a) // a second Wipe is harmless
}

func (v Variant) testZeroValue(t *testing.T) {
	a := v.ZeroValue()
	mustPanic(t, "Seal on the zero value", "aegis", func() { a.Seal(nil, make([]byte, 16), nil, nil) })
}

func (v Variant) testBadParams(t *testing.T) {
	for _, n := range []int{0, 1, v.V.KeySize - 1, v.V.KeySize + 1, 64} {
		if a, err := v.New(make([]byte, n), 16); !errors.Is(err, common.ErrBadKeyLength) || a != nil {
			t.Errorf("New with a %d-byte key = %v, %v; want ErrBadKeyLength", n, a, err)
		}
	}
	if a, err := v.New(nil, 16); !errors.Is(err, common.ErrBadKeyLength) || a != nil {
		t.Errorf("New with a nil key = %v, %v; want ErrBadKeyLength", a, err)
	}
	for _, n := range []int{-1, 0, 8, 12, 15, 17, 24, 31, 33, 48, 64} {
		if a, err := v.New(make([]byte, v.V.KeySize), n); !errors.Is(err, common.ErrBadTagLength) || a != nil {
			t.Errorf("New with tagLen %d = %v, %v; want ErrBadTagLength", n, a, err)
		}
	}
}

func (v Variant) testAllocs(t *testing.T) {
	if testing.Short() {
		t.Skip("allocation counts are checked in full runs")
	}
	a := v.mustNew(t, make([]byte, v.V.KeySize), 16)
	nonce := make([]byte, v.V.NonceSize-3) // a short nonce must not allocate either
	m, ad := make([]byte, 1000), make([]byte, 10)
	dst := make([]byte, 0, 2000)
	ct := a.Seal(nil, nonce, m, ad)
	if n := testing.AllocsPerRun(100, func() { a.Seal(dst[:0], nonce, m, ad) }); n != 0 {
		t.Errorf("Seal with room in dst: %v allocations, want 0", n)
	}
	if n := testing.AllocsPerRun(100, func() {
		if _, err := a.Open(dst[:0], nonce, ct, ad); err != nil {
			panic(err)
		}
	}); n != 0 {
		t.Errorf("Open with room in dst: %v allocations, want 0", n)
	}
}

// testNewSize: New makes one allocation, of the smallest size class
// that holds the variant's key with the rest of the AEAD (core.AEADOf, a
// 4-byte header index): the AEAD is 20 bytes (size class 24) for the
// AEGIS-128 family, 36 (48) for the AEGIS-256 family.
func (v Variant) testNewSize(t *testing.T) {
	key := make([]byte, v.V.KeySize)
	a, err := v.New(key, 16)
	if err != nil {
		t.Fatal(err)
	}
	size := reflect.TypeOf(a).Elem().Size()
	if want := uintptr(v.V.KeySize + 4); size != want {
		t.Errorf("the AEAD is %d bytes, want %d", size, want)
	}
	if testing.Short() {
		return
	}
	var sink cipher.AEAD
	if n := testing.AllocsPerRun(100, func() { sink, _ = v.New(key, 16) }); n != 1 {
		t.Errorf("New: %v allocations, want 1", n)
	}
	_ = sink
}

func (v Variant) testConcurrent(t *testing.T) {
	r := rand.New(rand.NewPCG(10, uint64(v.V.ID)))
	a := v.mustNew(t, random(r, v.V.KeySize), 16)
	const workers, rounds = 8, 50
	type job struct{ nonce, m, ct []byte }
	jobs := make([]job, workers)
	for i := range jobs {
		jobs[i].nonce = random(r, v.V.NonceSize)
		jobs[i].m = random(r, 100*i+1)
		jobs[i].ct = a.Seal(nil, jobs[i].nonce, jobs[i].m, nil)
	}
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	for i := range jobs {
		wg.Add(1)
		go func(j job) {
			defer wg.Done()
			for range rounds {
				if ct := a.Seal(nil, j.nonce, j.m, nil); !bytes.Equal(ct, j.ct) {
					errs <- errors.New("concurrent Seal gave another result")
					return
				}
				if pt, err := a.Open(nil, j.nonce, j.ct, nil); err != nil || !bytes.Equal(pt, j.m) {
					errs <- fmt.Errorf("concurrent Open: %v", err)
					return
				}
			}
		}(jobs[i])
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
}

func kernelNames(ks []core.Kernel) []string {
	var names []string
	for _, k := range ks {
		names = append(names, k.String())
	}
	return names
}
