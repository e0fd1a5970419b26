// SPDX-License-Identifier: MIT

package raf

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
)

// A record that crosses from one MemStore block into the next is sealed
// and opened in place, in two pieces: the store holds the same bytes as
// another store written with the same random stream, wherever the block
// boundary falls: in the nonce (only a 32-byte nonce has room: every
// offset is a multiple of 16), after it, in the ciphertext, or before the
// tag; and a changed byte in any part fails the read with zeros.
func TestSplitRecords(t *testing.T) {
	needCore(t)
	for alg := AEGIS128L; alg <= AEGIS256X4; alg++ {
		nl := int64(alg.variant().NonceSize)
		for _, where := range []string{"nonce", "after-nonce", "ciphertext", "before-tag"} {
			if where == "nonce" && nl == 16 {
				continue
			}
			cs, idx := splitChunkSize(nl, where)
			t.Run(fmt.Sprintf("%v/%s/cs%d", alg, where, cs), func(t *testing.T) {
				testSplitRecord(t, alg, cs, idx)
			})
		}
	}
}

// splitChunkSize returns a chunk size whose record idx crosses the first
// MemStore block boundary at the given place, the smallest such from
// MinChunkSize on.
func splitChunkSize(nl int64, where string) (cs, idx int64) {
	for cs = MinChunkSize; cs <= MaxChunkSize; cs += 16 {
		rs := nl + cs + tagSize
		idx = (memBlock - HeaderSize) / rs
		pos := memBlock - (HeaderSize + idx*rs) // the record's bytes in the first block
		switch {
		case where == "nonce" && pos > 0 && pos < nl,
			where == "after-nonce" && pos == nl,
			where == "ciphertext" && pos > nl && pos < nl+cs,
			where == "before-tag" && pos == nl+cs:
			return cs, idx
		}
	}
	panic("no chunk size splits a record in the " + where)
}

func testSplitRecord(t *testing.T, alg Algorithm, cs, idx int64) {
	chunks := idx + 3
	data := make([]byte, chunks*cs)
	rand.NewChaCha8([32]byte{5}).Read(data)
	key := seq(alg.KeySize())
	opts := &Options{Algorithm: alg, ChunkSize: int(cs)}
	mem := NewMemStore()
	other := &recStore{mem: NewMemStore()}
	var files []*File
	for _, st := range []Store{mem, other} {
		f, err := create(st, key, opts, rand.NewChaCha8([32]byte{6}))
		if err != nil {
			t.Fatal(err)
		}
		// The records in runs, then the split one alone, whole and in
		// part (read, changed, sealed again).
		if _, err := f.WriteAt(data, 0); err != nil {
			t.Fatal(err)
		}
		if _, err := f.WriteAt(data[idx*cs:(idx+1)*cs], idx*cs); err != nil {
			t.Fatal(err)
		}
		data[idx*cs+cs/2] ^= 0x55
		if _, err := f.WriteAt(data[idx*cs+cs/2:idx*cs+cs/2+1], idx*cs+cs/2); err != nil {
			t.Fatal(err)
		}
		data[idx*cs+cs/2] ^= 0x55
		files = append(files, f)
	}
	if !bytes.Equal(mem.Bytes(), other.mem.Bytes()) {
		t.Fatal("the MemStore holds other bytes than another store")
	}
	want := append([]byte(nil), data...)
	want[idx*cs+cs/2] ^= 0x55
	f := files[0]
	got := make([]byte, len(want))
	if n, err := f.ReadAt(got, 0); n != len(got) || err != nil || !bytes.Equal(got, want) {
		t.Fatalf("ReadAt of the file: %d, %v, equal=%v", n, err, bytes.Equal(got, want))
	}
	one := make([]byte, cs)
	if n, err := f.ReadAt(one, idx*cs); n != len(one) || err != nil || !bytes.Equal(one, want[idx*cs:(idx+1)*cs]) {
		t.Fatalf("ReadAt of the split chunk: %d, %v", n, err)
	}
	if n, err := f.ReadAt(one[:7], idx*cs+3); n != 7 || err != nil || !bytes.Equal(one[:7], want[idx*cs+3:idx*cs+10]) {
		t.Fatalf("ReadAt in the split chunk: %d, %v", n, err)
	}
	// A changed byte on either side of the boundary, in each part of the
	// record.
	rec := HeaderSize + idx*f.rs
	nl := int64(f.nl)
	for _, at := range []int64{0, nl - 1, nl, nl + cs/2, nl + cs - 1, nl + cs, f.rs - 1, memBlock - rec - 1, memBlock - rec} {
		b := []byte{0}
		mem.ReadAt(b, rec+at)
		b[0] ^= 1
		mem.WriteAt(b, rec+at)
		for _, p := range [][]byte{make([]byte, cs), make([]byte, 9)} {
			for i := range p {
				p[i] = 0xcc
			}
			if n, err := f.ReadAt(p, idx*cs); n != 0 || !errors.Is(err, ErrAuth) || !bytes.Equal(p, make([]byte, len(p))) {
				t.Fatalf("record byte %d changed: ReadAt of %d bytes: %d, %v, zeroed=%v", at, len(p), n, err, bytes.Equal(p, make([]byte, len(p))))
			}
		}
		b[0] ^= 1
		mem.WriteAt(b, rec+at)
	}
	if n, err := f.ReadAt(one, idx*cs); n != len(one) || err != nil {
		t.Fatalf("ReadAt of the split chunk restored: %d, %v", n, err)
	}
}
