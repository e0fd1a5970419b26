// SPDX-License-Identifier: MIT

//go:build without_aegis

package consumertest

import (
	"errors"
	"testing"

	"github.com/aegis-aead/go-libaegis/common"
	"github.com/aegis-aead/go-libaegis/raf"
)

// Built with without_aegis, every constructor returns ErrNotAvailable where
// go-libaegis (without cgo) panics, so that a program can fall back at run
// time.
func TestConstructorsNotAvailable(t *testing.T) {
	for _, v := range variants {
		key := make([]byte, v.keySize)
		nonce := make([]byte, v.nonceSize)
		if a, err := v.newAEAD(key, 16); a != nil || !errors.Is(err, common.ErrNotAvailable) {
			t.Errorf("%s: New = %v, %v; want nil, ErrNotAvailable", v.name, a, err)
		}
		if e, err := v.newEnc(key, nonce, nil, 16); e != nil || !errors.Is(err, common.ErrNotAvailable) {
			t.Errorf("%s: NewEncrypter = %v, %v; want nil, ErrNotAvailable", v.name, e, err)
		}
		if d, err := v.newDec(key, nonce, nil, 16); d != nil || !errors.Is(err, common.ErrNotAvailable) {
			t.Errorf("%s: NewDecrypter = %v, %v; want nil, ErrNotAvailable", v.name, d, err)
		}
		if m, err := v.newMAC(key, nonce, 16); m != nil || !errors.Is(err, common.ErrNotAvailable) {
			t.Errorf("%s: NewMAC = %v, %v; want nil, ErrNotAvailable", v.name, m, err)
		}
		if got := v.impl(); got != "none" {
			t.Errorf("%s: Implementation() = %q, want \"none\"", v.name, got)
		}
	}
	f, err := raf.Create(&memStore{}, make([]byte, 16), &raf.Options{raf.AEGIS128L, 0, false})
	if f != nil || !errors.Is(err, common.ErrNotAvailable) {
		t.Errorf("raf.Create = %v, %v; want nil and an error wrapping ErrNotAvailable", f, err)
	}
	f, err = raf.Open(&memStore{buf: make([]byte, raf.HeaderSize)}, make([]byte, 16), nil)
	if f != nil || !errors.Is(err, common.ErrNotAvailable) {
		t.Errorf("raf.Open = %v, %v; want nil and an error wrapping ErrNotAvailable", f, err)
	}
}

// The fallback that go-libaegis users write around common.Available picks
// the other cipher.
func TestFallback(t *testing.T) {
	a, err := newFileCipher(make([]byte, 32))
	if err != nil {
		t.Fatal(err)
	}
	if a.NonceSize() != 12 {
		t.Fatalf("fallback AEAD has %d-byte nonces, want AES-GCM's 12", a.NonceSize())
	}
}
