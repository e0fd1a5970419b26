// SPDX-License-Identifier: MIT

package raf

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/aegisgo/aegis/internal/testing/kat"
)

// TestKATAcrossBuilds writes files of every variant with a fixed random
// source (the file identifier and every nonce), in three chunk sizes,
// through every kind of change: writes within and across chunks,
// overwrites, a hole, whole-chunk runs (sealed in batches), a shrink and a
// growth. It records each file's bytes, Merkle root and commitment, and
// compares them with testdata/builds.kat (see internal/testing/kat), so that a
// file written by one build is the same bytes as another's. Each file
// also reads back as written, before and after Open.
func TestKATAcrossBuilds(t *testing.T) {
	needCore(t)
	ans := kat.New("package raf's files, from raf/builds_test.go")
	for alg := AEGIS128L; alg <= AEGIS256X4; alg++ {
		for _, cs := range []int{MinChunkSize, 4096, 0} {
			name := fmt.Sprintf("%s/cs%d", strings.ToLower(strings.ReplaceAll(alg.String(), "-", "")), cs)
			katFile(t, ans, name, alg, cs)
		}
	}
	ans.Finish(t, "builds.kat")
}

func katFile(t *testing.T, ans *kat.Answers, name string, alg Algorithm, cs int) {
	t.Helper()
	key := kat.Input(name+"/key", alg.KeySize())
	mo := &MerkleOptions{MaxChunks: 64}
	st := NewMemStore()
	f, err := create(st, key, &Options{Algorithm: alg, ChunkSize: cs, Merkle: mo}, kat.Reader(name+"/rng"))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	c := cs
	if c == 0 {
		c = DefaultChunk
	}
	// model is what the file must read as.
	var model []byte
	at := func(what string, off int, n int) {
		t.Helper()
		p := kat.Input(name+"/"+what, n)
		if _, err := f.WriteAt(p, int64(off)); err != nil {
			t.Fatalf("%s: %s: %v", name, what, err)
		}
		if end := off + n; end > len(model) {
			model = append(model, make([]byte, end-len(model))...)
		}
		copy(model[off:], p)
	}
	at("first", 0, 3*c/2+17)                           // a chunk and a half
	at("across", c-50, 100)                            // across a boundary, over written bytes
	at("hole", 4*c+3, 10)                              // past the end: a hole of zeros before it
	at("run", 5*c, 6*c)                                // whole chunks, sealed in batches
	at("tail", 11*c-7, 20)                             // the last chunk partly, and one more
	if err := f.Truncate(int64(7*c + 5)); err != nil { // a shrink into a chunk
		t.Fatalf("%s: Truncate: %v", name, err)
	}
	model = model[:7*c+5]
	if err := f.Truncate(int64(8 * c)); err != nil { // and a growth with zeros
		t.Fatalf("%s: Truncate: %v", name, err)
	}
	model = append(model, make([]byte, c-5)...)
	at("last", 8*c-1, 1)

	readBack := func(f *File, when string) {
		t.Helper()
		got := make([]byte, len(model)+10)
		n, _ := f.ReadAt(got, 0)
		if !bytes.Equal(got[:n], model) {
			t.Errorf("%s: the file does not read back as written %s (%d bytes of %d)", name, when, n, len(model))
		}
	}
	readBack(f, "before Close")
	root, err := f.MerkleRoot()
	if err != nil {
		t.Fatalf("%s: MerkleRoot: %v", name, err)
	}
	commit, err := f.MerkleCommitment()
	if err != nil {
		t.Fatalf("%s: MerkleCommitment: %v", name, err)
	}
	if err := f.Close(); err != nil {
		t.Fatalf("%s: Close: %v", name, err)
	}
	ans.Add(name+"/file", st.Bytes())
	ans.Add(name+"/root", root)
	ans.Add(name+"/commitment", commit)

	g, err := Open(NewMemStoreBytes(st.Bytes()), key, &Options{Merkle: mo})
	if err != nil {
		t.Fatalf("%s: Open: %v", name, err)
	}
	defer g.Close()
	readBack(g, "after Open")
	if c2, err := g.MerkleCommitment(); err != nil || !bytes.Equal(c2, commit) {
		t.Errorf("%s: the commitment after Open differs (%v)", name, err)
	}
}
