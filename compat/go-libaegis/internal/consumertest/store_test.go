// SPDX-License-Identifier: MIT

package consumertest

import (
	"errors"
	"sync"
)

// memStore is a raf.Store as a go-libaegis user writes one: the five
// methods of go-libaegis's interface over a byte slice.
type memStore struct {
	mu  sync.Mutex
	buf []byte
}

func (s *memStore) ReadAt(p []byte, off int64) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if off < 0 || off+int64(len(p)) > int64(len(s.buf)) {
		return 0, errors.New("memStore: read past the end")
	}
	return copy(p, s.buf[off:]), nil
}

func (s *memStore) WriteAt(p []byte, off int64) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if off < 0 {
		return 0, errors.New("memStore: negative offset")
	}
	if end := off + int64(len(p)); end > int64(len(s.buf)) {
		s.buf = append(s.buf, make([]byte, end-int64(len(s.buf)))...)
	}
	return copy(s.buf[off:], p), nil
}

func (s *memStore) GetSize() (int64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return int64(len(s.buf)), nil
}

func (s *memStore) SetSize(size int64) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if size < int64(len(s.buf)) {
		s.buf = s.buf[:size]
	} else {
		s.buf = append(s.buf, make([]byte, size-int64(len(s.buf)))...)
	}
	return nil
}

func (s *memStore) Sync() error { return nil }
