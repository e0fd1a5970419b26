// SPDX-License-Identifier: MIT

package raf

import (
	"bytes"
	"errors"
	"io"
	"math"
	"math/rand/v2"
	"runtime"
	"testing"
	"testing/iotest"
)

// MemStore.ReadAt is an io.ReaderAt: a section reader over it reads to
// the end with io.ReadAll, and iotest's checks pass, across block
// boundaries.
func TestMemStoreReaderAt(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 100, memBlock - 1, memBlock, memBlock + 7, 2*memBlock + 300} {
		data := make([]byte, n)
		for i := range data {
			data[i] = byte(rng.Uint32())
		}
		st := NewMemStoreBytes(data)
		got, err := io.ReadAll(io.NewSectionReader(st, 0, int64(n)+1000))
		if err != nil || !bytes.Equal(got, data) {
			t.Fatalf("%d bytes: io.ReadAll: %d bytes, %v", n, len(got), err)
		}
		// iotest reads in small pieces: give it the last 3000 bytes, which
		// cross a block boundary in the larger stores.
		from := max(0, n-3000)
		if err := iotest.TestReader(io.NewSectionReader(st, int64(from), int64(n-from)), data[from:]); err != nil {
			t.Fatalf("%d bytes: %v", n, err)
		}
		p := make([]byte, 10)
		if k, err := st.ReadAt(p, int64(n)); k != 0 || err != io.EOF {
			t.Errorf("%d bytes: ReadAt at the end: %d, %v", n, k, err)
		}
		if n >= 4 {
			if k, err := st.ReadAt(p, int64(n-4)); k != 4 || err != io.EOF || !bytes.Equal(p[:4], data[n-4:]) {
				t.Errorf("%d bytes: ReadAt across the end: %d, %v", n, k, err)
			}
			if k, err := st.ReadAt(p[:4], int64(n-4)); k != 4 || err != nil {
				t.Errorf("%d bytes: ReadAt up to the end: %d, %v", n, k, err)
			}
		}
	}
}

// A MemStore agrees with a byte slice under random writes, resizes and
// reads near its block boundaries, and zeros what a shrink cut when a
// growth brings it back.
func TestMemStoreModel(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	st := NewMemStore()
	var model []byte
	pos := func() int64 {
		// Near 0, 1 and 2 block boundaries, or anywhere below 3 blocks.
		if rng.IntN(2) == 0 {
			return int64(rng.IntN(3)*memBlock + rng.IntN(64) - 32)
		}
		return int64(rng.IntN(3 * memBlock))
	}
	for i := range 400 {
		switch rng.IntN(4) {
		case 0, 1:
			off := max(0, pos())
			p := make([]byte, rng.IntN(3000))
			for j := range p {
				p[j] = byte(1 + rng.IntN(255))
			}
			if _, err := st.WriteAt(p, off); err != nil {
				t.Fatal(err)
			}
			if end := off + int64(len(p)); end > int64(len(model)) {
				model = append(model, make([]byte, end-int64(len(model)))...)
			}
			copy(model[off:], p)
		case 2:
			size := max(0, pos())
			if err := st.SetSize(size); err != nil {
				t.Fatal(err)
			}
			if size < int64(len(model)) {
				model = model[:size]
			} else {
				model = append(model, make([]byte, size-int64(len(model)))...)
			}
		case 3:
			off := max(0, pos())
			p := make([]byte, rng.IntN(3000))
			n, err := st.ReadAt(p, off)
			want := max(0, min(len(p), len(model)-int(off)))
			if n != want || (n < len(p)) != (err == io.EOF) || (err != nil && err != io.EOF) ||
				!bytes.Equal(p[:n], model[min(int(off), len(model)):][:n]) {
				t.Fatalf("op %d: ReadAt(%d, %d): %d %v, want %d", i, len(p), off, n, err, want)
			}
		}
		if s, _ := st.GetSize(); s != int64(len(model)) {
			t.Fatalf("op %d: size %d, want %d", i, s, len(model))
		}
	}
	if !bytes.Equal(st.Bytes(), model) {
		t.Fatal("content differs from the model")
	}
}

// A MemStore refuses sizes past MaxMemStoreSize with ErrMemStoreFull and
// changes nothing; so does a File over it.
func TestMemStoreLimit(t *testing.T) {
	st := NewMemStoreBytes([]byte("abc"))
	for _, at := range []int64{MaxMemStoreSize + 1, 1 << 40, 1 << 48, 1 << 62, math.MaxInt64} {
		if _, err := st.WriteAt([]byte{1}, at); err != ErrMemStoreFull {
			t.Errorf("WriteAt at %d: %v", at, err)
		}
		if _, err := st.WriteAt([]byte{1}, at-1); err != ErrMemStoreFull {
			t.Errorf("WriteAt ending at %d: %v", at, err)
		}
		if err := st.SetSize(at); err != ErrMemStoreFull {
			t.Errorf("SetSize(%d): %v", at, err)
		}
	}
	if !bytes.Equal(st.Bytes(), []byte("abc")) {
		t.Fatal("a refused call changed the store")
	}
	// The limit itself is reachable without allocating the range.
	if err := st.SetSize(MaxMemStoreSize); err != nil {
		t.Fatal(err)
	}
	if _, err := st.WriteAt([]byte{9}, MaxMemStoreSize-1); err != nil {
		t.Fatal(err)
	}
	p := make([]byte, 2)
	if n, err := st.ReadAt(p, MaxMemStoreSize-2); n != 2 || err != nil || p[0] != 0 || p[1] != 9 {
		t.Fatalf("read at the limit: %d %v %v", n, err, p)
	}
	if err := st.SetSize(3); err != nil || !bytes.Equal(st.Bytes(), []byte("abc")) {
		t.Fatal("shrink from the limit", err)
	}

	needCore(t)
	f, st, key := newFile(t, AEGIS128L, 1024)
	f.WriteAt([]byte("kept"), 0)
	// The store's error is the package's own, and comes back as it is:
	// "raf: MemStore size limit exceeded", not wrapped in a second "raf: ".
	want := ErrMemStoreFull.Error()
	for _, at := range []int64{1 << 40, 1 << 48, 1 << 62} {
		if _, err := f.WriteAt([]byte{1}, at); !errors.Is(err, ErrMemStoreFull) || err.Error() != want {
			t.Errorf("File.WriteAt at %d: %v; want %q", at, err, want)
		}
		if err := f.Truncate(at); !errors.Is(err, ErrMemStoreFull) || err.Error() != want {
			t.Errorf("File.Truncate(%d): %v; want %q", at, err, want)
		}
	}
	f.Close()
	g, err := Open(st, key, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := readAll(t, g); string(got) != "kept" {
		t.Fatalf("content after refused growths: %q", got)
	}
}

// Writing N bytes sequentially into a MemStore, directly or through a
// File, allocates less than 1.5 N in all: no array is copied as the store
// grows.
func TestMemStoreMemory(t *testing.T) {
	const total = 64 << 20
	data := make([]byte, 1<<20)
	for i := range data {
		data[i] = byte(i)
	}
	measure := func(name string, write func()) {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		write()
		runtime.ReadMemStats(&after)
		alloc := after.TotalAlloc - before.TotalAlloc
		t.Logf("%s: %d MiB allocated for %d MiB written", name, alloc>>20, total>>20)
		if alloc >= total*3/2 {
			t.Errorf("%s: %d bytes allocated to write %d (limit 1.5x)", name, alloc, total)
		}
	}
	measure("MemStore.WriteAt", func() {
		st := NewMemStore()
		for off := int64(0); off < total; off += 64 << 10 {
			if _, err := st.WriteAt(data[:64<<10], off); err != nil {
				t.Fatal(err)
			}
		}
		if s, _ := st.GetSize(); s != total {
			t.Fatal("size", s)
		}
	})
	needCore(t)
	measure("File.WriteAt", func() {
		f, st, _ := newFile(t, AEGIS128L, 0)
		for off := int64(0); off < total; off += int64(len(data)) {
			if _, err := f.WriteAt(data, off); err != nil {
				t.Fatal(err)
			}
		}
		f.Close()
		if s, _ := st.GetSize(); s != f.storeSize(total) {
			t.Fatal("size", s)
		}
	})
}

// MerkleOptions past MaxMerkleChunks are refused before anything is
// allocated, and MerkleBufferSize reports a size that does not fit.
func TestMerkleBounds(t *testing.T) {
	for _, c := range []struct {
		hashLen int
		max     uint64
		want    uint64
	}{
		{32, 1 << 24, 32 * (1<<25 - 1)},
		{32, 1 << 40, 32 * (1<<41 - 1)},
		{8, 1 << 60, 8 * (1<<61 - 1)},
		{64, 1 << 57, 64 * (1<<58 - 1)},
		{64, 1 << 58, 0}, // 64 · (2^59 − 1) overflows
		{8, 1 << 62, 0},
		{1, math.MaxUint64, 0},
		{-1, 4, 0},
	} {
		if got := MerkleBufferSize(c.hashLen, c.max); got != c.want {
			t.Errorf("MerkleBufferSize(%d, %d) = %d, want %d", c.hashLen, c.max, got, c.want)
		}
	}
	needCore(t)
	for _, max := range []uint64{MaxMerkleChunks + 1, 1 << 40, 1 << 63, math.MaxUint64} {
		o := &MerkleOptions{MaxChunks: max}
		if _, err := Create(NewMemStore(), seq(16), &Options{Merkle: o}); err != ErrBadMerkleOptions {
			t.Errorf("Create with MaxChunks %d: %v", max, err)
		}
		_, st, key := newFile(t, AEGIS128L, 1024)
		if _, err := Open(st, key, &Options{Merkle: o}); err != ErrBadMerkleOptions {
			t.Errorf("Open with MaxChunks %d: %v", max, err)
		}
	}
}

// After an extending WriteAt whose store fails part-way, the tree in
// memory is the one MerkleRebuild builds from the store: no false alarm.
func TestMerkleAfterFailedWrite(t *testing.T) {
	needCore(t)
	rs := &recStore{mem: NewMemStore()}
	f, err := Create(rs, seq(16), &Options{ChunkSize: 1024, Merkle: &MerkleOptions{MaxChunks: 8}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteAt(bytes.Repeat([]byte{1}, 1500), 0); err != nil {
		t.Fatal(err)
	}
	// The write grows the store, rewrites chunks 0 and 1 (the old last
	// one, partial), writes chunk 2 and then the header: fail at chunk 2.
	rs.failAt = len(rs.log) + 4
	if _, err := f.WriteAt(bytes.Repeat([]byte{2}, 1500), 1000); !errors.Is(err, errInjected) {
		t.Fatalf("WriteAt: %v", err)
	}
	if err := f.MerkleVerify(); err != nil {
		t.Errorf("MerkleVerify after the failure: %v", err)
	}
	root, _ := f.MerkleRoot()
	if err := f.MerkleRebuild(); err != nil {
		t.Fatal(err)
	}
	if again, _ := f.MerkleRoot(); !bytes.Equal(root, again) {
		t.Error("the root changed on MerkleRebuild")
	}
	// A rebuild that meets a bad chunk names it and leaves the tree as
	// it was, even where it had read good chunks that changed.
	g, err := Open(rs.mem, seq(16), nil)
	if err != nil {
		t.Fatal(err)
	}
	g.WriteAt([]byte{9}, 0)
	g.Close()
	tree := append([]byte(nil), f.merkle.buf...)
	rec := make([]byte, 1)
	rs.mem.ReadAt(rec, HeaderSize+f.rs+100)
	rec[0] ^= 1
	rs.mem.WriteAt(rec, HeaderSize+f.rs+100)
	var me *MerkleError
	if err := f.MerkleRebuild(); !errors.As(err, &me) || me.Chunk != 1 || !errors.Is(err, ErrAuth) {
		t.Fatalf("MerkleRebuild over a bad chunk 1: %v", err)
	}
	if !bytes.Equal(f.merkle.buf, tree) {
		t.Error("a failed MerkleRebuild changed the tree")
	}
}

// shortRNG gives budget bytes, then a few more with an error.
type shortRNG struct{ budget int }

func (r *shortRNG) Read(p []byte) (int, error) {
	if r.budget >= len(p) {
		r.budget -= len(p)
		return len(p), nil
	}
	n := min(len(p), r.budget+5)
	for i := range p[:n] {
		p[i] = 0xEE
	}
	r.budget = 0
	return n, errInjected
}

// A random source that fails while a chunk is rewritten leaves the chunk
// as it was, in a MemStore (sealed in place) and in any other store.
func TestRNGFailure(t *testing.T) {
	needCore(t)
	for _, st := range []Store{NewMemStore(), &recStore{mem: NewMemStore()}} {
		rng := &shortRNG{budget: fileIDSize + 16}
		f, err := create(st, seq(16), &Options{ChunkSize: 1024}, rng)
		if err != nil {
			t.Fatal(err)
		}
		data := bytes.Repeat([]byte{7}, 1000)
		if _, err := f.WriteAt(data, 0); err != nil {
			t.Fatal(err)
		}
		if _, err := f.WriteAt([]byte{1}, 10); !errors.Is(err, errInjected) {
			t.Fatalf("%T: WriteAt with a failing random source: %v", st, err)
		}
		if got := readAll(t, f); !bytes.Equal(got, data) {
			t.Fatalf("%T: the chunk changed", st)
		}
	}
}
