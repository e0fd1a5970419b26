// SPDX-License-Identifier: MIT

// The keystream part of the suite: Stream and KeyStream.

package aeadtest

import (
	"bytes"
	"crypto/cipher"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/aegisgo/aegis/internal/core"
)

// KeyStream is a variant package's KeyStream, or core's, as the suite sees
// it.
type KeyStream interface {
	io.Reader
	cipher.Stream
}

// zeros returns Seal's encryption of n zero bytes with no associated
// data: the spec defines Stream by it.
func (v StreamVariant) zeros(t testing.TB, a cipher.AEAD, nonce []byte, n int) []byte {
	t.Helper()
	return a.Seal(nil, nonce, make([]byte, n), nil)[:n]
}

func (v StreamVariant) testStream(t *testing.T) {
	r := rand.New(rand.NewPCG(31, uint64(v.V.ID)))
	key, nonce := random(r, v.V.KeySize), random(r, v.V.NonceSize)
	a := v.aead(t, key, 16)
	const max = 1000
	want := v.zeros(t, a, nonce, max)
	for _, n := range []int{0, 1, 15, 16, 17, 31, 32, 33, 64, 127, 128, 129, 500, max} {
		got := make([]byte, n)
		if err := v.Stream(got, key, nonce); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want[:n]) {
			t.Fatalf("Stream of %d bytes is not the encryption of zeros", n)
		}
	}
	// Reads of any sizes give Stream's bytes: prefix-consistent.
	for try := 0; try < 20; try++ {
		ks, err := v.NewKeyStream(key, nonce)
		if err != nil {
			t.Fatal(err)
		}
		var got []byte
		for _, p := range chunks(r, make([]byte, max), v.V.Rate) {
			if n, err := ks.Read(p); n != len(p) || err != nil {
				t.Fatalf("Read = %d, %v", n, err)
			}
			got = append(got, p...)
		}
		if !bytes.Equal(got, want) {
			t.Fatal("KeyStream reads cut at random differ from Stream")
		}
	}
	// XORKeyStream, in place and into a longer dst.
	ks, _ := v.NewKeyStream(key, nonce)
	src := random(r, max)
	buf := bytes.Clone(src)
	for _, p := range chunks(r, buf, v.V.Rate) {
		ks.XORKeyStream(p, p)
	}
	for i := range buf {
		if buf[i] != src[i]^want[i] {
			t.Fatalf("XORKeyStream differs from the keystream at byte %d", i)
		}
	}
	ks, _ = v.NewKeyStream(key, nonce)
	long := make([]byte, 20)
	ks.XORKeyStream(long, src[:10])
	if long[10] != 0 || long[0] != src[0]^want[0] {
		t.Fatal("XORKeyStream into a longer dst")
	}
	mustPanic(t, "XORKeyStream into a short dst", v.V.Name+": output smaller than input", func() {
		ks.XORKeyStream(long[:3], src[:10])
	})
	mustPanic(t, "XORKeyStream with an inexact overlap", v.V.Name+": invalid buffer overlap", func() {
		ks.XORKeyStream(buf[1:], buf[:10])
	})
	// An empty nonce is the all-zero nonce.
	z1, z2 := make([]byte, 50), make([]byte, 50)
	if err := v.Stream(z1, key, nil); err != nil {
		t.Fatal(err)
	}
	if err := v.Stream(z2, key, make([]byte, v.V.NonceSize)); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(z1, z2) || bytes.Equal(z1, want[:50]) {
		t.Fatal("a nil nonce is not the all-zero nonce")
	}
}

// testStreamKernels checks every kernel's keystream, one-shot and read in
// pieces, against soft's encryption of zeros.
func (v StreamVariant) testStreamKernels(t *testing.T) {
	r := rand.New(rand.NewPCG(32, uint64(v.V.ID)))
	key, nonce := random(r, v.V.KeySize), random(r, v.V.NonceSize)
	ref := new(core.AEAD)
	if err := ref.InitKernel(v.V, key, 16, core.KernelSoft); err != nil {
		t.Fatal(err)
	}
	maxLen := 5*v.V.Rate + 7
	want := ref.Seal(nil, nonce, make([]byte, maxLen), nil)[:maxLen]
	for _, k := range core.Kernels(v.V) {
		for n := 0; n <= maxLen; n++ {
			got := make([]byte, n)
			if err := core.StreamKernel(v.V, got, key, nonce, k); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want[:n]) {
				t.Fatalf("%s: Stream of %d bytes differs from soft's encryption of zeros", k, n)
			}
		}
		ks := new(core.KeyStream)
		if err := ks.InitKernel(v.V, key, nonce, k); err != nil {
			t.Fatal(err)
		}
		got := make([]byte, maxLen)
		for _, p := range chunks(r, got, v.V.Rate) {
			ks.Read(p)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("%s: KeyStream differs from soft's encryption of zeros", k)
		}
	}
}

func (v StreamVariant) testStreamAllocs(t *testing.T) {
	if testing.Short() {
		t.Skip("allocation counts are checked in full runs")
	}
	key := make([]byte, v.V.KeySize)
	ks, _ := v.NewKeyStream(key, nil)
	buf := make([]byte, 300)
	if n := testing.AllocsPerRun(50, func() {
		ks.Read(buf)
		ks.XORKeyStream(buf, buf)
		if err := v.Stream(buf, key, nil); err != nil {
			panic(err)
		}
	}); n != 0 {
		t.Errorf("Read, XORKeyStream and Stream: %v allocations, want 0", n)
	}
}
