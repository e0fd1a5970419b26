// SPDX-License-Identifier: MIT

package raf

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
)

// The crash model of the package doc: the first k mutations of an
// operation (WriteAt and SetSize calls on the store, in order) reach the
// store and the rest never do; or the k-th WriteAt is torn, and only a
// prefix of its whole 512-byte sectors (counted from the start of the
// store) lands.

// mutation is one WriteAt (size < 0) or SetSize (data nil) on a store.
type mutation struct {
	off  int64
	data []byte
	size int64
}

// sectorSize is the unit a torn write keeps or loses.
const sectorSize = 512

// recStore logs the mutations a File makes, and fails the failAt-th one
// (counted from 1) without applying it. It is not a *MemStore, so the File
// reaches it only through the Store interface.
type recStore struct {
	mem    *MemStore
	log    []mutation
	failAt int
}

var errInjected = errors.New("injected store failure")

func (s *recStore) ReadAt(p []byte, off int64) (int, error) { return s.mem.ReadAt(p, off) }
func (s *recStore) GetSize() (int64, error)                 { return s.mem.GetSize() }
func (s *recStore) Sync() error                             { return nil }

func (s *recStore) WriteAt(p []byte, off int64) (int, error) {
	s.log = append(s.log, mutation{off: off, data: append([]byte(nil), p...), size: -1})
	if len(s.log) == s.failAt {
		return 0, errInjected
	}
	return s.mem.WriteAt(p, off)
}

func (s *recStore) SetSize(size int64) error {
	s.log = append(s.log, mutation{size: size})
	if len(s.log) == s.failAt {
		return errInjected
	}
	return s.mem.SetSize(size)
}

// apply replays m onto st, keeping only the bytes before keep (a sector
// boundary) when m is a torn WriteAt.
func (m mutation) apply(t *testing.T, st *MemStore, keep int64) {
	t.Helper()
	if m.size >= 0 {
		if err := st.SetSize(m.size); err != nil {
			t.Fatal(err)
		}
		return
	}
	d := m.data
	if keep > m.off && keep < m.off+int64(len(d)) {
		d = d[:keep-m.off]
	}
	if _, err := st.WriteAt(d, m.off); err != nil {
		t.Fatal(err)
	}
}

// crashCase is one operation on a file of oldSize bytes.
type crashCase struct {
	name    string
	oldSize int64
	op      func(f *File, p []byte) error // nil: Create with Truncate over the file
	plen    int                           // bytes of new data op writes
	model   func(old, p []byte) []byte    // the content after the operation
	// shrink marks a truncate down: bytes it removes may read as zeros
	// while the old size still stands.
	shrink bool
	// staleTail leaves plaintext past the old end in the last chunk, as
	// libaegis's shrink does.
	staleTail bool
}

func writeCase(name string, oldSize, off int64, n int) crashCase {
	return crashCase{
		name: name, oldSize: oldSize, plen: n,
		op: func(f *File, p []byte) error { _, err := f.WriteAt(p, off); return err },
		model: func(old, p []byte) []byte {
			nw := append([]byte(nil), old...)
			if end := off + int64(n); end > int64(len(nw)) {
				nw = append(nw, make([]byte, end-int64(len(nw)))...)
			}
			copy(nw[off:], p)
			return nw
		},
	}
}

func truncCase(name string, oldSize, size int64) crashCase {
	return crashCase{
		name: name, oldSize: oldSize, shrink: size < oldSize,
		op: func(f *File, _ []byte) error { return f.Truncate(size) },
		model: func(old, _ []byte) []byte {
			if size <= int64(len(old)) {
				return append([]byte(nil), old[:size]...)
			}
			return append(append([]byte(nil), old...), make([]byte, size-int64(len(old)))...)
		},
	}
}

// crashCases cover writes inside, at, across and past the end, truncates
// to the middle of a chunk, to a boundary, within the last chunk, to zero
// and up, and Create over a file. The chunk size is 1024, so records
// (1056 or 1072 bytes) straddle sector boundaries at varied places.
func crashCases() []crashCase {
	cs := []crashCase{
		writeCase("write inside", 2560, 900, 700),
		writeCase("write inside the last chunk", 2560, 2100, 50),
		writeCase("write inside whole chunks", 2560, 0, 2048),
		writeCase("write at end", 2560, 2560, 100),
		writeCase("write across end", 2560, 2000, 1500),
		writeCase("write across end from boundary", 2048, 1024, 2500),
		writeCase("write past end with gap", 2560, 5000, 300),
		writeCase("write past end with gap, old end on boundary", 2048, 4000, 10),
		writeCase("write past end into the last chunk", 2100, 2500, 40),
		truncCase("truncate down mid-chunk", 2560, 1500),
		truncCase("truncate down to boundary", 2560, 1024),
		truncCase("truncate down within last chunk", 2560, 2100),
		truncCase("truncate to zero", 2560, 0),
		truncCase("truncate up", 2560, 6000),
		truncCase("truncate up from boundary", 2048, 4500),
	}
	for _, c := range []crashCase{
		writeCase("write past end with gap, stale tail", 2560, 5000, 300),
		writeCase("write across end, stale tail", 2560, 2600, 100),
		truncCase("truncate up, stale tail", 2560, 4000),
	} {
		c.staleTail = true
		cs = append(cs, c)
	}
	cs = append(cs, crashCase{
		name: "create over existing", oldSize: 2560,
		model: func(_, _ []byte) []byte { return nil },
	})
	return cs
}

// crashMerkle are the tree options of the enumeration: room for every
// chunk the cases reach.
func crashMerkle() *MerkleOptions { return &MerkleOptions{MaxChunks: 8, HashLen: 16} }

func TestCrashEnumeration(t *testing.T) {
	needCore(t)
	for _, alg := range []Algorithm{AEGIS128L, AEGIS256} {
		for _, c := range crashCases() {
			t.Run(fmt.Sprintf("%v/%s", alg, c.name), func(t *testing.T) {
				crashEnumerate(t, alg, c)
			})
		}
	}
}

// crashEnumerate runs c once on a recording store, then checks the store
// after every crash point, torn writes included, and the File after a
// failure of every mutation.
func crashEnumerate(t *testing.T, alg Algorithm, c crashCase) {
	rng := rand.New(rand.NewPCG(uint64(alg), uint64(c.oldSize)))
	key := seq(alg.KeySize())
	// Old bytes are 1..127 and new ones 128..255, so a byte read back
	// says which it is, and a zero is neither.
	old := make([]byte, c.oldSize)
	for i := range old {
		old[i] = byte(1 + rng.IntN(127))
	}
	p := make([]byte, c.plen)
	for i := range p {
		p[i] = byte(128 + rng.IntN(128))
	}
	pre := NewMemStore()
	f, err := Create(pre, key, &Options{Algorithm: alg, ChunkSize: 1024})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteAt(old, 0); err != nil {
		t.Fatal(err)
	}
	if c.staleTail {
		// Fill the last chunk, then set the size back in the header
		// alone: the bytes past the end stay in the chunk.
		if _, err := f.WriteAt(bytes.Repeat([]byte{0x55}, 300), c.oldSize); err != nil {
			t.Fatal(err)
		}
		if err := f.writeHeader(c.oldSize); err != nil {
			t.Fatal(err)
		}
	}
	f.Close()
	preBytes := pre.Bytes()
	nw := c.model(old, p)

	run := func(rs *recStore) error {
		if c.op == nil {
			g, err := Create(rs, key, &Options{Algorithm: alg, ChunkSize: 1024, Truncate: true, Merkle: crashMerkle()})
			if err == nil {
				g.Close()
			}
			return err
		}
		g, err := Open(rs, key, &Options{Merkle: crashMerkle()})
		if err != nil {
			t.Fatal(err)
		}
		defer g.Close()
		return c.op(g, p)
	}
	rs := &recStore{mem: NewMemStoreBytes(preBytes)}
	if err := run(rs); err != nil {
		t.Fatal(err)
	}
	log := rs.log
	if len(log) == 0 {
		t.Fatal("the operation made no mutation")
	}
	cc := crashChecker{t: t, key: key, old: old, nw: nw, shrink: c.shrink}
	points, torn := 0, 0
	for k := 0; k <= len(log); k++ {
		st := NewMemStoreBytes(preBytes)
		for _, m := range log[:k] {
			m.apply(t, st, -1)
		}
		cc.check(st, fmt.Sprintf("crash after %d of %d mutations", k, len(log)), nil)
		points++
		if k == 0 || log[k-1].size >= 0 {
			continue
		}
		m := log[k-1]
		for b := (m.off/sectorSize + 1) * sectorSize; b < m.off+int64(len(m.data)); b += sectorSize {
			st := NewMemStoreBytes(preBytes)
			for _, e := range log[:k-1] {
				e.apply(t, st, -1)
			}
			m.apply(t, st, b)
			cc.check(st, fmt.Sprintf("mutation %d of %d torn at %d", k, len(log), b), &m)
			torn++
		}
	}
	t.Logf("%d mutations: %d crash points, %d torn writes, %d failures", len(log), points, torn, len(log))

	// A failure of the k-th mutation: the operation reports it, and the
	// File it leaves agrees with the store, Merkle tree included.
	for k := 1; k <= len(log); k++ {
		rs := &recStore{mem: NewMemStoreBytes(preBytes), failAt: k}
		if c.op == nil {
			if err := run(rs); !errors.Is(err, errInjected) {
				t.Fatalf("mutation %d failed: Create returned %v", k, err)
			}
			continue
		}
		g, err := Open(rs, key, &Options{Merkle: crashMerkle()})
		if err != nil {
			t.Fatal(err)
		}
		if err := c.op(g, p); !errors.Is(err, errInjected) {
			t.Fatalf("mutation %d failed: the operation returned %v", k, err)
		}
		if err := g.MerkleVerify(); err != nil {
			t.Errorf("mutation %d failed: the Merkle tree does not match the store: %v", k, err)
		}
		h, err := Open(rs.mem, key, nil)
		if err != nil {
			t.Fatalf("mutation %d failed: Open: %v", k, err)
		}
		gs, _ := g.Size()
		hs, _ := h.Size()
		if gs != hs || !bytes.Equal(readAll(t, g), readAll(t, h)) {
			t.Errorf("mutation %d failed: the File (size %d) and the store (size %d) disagree", k, gs, hs)
		}
		g.Close()
		h.Close()
	}
}

type crashChecker struct {
	t       *testing.T
	key     []byte
	old, nw []byte
	shrink  bool
}

// check opens st after a crash and compares it with the old and new
// content. torn is the WriteAt that was torn, if any: only chunks whose
// record it was writing may fail to authenticate.
func (c *crashChecker) check(st *MemStore, what string, torn *mutation) {
	t := c.t
	t.Helper()
	g, err := Open(st, c.key, nil)
	if err != nil {
		t.Fatalf("%s: Open: %v", what, err)
	}
	defer g.Close()
	size, _ := g.Size()
	if size != int64(len(c.old)) && size != int64(len(c.nw)) {
		t.Fatalf("%s: size %d, want %d or %d", what, size, len(c.old), len(c.nw))
	}
	cs := int64(g.Info().ChunkSize)
	firstBad := int64(-1)
	buf := make([]byte, cs)
	for idx := int64(0); idx*cs < size; idx++ {
		start := idx * cs
		b := buf[:min(cs, size-start)]
		if _, err := g.ReadAt(b, start); err != nil {
			recStart := HeaderSize + idx*g.rs
			if torn == nil || !errors.Is(err, ErrAuth) ||
				recStart+g.rs <= torn.off || recStart >= torn.off+int64(len(torn.data)) {
				t.Fatalf("%s: chunk %d: %v", what, idx, err)
			}
			if firstBad < 0 {
				firstBad = idx
			}
			continue
		}
		for j, v := range b {
			i := start + int64(j)
			ok := (i < int64(len(c.old)) && v == c.old[i]) ||
				(i < int64(len(c.nw)) && v == c.nw[i]) ||
				(v == 0 && c.shrink && i >= int64(len(c.nw)))
			if !ok {
				t.Fatalf("%s: byte %d reads %d: old %v, new %v", what, i, v, at(c.old, i), at(c.nw, i))
			}
		}
	}
	// With Merkle options, Open reads every chunk: a torn one is
	// reported by index.
	h, err := Open(st, c.key, &Options{Merkle: crashMerkle()})
	var me *MerkleError
	switch {
	case firstBad < 0 && err != nil:
		t.Fatalf("%s: Open with Merkle: %v", what, err)
	case firstBad < 0:
		if err := h.MerkleVerify(); err != nil {
			t.Fatalf("%s: MerkleVerify: %v", what, err)
		}
		// The file takes the next growth: what it read stays, and the
		// growth reads as zeros, whatever the crash left past the end.
		before := readAll(t, h)
		if err := h.Truncate(size + 1500); err != nil {
			t.Fatalf("%s: growth after the crash: %v", what, err)
		}
		if err := h.MerkleVerify(); err != nil {
			t.Fatalf("%s: MerkleVerify after the growth: %v", what, err)
		}
		h.Close()
		h, err = Open(st, c.key, nil)
		if err != nil {
			t.Fatalf("%s: Open after the growth: %v", what, err)
		}
		if !bytes.Equal(readAll(t, h), append(before, make([]byte, 1500)...)) {
			t.Fatalf("%s: content after the growth", what)
		}
		h.Close()
	case !errors.As(err, &me) || me.Chunk != uint64(firstBad) || !errors.Is(err, ErrAuth):
		t.Fatalf("%s: Open with Merkle: %v, want chunk %d failing", what, err, firstBad)
	}
}

func at(b []byte, i int64) any {
	if i < int64(len(b)) {
		return b[i]
	}
	return "none"
}
