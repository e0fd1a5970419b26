// SPDX-License-Identifier: MIT

// Package consumertest is code written for go-libaegis, as its users write
// it: the imports are go-libaegis's, and its go.mod replaces that module with
// the shim of this repository. Its tests check that such code compiles
// (every identifier of go-libaegis v0.2, with go-libaegis's types, and
// unkeyed literals of its structs) and behaves as go-libaegis documents,
// through the shim.
package consumertest

import (
	"crypto/aes"
	"crypto/cipher"

	"github.com/aegis-aead/go-libaegis/aegis256x2"
	"github.com/aegis-aead/go-libaegis/common"
)

// newFileCipher picks AEGIS-256X2 when the module has AEGIS and falls
// back to AES-256-GCM otherwise: the choice that gocryptfs makes around
// common.Available.
func newFileCipher(key []byte) (cipher.AEAD, error) {
	if common.Available {
		return aegis256x2.New(key, 16)
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(block)
}

// encrypter and decrypter are the incremental API that every go-libaegis
// variant package has.
type encrypter interface {
	Encrypt(p []byte) []byte
	EncryptTo(dst, p []byte) []byte
	Final() []byte
}

type decrypter interface {
	Decrypt(c []byte) []byte
	DecryptTo(dst, c []byte) []byte
	Final(tag []byte) error
}

// sealPieces encrypts msg in pieces of size bytes with e and returns
// ciphertext || tag. It reuses one buffer of size bytes for every piece,
// relying on go-libaegis's EncryptTo: the output goes to dst[0:] and the
// result is dst[:len(p)].
func sealPieces(e encrypter, msg []byte, size int) []byte {
	buf := make([]byte, size)
	var out []byte
	for len(msg) > 0 {
		n := min(size, len(msg))
		ct := e.EncryptTo(buf, msg[:n])
		out = append(out, ct...)
		msg = msg[n:]
	}
	return append(out, e.Final()...)
}

// openPieces decrypts ct in pieces of size bytes with d, reusing one buffer
// as sealPieces does, and checks tag. The plaintext is returned only when
// the tag matches.
func openPieces(d decrypter, ct, tag []byte, size int) ([]byte, error) {
	buf := make([]byte, size)
	var out []byte
	for len(ct) > 0 {
		n := min(size, len(ct))
		out = append(out, d.DecryptTo(buf, ct[:n])...)
		ct = ct[n:]
	}
	if err := d.Final(tag); err != nil {
		return nil, err
	}
	return out, nil
}
