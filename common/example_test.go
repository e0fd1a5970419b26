// SPDX-License-Identifier: MIT

package common_test

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"errors"
	"fmt"

	"github.com/aegisgo/aegis/aegis256"
	"github.com/aegisgo/aegis/common"
)

// newAEAD returns AEGIS-256 where the module has AEGIS (every build, with
// cgo or without) and AES-256-GCM elsewhere (the tag without_aegis). Both take a 32-byte
// key; a format that must be read by both builds has to record which one
// sealed each message, since their ciphertexts differ.
func newAEAD(key []byte) (cipher.AEAD, error) {
	if common.Available {
		return aegis256.New(key, 16)
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(block)
}

// Available tells at build time whether the AEGIS packages work. With
// the tag without_aegis their constructors return ErrNotAvailable instead of
// panicking, so a program can fall back to another cipher, checking
// either the constant or the error. This example runs the same in both
// builds.
func ExampleAvailable() {
	key := make([]byte, 32)
	if _, err := rand.Read(key); err != nil {
		panic(err)
	}

	// With without_aegis, New says so with an error.
	if _, err := aegis256.New(key, 16); err != nil && !errors.Is(err, common.ErrNotAvailable) {
		panic(err)
	}

	aead, err := newAEAD(key)
	if err != nil {
		panic(err)
	}
	nonce := make([]byte, aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		panic(err)
	}
	sealed := aead.Seal(nil, nonce, []byte("either way"), nil)
	pt, err := aead.Open(nil, nonce, sealed, nil)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%s\n", pt)
	// Output: either way
}
