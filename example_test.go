// SPDX-License-Identifier: MIT

//go:build !without_aegis

package aegis_test

import (
	"crypto/rand"
	"errors"
	"fmt"
	"log"

	"github.com/aegisgo/aegis/aegis256"
	"github.com/aegisgo/aegis/common"
)

// The README's Usage program: readme_test.go checks that the README shows
// this function's body as its main, with these imports.
func Example() {
	// A random 32-byte key: keep it secret, share it with the receiver.
	key := make([]byte, aegis256.KeySize)
	rand.Read(key) // never fails (Go 1.24 and later)

	aead, err := aegis256.New(key, 16) // 16-byte tags; 32 for a larger margin
	if err != nil {
		log.Fatal(err) // common.ErrNotAvailable, in a build with -tags without_aegis
	}

	// A nonce must never repeat under one key; AEGIS-256's may be random.
	nonce := make([]byte, aead.NonceSize())
	rand.Read(nonce)

	header := []byte("to: bob") // authenticated, not encrypted
	// The nonce goes in front: sealed is nonce || ciphertext || tag.
	sealed := aead.Seal(nonce, nonce, []byte("hello, world"), header)

	// The receiver takes the nonce back off and opens the rest.
	n := aead.NonceSize()
	plaintext, err := aead.Open(nil, sealed[:n], sealed[n:], header)
	if err != nil {
		log.Fatal(err) // common.ErrAuth: a wrong key, nonce or header, or a changed message
	}
	fmt.Printf("%s\n", plaintext)

	sealed[len(sealed)-1] ^= 1 // any change is caught
	_, err = aead.Open(nil, sealed[:n], sealed[n:], header)
	fmt.Println(errors.Is(err, common.ErrAuth))
	// Output:
	// hello, world
	// true
}
