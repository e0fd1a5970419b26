package aeadtest

import (
	"bytes"
	"errors"
	"testing"

	"github.com/aegisgo/aegis/common"
	"github.com/aegisgo/aegis/internal/core"
)

// fit returns b cut or zero-padded to n bytes.
func fit(b []byte, n int) []byte {
	out := make([]byte, n)
	copy(out, b)
	return out
}

// fuzzNonce maps any input to a valid nonce: 0 to NonceSize bytes.
func (v Variant) fuzzNonce(b []byte) []byte {
	if len(b) > v.V.NonceSize {
		return b[:v.V.NonceSize]
	}
	return b
}

func tagLenOf(long bool) int {
	if long {
		return 32
	}
	return 16
}

func addSeeds(f *testing.F, v Variant) {
	f.Add(make([]byte, v.V.KeySize), make([]byte, v.V.NonceSize), false, []byte{}, []byte{})
	f.Add(bytes.Repeat([]byte{1}, v.V.KeySize), []byte{7}, true, []byte("ad"), []byte("message"))
	f.Add([]byte("short key"), bytes.Repeat([]byte{9}, 40), false, make([]byte, 33), make([]byte, 3*v.V.Rate+5))
	f.Add(bytes.Repeat([]byte{0xff}, 64), make([]byte, v.V.NonceSize-1), true, make([]byte, v.V.Rate), make([]byte, v.V.Rate-1))
}

// FuzzSealOpen: Seal then Open round-trips under random key, nonce, tag
// length, associated data and message, and any one-bit change is refused.
// A key of the wrong size must be refused by New and is then fitted.
func FuzzSealOpen(f *testing.F, v Variant) {
	addSeeds(f, v)
	f.Fuzz(func(t *testing.T, key, nonce []byte, long bool, ad, msg []byte) {
		if !common.Available {
			t.Skip("built without the C core")
		}
		tagLen := tagLenOf(long)
		if len(key) != v.V.KeySize {
			if _, err := v.New(key, tagLen); !errors.Is(err, common.ErrBadKeyLength) {
				t.Fatalf("New with a %d-byte key: %v", len(key), err)
			}
			key = fit(key, v.V.KeySize)
		}
		a := v.mustNew(t, key, tagLen)
		nonce = v.fuzzNonce(nonce)
		ct := a.Seal(nil, nonce, msg, ad)
		if len(ct) != len(msg)+tagLen {
			t.Fatalf("len(Seal) = %d, want %d", len(ct), len(msg)+tagLen)
		}
		pt, err := a.Open(nil, nonce, ct, ad)
		if err != nil || !bytes.Equal(pt, msg) {
			t.Fatalf("Open(Seal(m)) = %v", err)
		}
		bit := (len(msg)*131 + len(ad)*7) % (len(ct) * 8)
		ct[bit/8] ^= 1 << (bit % 8)
		if pt, err := a.Open(nil, nonce, ct, ad); !errors.Is(err, common.ErrAuth) || pt != nil {
			t.Fatalf("Open after flipping bit %d = %v, %v", bit, pt, err)
		}
	})
}

// FuzzOpen: Open of arbitrary bytes never panics and never authenticates.
func FuzzOpen(f *testing.F, v Variant) {
	f.Add(make([]byte, v.V.KeySize), make([]byte, v.V.NonceSize), false, []byte{}, make([]byte, 16))
	f.Add(make([]byte, v.V.KeySize), []byte{1}, true, []byte("ad"), make([]byte, 100))
	f.Add(make([]byte, v.V.KeySize), []byte{2}, false, []byte{}, []byte{1, 2, 3})
	f.Fuzz(func(t *testing.T, key, nonce []byte, long bool, ad, sealed []byte) {
		if !common.Available {
			t.Skip("built without the C core")
		}
		a := v.mustNew(t, fit(key, v.V.KeySize), tagLenOf(long))
		pt, err := a.Open(nil, v.fuzzNonce(nonce), sealed, ad)
		if err == nil {
			t.Fatalf("Open authenticated %d arbitrary bytes: %x", len(sealed), pt)
		}
		if pt != nil || !(errors.Is(err, common.ErrAuth) || errors.Is(err, common.ErrTruncated)) {
			t.Fatalf("Open of arbitrary bytes = %v, %v", pt, err)
		}
	})
}

// FuzzKernels: every kernel this machine runs gives soft's bytes, for
// Seal and for Open.
func FuzzKernels(f *testing.F, v Variant) {
	addSeeds(f, v)
	f.Fuzz(func(t *testing.T, key, nonce []byte, long bool, ad, msg []byte) {
		if !common.Available {
			t.Skip("built without the C core")
		}
		key, nonce, tagLen := fit(key, v.V.KeySize), v.fuzzNonce(nonce), tagLenOf(long)
		want := v.withKernel(t, core.KernelSoft, key, tagLen).Seal(nil, nonce, msg, ad)
		for _, k := range core.Kernels(v.V) {
			a := v.withKernel(t, k, key, tagLen)
			if got := a.Seal(nil, nonce, msg, ad); !bytes.Equal(got, want) {
				t.Fatalf("%s: Seal differs from soft", k)
			}
			if pt, err := a.Open(nil, nonce, want, ad); err != nil || !bytes.Equal(pt, msg) {
				t.Fatalf("%s: Open of soft's ciphertext: %v", k, err)
			}
		}
	})
}
