// SPDX-License-Identifier: MIT

package raf

import (
	"io"
)

// Runs of whole chunks are sealed and opened as batches: one call into
// the C core per group of chunks instead of one per chunk, and one read of
// the random source for all the nonces of a run. The store sees the same
// calls in the same order as chunk by chunk (one WriteAt per record, in
// increasing order), so the crash model of the package doc holds as is.

// maxRun is the most chunks in one batch: a run's records fit in one
// MemStore block (1 MiB), which is also the most scratch a batch through
// another store takes.
const maxRun = 64

// chunkBatch is the scratch of one batch: the argument slices of
// SealBatch and OpenBatch, the associated data, the nonces drawn for a
// write, and the records of a store that is not a MemStore.
type chunkBatch struct {
	dst, nonces, ins, ads [][]byte
	ad                    [][adSize]byte
	nonce                 []byte
	recs                  []byte
}

func (f *File) newBatch() *chunkBatch {
	k := f.runCap()
	return &chunkBatch{
		dst: make([][]byte, k), nonces: make([][]byte, k), ins: make([][]byte, k), ads: make([][]byte, k),
		ad: make([][adSize]byte, k), nonce: make([]byte, k*f.nl),
	}
}

// records returns n bytes of record scratch.
func (b *chunkBatch) records(n int64) []byte {
	if int64(len(b.recs)) < n {
		b.recs = make([]byte, n)
	}
	return b.recs[:n]
}

// forget drops the references to the caller's buffers.
func (b *chunkBatch) forget() {
	clear(b.dst)
	clear(b.nonces)
	clear(b.ins)
	clear(b.ads)
}

// runCap is the most chunks of one batch for this file's record size.
func (f *File) runCap() int {
	return int(max(1, min(maxRun, memBlock/f.rs)))
}

// runLen returns how many of the avail whole chunks from idx on the next
// batch takes: at most runCap, and in a MemStore no more than fit in the
// block that holds record idx, so that the batch runs in place. A record
// that crosses into the next block goes alone (sealed or opened in place
// in its two pieces, one message in two parts), so that the run after it
// starts in that block and runs in place again.
func (f *File) runLen(idx, avail int64) int {
	k := min(avail, int64(f.runCap()))
	if f.mem != nil {
		off := f.recordAt(idx)
		k = min(k, max(1, (memBlock-off%memBlock)/f.rs))
	}
	return int(k)
}

// fill sets up slot j of b for chunk idx, with its record rec.
func (f *File) fillAD(b *chunkBatch, j int, idx int64) {
	b.ad[j] = f.ad(idx)
	b.ads[j] = b.ad[j][:]
}

// writeRun seals the k whole chunks of plain as records idx, idx+1, ...,
// with fresh nonces drawn in one read, and stores them (into the store's
// memory when it is a MemStore and they lie in one block, else one WriteAt
// per record, in order). Each chunk's Merkle leaf is noted once its record
// is written.
func (f *File) writeRun(idx int64, plain []byte, k int, newSize int64) error {
	if f.wbatch == nil {
		f.wbatch = f.newBatch()
	}
	b := f.wbatch
	defer b.forget()
	// The nonces are drawn first: a failing random source leaves the run
	// untouched.
	nl, cs, rs := int64(f.nl), f.cs, f.rs
	nonces := b.nonce[:int64(k)*nl]
	if _, err := io.ReadFull(f.rng, nonces); err != nil {
		return wrapErr(err)
	}
	seal := func(recs []byte) { f.sealRun(b, idx, k, nonces, plain, recs) }
	off, n := f.recordAt(idx), int64(k)*rs
	if f.mem == nil || !f.mem.view(off, n, true, seal) {
		recs := b.records(n)
		seal(recs)
		for j := range int64(k) {
			if _, err := f.store.WriteAt(recs[j*rs:(j+1)*rs], off+j*rs); err != nil {
				return wrapErr(err)
			}
			f.noteLeaf(idx+j, plain[j*cs:(j+1)*cs], newSize)
		}
		return nil
	}
	for j := range int64(k) {
		f.noteLeaf(idx+j, plain[j*cs:(j+1)*cs], newSize)
	}
	return nil
}

// readRun opens the k records from idx on into out (k whole chunks). On
// failure out holds zeros.
func (f *File) readRun(idx int64, k int, out []byte) error {
	b := f.rbatch.Get().(*chunkBatch)
	defer f.rbatch.Put(b)
	defer b.forget()
	rs := f.rs
	ok := false
	open := func(recs []byte) { ok = f.openRun(b, idx, k, recs, out) }
	off, n := f.recordAt(idx), int64(k)*rs
	if f.mem == nil || !f.mem.view(off, n, false, open) {
		recs := b.records(n)
		if _, err := f.store.ReadAt(recs, off); err != nil {
			return wrapErr(err)
		}
		open(recs)
	}
	if !ok {
		return ErrAuth
	}
	return nil
}

// sealRun seals the k whole chunks of plain (k ≤ runCap) as records idx,
// idx+1, ... into recs (k records), with the k nonces at the start of
// nonces, in one batch.
func (f *File) sealRun(b *chunkBatch, idx int64, k int, nonces, plain, recs []byte) {
	nl, cs, rs := int64(f.nl), f.cs, f.rs
	for j := range int64(k) {
		rec := recs[j*rs : (j+1)*rs : (j+1)*rs]
		copy(rec[:nl], nonces[j*nl:(j+1)*nl])
		// SealBatch appends ciphertext ‖ tag to the nonce: the record.
		b.dst[j], b.nonces[j] = rec[:nl], rec[:nl]
		b.ins[j] = plain[j*cs : (j+1)*cs]
		f.fillAD(b, int(j), idx+j)
	}
	f.aead.SealBatch(b.dst[:k], b.nonces[:k], b.ins[:k], b.ads[:k])
}

// openRun opens the k records of recs (k ≤ runCap), records idx, idx+1,
// ..., into out (k whole chunks) in one batch, and reports whether all
// of them authenticate; a chunk that does not is zeros in out.
func (f *File) openRun(b *chunkBatch, idx int64, k int, recs, out []byte) bool {
	nl, cs, rs := int64(f.nl), f.cs, f.rs
	for j := range int64(k) {
		rec := recs[j*rs : (j+1)*rs]
		b.dst[j] = out[j*cs : j*cs : (j+1)*cs]
		// Open takes ciphertext ‖ tag, what follows the nonce.
		b.nonces[j], b.ins[j] = rec[:nl], rec[nl:]
		f.fillAD(b, int(j), idx+j)
	}
	_, err := f.aead.OpenBatch(b.dst[:k], b.nonces[:k], b.ins[:k], b.ads[:k])
	return err == nil
}
