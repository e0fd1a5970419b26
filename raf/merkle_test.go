// SPDX-License-Identifier: MIT

package raf

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"math"
	"testing"
)

func TestMerkleBufferSize(t *testing.T) {
	for _, c := range []struct{ max, want uint64 }{{1, 16}, {2, 48}, {4, 112}, {3, 16 * (3 + 2 + 1)}, {5, 16 * (5 + 3 + 2 + 1)}} {
		if got := MerkleBufferSize(16, c.max); got != c.want {
			t.Errorf("max %d: %d, want %d", c.max, got, c.want)
		}
		if c.max <= 4 {
			if tr := newMerkleTree(&MerkleOptions{MaxChunks: c.max, HashLen: 16}); uint64(len(tr.buf)) != c.want {
				t.Errorf("tree buffer %d", len(tr.buf))
			}
		}
	}
}

// toy hash functions whose input is spelt out, so the expected root can
// be written by hand.
func toyOptions(max uint64) *MerkleOptions {
	h := func(out []byte, s string) {
		sum := sha256.Sum256([]byte(s))
		copy(out, sum[:])
	}
	return &MerkleOptions{
		MaxChunks: max,
		HashLen:   16,
		HashLeaf:  func(out, c []byte, i uint64) { h(out, fmt.Sprintf("L%d:%x", i, c)) },
		HashParent: func(out, l, r []byte, level int, i uint64) {
			h(out, fmt.Sprintf("P%d.%d:%x:%x", level, i, l, r))
		},
		HashEmpty: func(out []byte, level int, i uint64) { h(out, fmt.Sprintf("E%d.%d", level, i)) },
		HashCommitment: func(out, root, ctx []byte, size uint64) {
			h(out, fmt.Sprintf("C%x:%x:%d", root, ctx, size))
		},
	}
}

func TestMerkleShape(t *testing.T) {
	needCore(t)
	st := NewMemStore()
	o := toyOptions(3)
	f, err := create(st, seq(16), &Options{ChunkSize: 1024, Merkle: o}, &counterRNG{})
	if err != nil {
		t.Fatal(err)
	}
	data := bytes.Repeat([]byte{7}, 1500)
	f.WriteAt(data, 0)
	n := func(s string) []byte {
		sum := sha256.Sum256([]byte(s))
		return sum[:16]
	}
	l0 := n(fmt.Sprintf("L0:%x", data[:1024]))
	l1 := n(fmt.Sprintf("L1:%x", data[1024:]))
	l2 := n("E0.2")
	p0 := n(fmt.Sprintf("P0.0:%x:%x", l0, l1))
	p1 := n(fmt.Sprintf("P0.1:%x:%x", l2, n("E0.3")))
	root := n(fmt.Sprintf("P1.0:%x:%x", p0, p1))
	got, _ := f.MerkleRoot()
	if !bytes.Equal(got, root) {
		t.Fatalf("root %x, want %x", got, root)
	}
	ctx := append([]byte{1, 1, 0, 4, 0, 0}, seq(24)...)
	ctx = append(ctx, 0, 0)
	want := n(fmt.Sprintf("C%x:%x:%d", root, ctx, 1500))
	if c, _ := f.MerkleCommitment(); !bytes.Equal(c, want) {
		t.Fatalf("commitment %x, want %x", c, want)
	}
	// A shrink clears the cut leaves and rehashes the new last chunk.
	f.Truncate(500)
	l0 = n(fmt.Sprintf("L0:%x", data[:500]))
	p0 = n(fmt.Sprintf("P0.0:%x:%x", l0, n("E0.1")))
	root = n(fmt.Sprintf("P1.0:%x:%x", p0, p1))
	if got, _ := f.MerkleRoot(); !bytes.Equal(got, root) {
		t.Fatalf("root after shrink %x, want %x", got, root)
	}
	if err := f.MerkleVerify(); err != nil {
		t.Fatal(err)
	}
	// Capacity: a fourth chunk does not fit, and nothing changes.
	before := st.Bytes()
	if _, err := f.WriteAt([]byte("x"), 3*1024); !errors.Is(err, ErrOverflow) {
		t.Errorf("past MaxChunks: %v", err)
	}
	if err := f.Truncate(3*1024 + 1); !errors.Is(err, ErrOverflow) {
		t.Errorf("truncate past MaxChunks: %v", err)
	}
	if !bytes.Equal(before, st.Bytes()) {
		t.Error("a refused write changed the store")
	}
	f.WriteAt([]byte("y"), 3*1024-1)
	f.Close()
	if _, err := Open(st, seq(16), &Options{Merkle: toyOptions(2)}); !errors.Is(err, ErrOverflow) {
		t.Errorf("Open with too small a tree: %v", err)
	}
}

func TestMerkleDetects(t *testing.T) {
	needCore(t)
	for _, alg := range []Algorithm{AEGIS128L, AEGIS256X2} {
		st := NewMemStore()
		key := seq(alg.KeySize())
		mo := &MerkleOptions{MaxChunks: 8}
		f, err := Create(st, key, &Options{Algorithm: alg, ChunkSize: 1024, Merkle: mo})
		if err != nil {
			t.Fatal(err)
		}
		f.WriteAt(bytes.Repeat([]byte("abc"), 1500), 0)
		old := st.Bytes()
		c1, _ := f.MerkleCommitment()
		f.WriteAt([]byte("changed"), 1100)
		c2, _ := f.MerkleCommitment()
		if bytes.Equal(c1, c2) || len(c1) != 32 {
			t.Fatal("commitment did not change")
		}
		if err := f.MerkleVerify(); err != nil {
			t.Fatal(err)
		}
		// Roll chunk 1 back behind the File's back: the format accepts
		// it, the tree does not.
		rs := f.rs
		st.WriteAt(old[64+rs:64+2*rs], 64+rs)
		var me *MerkleError
		if err := f.MerkleVerify(); !errors.As(err, &me) || me.Chunk != 1 || !errors.Is(err, ErrAuth) {
			t.Errorf("rollback: %v", err)
		}
		// A corrupted chunk is reported at its index. (Flip a byte: writing
		// a fixed value would leave a random ciphertext byte unchanged
		// once in 256 runs.)
		flip := make([]byte, 1)
		st.ReadAt(flip, 64+2*rs+20)
		flip[0] ^= 0xff
		st.WriteAt(flip, 64+2*rs+20)
		if err := f.MerkleRebuild(); !errors.Is(err, ErrAuth) {
			t.Errorf("rebuild over a corrupted chunk: %v", err)
		}
		st.WriteAt(old[64+2*rs:64+3*rs], 64+2*rs)
		if err := f.MerkleRebuild(); err != nil {
			t.Fatal(err)
		}
		if c, _ := f.MerkleCommitment(); !bytes.Equal(c, c1) {
			t.Error("rebuild of the old content did not give the old commitment")
		}
		// An inner node that does not match its children.
		f.merkle.node(1, 0)[0] ^= 1
		if err := f.MerkleVerify(); !errors.As(err, &me) || me.Chunk != math.MaxUint64 {
			t.Errorf("inner node: %v", err)
		}
		f.Close()
		// Reopen rebuilds: the same commitment as before the close.
		g, err := Open(st, key, &Options{Merkle: mo})
		if err != nil {
			t.Fatal(err)
		}
		if c, _ := g.MerkleCommitment(); !bytes.Equal(c, c1) {
			t.Error("commitment after Open")
		}
		g.Close()
	}
	for _, o := range []*MerkleOptions{
		{MaxChunks: 0},
		{MaxChunks: 1, HashLen: 7},
		{MaxChunks: 1, HashLen: 65},
		{MaxChunks: 1, HashLen: 48}, // more than SHA-256 gives
		{MaxChunks: 1, HashLeaf: func(out, c []byte, i uint64) {}},
	} {
		if _, err := Create(NewMemStore(), seq(16), &Options{Merkle: o}); !errors.Is(err, ErrBadMerkleOptions) {
			t.Errorf("%+v: %v", o, err)
		}
	}
}
