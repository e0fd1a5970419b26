// SPDX-License-Identifier: MIT

package consumertest

import (
	"crypto/cipher"
	"hash"

	"github.com/aegis-aead/go-libaegis/aegis128l"
	"github.com/aegis-aead/go-libaegis/aegis128x2"
	"github.com/aegis-aead/go-libaegis/aegis128x4"
	"github.com/aegis-aead/go-libaegis/aegis256"
	"github.com/aegis-aead/go-libaegis/aegis256x2"
	"github.com/aegis-aead/go-libaegis/aegis256x4"
)

// mac is the MAC type of every variant package (the shim's addition to
// go-libaegis's API).
type mac interface {
	hash.Hash
	Verify(tag []byte) bool
}

// variant gathers one package's constructors behind common types.
type variant struct {
	name      string // as in the spec's vector files: "128l", "256x2"
	keySize   int
	nonceSize int
	newAEAD   func(key []byte, tagLen int) (cipher.AEAD, error)
	newEnc    func(key, nonce, ad []byte, tagLen int) (encrypter, error)
	newDec    func(key, nonce, ad []byte, tagLen int) (decrypter, error)
	newMAC    func(key, nonce []byte, tagLen int) (mac, error)
	impl      func() string
}

var variants = []variant{
	{"128l", aegis128l.KeySize, aegis128l.NonceSize, aegis128l.New,
		wrap4[encrypter](aegis128l.NewEncrypter), wrap4[decrypter](aegis128l.NewDecrypter),
		wrap3[mac](aegis128l.NewMAC), aegis128l.Implementation},
	{"128x2", aegis128x2.KeySize, aegis128x2.NonceSize, aegis128x2.New,
		wrap4[encrypter](aegis128x2.NewEncrypter), wrap4[decrypter](aegis128x2.NewDecrypter),
		wrap3[mac](aegis128x2.NewMAC), aegis128x2.Implementation},
	{"128x4", aegis128x4.KeySize, aegis128x4.NonceSize, aegis128x4.New,
		wrap4[encrypter](aegis128x4.NewEncrypter), wrap4[decrypter](aegis128x4.NewDecrypter),
		wrap3[mac](aegis128x4.NewMAC), aegis128x4.Implementation},
	{"256", aegis256.KeySize, aegis256.NonceSize, aegis256.New,
		wrap4[encrypter](aegis256.NewEncrypter), wrap4[decrypter](aegis256.NewDecrypter),
		wrap3[mac](aegis256.NewMAC), aegis256.Implementation},
	{"256x2", aegis256x2.KeySize, aegis256x2.NonceSize, aegis256x2.New,
		wrap4[encrypter](aegis256x2.NewEncrypter), wrap4[decrypter](aegis256x2.NewDecrypter),
		wrap3[mac](aegis256x2.NewMAC), aegis256x2.Implementation},
	{"256x4", aegis256x4.KeySize, aegis256x4.NonceSize, aegis256x4.New,
		wrap4[encrypter](aegis256x4.NewEncrypter), wrap4[decrypter](aegis256x4.NewDecrypter),
		wrap3[mac](aegis256x4.NewMAC), aegis256x4.Implementation},
}

// wrap4 and wrap3 turn a constructor of a concrete type into one of the
// interface I, with a nil interface (not a typed nil) on error.
func wrap4[I any, T any](f func(key, nonce, ad []byte, tagLen int) (T, error)) func(key, nonce, ad []byte, tagLen int) (I, error) {
	return func(key, nonce, ad []byte, tagLen int) (I, error) {
		x, err := f(key, nonce, ad, tagLen)
		if err != nil {
			var zero I
			return zero, err
		}
		return any(x).(I), nil
	}
}

func wrap3[I any, T any](f func(key, nonce []byte, tagLen int) (T, error)) func(key, nonce []byte, tagLen int) (I, error) {
	return func(key, nonce []byte, tagLen int) (I, error) {
		x, err := f(key, nonce, tagLen)
		if err != nil {
			var zero I
			return zero, err
		}
		return any(x).(I), nil
	}
}
