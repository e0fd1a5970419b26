package raf

import (
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
// is called in parallel (as io.ReaderAt allows); every other method is
// called with nothing else running on the store.
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

// MemStore is a Store in memory. It is safe for concurrent use; parallel
// reads share a lock.
type MemStore struct {
	mu  sync.RWMutex
	buf []byte
	hw  int64 // the largest length since the array was made; see resize
}

// NewMemStore returns an empty MemStore.
func NewMemStore() *MemStore { return new(MemStore) }

// NewMemStoreBytes returns a MemStore that starts with a copy of b.
func NewMemStoreBytes(b []byte) *MemStore {
	return &MemStore{buf: append([]byte(nil), b...), hw: int64(len(b))}
}

// Bytes returns a copy of the store's content.
func (m *MemStore) Bytes() []byte {
	m.mu.RLock()
	defer m.mu.RUnlock()
	return append([]byte(nil), m.buf...)
}

// ReadAt reads len(p) bytes at off, or fails with io.ErrUnexpectedEOF (or
// io.EOF when nothing is there).
func (m *MemStore) ReadAt(p []byte, off int64) (int, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	if off < 0 {
		return 0, ErrNegativeOffset
	}
	if off >= int64(len(m.buf)) {
		if len(p) == 0 {
			return 0, nil
		}
		return 0, io.EOF
	}
	n := copy(p, m.buf[off:])
	if n < len(p) {
		return n, io.ErrUnexpectedEOF
	}
	return n, nil
}

// WriteAt writes p at off, growing the store (with zeros before off) if
// needed.
func (m *MemStore) WriteAt(p []byte, off int64) (int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if off < 0 {
		return 0, ErrNegativeOffset
	}
	if end := off + int64(len(p)); end > int64(len(m.buf)) {
		m.resize(end, true)
	}
	return copy(m.buf[off:], p), nil
}

// GetSize returns the store's size.
func (m *MemStore) GetSize() (int64, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	return int64(len(m.buf)), nil
}

// SetSize grows the store with zeros or shrinks it.
func (m *MemStore) SetSize(size int64) error {
	if size < 0 {
		return ErrNegativeOffset
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.resize(size, true)
	return nil
}

// resize sets the length, growing the array geometrically so that a file
// written sequentially is not copied once per chunk. A shrink clears
// nothing: bytes in [len, hw) may be stale, bytes in [hw, cap) are zeros,
// and a grow clears only the stale part it takes in, unless the caller is
// about to overwrite it all (zero false), as the records of a File are.
func (m *MemStore) resize(size int64, zero bool) {
	old := int64(len(m.buf))
	if size <= int64(cap(m.buf)) {
		m.buf = m.buf[:size]
		if zero && size > old {
			clear(m.buf[old:min(size, max(m.hw, old))])
		}
		m.hw = max(m.hw, size)
		return
	}
	nb := make([]byte, size, max(size, 2*int64(cap(m.buf))))
	copy(nb, m.buf)
	m.buf, m.hw = nb, size
}

// growRaw sets the size to size (no smaller than now) without clearing
// the new bytes; the caller overwrites them.
func (m *MemStore) growRaw(size int64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.resize(size, false)
}

// view calls fn on the n bytes at off, in place, under the read lock (or
// the write lock if write is set). The File uses it to decrypt from and
// encrypt into the store's memory without a copy.
func (m *MemStore) view(off, n int64, write bool, fn func(b []byte)) error {
	if write {
		m.mu.Lock()
		defer m.mu.Unlock()
	} else {
		m.mu.RLock()
		defer m.mu.RUnlock()
	}
	if off < 0 || off+n > int64(len(m.buf)) {
		return io.ErrUnexpectedEOF
	}
	fn(m.buf[off : off+n : off+n])
	return nil
}

// Sync does nothing.
func (m *MemStore) Sync() error { return nil }
