// SPDX-License-Identifier: MIT

package raf

import (
	"errors"
	"io"
	"os"
	"sync"
)

// Store is where a RAF file's bytes live.
//
// ReadAt and WriteAt must transfer exactly len(p) bytes; any non-nil error
// counts as a failure, so ReadAt must not return io.EOF with a full read.
// GetSize returns the current size; SetSize grows (with zeros) or shrinks
// the store.
//
// A *File calls ReadAt from several goroutines at once when its own ReadAt
// is called in parallel (as [io.ReaderAt] allows); every other method is
// called with nothing else running on the store.
//
// The crash guarantee of the package doc holds for a store that applies
// WriteAt and SetSize in the order they are called, and that writes each
// 512-byte sector (counted from offset 0) whole or not at all; Sync is the
// only durability point asked for.
type Store interface {
	ReadAt(p []byte, off int64) (int, error)
	WriteAt(p []byte, off int64) (int, error)
	GetSize() (int64, error)
	SetSize(size int64) error
	Sync() error
}

// NewFileStore returns a Store over f, using its ReadAt, WriteAt,
// Stat().Size(), Truncate and Sync. Closing the RAF File does not close f.
func NewFileStore(f *os.File) Store { return fileStore{f} }

type fileStore struct{ f *os.File }

func (s fileStore) ReadAt(p []byte, off int64) (int, error) {
	n, err := s.f.ReadAt(p, off)
	if n == len(p) {
		err = nil // a full read at the end of the file may come with io.EOF
	}
	return n, err
}

func (s fileStore) WriteAt(p []byte, off int64) (int, error) { return s.f.WriteAt(p, off) }

func (s fileStore) GetSize() (int64, error) {
	fi, err := s.f.Stat()
	if err != nil {
		return 0, err
	}
	return fi.Size(), nil
}

func (s fileStore) SetSize(size int64) error { return s.f.Truncate(size) }
func (s fileStore) Sync() error              { return s.f.Sync() }

// ReaderWriterAt is what NewStore needs: random-access reads and writes,
// the size, and a way to change it.
type ReaderWriterAt interface {
	io.ReaderAt
	io.WriterAt
	Size() (int64, error)
	Truncate(size int64) error
}

// NewStore returns a Store over any random-access backend. Sync does
// nothing unless rw has a Sync() error method.
func NewStore(rw ReaderWriterAt) Store { return rwStore{rw} }

type rwStore struct{ rw ReaderWriterAt }

func (s rwStore) ReadAt(p []byte, off int64) (int, error) {
	n, err := s.rw.ReadAt(p, off)
	if n == len(p) {
		err = nil
	}
	return n, err
}

func (s rwStore) WriteAt(p []byte, off int64) (int, error) { return s.rw.WriteAt(p, off) }
func (s rwStore) GetSize() (int64, error)                  { return s.rw.Size() }
func (s rwStore) SetSize(size int64) error                 { return s.rw.Truncate(size) }

func (s rwStore) Sync() error {
	if sy, ok := s.rw.(interface{ Sync() error }); ok {
		return sy.Sync()
	}
	return nil
}

// MaxMemStoreSize is the largest size of a [MemStore]: 256 GiB. A
// WriteAt that would end past it, and a SetSize above it, fail with
// [ErrMemStoreFull] and change nothing.
const MaxMemStoreSize = 1 << 38

// ErrMemStoreFull is returned by [MemStore] for an offset or size past
// [MaxMemStoreSize].
var ErrMemStoreFull = errors.New("raf: MemStore size limit exceeded")

// memBlock is the size of a MemStore's blocks.
const memBlock = 1 << 20

// MemStore is a [Store] in memory. It is safe for concurrent use; parallel
// reads share a lock.
//
// It holds its bytes in blocks of 1 MiB, allocated when first written, so
// writing N bytes sequentially costs about N bytes of memory (no array
// copied as it grows), and a range that was never written (after a
// SetSize that grows) costs nothing and reads as zeros; a [File] over it
// writes every record, though (see Costs in the package doc). A shrink
// keeps the blocks' memory for the next growth, as a slice keeps its
// capacity.
// Its size is at most [MaxMemStoreSize].
type MemStore struct {
	mu   sync.RWMutex
	size int64
	// blocks[i] holds bytes [i·memBlock, i·memBlock+len(blocks[i])); the
	// rest of the block, up to the size, reads as zeros. Only block 0
	// grows by doubling (so small stores stay small); the others are
	// made whole. Bytes of a block at or past the size are never kept:
	// a shrink shortens the block, and bytes exposed again by a growth
	// are cleared first.
	blocks [][]byte
	used   int64 // blocks[used:] hold no bytes
}

// NewMemStore returns an empty [MemStore].
func NewMemStore() *MemStore { return new(MemStore) }

// NewMemStoreBytes returns a MemStore that starts with a copy of b. It
// panics if b is longer than [MaxMemStoreSize].
func NewMemStoreBytes(b []byte) *MemStore {
	m := new(MemStore)
	if _, err := m.WriteAt(b, 0); err != nil {
		panic(err)
	}
	return m
}

// Bytes returns a copy of the store's content.
func (m *MemStore) Bytes() []byte {
	m.mu.RLock()
	defer m.mu.RUnlock()
	out := make([]byte, m.size)
	m.read(out, 0)
	return out
}

// read copies the bytes at off into p; off+len(p) is at most the size.
func (m *MemStore) read(p []byte, off int64) {
	for len(p) > 0 {
		bi, bo := off/memBlock, off%memBlock
		n := min(int64(len(p)), memBlock-bo)
		var b []byte
		if bi < int64(len(m.blocks)) {
			b = m.blocks[bi]
		}
		c := 0
		if bo < int64(len(b)) {
			c = copy(p[:n], b[bo:])
		}
		clear(p[c:n])
		p, off = p[n:], off+n
	}
}

// ReadAt reads len(p) bytes at off, as [io.ReaderAt] does: fewer than
// len(p) bytes (none at or past the end) come with io.EOF, and a read that
// fills p returns a nil error, even when it ends at the end.
func (m *MemStore) ReadAt(p []byte, off int64) (int, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	if off < 0 {
		return 0, ErrNegativeOffset
	}
	if len(p) == 0 {
		return 0, nil
	}
	if off >= m.size {
		return 0, io.EOF
	}
	n := int(min(int64(len(p)), m.size-off))
	m.read(p[:n], off)
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

// block returns block bi with room for its bytes [0, to), allocating or
// extending it. The caller overwrites [from, to) at once; bytes below from
// that the block did not hold are cleared. The caller holds the write
// lock.
func (m *MemStore) block(bi, from, to int64) []byte {
	if bi >= int64(len(m.blocks)) {
		m.blocks = append(m.blocks, make([][]byte, bi+1-int64(len(m.blocks)))...)
	}
	m.used = max(m.used, bi+1)
	b := m.blocks[bi]
	old := int64(len(b))
	switch {
	case to <= old:
		return b
	case to <= int64(cap(b)):
		b = b[:to]
	default:
		c := int64(memBlock)
		if bi == 0 {
			c = min(memBlock, max(to, 2*int64(cap(b)), 512))
		}
		nb := make([]byte, to, c)
		copy(nb, b)
		b = nb
		old = to // make cleared it
	}
	if old < from {
		clear(b[old:from])
	}
	m.blocks[bi] = b
	return b
}

// WriteAt writes p at off, growing the store (with zeros before off) if
// needed. Past [MaxMemStoreSize] it fails with [ErrMemStoreFull].
func (m *MemStore) WriteAt(p []byte, off int64) (int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if off < 0 {
		return 0, ErrNegativeOffset
	}
	if off > MaxMemStoreSize || int64(len(p)) > MaxMemStoreSize-off {
		return 0, ErrMemStoreFull
	}
	m.write(p, off)
	return len(p), nil
}

func (m *MemStore) write(p []byte, off int64) {
	m.size = max(m.size, off+int64(len(p)))
	for len(p) > 0 {
		bi, bo := off/memBlock, off%memBlock
		n := min(int64(len(p)), memBlock-bo)
		copy(m.block(bi, bo, bo+n)[bo:], p[:n])
		p, off = p[n:], off+n
	}
}

// GetSize returns the store's size.
func (m *MemStore) GetSize() (int64, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	return m.size, nil
}

// SetSize grows the store with zeros or shrinks it. Above
// [MaxMemStoreSize] it fails with [ErrMemStoreFull]. A growth allocates
// nothing: the new range reads as zeros until it is written.
func (m *MemStore) SetSize(size int64) error {
	if size < 0 {
		return ErrNegativeOffset
	}
	if size > MaxMemStoreSize {
		return ErrMemStoreFull
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if size < m.size {
		// Blocks past the size keep their memory for reuse, as a slice
		// keeps its capacity, but no bytes.
		keep := (size + memBlock - 1) / memBlock
		for i := keep; i < m.used; i++ {
			m.blocks[i] = m.blocks[i][:0]
		}
		m.used = min(m.used, keep)
		if bo := size % memBlock; bo != 0 && keep <= m.used {
			if b := m.blocks[keep-1]; int64(len(b)) > bo {
				m.blocks[keep-1] = b[:bo]
			}
		}
	}
	m.size = size
	return nil
}

// view calls fn on the n bytes at off, in place, under the read lock (or
// the write lock if write is set), if they lie within the size and in one
// block; otherwise it returns false and the caller goes through ReadAt or
// WriteAt. The File uses it to decrypt from and encrypt into the store's
// memory without a copy.
func (m *MemStore) view(off, n int64, write bool, fn func(b []byte)) bool {
	defer m.lockFor(write)()
	bi, bo := off/memBlock, off%memBlock
	if off < 0 || n > m.size-off || bo+n > memBlock {
		return false
	}
	var b []byte
	if write {
		b = m.block(bi, bo, bo+n)
	} else if bi < int64(len(m.blocks)) && int64(len(m.blocks[bi])) >= bo+n {
		b = m.blocks[bi]
	} else {
		return false // never written: zeros, which ReadAt makes
	}
	fn(b[bo : bo+n : bo+n])
	return true
}

// lockFor takes the write lock if write is set, else the read lock, and
// returns its unlock.
func (m *MemStore) lockFor(write bool) (unlock func()) {
	if write {
		m.mu.Lock()
		return m.mu.Unlock
	}
	m.mu.RLock()
	return m.mu.RUnlock
}

// viewSplit is view for n bytes at off that cross from one block into
// the next: fn gets the part in the first block and the part in the
// second. It returns false, as view does, where they do not lie within
// the size, in two blocks, or (for a read) in memory that was written.
func (m *MemStore) viewSplit(off, n int64, write bool, fn func(lo, hi []byte)) bool {
	defer m.lockFor(write)()
	bi, bo := off/memBlock, off%memBlock
	if off < 0 || n > m.size-off || bo+n <= memBlock || bo+n > 2*memBlock {
		return false
	}
	split := memBlock - bo // bytes in block bi
	var lo, hi []byte
	if write {
		lo = m.block(bi, bo, memBlock)
		hi = m.block(bi+1, 0, n-split)
	} else if bi+1 < int64(len(m.blocks)) && int64(len(m.blocks[bi])) == memBlock && int64(len(m.blocks[bi+1])) >= n-split {
		lo, hi = m.blocks[bi], m.blocks[bi+1]
	} else {
		return false // partly never written: ReadAt makes the zeros
	}
	fn(lo[bo:memBlock:memBlock], hi[:n-split:n-split])
	return true
}

// viewSpan is view for n bytes at off in any number of blocks: fn gets
// the part in each block, in order, all under one lock. A parallel WriteAt
// or ReadAt of a File seals or opens records across blocks in place with
// it. It returns false, as view does, where they do not lie within the
// size or (for a read) in memory that was written.
func (m *MemStore) viewSpan(off, n int64, write bool, fn func(parts [][]byte)) bool {
	defer m.lockFor(write)()
	if off < 0 || n <= 0 || n > m.size-off {
		return false
	}
	first, last := off/memBlock, (off+n-1)/memBlock
	parts := make([][]byte, 0, last-first+1)
	for bi := first; bi <= last; bi++ {
		base := bi * memBlock
		from, to := max(off, base)-base, min(off+n, base+memBlock)-base
		var b []byte
		if write {
			b = m.block(bi, from, to)
		} else if bi < int64(len(m.blocks)) && int64(len(m.blocks[bi])) >= to {
			b = m.blocks[bi]
		} else {
			return false // never written: zeros, which ReadAt makes
		}
		parts = append(parts, b[from:to:to])
	}
	fn(parts)
	return true
}

// Sync does nothing.
func (m *MemStore) Sync() error { return nil }
