// SPDX-License-Identifier: MIT

package raf

import (
	"bytes"
	"crypto/sha256"
	"testing"
	"unsafe"
)

// Inputs in the output's memory. The one-message and batch calls of the
// AEAD take a nonce that the caller may place where the output goes
// (internal/testing/aeadtest tests that). raf gives its AEAD no caller memory as
// a nonce, a ciphertext, a tag or associated data: each record's nonce is
// drawn into the File's own buffer and copied into the record, in front
// of the ciphertext (the output starts after it, so the nonce is dst's
// prefix, not part of the output), the associated data and the header
// are built in the File's memory, and a record read is the File's
// scratch or a MemStore's block, never a slice the caller holds (a
// MemStore hands out copies only, and a Store's ReadAt fills the File's
// scratch). The caller's memory that raf touches is the master key,
// which Create and Open derive the file keys from and do not keep, the
// plaintext p of WriteAt, only read, and the p of ReadAt, only written.
// So the only aliasing a caller can make is output over the key it
// passed, and the tests below check that it changes nothing. raf calls
// out, too: TurboSHAKE may be given its output over its message, and
// the Merkle tree's hash functions must never get an output that lies
// over one of their inputs, since a caller's function may write it first.

// TestReadIntoKey reads the file into the very slice that held the master
// key: the File has derived its keys and keeps working, and the file
// opens with the key's old bytes.
func TestReadIntoKey(t *testing.T) {
	needCore(t)
	for _, alg := range allAlgs {
		st := NewMemStore()
		key := seq(alg.KeySize())
		orig := bytes.Clone(key)
		f, err := Create(st, key, &Options{Algorithm: alg, ChunkSize: 1024})
		if err != nil {
			t.Fatal(err)
		}
		data := bytes.Repeat([]byte("raf!"), 700) // three chunks
		if _, err := f.WriteAt(data, 0); err != nil {
			t.Fatal(err)
		}
		if n, err := f.ReadAt(key, 100); n != len(key) || err != nil || !bytes.Equal(key, data[100:100+len(key)]) {
			t.Fatalf("%v: ReadAt into the key's slice: %d, %v", alg, n, err)
		}
		// Write and read again, chunk by chunk and in runs.
		if _, err := f.WriteAt(data[:2048], 1024); err != nil {
			t.Fatal(err)
		}
		want := append(bytes.Clone(data[:1024]), data[:2048]...)
		if got := readAll(t, f); !bytes.Equal(got, want) {
			t.Fatalf("%v: the file after its key's slice was overwritten differs", alg)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
		g, err := Open(st, orig, nil)
		if err != nil {
			t.Fatalf("%v: Open with the key's original bytes: %v", alg, err)
		}
		if got := readAll(t, g); !bytes.Equal(got, want) {
			t.Fatalf("%v: reopened file differs", alg)
		}
		g.Close()
	}
}

// TestTurboSHAKEInPlace: the output over the message gives the same bytes
// as apart, for messages shorter and longer than a rate and outputs of
// both kinds.
func TestTurboSHAKEInPlace(t *testing.T) {
	for _, f := range []struct {
		name string
		fn   func(out, msg []byte, domain byte)
	}{{"TurboSHAKE128", TurboSHAKE128}, {"TurboSHAKE256", TurboSHAKE256}} {
		for _, n := range []int{0, 1, 32, 135, 136, 168, 169, 400} {
			for _, outLen := range []int{16, 32, 200} {
				buf := make([]byte, max(n, outLen))
				copy(buf, ptn(n))
				want := make([]byte, outLen)
				f.fn(want, bytes.Clone(buf[:n]), 0x1f)
				f.fn(buf[:outLen], buf[:n], 0x1f)
				if !bytes.Equal(buf[:outLen], want) {
					t.Errorf("%s of %d bytes, %d out, in place: differs", f.name, n, outLen)
				}
			}
		}
	}
}

// TestMerkleOutputsApart gives the tree hash functions that check that
// their output lies over none of their inputs, through every operation
// that hashes.
func TestMerkleOutputsApart(t *testing.T) {
	needCore(t)
	overlap := func(out []byte, ins ...[]byte) bool {
		lo := uintptr(unsafe.Pointer(unsafe.SliceData(out)))
		for _, in := range ins {
			if len(in) == 0 || len(out) == 0 {
				continue
			}
			l := uintptr(unsafe.Pointer(unsafe.SliceData(in)))
			if l < lo+uintptr(len(out)) && lo < l+uintptr(len(in)) {
				return true
			}
		}
		return false
	}
	var calls, bad int
	check := func(out []byte, ins ...[]byte) {
		calls++
		if overlap(out, ins...) {
			bad++
		}
	}
	hash := func(out []byte, parts ...[]byte) {
		h := sha256.New()
		for _, p := range parts {
			h.Write(p)
		}
		copy(out, h.Sum(nil))
	}
	o := &MerkleOptions{
		MaxChunks: 16, HashLen: 24,
		HashLeaf: func(out, chunk []byte, index uint64) {
			check(out, chunk)
			hash(out, []byte{0, byte(index)}, chunk)
		},
		HashParent: func(out, left, right []byte, level int, index uint64) {
			check(out, left, right)
			hash(out, []byte{1, byte(level), byte(index)}, left, right)
		},
		HashEmpty: func(out []byte, level int, index uint64) {
			check(out)
			hash(out, []byte{2, byte(level), byte(index)})
		},
		HashCommitment: func(out, root, ctx []byte, size uint64) {
			check(out, root, ctx)
			hash(out, []byte{3, byte(size)}, root, ctx)
		},
	}
	st := NewMemStore()
	f, err := Create(st, seq(16), &Options{ChunkSize: 1024, Merkle: o})
	if err != nil {
		t.Fatal(err)
	}
	data := bytes.Repeat([]byte{7}, 5000)
	if _, err := f.WriteAt(data, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteAt(data[:100], 3000); err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(2500); err != nil {
		t.Fatal(err)
	}
	if _, err := f.MerkleCommitment(); err != nil {
		t.Fatal(err)
	}
	if err := f.MerkleVerify(); err != nil {
		t.Fatal(err)
	}
	if err := f.MerkleRebuild(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	g, err := Open(st, seq(16), &Options{Merkle: o})
	if err != nil {
		t.Fatal(err)
	}
	g.Close()
	if calls == 0 || bad != 0 {
		t.Fatalf("%d of %d hash calls had their output over an input", bad, calls)
	}
}
