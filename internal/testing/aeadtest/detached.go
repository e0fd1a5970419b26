// SPDX-License-Identifier: MIT

// The detached tags of the suite: SealDetached and OpenDetached.

package aeadtest

import (
	"bytes"
	"crypto/cipher"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/aegisgo/aegis/common"
)

// Detached is what the concrete AEAD types add to cipher.AEAD.
type Detached interface {
	SealDetached(dst, nonce, plaintext, additionalData []byte) (ciphertext, tag []byte)
	OpenDetached(dst, nonce, ciphertext, tag, additionalData []byte) ([]byte, error)
}

func (v StreamVariant) detached(t testing.TB, key []byte, tagLen int) (cipher.AEAD, Detached) {
	t.Helper()
	a := v.aead(t, key, tagLen)
	d, ok := a.(Detached)
	if !ok {
		t.Fatalf("%T has no SealDetached and OpenDetached", a)
	}
	return a, d
}

func (v StreamVariant) testDetached(t *testing.T) {
	r := rand.New(rand.NewPCG(26, uint64(v.V.ID)))
	for _, tagLen := range []int{16, 32} {
		a, x := v.detached(t, random(r, v.V.KeySize), tagLen)
		for _, n := range msgLens {
			nonce, m, ad := random(r, v.V.NonceSize), random(r, n), random(r, 7)
			want := a.Seal(nil, nonce, m, ad)
			ct, tag := x.SealDetached(nil, nonce, m, ad)
			if !bytes.Equal(ct, want[:n]) || !bytes.Equal(tag, want[n:]) {
				t.Fatalf("SealDetached of %d bytes differs from Seal", n)
			}
			if cap(ct) != len(ct) || len(tag) != tagLen {
				t.Fatalf("SealDetached: cap(ciphertext) = %d for %d bytes, len(tag) = %d", cap(ct), len(ct), len(tag))
			}
			pt, err := x.OpenDetached(nil, nonce, ct, tag, ad)
			if err != nil || !bytes.Equal(pt, m) {
				t.Fatalf("OpenDetached of %d bytes: %v", n, err)
			}
			bad := bytes.Clone(tag)
			bad[n%tagLen] ^= 4
			out := make([]byte, n)
			for i := range out {
				out[i] = 0xa5
			}
			if pt, err := x.OpenDetached(out[:0], nonce, ct, bad, ad); !errors.Is(err, common.ErrAuth) || pt != nil {
				t.Fatalf("OpenDetached with a bad tag = %v, %v", pt, err)
			}
			if !bytes.Equal(out, make([]byte, n)) {
				t.Fatal("OpenDetached with a bad tag left plaintext behind")
			}
			for _, bl := range []int{0, tagLen - 1, tagLen + 1} {
				long := append(bytes.Clone(tag), 0)
				if _, err := x.OpenDetached(nil, nonce, ct, long[:bl], ad); !errors.Is(err, common.ErrBadTagLength) {
					t.Fatalf("OpenDetached with a %d-byte tag: %v", bl, err)
				}
			}
		}
		// Appending into dst's room: the same memory as Seal, no allocation.
		nonce, m := random(r, v.V.NonceSize), random(r, 100)
		dst := make([]byte, 2, 2+len(m)+tagLen)
		ct, tag := x.SealDetached(dst, nonce, m, nil)
		if &ct[0] != &dst[0] || len(ct) != 2+len(m) || &tag[0] != &dst[:cap(dst)][2+len(m)] {
			t.Fatal("SealDetached did not use dst's room for the ciphertext and the tag")
		}
		// In place.
		buf := make([]byte, len(m), len(m)+tagLen)
		copy(buf, m)
		ct, tag = x.SealDetached(buf[:0], nonce, buf, nil)
		if pt, err := x.OpenDetached(ct[:0], nonce, ct, tag, nil); err != nil || !bytes.Equal(pt, m) {
			t.Fatalf("in-place detached round trip: %v", err)
		}
		if testing.Short() {
			continue
		}
		ct, tag = x.SealDetached(nil, nonce, m, nil)
		out := make([]byte, 0, 200)
		if n := testing.AllocsPerRun(50, func() {
			x.SealDetached(out[:0], nonce, m, nil)
			if _, err := x.OpenDetached(out[:0], nonce, ct, tag, nil); err != nil {
				panic(err)
			}
		}); n != 0 {
			t.Errorf("SealDetached and OpenDetached with room in dst: %v allocations, want 0", n)
		}
	}
}

// testDetachedOverlap checks the overlap rules, including the output
// running over the tag, which the C core reads last.
func (v StreamVariant) testDetachedOverlap(t *testing.T) {
	r := rand.New(rand.NewPCG(27, uint64(v.V.ID)))
	a, x := v.detached(t, random(r, v.V.KeySize), 16)
	nonce := random(r, v.V.NonceSize)
	p := v.V.Name + ": invalid buffer overlap"
	buf := make([]byte, 300)
	mustPanic(t, "SealDetached with output one byte after the plaintext", p, func() {
		x.SealDetached(buf[1:1], nonce, buf[:100], nil)
	})
	mustPanic(t, "SealDetached with output over the additional data", p, func() {
		x.SealDetached(buf[:0], nonce, nil, buf[:10])
	})
	ct, tag := x.SealDetached(nil, nonce, random(r, 10), nil)
	copy(buf[100:], tag)
	mustPanic(t, "OpenDetached with output over the tag", p, func() {
		x.OpenDetached(buf[95:95], nonce, ct, buf[100:116], nil)
	})
	// The tag is read after the plaintext is written: no part of it may
	// lie in the output, not even its first byte.
	mustPanic(t, "OpenDetached with output ending in the tag's first byte", p+" of output and tag", func() {
		x.OpenDetached(buf[100+1-len(ct):100+1-len(ct)], nonce, ct, buf[100:116], nil)
	})
	copy(buf[200:], ct)
	mustPanic(t, "OpenDetached with output one byte after the ciphertext", p+" of output and input", func() {
		x.OpenDetached(buf[201:201], nonce, buf[200:200+len(ct)], tag, nil)
	})
	mustPanic(t, "OpenDetached with output over the additional data", p+" of output and additional data", func() {
		x.OpenDetached(buf[250:250], nonce, ct, tag, buf[255:260])
	})
	if pt, err := x.OpenDetached(buf[200:200], nonce, buf[200:200+len(ct)], tag, nil); err != nil || len(pt) != len(ct) {
		t.Errorf("OpenDetached in place: %v", err)
	}
	// Open with the output placed after the ciphertext, over the tag.
	sealed := a.Seal(nil, nonce, random(r, 10), nil)
	copy(buf, sealed)
	mustPanic(t, "Open with output over the tag", p, func() {
		a.Open(buf[10:10], nonce, buf[:len(sealed)], nil)
	})
}

// FuzzDetached checks that SealDetached and OpenDetached are Seal and Open
// with the tag apart.
func FuzzDetached(f *testing.F, v StreamVariant) {
	if !common.Available {
		f.Skip("built without the C core")
	}
	f.Add([]byte("message"), []byte("ad"), uint8(3), false)
	f.Add([]byte{}, []byte{}, uint8(0), true)
	f.Fuzz(func(t *testing.T, msg, ad []byte, room uint8, long bool) {
		tagLen := 16
		if long {
			tagLen = 32
		}
		key := bytes.Repeat([]byte{0x99}, v.V.KeySize)
		nonce := bytes.Repeat([]byte{0x66}, v.V.NonceSize)
		a, x := v.detached(t, key, tagLen)
		want := a.Seal(nil, nonce, msg, ad)
		dst := make([]byte, 1, 1+int(room))
		ct, tag := x.SealDetached(dst, nonce, msg, ad)
		if ct[0] != 0 || !bytes.Equal(ct[1:], want[:len(msg)]) || !bytes.Equal(tag, want[len(msg):]) {
			t.Fatal("SealDetached differs from Seal")
		}
		pt, err := x.OpenDetached(nil, nonce, ct[1:], tag, ad)
		if err != nil || !bytes.Equal(pt, msg) {
			t.Fatalf("OpenDetached: %v", err)
		}
		tag[len(tag)/2] ^= 0x10
		if _, err := x.OpenDetached(nil, nonce, ct[1:], tag, ad); !errors.Is(err, common.ErrAuth) {
			t.Fatalf("OpenDetached accepted a changed tag: %v", err)
		}
	})
}
