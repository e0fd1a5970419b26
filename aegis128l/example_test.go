// SPDX-License-Identifier: MIT

//go:build cgo && !without_aegis

package aegis128l_test

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"strings"

	"github.com/aegisgo/aegis/aegis128l"
)

// randomKeyNonce returns a random key and nonce for the examples.
func randomKeyNonce() (key, nonce []byte) {
	key = make([]byte, aegis128l.KeySize)
	nonce = make([]byte, aegis128l.NonceSize)
	if _, err := rand.Read(key); err != nil {
		panic(err)
	}
	if _, err := rand.Read(nonce); err != nil {
		panic(err)
	}
	return key, nonce
}

// A message that arrives in pieces, encrypted as it comes: each call
// returns its ciphertext at once, and the result is what Seal gives for
// the whole message. AppendEncrypt appends each piece's ciphertext.
func ExampleNewEncrypter() {
	key, nonce := randomKeyNonce()
	ad := []byte("header")

	e, err := aegis128l.NewEncrypter(key, nonce, ad, 16)
	if err != nil {
		panic(err)
	}
	var sealed []byte
	for _, piece := range []string{"a message ", "that arrives ", "in pieces"} {
		sealed = e.AppendEncrypt(sealed, []byte(piece))
	}
	sealed = append(sealed, e.Final()...)

	a, err := aegis128l.New(key, 16)
	if err != nil {
		panic(err)
	}
	whole := a.Seal(nil, nonce, []byte("a message that arrives in pieces"), ad)
	fmt.Println(bytes.Equal(sealed, whole))
	// Output: true
}

// EncryptTo writes at the start of its buffer, as go-libaegis's does, so
// one buffer serves every piece of a stream: here, each piece goes out
// (to w) before the next one is encrypted over it.
func ExampleEncrypter_EncryptTo() {
	key, nonce := randomKeyNonce()
	e, err := aegis128l.NewEncrypter(key, nonce, nil, 16)
	if err != nil {
		panic(err)
	}
	var w bytes.Buffer
	buf := make([]byte, 64)
	for _, piece := range []string{"first piece, ", "second piece"} {
		ct := e.EncryptTo(buf, []byte(piece)) // ct is buf[:len(piece)]
		w.Write(ct)
	}
	w.Write(e.Final())

	a, err := aegis128l.New(key, 16)
	if err != nil {
		panic(err)
	}
	pt, err := a.Open(nil, nonce, w.Bytes(), nil)
	fmt.Printf("%s %v\n", pt, err)
	// Output: first piece, second piece <nil>
}

// Decrypting in pieces: the plaintext must not be used until Final has
// checked the tag.
func ExampleNewDecrypter() {
	key, nonce := randomKeyNonce()
	a, err := aegis128l.New(key, 16)
	if err != nil {
		panic(err)
	}
	ct, tag := a.(*aegis128l.Aegis128L).SealDetached(nil, nonce, []byte("attack at dawn"), nil)

	d, err := aegis128l.NewDecrypter(key, nonce, nil, 16)
	if err != nil {
		panic(err)
	}
	var pt []byte
	for len(ct) > 0 {
		n := min(len(ct), 5)
		pt = d.AppendDecrypt(pt, ct[:n])
		ct = ct[n:]
	}
	if err := d.Final(tag); err != nil {
		fmt.Println("forged message, plaintext discarded")
		return
	}
	fmt.Printf("%s\n", pt)
	// Output: attack at dawn
}

// Detached tags, for formats that store the tag apart from the ciphertext.
// With room in dst, both land in it, one after the other.
func ExampleAegis128L_SealDetached() {
	key, nonce := randomKeyNonce()
	a, err := aegis128l.New(key, 32)
	if err != nil {
		panic(err)
	}
	x := a.(*aegis128l.Aegis128L)

	msg := []byte("detached")
	buf := make([]byte, 0, len(msg)+x.Overhead())
	ct, tag := x.SealDetached(buf, nonce, msg, nil)
	fmt.Println(len(ct), len(tag))

	pt, err := x.OpenDetached(nil, nonce, ct, tag, nil)
	fmt.Printf("%s %v\n", pt, err)
	// Output:
	// 8 32
	// detached <nil>
}

// AEGIS-MAC, with the first MAC test vector of the specification. The key
// must not be used for encryption too.
func ExampleNewMAC() {
	key, _ := hex.DecodeString("10010000000000000000000000000000")
	nonce, _ := hex.DecodeString("10000200000000000000000000000000")
	data, _ := hex.DecodeString("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122")

	m, err := aegis128l.NewMAC(key, nonce, 16)
	if err != nil {
		panic(err)
	}
	m.Write(data[:10]) // a MAC's Write never fails
	m.Write(data[10:])
	tag := m.Sum(nil)
	fmt.Printf("%x %v\n", tag, m.Verify(tag))
	// Output: d3f09b2842ad301687d6902c921d7818 true
}

// MAC is a hash.Hash, so it can take its input from an io.Reader.
func ExampleMAC_Write() {
	key, _ := randomKeyNonce()
	m, err := aegis128l.NewMAC(key, nil, 32)
	if err != nil {
		panic(err)
	}
	if _, err := io.Copy(m, strings.NewReader("a file's contents")); err != nil {
		panic(err)
	}
	fmt.Println(len(m.Sum(nil)))
	// Output: 32
}

// Stream fills a slice with the keystream of a key and a nonce.
func ExampleStream() {
	key := make([]byte, aegis128l.KeySize)
	out := make([]byte, 16)
	if err := aegis128l.Stream(out, key, nil); err != nil {
		panic(err)
	}
	fmt.Printf("%x\n", out)
	// Output: 41de9000a7b5e40e2d68bb64d99ebb19
}

// A KeyStream gives the same bytes however it is read.
func ExampleNewKeyStream() {
	key := make([]byte, aegis128l.KeySize)
	ks, err := aegis128l.NewKeyStream(key, nil)
	if err != nil {
		panic(err)
	}
	a, b := make([]byte, 10), make([]byte, 20)
	ks.Read(a) // a KeyStream's Read never fails
	ks.Read(b)

	whole := make([]byte, 30)
	if err := aegis128l.Stream(whole, key, nil); err != nil {
		panic(err)
	}
	fmt.Println(bytes.Equal(append(a, b...), whole))
	// Output: true
}
