// SPDX-License-Identifier: MIT

package aeadtest

import (
	"bytes"
	"crypto/cipher"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/aegisgo/aegis/common"
	"github.com/aegisgo/aegis/internal/core"
)

// The suite of the incremental types, shared by its parts: the variant
// package's constructors, RunStream, and the helpers and checks that cover
// all four types (incremental.go: Encrypter and Decrypter; mac.go: MAC;
// keystream.go: KeyStream and Stream; detached.go: detached tags).

// StreamVariant is what a variant package hands to RunStream and the fuzz
// targets. The constructors return a nil interface with their error.
type StreamVariant struct {
	V            *core.Variant
	New          func(key []byte, tagLen int) (cipher.AEAD, error)
	NewEncrypter func(key, nonce, ad []byte, tagLen int) (Encrypter, error)
	NewDecrypter func(key, nonce, ad []byte, tagLen int) (Decrypter, error)
	NewMAC       func(key, nonce []byte, tagLen int) (MAC, error)
	NewKeyStream func(key, nonce []byte) (KeyStream, error)
	Stream       func(dst, key, nonce []byte) error
	// ZeroValues returns pointers to the zero values of the four types.
	ZeroValues func() (Encrypter, Decrypter, MAC, KeyStream)
	// CopyEncrypter and CopyMAC copy the value behind the pointer.
	CopyEncrypter func(Encrypter) Encrypter
	CopyMAC       func(MAC) MAC
}

// RunStream runs the suite of the incremental API, detached tags, the MAC
// and the keystream.
func RunStream(t *testing.T, v StreamVariant) {
	if !common.Available {
		t.Run("Unavailable", v.testUnavailable)
		return
	}
	t.Run("IncrementalVectors", v.testIncrementalVectors)
	t.Run("IncrementalKernels", v.testIncrementalKernels)
	t.Run("Incremental", v.testIncremental)
	t.Run("IncrementalTamper", v.testIncrementalTamper)
	t.Run("IncrementalParams", v.testIncrementalParams)
	t.Run("IncrementalAfterFinal", v.testAfterFinal)
	t.Run("Copy", v.testCopy)
	t.Run("Aliases", v.testStreamAliases)
	t.Run("Detached", v.testDetached)
	t.Run("DetachedOverlap", v.testDetachedOverlap)
	t.Run("MACVectors", v.testMACVectors)
	t.Run("MACKernels", v.testMACKernels)
	t.Run("MAC", v.testMAC)
	t.Run("Stream", v.testStream)
	t.Run("StreamKernels", v.testStreamKernels)
	t.Run("StreamAllocs", v.testStreamAllocs)
}

func (v StreamVariant) aead(t testing.TB, key []byte, tagLen int) cipher.AEAD {
	t.Helper()
	a, err := v.New(key, tagLen)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return a
}

// chunks cuts m into pieces of random lengths, empty ones included, up to
// a little more than two rates so that pieces start and end anywhere in a
// block and sometimes span several.
func chunks(r *rand.Rand, m []byte, rate int) [][]byte {
	var out [][]byte
	for len(m) > 0 {
		n := r.IntN(2*rate + 3)
		if r.IntN(8) == 0 {
			n = r.IntN(8 * rate)
		}
		n = min(n, len(m))
		out = append(out, m[:n])
		m = m[n:]
	}
	return out
}

// fuzzChunks cuts m by the lengths in sizes, cycling through them; a zero
// gives an empty piece. Without sizes, m is one piece.
func fuzzChunks(m, sizes []byte) [][]byte {
	if len(sizes) == 0 {
		return [][]byte{m}
	}
	var out [][]byte
	for i := 0; len(m) > 0; i++ {
		n := min(int(sizes[i%len(sizes)]), len(m))
		if i > len(sizes)+len(m) {
			n = len(m) // all sizes zero: stop cycling
		}
		out = append(out, m[:n])
		m = m[n:]
	}
	return out
}

func (v StreamVariant) testUnavailable(t *testing.T) {
	key, nonce := make([]byte, v.V.KeySize), make([]byte, v.V.NonceSize)
	if e, err := v.NewEncrypter(key, nonce, nil, 16); !errors.Is(err, common.ErrNotAvailable) || e != nil {
		t.Errorf("NewEncrypter without the C core = %v, %v", e, err)
	}
	if d, err := v.NewDecrypter(key, nonce, nil, 16); !errors.Is(err, common.ErrNotAvailable) || d != nil {
		t.Errorf("NewDecrypter without the C core = %v, %v", d, err)
	}
	if m, err := v.NewMAC(key, nil, 16); !errors.Is(err, common.ErrNotAvailable) || m != nil {
		t.Errorf("NewMAC without the C core = %v, %v", m, err)
	}
	if k, err := v.NewKeyStream(key, nil); !errors.Is(err, common.ErrNotAvailable) || k != nil {
		t.Errorf("NewKeyStream without the C core = %v, %v", k, err)
	}
	if err := v.Stream(make([]byte, 10), key, nil); !errors.Is(err, common.ErrNotAvailable) {
		t.Errorf("Stream without the C core = %v", err)
	}
}

func (v StreamVariant) testAfterFinal(t *testing.T) {
	key, nonce := make([]byte, v.V.KeySize), make([]byte, v.V.NonceSize)
	e, _ := v.NewEncrypter(key, nonce, nil, 16)
	e.Encrypt([]byte("x"))
	tag := e.Final()
	p := v.V.Name + ": Encrypter used after Final"
	mustPanic(t, "Encrypt after Final", p, func() { e.Encrypt(nil) })
	mustPanic(t, "EncryptTo after Final", p, func() { e.EncryptTo(nil, []byte("y")) })
	mustPanic(t, "Final after Final", p, func() { e.Final() })

	d, _ := v.NewDecrypter(key, nonce, nil, 16)
	d.Decrypt(v.aead(t, key, 16).Seal(nil, nonce, []byte("x"), nil)[:1])
	if err := d.Final(tag); err != nil {
		t.Fatal(err)
	}
	p = v.V.Name + ": Decrypter used after Final"
	mustPanic(t, "Decrypt after Final", p, func() { d.Decrypt(nil) })
	mustPanic(t, "Final after Final", p, func() { d.Final(tag) })
	d, _ = v.NewDecrypter(key, nonce, nil, 16)
	if err := d.Final(tag[:3]); err != common.ErrBadTagLength {
		t.Fatalf("Final with a 3-byte tag: %v, want ErrBadTagLength", err)
	}
	mustPanic(t, "Decrypt after a failed Final", p, func() { d.Decrypt([]byte("z")) })

	ze, zd, zm, zk := v.ZeroValues()
	mustPanic(t, "Encrypt on the zero value", "aegis: Encrypter used without NewEncrypter", func() { ze.Encrypt(nil) })
	mustPanic(t, "Decrypt on the zero value", "aegis: Decrypter used without NewDecrypter", func() { zd.Decrypt(nil) })
	mustPanic(t, "Write on the zero value", "aegis: MAC used without NewMAC", func() { zm.Write(nil) })
	mustPanic(t, "Read on the zero value", "aegis: KeyStream used without NewKeyStream", func() { zk.Read(nil) })
}

// testCopy checks that a copied value is an independent state that keeps
// working: the copy and the original go on from the same point.
func (v StreamVariant) testCopy(t *testing.T) {
	r := rand.New(rand.NewPCG(25, uint64(v.V.ID)))
	key, nonce := random(r, v.V.KeySize), random(r, v.V.NonceSize)
	m := random(r, 3*v.V.Rate+9)
	want := v.aead(t, key, 16).Seal(nil, nonce, m, nil)
	e, _ := v.NewEncrypter(key, nonce, nil, 16)
	cut := v.V.Rate + 3
	first := e.Encrypt(m[:cut])
	c := v.CopyEncrypter(e)
	rest := e.Encrypt(m[cut:])
	tag := e.Final()
	rest2 := c.Encrypt(m[cut:])
	tag2 := c.Final()
	got := append(append(bytes.Clone(first), rest...), tag...)
	got2 := append(append(bytes.Clone(first), rest2...), tag2...)
	if !bytes.Equal(got, want) || !bytes.Equal(got2, want) {
		t.Error("a copied Encrypter and its original do not both give Seal's bytes")
	}

	mac, _ := v.NewMAC(key, nonce, 16)
	mac.Write(m[:cut])
	mc := v.CopyMAC(mac)
	mac.Write(m[cut:])
	mc.Write([]byte("other"))
	ref, _ := v.NewMAC(key, nonce, 16)
	ref.Write(m)
	if !bytes.Equal(mac.Sum(nil), ref.Sum(nil)) {
		t.Error("writing to a copy of a MAC changed the original")
	}
	ref.Reset()
	ref.Write(m[:cut])
	ref.Write([]byte("other"))
	if !bytes.Equal(mc.Sum(nil), ref.Sum(nil)) {
		t.Error("a copied MAC does not continue from the original's state")
	}
}
