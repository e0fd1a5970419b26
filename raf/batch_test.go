// SPDX-License-Identifier: MIT

package raf

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"testing"
)

// countingRNG is a deterministic random source that counts its reads.
type countingRNG struct {
	r     *rand.ChaCha8
	reads int
}

func (c *countingRNG) Read(p []byte) (int, error) {
	c.reads++
	return c.r.Read(p)
}

func newCountingRNG() *countingRNG {
	return &countingRNG{r: rand.NewChaCha8([32]byte{7})}
}

// A write of many whole chunks, sealed in batches, stores the same bytes as
// the same write chunk by chunk with the same random stream, in a MemStore
// (records in place, some across its 1 MiB blocks) and in another store;
// and it reads the nonces of each batch at once. Reads of runs give the
// plaintext back, and a damaged record fails the whole read with zeros.
func TestBatchedRuns(t *testing.T) {
	needCore(t)
	for _, cs := range []int64{1024, 4096, DefaultChunk} {
		for _, mem := range []bool{true, false} {
			mk := func() (Store, *MemStore) {
				m := NewMemStore()
				if mem {
					return m, m
				}
				return &recStore{mem: m}, m
			}
			const chunks = 150
			data := make([]byte, chunks*cs)
			rand.NewChaCha8([32]byte{1}).Read(data)

			st1, m1 := mk()
			rng1 := newCountingRNG()
			f1, err := create(st1, seq(16), &Options{ChunkSize: int(cs)}, rng1)
			if err != nil {
				t.Fatal(err)
			}
			before := rng1.reads
			if _, err := f1.WriteAt(data, 0); err != nil {
				t.Fatal(err)
			}
			reads := rng1.reads - before
			runCap := int64(f1.runCap())
			if max := 2 * (chunks/runCap + 1); int64(reads) > max {
				t.Errorf("cs=%d mem=%v: %d reads of the random source for %d chunks, want at most %d", cs, mem, reads, chunks, max)
			}

			st2, m2 := mk()
			f2, err := create(st2, seq(16), &Options{ChunkSize: int(cs)}, newCountingRNG())
			if err != nil {
				t.Fatal(err)
			}
			for i := int64(0); i < chunks; i++ {
				if _, err := f2.WriteAt(data[i*cs:(i+1)*cs], i*cs); err != nil {
					t.Fatal(err)
				}
			}
			if !bytes.Equal(m1.Bytes(), m2.Bytes()) {
				t.Fatalf("cs=%d mem=%v: the batched write stored other bytes than chunk by chunk", cs, mem)
			}

			got := make([]byte, len(data))
			if n, err := f1.ReadAt(got, 0); n != len(data) || err != nil || !bytes.Equal(got, data) {
				t.Fatalf("cs=%d mem=%v: ReadAt of the whole file: %d, %v, equal=%v", cs, mem, n, err, bytes.Equal(got, data))
			}
			// Damage one record in the middle of a run.
			bad := HeaderSize + 37*f1.rs + int64(f1.nl) + 5
			b := []byte{0}
			m1.ReadAt(b, bad)
			b[0] ^= 1
			m1.WriteAt(b, bad)
			got = bytes.Repeat([]byte{0xcc}, len(data))
			if n, err := f1.ReadAt(got, 0); n != 0 || !errors.Is(err, ErrAuth) || !bytes.Equal(got, make([]byte, len(got))) {
				t.Fatalf("cs=%d mem=%v: ReadAt over a damaged record: %d, %v, zeroed=%v", cs, mem, n, err, bytes.Equal(got, make([]byte, len(got))))
			}
			// The chunks before it still read.
			if n, err := f1.ReadAt(got[:37*cs], 0); n != int(37*cs) || err != nil || !bytes.Equal(got[:37*cs], data[:37*cs]) {
				t.Fatalf("cs=%d mem=%v: ReadAt before the damaged record: %d, %v", cs, mem, n, err)
			}
		}
	}
}

// A failing random source in the middle of a long write leaves every run
// it did not reach as it was.
func TestBatchedRunRNGFailure(t *testing.T) {
	needCore(t)
	st := NewMemStore()
	f, err := create(st, seq(16), &Options{ChunkSize: 1024}, rand.NewChaCha8([32]byte{3}))
	if err != nil {
		t.Fatal(err)
	}
	old := bytes.Repeat([]byte{9}, 200*1024)
	if _, err := f.WriteAt(old, 0); err != nil {
		t.Fatal(err)
	}
	f.rng = &shortRNG{budget: 16 * f.runCap()} // enough for the first run only
	if _, err := f.WriteAt(bytes.Repeat([]byte{1}, len(old)), 0); !errors.Is(err, errInjected) {
		t.Fatalf("WriteAt with a failing random source: %v", err)
	}
	got := make([]byte, len(old))
	if _, err := f.ReadAt(got, 0); err != nil && err != io.EOF {
		t.Fatal(err)
	}
	first := f.runLen(0, 200) * 1024
	if !bytes.Equal(got[:first], bytes.Repeat([]byte{1}, first)) || !bytes.Equal(got[first:], old[first:]) {
		t.Fatal("a failed write left other bytes than its first run")
	}
}

// In a MemStore, every batch runs in place (its records in one 1 MiB
// block), except a record that crosses into the next block, which goes
// alone: so that records off the batches are one per block at most, not a
// whole run after each crossing.
func TestRunLenInPlace(t *testing.T) {
	needCore(t)
	for _, cs := range []int{MinChunkSize, 4096, DefaultChunk, 300 << 10, MaxChunkSize} {
		f, err := create(NewMemStore(), seq(16), &Options{ChunkSize: cs}, newCountingRNG())
		if err != nil {
			t.Fatal(err)
		}
		const chunks = 200
		copies := 0
		for idx := int64(0); idx < chunks; {
			k := int64(f.runLen(idx, chunks-idx))
			if k < 1 || k > int64(f.runCap()) {
				t.Fatalf("cs=%d: runLen(%d) = %d, want 1 to %d", cs, idx, k, f.runCap())
			}
			lo := HeaderSize + idx*f.rs
			hi := lo + k*f.rs
			if (hi-1)/memBlock != lo/memBlock {
				if k != 1 {
					t.Fatalf("cs=%d: the run of %d records from %d crosses a MemStore block", cs, k, idx)
				}
				copies++
			}
			idx += k
		}
		if blocks := int((HeaderSize+chunks*f.rs)/memBlock) + 1; copies > blocks {
			t.Errorf("cs=%d: %d runs through a copy, want at most one per block (%d)", cs, copies, blocks)
		}
		f.Close()
	}
}
