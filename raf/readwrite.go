// SPDX-License-Identifier: MIT

package raf

import (
	"io"
	"math"

	"github.com/aegisgo/aegis/internal/core"
)

// readChunk reads record idx into rec (f.rs bytes) and decrypts it into out
// (f.cs bytes). On failure out holds zeros.
func (f *File) readChunk(idx int64, rec, out []byte) error {
	off := f.recordAt(idx)
	var ok bool
	if f.mem == nil || !f.mem.view(off, f.rs, false, func(b []byte) { ok = f.openRecord(idx, b, out) }) &&
		!f.mem.viewSplit(off, f.rs, false, func(lo, hi []byte) { ok = f.openSplit(idx, lo, hi, out) }) {
		rec = rec[:f.rs]
		if _, err := f.store.ReadAt(rec, off); err != nil {
			return wrapErr(err)
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
	nonce, ciphertext, tag := f.recordFields(rec)
	_, err := f.aead.OpenDetached(out[:0], nonce, ciphertext, tag, ad[:])
	return err == nil
}

// openSplit is openRecord for a record that lies in two pieces, lo ‖ hi
// (a MemStore's record across two blocks): it decrypts the pieces of the
// ciphertext in place there, with no copy of the record.
func (f *File) openSplit(idx int64, lo, hi, out []byte) bool {
	nl, cs, ta := int64(f.nl), f.cs, f.tagAt()
	var nonce [maxNonceSize]byte
	var tag [tagSize]byte
	join(nonce[:nl], lo, hi, 0)
	join(tag[:], lo, hi, ta)
	c1, c2 := pieces(lo, hi, nl, ta)
	ad := f.ad(idx)
	var d core.Decrypter
	f.aead.StartDecrypter(&d, nonce[:nl], ad[:])
	d.DecryptTo(out[:len(c1)], c1)
	d.DecryptTo(out[len(c1):cs], c2)
	if d.Final(tag[:]) != nil {
		clear(out[:cs])
		return false
	}
	return true
}

// sealSplit is sealRecord for a record that lies in two pieces, lo ‖ hi.
func (f *File) sealSplit(idx int64, nonce, plain, lo, hi []byte) {
	nl, cs, ta := int64(f.nl), f.cs, f.tagAt()
	n1, n2 := pieces(lo, hi, 0, nl)
	copy(n2, nonce[copy(n1, nonce):nl])
	c1, c2 := pieces(lo, hi, nl, ta)
	ad := f.ad(idx)
	var e core.Encrypter
	f.aead.StartEncrypter(&e, nonce[:nl], ad[:])
	e.EncryptTo(c1, plain[:len(c1)])
	e.EncryptTo(c2, plain[len(c1):cs])
	var tag [tagSize]byte
	e.FinalTo(tag[:])
	t1, t2 := pieces(lo, hi, ta, f.rs)
	copy(t2, tag[copy(t1, tag[:]):])
}

// pieces returns bytes [from, to) of lo ‖ hi as the part in lo and the
// part in hi (either may be empty).
func pieces(lo, hi []byte, from, to int64) (a, b []byte) {
	n := int64(len(lo))
	return lo[min(from, n):min(to, n)], hi[max(from-n, 0):max(to-n, 0)]
}

// join copies len(dst) bytes of lo ‖ hi from offset from into dst.
func join(dst, lo, hi []byte, from int64) {
	a, b := pieces(lo, hi, from, from+int64(len(dst)))
	copy(dst[copy(dst, a):], b)
}

// sealRecord fills rec (f.rs bytes) with nonce and the encryption of
// plain as record idx.
func (f *File) sealRecord(idx int64, nonce, plain, rec []byte) {
	// Seal appends ciphertext ‖ tag to the nonce: the record's layout.
	n := rec[:f.nl]
	copy(n, nonce)
	ad := f.ad(idx)
	f.aead.SealDetached(n, n, plain[:f.cs], ad[:])
}

// writeChunk encrypts plain (f.cs bytes, already zero past its valid
// length under newSize) as record idx with a fresh nonce, writes it with
// one store call (or in place in a MemStore), and notes the Merkle leaf.
// rec is the record buffer; nil takes the writer's scratch if needed.
func (f *File) writeChunk(idx int64, plain, rec []byte, newSize int64) error {
	// The nonce is drawn first: a failing random source leaves the store
	// untouched.
	nonce := f.nonce[:f.nl]
	if _, err := io.ReadFull(f.rng, nonce); err != nil {
		return wrapErr(err)
	}
	off := f.recordAt(idx)
	if f.mem == nil || !f.mem.view(off, f.rs, true, func(b []byte) { f.sealRecord(idx, nonce, plain, b) }) &&
		!f.mem.viewSplit(off, f.rs, true, func(lo, hi []byte) { f.sealSplit(idx, nonce, plain, lo, hi) }) {
		if rec == nil {
			rec, _ = f.scratch()
		}
		rec = rec[:f.rs]
		f.sealRecord(idx, nonce, plain, rec)
		if _, err := f.store.WriteAt(rec, off); err != nil {
			return wrapErr(err)
		}
	}
	f.noteLeaf(idx, plain, newSize)
	return nil
}

// noteLeaf records in the Merkle tree that chunk idx now holds plain, as
// the operation that will make newSize the size left it. The tree keeps
// describing the store under the committed size f.size (what
// MerkleRebuild would build), so a chunk whose valid length differs under
// newSize keeps its new leaf aside until commitSize.
func (f *File) noteLeaf(idx int64, plain []byte, newSize int64) {
	if f.merkle == nil {
		return
	}
	f.merkle.note(uint64(idx), plain, f.validLen(idx, f.size), f.validLen(idx, newSize))
}

// commitSize ends a mutating operation that succeeded so far: it writes
// the header when the size changes (the one store call that moves the
// file from its old state to its new one) and then brings the Merkle tree
// to the new size.
func (f *File) commitSize(size int64) error {
	if size != f.size {
		if err := f.writeHeader(size); err != nil {
			return err
		}
	}
	if f.merkle != nil {
		f.merkle.commit(uint64(f.chunkCount(size)))
	}
	return nil
}

// beginOp starts a mutating operation for the Merkle tree; the returned
// function, deferred, puts the tree back in step with the store if the
// operation ends before commitSize.
func (f *File) beginOp() func() {
	if f.merkle == nil {
		return func() {}
	}
	f.merkle.begin(uint64(f.chunkCount(f.size)))
	return f.merkle.abort
}

// validLen is the number of bytes of chunk idx that lie below size.
func (f *File) validLen(idx, size int64) int64 {
	return max(0, min(f.cs, size-idx*f.cs))
}

// ReadAt reads len(p) bytes at offset off of the plaintext. As io.ReaderAt
// requires, it returns io.EOF whenever it reads fewer than len(p) bytes,
// including at or past the end. A chunk that does not authenticate gives
// [ErrAuth] and n = 0, and p holds no plaintext.
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
		whole := int64(0) // whole chunks from here on
		if co == 0 {
			whole = int64(n-done) / f.cs
		}
		if w := f.workers(whole); w > 1 {
			// Many whole chunks, opened on w goroutines.
			take = int(whole * f.cs)
			err = f.readSpan(idx, p[done:done+take], whole, w)
		} else if k := f.runLen(idx, int64(n-done)/f.cs); co == 0 && k > 1 {
			// A run of whole chunks, opened as a batch.
			take = k * int(f.cs)
			err = f.readRun(idx, k, p[done:done+take])
		} else if co == 0 && int64(take) == f.cs {
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
// chunks are encrypted zeros, never holes: see Costs in the package doc).
//
// The store calls come in the order that the package doc's crash model
// needs: the store grows first, then each touched chunk is rewritten with
// one WriteAt of its record, in increasing order, and a growing write
// rewrites the header last. Until the header lands, the file keeps its
// old size and every byte below it reads as its old or its new value. A
// failure returns the error with the same guarantee: part of the write
// may have reached the store, the size is the old one, and the Merkle
// tree matches the store.
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
	if err := f.checkSize(newSize); err != nil {
		return 0, err
	}
	defer f.beginOp()()
	if err := f.growStore(newSize); err != nil {
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
		src := p[done : done+take]
		whole := int64(0) // whole chunks from here on
		if co == 0 {
			whole = (int64(len(p)) - done) / f.cs
		}
		if w := f.workers(whole); w > 1 {
			// Many whole chunks, sealed on w goroutines.
			run := whole * f.cs
			if err := f.writeSpan(idx, p[done:done+run], whole, newSize, w); err != nil {
				return 0, err
			}
			done += run
			continue
		}
		if k := f.runLen(idx, (int64(len(p))-done)/f.cs); co == 0 && k > 1 {
			// A run of whole chunks, sealed as a batch.
			run := int64(k) * f.cs
			if err := f.writeRun(idx, p[done:done+run], k, newSize); err != nil {
				return 0, err
			}
			done += run
			continue
		}
		if co == 0 && take == f.cs {
			// A whole chunk: encrypted straight from p (into the store's
			// memory when it is a MemStore, else through the scratch).
			if err := f.writeChunk(idx, src, rec, newSize); err != nil {
				return 0, err
			}
			done += take
			continue
		}
		if rec == nil {
			rec, plain = f.scratch()
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
		clear(plain[f.validLen(idx, newSize):])
		if err := f.writeChunk(idx, plain, rec, newSize); err != nil {
			return 0, err
		}
		done += take
	}
	if err := f.commitSize(newSize); err != nil {
		return 0, err
	}
	return len(p), nil
}

// checkSize checks that size is addressable and fits the Merkle tree,
// before anything is modified.
func (f *File) checkSize(size int64) error {
	if size <= f.size {
		return nil
	}
	cc := f.chunkCount(size)
	if cc > f.maxChunks() {
		return ErrOverflow
	}
	if f.merkle != nil && uint64(cc) > f.merkle.maxChunks {
		return ErrOverflow
	}
	return nil
}

// growStore resizes the store to hold the records of size, if it is past
// the current end. Trailing bytes (from a crash or a failed operation)
// are cut. The new records lie past the size in the header until the
// operation commits, so nothing reads them before they are written.
func (f *File) growStore(size int64) error {
	if size <= f.size {
		return nil
	}
	if err := f.store.SetSize(f.storeSize(size)); err != nil {
		return wrapErr(err)
	}
	return nil
}

// fillGap rewrites the chunks from the one holding the old end up to
// (not including) chunk `until`, with zeros past the old end. Chunks that
// existed are decrypted first; new ones start as zeros. The old last
// chunk is left as it is when its bytes past the old end are zeros
// already (as this package always leaves them), so a torn write cannot
// lose it.
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
			if allZero(plain[old-start:]) {
				f.noteLeaf(idx, plain, newSize)
				continue
			}
			clear(plain[old-start:])
		} else {
			clear(plain)
		}
		if err := f.writeChunk(idx, plain, rec, newSize); err != nil {
			return err
		}
	}
	return nil
}

func allZero(b []byte) bool {
	var acc byte
	for _, v := range b {
		acc |= v
	}
	return acc == 0
}

// Truncate changes the logical size. Growing fills with zeros, as a write
// past the end does (see Costs in the package doc). Shrinking cuts the
// records past the new end and re-encrypts the new last chunk with zeros
// past the new end, so that the cut plaintext cannot be recovered with the
// key. (libaegis leaves it in place; the file stays readable by both.) If
// that chunk does not authenticate, Truncate fails with [ErrAuth] before
// changing anything.
//
// A shrink rewrites the new last chunk first, then the header, and cuts
// the store last, so a crash at any point leaves a file that opens with
// the old size or the new one. If the final cut fails, Truncate returns
// the error, the file has its new size, and the store keeps trailing
// bytes that Open ignores and the next growth cuts.
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
	if size == old {
		return nil
	}
	if err := f.checkSize(size); err != nil {
		return err
	}
	defer f.beginOp()()
	if size > old {
		if err := f.growStore(size); err != nil {
			return err
		}
		if err := f.fillGap(old, f.chunkCount(size), size); err != nil {
			return err
		}
		return f.commitSize(size)
	}
	if tail := size % f.cs; tail != 0 {
		rec, plain := f.scratch()
		defer clear(plain)
		last := size / f.cs
		if err := f.readChunk(last, rec, plain); err != nil {
			return err
		}
		if allZero(plain[tail:]) {
			f.noteLeaf(last, plain, size)
		} else {
			clear(plain[tail:])
			if err := f.writeChunk(last, plain, rec, size); err != nil {
				return err
			}
		}
	}
	if err := f.commitSize(size); err != nil {
		return err
	}
	if err := f.store.SetSize(f.storeSize(size)); err != nil {
		return wrapErr(err)
	}
	return nil
}
