// SPDX-License-Identifier: MIT

package consumertest

import (
	"bytes"
	"crypto/cipher"
	"errors"
	"testing"

	"github.com/aegis-aead/go-libaegis/aegis128l"
	"github.com/aegis-aead/go-libaegis/aegis128x2"
	"github.com/aegis-aead/go-libaegis/aegis128x4"
	"github.com/aegis-aead/go-libaegis/aegis256"
	"github.com/aegis-aead/go-libaegis/aegis256x2"
	"github.com/aegis-aead/go-libaegis/aegis256x4"
	"github.com/aegis-aead/go-libaegis/common"
)

// isRandomType reports whether a has the shim's alias of the AEAD type that
// NewWithRandomNonce returns.
func isRandomType[T any](a cipher.AEAD) bool {
	_, ok := a.(T)
	return ok
}

// A program switched to the shim can use NewWithRandomNonce, which
// go-libaegis lacks, under the same import paths: it forwards to the
// module's, whose output is the nonce followed by New's Seal with it.
func TestNewWithRandomNonce(t *testing.T) {
	ctors := []struct {
		newRandom func([]byte, int) (cipher.AEAD, error)
		isType    func(cipher.AEAD) bool
	}{
		{aegis128l.NewWithRandomNonce, isRandomType[*aegis128l.Aegis128LWithRandomNonce]},
		{aegis128x2.NewWithRandomNonce, isRandomType[*aegis128x2.Aegis128X2WithRandomNonce]},
		{aegis128x4.NewWithRandomNonce, isRandomType[*aegis128x4.Aegis128X4WithRandomNonce]},
		{aegis256.NewWithRandomNonce, isRandomType[*aegis256.Aegis256WithRandomNonce]},
		{aegis256x2.NewWithRandomNonce, isRandomType[*aegis256x2.Aegis256X2WithRandomNonce]},
		{aegis256x4.NewWithRandomNonce, isRandomType[*aegis256x4.Aegis256X4WithRandomNonce]},
	}
	if len(ctors) != len(variants) {
		t.Fatalf("%d constructors for %d variants", len(ctors), len(variants))
	}
	for i, v := range variants {
		c := ctors[i]
		key := bytes.Repeat([]byte{byte(i + 1)}, v.keySize)
		a, err := c.newRandom(key, 16)
		if !common.Available {
			if a != nil || !errors.Is(err, common.ErrNotAvailable) {
				t.Errorf("%s: NewWithRandomNonce with without_aegis = %v, %v; want nil, ErrNotAvailable", v.name, a, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: NewWithRandomNonce: %v", v.name, err)
		}
		if !c.isType(a) {
			t.Errorf("%s: NewWithRandomNonce returned a %T, not the shim's alias of it", v.name, a)
		}
		if a.NonceSize() != 0 || a.Overhead() != v.nonceSize+16 {
			t.Errorf("%s: NonceSize, Overhead = %d, %d; want 0, %d", v.name, a.NonceSize(), a.Overhead(), v.nonceSize+16)
		}
		msg := []byte("switched by one replace line")
		sealed := a.Seal(nil, nil, msg, nil)
		if pt, err := a.Open(nil, nil, sealed, nil); err != nil || !bytes.Equal(pt, msg) {
			t.Errorf("%s: round trip: %q, %v", v.name, pt, err)
		}
		plain, err := v.newAEAD(key, 16)
		if err != nil {
			t.Fatal(err)
		}
		if pt, err := plain.Open(nil, sealed[:v.nonceSize], sealed[v.nonceSize:], nil); err != nil || !bytes.Equal(pt, msg) {
			t.Errorf("%s: New's Open of the split message: %q, %v", v.name, pt, err)
		}
	}
}
