// SPDX-License-Identifier: MIT

// The AEGIS-MAC part of the suite.

package aeadtest

import (
	"bytes"
	"fmt"
	"hash"
	"math/rand/v2"
	"testing"

	"github.com/aegisgo/aegis/common"
	"github.com/aegisgo/aegis/internal/core"
	"github.com/aegisgo/aegis/internal/testing/vectors"
)

// MAC is a variant package's MAC, or core's, as the suite sees it.
type MAC interface {
	hash.Hash
	Verify(tag []byte) bool
}

func (v StreamVariant) kernelMAC(t testing.TB, k core.Kernel, key, nonce []byte, tagLen int) *core.MAC {
	t.Helper()
	m := new(core.MAC)
	if err := m.InitKernel(v.V, key, nonce, tagLen, k); err != nil {
		t.Fatalf("MAC.InitKernel(%s): %v", k, err)
	}
	return m
}

// testMACVectors runs the spec's AEGIS-MAC vectors under every kernel,
// written at once and cut at random, and through the package's API.
func (v StreamVariant) testMACVectors(t *testing.T) {
	vs, err := vectors.LoadMAC(v.V.Name)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(28, uint64(v.V.ID)))
	for _, tv := range vs {
		for _, want := range [][]byte{tv.Tag128, tv.Tag256} {
			for _, k := range core.Kernels(v.V) {
				name := fmt.Sprintf("%s/%s/tag%d", k, tv.Name, len(want)*8)
				m := v.kernelMAC(t, k, tv.Key, tv.Nonce, len(want))
				m.Write(tv.Data)
				if got := m.Sum(nil); !bytes.Equal(got, want) {
					t.Errorf("%s: tag %x, want %x", name, got, want)
				}
				m.Reset()
				for _, p := range chunks(r, tv.Data, v.V.Rate) {
					m.Write(p)
				}
				if !m.Verify(want) {
					t.Errorf("%s: Verify refused the tag after a cut write", name)
				}
			}
			m, err := v.NewMAC(tv.Key, tv.Nonce, len(want))
			if err != nil {
				t.Fatal(err)
			}
			if n, err := m.Write(tv.Data); n != len(tv.Data) || err != nil {
				t.Fatalf("Write = %d, %v", n, err)
			}
			if got := m.Sum([]byte("pre")); string(got[:3]) != "pre" || !bytes.Equal(got[3:], want) {
				t.Errorf("%s tag%d: Sum = %x, want pre || %x", tv.Name, len(want)*8, got, want)
			}
		}
	}
}

// testMACKernels checks every kernel's MAC against soft's for data of
// every length across several blocks, with both tag sizes.
func (v StreamVariant) testMACKernels(t *testing.T) {
	r := rand.New(rand.NewPCG(29, uint64(v.V.ID)))
	key, nonce := random(r, v.V.KeySize), random(r, v.V.NonceSize)
	maxLen := 5*v.V.Rate + 7
	data := random(r, maxLen)
	for _, tagLen := range []int{16, 32} {
		ref := v.kernelMAC(t, core.KernelSoft, key, nonce, tagLen)
		seen := map[string]bool{}
		for n := 0; n <= maxLen; n++ {
			ref.Reset()
			ref.Write(data[:n])
			want := ref.Sum(nil)
			seen[string(want)] = true
			for _, k := range core.Kernels(v.V) {
				m := v.kernelMAC(t, k, key, nonce, tagLen)
				for _, p := range chunks(r, data[:n], v.V.Rate) {
					m.Write(p)
				}
				if got := m.Sum(nil); !bytes.Equal(got, want) {
					t.Fatalf("%s tag%d: MAC of %d bytes differs from soft's", k, tagLen, n)
				}
			}
		}
		if len(seen) != maxLen+1 {
			t.Fatalf("tag%d: %d distinct tags for %d lengths", tagLen, len(seen), maxLen+1)
		}
	}
}

func (v StreamVariant) testMAC(t *testing.T) {
	r := rand.New(rand.NewPCG(30, uint64(v.V.ID)))
	key, nonce := random(r, v.V.KeySize), random(r, v.V.NonceSize)
	data := random(r, 4*v.V.Rate+5)
	m, err := v.NewMAC(key, nonce, 32)
	if err != nil {
		t.Fatal(err)
	}
	if m.Size() != 32 || m.BlockSize() != v.V.Rate {
		t.Fatalf("Size, BlockSize = %d, %d; want 32, %d", m.Size(), m.BlockSize(), v.V.Rate)
	}
	// Sum in the middle leaves the state as it was.
	m.Write(data[:9])
	mid := m.Sum(nil)
	m.Write(data[9:])
	full := m.Sum(nil)
	one, _ := v.NewMAC(key, nonce, 32)
	one.Write(data)
	if !bytes.Equal(full, one.Sum(nil)) {
		t.Fatal("Sum changed the state")
	}
	if bytes.Equal(mid, full) {
		t.Fatal("the tags of a prefix and of the whole are equal")
	}
	if !m.Verify(full) || m.Verify(mid) || m.Verify(full[:16]) || m.Verify(nil) {
		t.Fatal("Verify accepts a wrong tag or refuses the right one")
	}
	bad := bytes.Clone(full)
	bad[31] ^= 0x80
	if m.Verify(bad) {
		t.Fatal("Verify accepted a tag with its last bit flipped")
	}
	m.Reset()
	m.Write(data[:9])
	if !bytes.Equal(m.Sum(nil), mid) {
		t.Fatal("Reset did not restart with the same key and nonce")
	}
	// A nil nonce is the all-zero nonce; other nonces and keys differ.
	z1, _ := v.NewMAC(key, nil, 16)
	z2, _ := v.NewMAC(key, make([]byte, v.V.NonceSize), 16)
	o, _ := v.NewMAC(key, nonce, 16)
	z1.Write(data)
	z2.Write(data)
	o.Write(data)
	if !bytes.Equal(z1.Sum(nil), z2.Sum(nil)) || bytes.Equal(z1.Sum(nil), o.Sum(nil)) {
		t.Fatal("a nil nonce is not the all-zero nonce")
	}
	// The MAC is not the AEAD's tag of the same input.
	if ct := v.aead(t, key, 16).Seal(nil, nonce, nil, data); bytes.Equal(ct, o.Sum(nil)) {
		t.Fatal("the MAC equals the AEAD tag of the data as associated data")
	}
	if testing.Short() {
		return
	}
	buf := make([]byte, 0, 64)
	if n := testing.AllocsPerRun(50, func() {
		m.Write(data[:33])
		m.Sum(buf[:0])
		m.Verify(full)
	}); n != 0 {
		t.Errorf("Write, Sum with room and Verify: %v allocations, want 0", n)
	}
}

// FuzzMAC checks that the MAC of data written in pieces, as the fuzzer
// cuts it, is the MAC of one Write, and that Sum in between changes
// nothing.
func FuzzMAC(f *testing.F, v StreamVariant) {
	if !common.Available {
		f.Skip("built without the C core")
	}
	f.Add([]byte("some data to authenticate"), []byte{1, 0, 9}, []byte("nonce"), false)
	f.Add(bytes.Repeat([]byte{9}, 2*v.V.Rate+3), []byte{byte(v.V.Rate)}, []byte(nil), true)
	f.Fuzz(func(t *testing.T, data, cuts, nonce []byte, long bool) {
		tagLen := 16
		if long {
			tagLen = 32
		}
		if len(nonce) > v.V.NonceSize {
			nonce = nonce[:v.V.NonceSize]
		}
		key := bytes.Repeat([]byte{0x17}, v.V.KeySize)
		one, err := v.NewMAC(key, nonce, tagLen)
		if err != nil {
			t.Fatal(err)
		}
		one.Write(data)
		want := one.Sum(nil)
		m, _ := v.NewMAC(key, nonce, tagLen)
		for i, p := range fuzzChunks(data, cuts) {
			m.Write(p)
			if i%3 == 1 {
				m.Sum(nil)
			}
		}
		if got := m.Sum(nil); !bytes.Equal(got, want) {
			t.Fatalf("MAC written in pieces = %x, one Write = %x", got, want)
		}
		if !m.Verify(want) {
			t.Fatal("Verify refused the tag")
		}
		want[len(want)-1] ^= 1
		if m.Verify(want) {
			t.Fatal("Verify accepted a changed tag")
		}
	})
}
