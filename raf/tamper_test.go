// SPDX-License-Identifier: MIT

package raf

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"testing"
)

// makeFile returns the bytes of a 3-chunk file (CS 1024, 3000 bytes).
func makeFile(t *testing.T, alg Algorithm, key []byte) []byte {
	t.Helper()
	st := NewMemStore()
	f, err := Create(st, key, &Options{Algorithm: alg, ChunkSize: 1024})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteAt(bytes.Repeat([]byte("tamper!"), 3000/7+1)[:3000], 0); err != nil {
		t.Fatal(err)
	}
	f.Close()
	return st.Bytes()
}

// Every case of FORMAT.md §5, with its error class.
func TestTamper(t *testing.T) {
	needCore(t)
	for _, alg := range allAlgs {
		t.Run(alg.String(), func(t *testing.T) { tamperCases(t, alg) })
	}
}

func tamperCases(t *testing.T, alg Algorithm) {
	kl := alg.KeySize()
	key := seq(kl)
	orig := makeFile(t, alg, key)
	nl := kl
	rs := nl + 1024 + 16
	rec := func(i int) int { return 64 + i*rs }
	mod := func(f func(b []byte) []byte) *MemStore {
		return NewMemStoreBytes(f(append([]byte(nil), orig...)))
	}
	openErr := func(name string, st *MemStore, k []byte, want error) {
		t.Helper()
		f, err := Open(st, k, nil)
		if !errors.Is(err, want) {
			t.Errorf("%s: Open error %v, want %v", name, err, want)
		}
		if f != nil {
			f.Close()
		}
	}
	readErr := func(name string, st *MemStore, off int64, want error) {
		t.Helper()
		f, err := Open(st, key, nil)
		if err != nil {
			t.Fatalf("%s: Open: %v", name, err)
		}
		defer f.Close()
		buf := make([]byte, 10)
		n, err := f.ReadAt(buf, off)
		if want == nil {
			if err != nil {
				t.Errorf("%s: read: %v", name, err)
			}
			return
		}
		if !errors.Is(err, want) || n != 0 || !bytes.Equal(buf, make([]byte, 10)) {
			t.Errorf("%s: read gave %d, %v, %x; want %v and no plaintext", name, n, err, buf, want)
		}
	}

	// Wrong key, wrong context.
	bad := append([]byte(nil), key...)
	bad[0] ^= 1
	openErr("wrong key", NewMemStoreBytes(orig), bad, ErrAuth)
	ctxKey, _ := DeriveMasterKey(key, []byte("a"))
	st := NewMemStore()
	f, _ := Create(st, ctxKey, &Options{Algorithm: alg})
	f.WriteAt([]byte("x"), 0)
	f.Close()
	wrongCtx, _ := DeriveMasterKey(key, []byte("b"))
	openErr("wrong context", st, wrongCtx, ErrAuth)
	if g, err := Open(st, ctxKey, nil); err != nil {
		t.Errorf("right context: %v", err)
	} else {
		g.Close()
	}

	// Header fields under the MAC.
	openErr("chunk size", mod(func(b []byte) []byte { binary.LittleEndian.PutUint32(b[12:], 2048); return b }), key, ErrAuth)
	openErr("file size", mod(func(b []byte) []byte { b[16] ^= 1; return b }), key, ErrAuth)
	openErr("file_id", mod(func(b []byte) []byte { b[30] ^= 0x80; return b }), key, ErrAuth)
	openErr("mac", mod(func(b []byte) []byte { b[63] ^= 1; return b }), key, ErrAuth)
	// Another variant of the same family: the MAC differs.
	other := map[int]byte{1: 2, 2: 3, 3: 1, 4: 5, 5: 6, 6: 4}[int(alg)+1]
	openErr("alg_id same family", mod(func(b []byte) []byte { b[11] = other; return b }), key, ErrAuth)
	// Another family: the key length no longer matches.
	cross := map[bool]byte{true: 4, false: 1}[kl == 16]
	openErr("alg_id other family", mod(func(b []byte) []byte { b[11] = cross; return b }), key, ErrBadKeyLength)

	// Structural checks, before the MAC.
	for name, fn := range map[string]func(b []byte) []byte{
		"magic":       func(b []byte) []byte { b[0] = 'X'; return b },
		"header_size": func(b []byte) []byte { b[8] = 65; return b },
		"version":     func(b []byte) []byte { b[10] = 2; return b },
		"cs 1008":     func(b []byte) []byte { binary.LittleEndian.PutUint32(b[12:], 1008); return b },
		"cs 1032":     func(b []byte) []byte { binary.LittleEndian.PutUint32(b[12:], 1032); return b },
		"cs 2^21":     func(b []byte) []byte { binary.LittleEndian.PutUint32(b[12:], 1<<21); return b },
		"alg_id 0":    func(b []byte) []byte { b[11] = 0; return b },
		"alg_id 7":    func(b []byte) []byte { b[11] = 7; return b },
		"truncated":   func(b []byte) []byte { return b[:len(b)-1] },
		"no records":  func(b []byte) []byte { return b[:64] },
		"63 bytes":    func(b []byte) []byte { return b[:63] },
		"40 bytes":    func(b []byte) []byte { return b[:40] },
		"empty":       func(b []byte) []byte { return b[:0] },
	} {
		openErr(name, mod(fn), key, ErrInvalidHeader)
	}

	// Records: open succeeds, the read of that chunk fails.
	readErr("nonce", mod(func(b []byte) []byte { b[rec(1)] ^= 1; return b }), 1030, ErrAuth)
	readErr("ciphertext", mod(func(b []byte) []byte { b[rec(1)+nl+500] ^= 1; return b }), 1030, ErrAuth)
	readErr("tag", mod(func(b []byte) []byte { b[rec(2)-1] ^= 1; return b }), 1030, ErrAuth)
	readErr("padding ciphertext", mod(func(b []byte) []byte { b[rec(2)+nl+1000] ^= 1; return b }), 2048, ErrAuth)
	readErr("other chunks intact", mod(func(b []byte) []byte { b[rec(1)+nl+500] ^= 1; return b }), 0, nil)
	swap := mod(func(b []byte) []byte {
		r0 := append([]byte(nil), b[rec(0):rec(1)]...)
		copy(b[rec(0):], b[rec(1):rec(2)])
		copy(b[rec(1):], r0)
		return b
	})
	readErr("swapped 0", swap, 0, ErrAuth)
	readErr("swapped 1", swap, 1024, ErrAuth)
	readErr("moved", mod(func(b []byte) []byte { copy(b[rec(2):], b[rec(0):rec(1)]); return b }), 2048, ErrAuth)
	another := makeFile(t, alg, key)
	readErr("from another file", mod(func(b []byte) []byte { copy(b[rec(1):], another[rec(1):rec(2)]); return b }), 1024, ErrAuth)
	readErr("zero record", mod(func(b []byte) []byte { clear(b[rec(1):rec(2)]); return b }), 1024, ErrAuth)

	// Accepted: trailing bytes, and (the format's limit) rollback.
	readErr("trailing bytes", mod(func(b []byte) []byte { return append(b, 1, 2, 3) }), 0, nil)
	f, err := Open(NewMemStoreBytes(orig), key, nil)
	if err != nil {
		t.Fatal(err)
	}
	st2 := f.store.(*MemStore)
	f.WriteAt([]byte("new"), 1024)
	st2.WriteAt(orig[rec(1):rec(2)], int64(rec(1))) // roll chunk 1 back
	buf := make([]byte, 3)
	if _, err := f.ReadAt(buf, 1024); err != nil || bytes.Equal(buf, []byte("new")) {
		t.Errorf("rollback of one chunk: %q %v (the format cannot see it)", buf, err)
	}
	f.Close()

	// Writes that must read an existing chunk fail on a tampered one.
	g, _ := Open(mod(func(b []byte) []byte { b[rec(1)+nl] ^= 1; return b }), key, nil)
	if _, err := g.WriteAt([]byte("x"), 1030); !errors.Is(err, ErrAuth) {
		t.Errorf("partial write over a tampered chunk: %v", err)
	}
	if err := g.Truncate(1500); !errors.Is(err, ErrAuth) {
		t.Errorf("shrink onto a tampered chunk: %v", err)
	}
	if s, _ := g.Size(); s != 3000 {
		t.Errorf("failed shrink changed the size to %d", s)
	}
	g.Close()

	// Overflow of the header's size.
	openErr("huge size", NewMemStoreBytes(fakeHeader(t, alg, key, math.MaxUint64)), key, ErrOverflow)
}

// fakeHeader returns a valid header (with its MAC) for any size.
func fakeHeader(t *testing.T, alg Algorithm, key []byte, size uint64) []byte {
	st := NewMemStore()
	f, err := Create(st, key, &Options{Algorithm: alg, ChunkSize: 1024})
	if err != nil {
		t.Fatal(err)
	}
	b := st.Bytes()
	binary.LittleEndian.PutUint64(b[16:], size)
	var hdr [HeaderSize]byte
	copy(hdr[:], b)
	mac := f.headerMAC(&hdr)
	copy(b[48:], mac[:])
	f.Close()
	return b
}
