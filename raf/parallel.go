// SPDX-License-Identifier: MIT

package raf

import (
	"io"
	"runtime"
	"sync"
	"sync/atomic"
)

// A WriteAt or ReadAt that covers many whole chunks seals or opens them on
// several goroutines: each chunk has its own nonce, tag and associated
// data, so they are independent. Only the cryptography is spread out.
// Everything with an order stays on the caller's goroutine, in the order
// of the sequential loop: the reads of the random source (one per run of
// runLen, as writeRun draws them), the store's WriteAt calls (one per
// record, in increasing order, each before the record's Merkle leaf is
// noted), and the choice of the error to return. So the store sees the
// same calls with the same bytes whatever Options.Concurrency is, and the
// crash model of the package doc holds as is.
//
// The chunks go in windows of a few MiB of records. For each window the
// caller draws the nonces, the records are sealed into place (a MemStore's
// memory, under its lock for the window, or scratch), and then written in
// order; a read takes the records (in place, or one ReadAt per run into
// scratch) and opens them. In a window the records are cut into pieces of
// a few chunks, which the caller's goroutine and its helpers take in turn
// until none is left.

// parMinShare is the least plaintext that one goroutine of a parallel
// WriteAt or ReadAt is given: a call of less than twice this stays on the
// caller's goroutine, with nothing to start or to wait for. Two costs set
// it. Starting a goroutine and waking a thread for it takes microseconds
// on bare metal, and 80 to 130 µs on the shared 2-core VM of
// BENCHMARKS.md, which is what the hardware kernels take to seal 1 MiB:
// there, with shares of 256 KiB, a 1 MiB ReadAt ran at 0.75-0.90 of one
// goroutine's speed (BenchmarkRAFParallelRatio in cmd/aegis-speed). And
// the kernels with lanes (AEGIS-128L and AEGIS-256 on AVX2 and AVX-512)
// seal four chunks side by side, up to twice as fast per byte as one at
// a time, which a share of fewer chunks gives up. A share of 1 MiB keeps
// a split from costing more than it saves where waking is slow;
// BenchmarkParallelThreshold measures where two goroutines start to pay.
const parMinShare = 1 << 20

// parWindow is the most record bytes of one window, unless each goroutine
// needs a record more: what a write or a read through a store other than
// a MemStore takes in scratch, and what a write to a MemStore keeps under
// the store's lock at a time.
const parWindow = 4 << 20

// The tunables a File takes at Create and Open: variables only so that
// tests can send small calls down the parallel path, in small windows.
var (
	minShareBytes = int64(parMinShare)
	windowBytes   = int64(parWindow)
)

// helpersStarted counts the goroutines that parallel calls have started,
// for tests that check which path a call took.
var helpersStarted atomic.Int64

// gomaxprocs is runtime.GOMAXPROCS(0), the default number of goroutines;
// a variable, so that the tests run the parallel path where it is 1
// (js/wasm, whose goroutines then take turns on one thread).
var gomaxprocs = func() int { return runtime.GOMAXPROCS(0) }

// workers returns how many goroutines should seal or open k whole chunks:
// 1 when the call stays on the caller's goroutine.
func (f *File) workers(k int64) int {
	if f.conc == 1 || k < 2 || k*f.cs < 2*f.minShare {
		return 1
	}
	w := f.conc
	if w == 0 {
		w = gomaxprocs()
	}
	return int(min(int64(w), k, k*f.cs/f.minShare))
}

// windowCap is the most records of one window for w goroutines.
func (f *File) windowCap(w int) int64 {
	return max(f.window/f.rs, int64(w), int64(f.runCap()))
}

// recSpan is where the records of a window lie: in the pieces of parts,
// of which the first holds the window's first bytes and each later one
// starts a MemStore block (a window in scratch is one part).
type recSpan struct {
	parts [][]byte
}

// locate returns the part that holds byte pos of the window, the offset of
// pos in it, and the offset in the window where that part ends.
func (s *recSpan) locate(pos int64) (part []byte, at, end int64) {
	n0 := int64(len(s.parts[0]))
	if pos < n0 {
		return s.parts[0], pos, n0
	}
	i := 1 + (pos-n0)/memBlock
	start := n0 + (i-1)*memBlock
	part = s.parts[i]
	return part, pos - start, start + int64(len(part))
}

// cut returns the pieces of bytes [from, to) of the window, in order: at
// most three, as a record is at most 1 MiB and 48 bytes.
func (s *recSpan) cut(from, to int64, buf *[3][]byte) [][]byte {
	n := 0
	for from < to {
		part, at, end := s.locate(from)
		m := min(to, end) - from
		buf[n] = part[at : at+m : at+m]
		n++
		from += m
	}
	return buf[:n]
}

// parPiece is about the plaintext a goroutine takes at a time, in a
// whole number of lane groups: at the default chunk size, four chunks,
// one group of the C core's batches (its groupBytes), which its kernels
// with lanes seal side by side. Smaller pieces leave less for a goroutine
// that a busy machine has stopped to hold the others up with.
const parPiece = 256 << 10

// lanes is the most messages that the C core's kernels seal or open side
// by side in one register (csrc/lanes.h): a batch of fewer runs slower
// per byte, so pieces hold a multiple of it where they can.
const lanes = 4

// pieceLen returns the records of one piece, for n records on w
// goroutines: parPiece rounded up to whole lane groups, but no more than
// gives each goroutine a piece.
func (f *File) pieceLen(w int, n int64) int64 {
	g := (parPiece/f.cs + lanes - 1) / lanes * lanes
	return max(1, min(g, (n+int64(w)-1)/int64(w)))
}

// share runs fn on the records [0, n) in pieces, on the caller's
// goroutine with the batch scratch b and on up to w−1 goroutines of
// their own with scratch from the pool. Each takes the next piece when
// it is done with one, so a goroutine that starts late (on a machine
// whose cores are busy) takes less, and the caller never waits long for
// it. It returns when all are done, even if fn panics on the caller's
// goroutine.
func (f *File) share(w int, n int64, b *chunkBatch, fn func(b *chunkBatch, lo, hi int64)) {
	if w <= 1 {
		fn(b, 0, n)
		return
	}
	g := f.pieceLen(w, n)
	pieces := (n + g - 1) / g
	var next atomic.Int64
	work := func(b *chunkBatch) {
		for i := next.Add(1) - 1; i < pieces; i = next.Add(1) - 1 {
			fn(b, i*g, min(i*g+g, n))
		}
	}
	var wg sync.WaitGroup
	defer wg.Wait()
	helpers := min(int64(w), pieces) - 1
	helpersStarted.Add(helpers)
	for range helpers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b := f.rbatch.Get().(*chunkBatch)
			defer f.rbatch.Put(b)
			work(b)
		}()
	}
	work(b)
}

// windowWorkers is how many of w goroutines a window of n records takes.
func (f *File) windowWorkers(w int, n int64) int {
	return int(max(1, min(int64(w), n, n*f.cs/f.minShare)))
}

// writeSpan writes the k whole chunks of plain as records idx, idx+1, ...
// on up to w goroutines, making the store calls, the reads of the random
// source and the Merkle notes of the sequential loop, in its order.
func (f *File) writeSpan(idx int64, plain []byte, k int64, newSize int64, w int) error {
	if f.wbatch == nil {
		f.wbatch = f.newBatch()
	}
	limit := f.windowCap(w)
	if need := (limit + int64(f.runCap())) * int64(f.nl); int64(len(f.pnonce)) < need {
		f.pnonce = make([]byte, need)
	}
	for k > 0 {
		n, rngErr := f.drawNonces(idx, k, limit)
		if n > 0 {
			if err := f.sealWindow(idx, plain[:n*f.cs], n, newSize, f.windowWorkers(w, n)); err != nil {
				return err
			}
		}
		if rngErr != nil {
			return rngErr
		}
		idx, plain, k = idx+n, plain[n*f.cs:], k-n
	}
	return nil
}

// drawNonces fills f.pnonce with the nonces of the next window of the k
// records from idx on: whole runs of runLen, one read of the random
// source each, as writeRun and writeChunk read them, while they fit in
// limit records (the first always does). It returns how many records have
// their nonces, and the error of a read that failed: the runs before it
// are still written, as the sequential loop writes them before it reads
// the next nonces.
func (f *File) drawNonces(idx, k, limit int64) (int64, error) {
	nl := int64(f.nl)
	var n int64
	for n < k {
		u := int64(f.runLen(idx+n, k-n))
		if n > 0 && n+u > limit {
			break
		}
		if _, err := io.ReadFull(f.rng, f.pnonce[n*nl:(n+u)*nl]); err != nil {
			return n, wrapErr(err)
		}
		n += u
	}
	return n, nil
}

// sealWindow seals the n whole chunks of plain as records idx... with the
// nonces of f.pnonce on w goroutines, into a MemStore's memory or into
// scratch, and stores them: in the scratch case one WriteAt per record,
// in order, each followed by its Merkle note.
func (f *File) sealWindow(idx int64, plain []byte, n, newSize int64, w int) error {
	rs, cs := f.rs, f.cs
	off, size := f.recordAt(idx), n*rs
	seal := func(s *recSpan) {
		f.share(w, n, f.wbatch, func(b *chunkBatch, lo, hi int64) {
			f.sealShare(s, b, idx, lo, hi, plain)
		})
	}
	if f.mem == nil || !f.mem.viewSpan(off, size, true, func(parts [][]byte) { seal(&recSpan{parts}) }) {
		if int64(len(f.precs)) < size {
			f.precs = make([]byte, size)
		}
		recs := f.precs[:size]
		seal(&recSpan{[][]byte{recs}})
		for j := range n {
			if _, err := f.store.WriteAt(recs[j*rs:(j+1)*rs], off+j*rs); err != nil {
				return wrapErr(err)
			}
			f.noteLeaf(idx+j, plain[j*cs:(j+1)*cs], newSize)
		}
		return nil
	}
	for j := range n {
		f.noteLeaf(idx+j, plain[j*cs:(j+1)*cs], newSize)
	}
	return nil
}

// sealShare seals records [lo, hi) of a window that starts at record idx,
// from plain and the nonces of f.pnonce: runs that lie in one part as
// batches, a record across parts in its pieces.
func (f *File) sealShare(s *recSpan, b *chunkBatch, idx, lo, hi int64, plain []byte) {
	defer b.forget()
	nl, cs, rs := int64(f.nl), f.cs, f.rs
	nonces := f.pnonce
	for j := lo; j < hi; {
		part, at, end := s.locate(j * rs)
		if m := min(hi-j, int64(f.runCap()), (end-j*rs)/rs); m > 0 {
			f.sealRun(b, idx+j, int(m), nonces[j*nl:], plain[j*cs:], part[at:at+m*rs])
			j += m
			continue
		}
		var buf [3][]byte
		nonce := nonces[j*nl : (j+1)*nl]
		switch ps := s.cut(j*rs, (j+1)*rs, &buf); len(ps) {
		case 2:
			f.sealSplit(idx+j, nonce, plain[j*cs:], ps[0], ps[1])
		default:
			rec := b.records(rs)
			f.sealRecord(idx+j, nonce, plain[j*cs:], rec)
			for _, p := range ps {
				rec = rec[copy(p, rec):]
			}
		}
		j++
	}
}

// readSpan reads the k whole chunks from record idx on into out on up to
// w goroutines. The error is the sequential loop's: ErrAuth if a chunk
// before the first store read that failed does not authenticate, else
// that read's error.
func (f *File) readSpan(idx int64, out []byte, k int64, w int) error {
	limit := f.windowCap(w)
	for k > 0 {
		// A window of whole runs, as for a write.
		var n int64
		for n < k {
			u := int64(f.runLen(idx+n, k-n))
			if n > 0 && n+u > limit {
				break
			}
			n += u
		}
		if err := f.openWindow(idx, out[:n*f.cs], n, k, f.windowWorkers(w, n)); err != nil {
			return err
		}
		idx, out, k = idx+n, out[n*f.cs:], k-n
	}
	return nil
}

// openWindow opens the n records from idx on into out on w goroutines: in
// place in a MemStore, else from scratch filled by one ReadAt per run (k
// is the whole chunks left, for runLen).
func (f *File) openWindow(idx int64, out []byte, n, k int64, w int) error {
	rs := f.rs
	off, size := f.recordAt(idx), n*rs
	b := f.rbatch.Get().(*chunkBatch)
	defer f.rbatch.Put(b)
	var bad atomic.Bool
	open := func(s *recSpan, n int64) {
		f.share(min(w, int(n)), n, b, func(b *chunkBatch, lo, hi int64) {
			if !f.openShare(s, b, idx, lo, hi, out) {
				bad.Store(true)
			}
		})
	}
	if f.mem != nil && f.mem.viewSpan(off, size, false, func(parts [][]byte) { open(&recSpan{parts}, n) }) {
		if bad.Load() {
			return ErrAuth
		}
		return nil
	}
	bp := f.spanBufs.Get().(*[]byte)
	defer f.spanBufs.Put(bp)
	if int64(len(*bp)) < size {
		*bp = make([]byte, size)
	}
	recs := (*bp)[:size]
	var readErr error
	var got int64
	for got < n {
		u := min(int64(f.runLen(idx+got, k-got)), n-got)
		if _, err := f.store.ReadAt(recs[got*rs:(got+u)*rs], off+got*rs); err != nil {
			readErr = wrapErr(err)
			break
		}
		got += u
	}
	if got > 0 {
		open(&recSpan{[][]byte{recs[:got*rs]}}, got)
	}
	if bad.Load() {
		return ErrAuth
	}
	return readErr
}

// openShare opens records [lo, hi) of a window that starts at record idx
// into out, and reports whether all of them authenticate.
func (f *File) openShare(s *recSpan, b *chunkBatch, idx, lo, hi int64, out []byte) bool {
	defer b.forget()
	cs, rs := f.cs, f.rs
	ok := true
	for j := lo; j < hi; {
		part, at, end := s.locate(j * rs)
		if m := min(hi-j, int64(f.runCap()), (end-j*rs)/rs); m > 0 {
			ok = f.openRun(b, idx+j, int(m), part[at:at+m*rs], out[j*cs:(j+m)*cs]) && ok
			j += m
			continue
		}
		var buf [3][]byte
		dst := out[j*cs : (j+1)*cs]
		switch ps := s.cut(j*rs, (j+1)*rs, &buf); len(ps) {
		case 2:
			ok = f.openSplit(idx+j, ps[0], ps[1], dst) && ok
		default:
			rec := b.records(rs)
			r := rec
			for _, p := range ps {
				r = r[copy(r, p):]
			}
			ok = f.openRecord(idx+j, rec, dst) && ok
		}
		j++
	}
	return ok
}
