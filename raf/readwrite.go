package raf

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"
)

// ad returns the associated data of chunk idx: file_id ‖ LE64(idx) ‖ LE32(CS).
func (f *File) ad(idx int64) (ad [fileIDSize + 12]byte) {
	copy(ad[:], f.fileID[:])
	binary.LittleEndian.PutUint64(ad[fileIDSize:], uint64(idx))
	binary.LittleEndian.PutUint32(ad[fileIDSize+8:], uint32(f.cs))
	return ad
}

// readChunk reads record idx into rec (f.rs bytes) and decrypts it into out
// (f.cs bytes). On failure out holds zeros.
func (f *File) readChunk(idx int64, rec, out []byte) error {
	off := HeaderSize + idx*f.rs
	var ok bool
	if f.mem != nil {
		if err := f.mem.view(off, f.rs, false, func(b []byte) { ok = f.openRecord(idx, b, out) }); err != nil {
			return fmt.Errorf("raf: %w", err)
		}
	} else {
		rec = rec[:f.rs]
		if _, err := f.store.ReadAt(rec, off); err != nil {
			return fmt.Errorf("raf: %w", err)
		}
		ok = f.openRecord(idx, rec, out)
	}
	if !ok {
		return ErrAuth
	}
	return nil
}

// openRecord decrypts record idx (nonce ‖ ciphertext ‖ tag) into out.
func (f *File) openRecord(idx int64, rec, out []byte) bool {
	ad := f.ad(idx)
	nl := int64(f.nl)
	_, err := f.aead.OpenDetached(out[:0], rec[:nl], rec[nl:nl+f.cs], rec[nl+f.cs:f.rs], ad[:])
	return err == nil
}

// sealRecord fills rec (f.rs bytes) with a fresh nonce and the encryption
// of plain as record idx.
func (f *File) sealRecord(idx int64, plain, rec []byte) error {
	nonce := rec[:f.nl]
	if _, err := io.ReadFull(f.rng, nonce); err != nil {
		return fmt.Errorf("raf: %w", err)
	}
	ad := f.ad(idx)
	f.aead.SealDetached(nonce, nonce, plain[:f.cs], ad[:])
	return nil
}

// writeChunk encrypts plain (f.cs bytes, already zero past its valid
// length vlen) as record idx with a fresh nonce, using rec as the record
// buffer, writes it, and updates the Merkle leaf.
func (f *File) writeChunk(idx int64, plain, rec []byte, vlen int64) error {
	off := HeaderSize + idx*f.rs
	if f.mem != nil {
		var serr error
		if err := f.mem.view(off, f.rs, true, func(b []byte) { serr = f.sealRecord(idx, plain, b) }); err != nil {
			return fmt.Errorf("raf: %w", err)
		}
		if serr != nil {
			return serr
		}
	} else {
		rec = rec[:f.rs]
		if err := f.sealRecord(idx, plain, rec); err != nil {
			return err
		}
		if _, err := f.store.WriteAt(rec, off); err != nil {
			return fmt.Errorf("raf: %w", err)
		}
	}
	if f.merkle != nil {
		f.merkle.setLeaf(uint64(idx), plain[:vlen])
	}
	return nil
}

// validLen is the number of bytes of chunk idx that lie below size.
func (f *File) validLen(idx, size int64) int64 {
	return max(0, min(f.cs, size-idx*f.cs))
}

// ReadAt reads len(p) bytes at offset off of the plaintext. As io.ReaderAt
// requires, it returns io.EOF whenever it reads fewer than len(p) bytes,
// including at or past the end. A chunk that does not authenticate gives
// ErrAuth and n = 0, and p holds no plaintext.
//
// ReadAt calls may run in parallel with each other.
func (f *File) ReadAt(p []byte, off int64) (int, error) {
	f.mu.RLock()
	defer f.mu.RUnlock()
	if f.closed {
		return 0, ErrClosed
	}
	if off < 0 {
		return 0, ErrNegativeOffset
	}
	if len(p) == 0 {
		return 0, nil
	}
	if off >= f.size {
		return 0, io.EOF
	}
	n := int(min(int64(len(p)), f.size-off))
	bp := f.bufs.Get().(*[]byte)
	defer f.bufs.Put(bp)
	rec, plain := (*bp)[:f.rs], (*bp)[f.rs:]
	used := false // the scratch held plaintext: wipe it before it goes back
	defer func() {
		if used {
			clear(plain)
		}
	}()
	for done := 0; done < n; {
		pos := off + int64(done)
		idx, co := pos/f.cs, pos%f.cs
		take := int(min(f.cs-co, int64(n-done)))
		var err error
		if co == 0 && int64(take) == f.cs {
			err = f.readChunk(idx, rec, p[done:done+take])
		} else {
			used = true
			err = f.readChunk(idx, rec, plain)
			copy(p[done:], plain[co:co+int64(take)])
		}
		if err != nil {
			clear(p[:n])
			return 0, err
		}
		done += take
	}
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

// WriteAt writes p at offset off of the plaintext. Writing past the end
// extends the file; a gap between the old end and off reads as zeros (its
// chunks are encrypted zeros, never holes). There is no atomicity: after a
// failure, part of the write may have reached the store.
func (f *File) WriteAt(p []byte, off int64) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		return 0, ErrClosed
	}
	if off < 0 {
		return 0, ErrNegativeOffset
	}
	if len(p) == 0 {
		return 0, nil
	}
	if off > math.MaxInt64-int64(len(p)) {
		return 0, ErrOverflow
	}
	end := off + int64(len(p))
	old := f.size
	newSize := max(old, end)
	if err := f.grow(newSize); err != nil {
		return 0, err
	}
	// Gap fill: the chunks between the old end and the chunk holding off
	// become encrypted zeros past the old end. The chunk holding off is
	// left to the data step, which zeroes its gap the same way.
	first := off / f.cs
	if err := f.fillGap(old, first, newSize); err != nil {
		return 0, err
	}
	var rec, plain []byte // the scratch, taken when needed
	used := false         // the scratch held plaintext: wipe it on the way out
	defer func() {
		if used {
			clear(plain)
		}
	}()
	for done := int64(0); done < int64(len(p)); {
		pos := off + done
		idx, co := pos/f.cs, pos%f.cs
		take := min(f.cs-co, int64(len(p))-done)
		vlen := f.validLen(idx, newSize)
		src := p[done : done+take]
		if rec == nil && (f.mem == nil || co != 0 || take != f.cs) {
			rec, plain = f.scratch()
		}
		if co == 0 && take == f.cs {
			// A whole chunk: encrypted straight from p (into the store's
			// memory when it is a MemStore, else through rec).
			if err := f.writeChunk(idx, src, rec, vlen); err != nil {
				return 0, err
			}
			done += take
			continue
		}
		used = true
		start := idx * f.cs
		if start < old {
			if err := f.readChunk(idx, rec, plain); err != nil {
				return 0, err
			}
			if old-start < f.cs {
				clear(plain[old-start:]) // stale bytes past the old end
			}
		} else {
			clear(plain)
		}
		copy(plain[co:], src)
		clear(plain[vlen:])
		if err := f.writeChunk(idx, plain, rec, vlen); err != nil {
			return 0, err
		}
		done += take
	}
	if newSize > old {
		if err := f.writeHeader(newSize); err != nil {
			return 0, err
		}
	}
	return len(p), nil
}

// grow checks that newSize is addressable and fits the Merkle tree, and
// resizes the store to hold its records if it is past the current end.
func (f *File) grow(newSize int64) error {
	if newSize <= f.size {
		return nil
	}
	cc := f.chunkCount(newSize)
	if cc > f.maxChunks() {
		return ErrOverflow
	}
	if f.merkle != nil && uint64(cc) > f.merkle.maxChunks {
		return ErrOverflow
	}
	if f.mem != nil {
		// Every new byte belongs to a new record, which the caller writes
		// next (gap fill and data step cover every record past the old
		// end), so the store need not zero them first. If the caller
		// fails half-way, the stale bytes lie past the size in the
		// header, where nothing reads them and a later growth rewrites them.
		f.mem.growRaw(f.storeSize(newSize))
		return nil
	}
	if err := f.store.SetSize(f.storeSize(newSize)); err != nil {
		return fmt.Errorf("raf: %w", err)
	}
	return nil
}

// fillGap rewrites the chunks from the one holding the old end up to
// (not including) chunk `until`, with zeros past the old end. Chunks that
// existed are decrypted first; new ones start as zeros.
func (f *File) fillGap(old, until, newSize int64) error {
	if old/f.cs >= until {
		return nil
	}
	rec, plain := f.scratch()
	defer clear(plain)
	for idx := old / f.cs; idx < until; idx++ {
		start := idx * f.cs
		if start < old {
			if err := f.readChunk(idx, rec, plain); err != nil {
				return err
			}
			clear(plain[old-start:])
		} else {
			clear(plain)
		}
		if err := f.writeChunk(idx, plain, rec, f.validLen(idx, newSize)); err != nil {
			return err
		}
	}
	return nil
}

// Truncate changes the logical size. Growing fills with zeros, as a write
// past the end does. Shrinking cuts the records past the new end and
// re-encrypts the new last chunk with zeros past the new end, so that the
// cut plaintext cannot be recovered with the key. (libaegis leaves it in
// place; the file stays readable by both.) If that chunk does not
// authenticate, Truncate fails with ErrAuth before changing anything.
func (f *File) Truncate(size int64) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		return ErrClosed
	}
	if size < 0 {
		return ErrNegativeOffset
	}
	old := f.size
	switch {
	case size == old:
		return nil
	case size > old:
		if err := f.grow(size); err != nil {
			return err
		}
		if err := f.fillGap(old, f.chunkCount(size), size); err != nil {
			return err
		}
		return f.writeHeader(size)
	}
	rec, plain := f.scratch()
	defer clear(plain)
	cc := f.chunkCount(size)
	tail := size % f.cs
	if tail != 0 {
		last := cc - 1
		if err := f.readChunk(last, rec, plain); err != nil {
			return err
		}
		clear(plain[tail:])
		if err := f.writeChunk(last, plain, rec, tail); err != nil {
			return err
		}
	}
	if err := f.store.SetSize(f.storeSize(size)); err != nil {
		return fmt.Errorf("raf: %w", err)
	}
	if f.merkle != nil {
		f.merkle.clearFrom(uint64(cc), uint64(f.chunkCount(old)))
	}
	return f.writeHeader(size)
}
