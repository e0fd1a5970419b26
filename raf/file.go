package raf

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"sync"

	"github.com/aegisgo/aegis/common"
	"github.com/aegisgo/aegis/internal/core"
)

// magic opens every RAF file.
const magic = "AEGISRAF"

// File is an open RAF file. It implements io.ReaderAt and io.WriterAt.
//
// A File is safe for concurrent use. ReadAt calls share a lock and run in
// parallel (each with its own buffers); WriteAt, Truncate, Sync, Close and
// MerkleRebuild take it alone.
type File struct {
	mu     sync.RWMutex
	closed bool

	store  Store
	mem    *MemStore // store, when it is a *MemStore: chunks are then processed in place
	alg    Algorithm
	aead   core.AEAD // enc_key, 16-byte tags
	hdrMAC core.MAC  // AEGIS-MAC under hdr_key, as initialised: Reset before use
	fileID [fileIDSize]byte
	nl     int   // nonce length
	cs     int64 // chunk size
	rs     int64 // record size: nonce ‖ ciphertext ‖ tag
	size   int64 // logical plaintext size (header bytes 16..23)
	rng    io.Reader

	wbuf []byte    // record then chunk plaintext, for the writer (under mu held alone)
	bufs sync.Pool // *[]byte of the same shape, for readers

	merkle *merkleTree // nil unless Options.Merkle
}

// Create makes a new file in store with the given master key (16 bytes for
// the AEGIS-128 variants, 32 for AEGIS-256) and options, which must not be
// nil. A store of 64 bytes or more counts as an existing file: Create then
// fails with ErrExists unless opts.Truncate is set, in which case the old
// content is discarded.
func Create(store Store, key []byte, opts *Options) (*File, error) {
	return create(store, key, opts, rand.Reader)
}

// create is Create with the random source for the file identifier and the
// nonces, so that tests can reproduce files byte for byte.
func create(store Store, key []byte, opts *Options, rng io.Reader) (*File, error) {
	if opts == nil {
		return nil, errors.New("raf: Create needs Options")
	}
	if !common.Available {
		return nil, fmt.Errorf("raf: %w", common.ErrNotAvailable)
	}
	if !opts.Algorithm.valid() {
		return nil, fmt.Errorf("raf: unknown algorithm %d", int(opts.Algorithm))
	}
	cs := int64(opts.ChunkSize)
	if cs == 0 {
		cs = DefaultChunk
	}
	if !validChunkSize(cs) {
		return nil, ErrBadChunkSize
	}
	if len(key) != opts.Algorithm.KeySize() {
		return nil, ErrBadKeyLength
	}
	if err := opts.Merkle.check(); err != nil {
		return nil, err
	}
	have, err := store.GetSize()
	if err != nil {
		return nil, fmt.Errorf("raf: %w", err)
	}
	if have >= HeaderSize && !opts.Truncate {
		return nil, ErrExists
	}
	f := &File{store: store, alg: opts.Algorithm, cs: cs, rng: rng}
	f.mem, _ = store.(*MemStore)
	if _, err := io.ReadFull(rng, f.fileID[:]); err != nil {
		return nil, fmt.Errorf("raf: %w", err)
	}
	if err := f.init(key); err != nil {
		return nil, err
	}
	if err := store.SetSize(HeaderSize); err != nil {
		f.wipe()
		return nil, fmt.Errorf("raf: %w", err)
	}
	if err := f.writeHeader(0); err != nil {
		f.wipe()
		return nil, err
	}
	if opts.Merkle != nil {
		f.merkle = newMerkleTree(opts.Merkle)
	}
	return f, nil
}

// Open opens the file in store with its master key. The variant and the
// chunk size come from the header; opts is ignored, and may be nil, except
// for opts.Merkle, which builds the Merkle tree by reading every chunk.
//
// Errors: ErrInvalidHeader for a store that is not a RAF file (or is
// shorter than its records), ErrBadKeyLength for a key of the wrong size for
// the file's variant, ErrAuth for a wrong key or a tampered header, a
// store error wrapped as "raf: <err>".
func Open(store Store, key []byte, opts *Options) (*File, error) {
	if !common.Available {
		return nil, fmt.Errorf("raf: %w", common.ErrNotAvailable)
	}
	var hdr [HeaderSize]byte
	info, err := probe(store, &hdr)
	if err != nil {
		return nil, err
	}
	if len(key) != info.Algorithm.KeySize() {
		return nil, ErrBadKeyLength
	}
	var mo *MerkleOptions
	if opts != nil {
		mo = opts.Merkle
	}
	if err := mo.check(); err != nil {
		return nil, err
	}
	have, err := store.GetSize()
	if err != nil {
		return nil, fmt.Errorf("raf: %w", err)
	}
	if have < HeaderSize {
		return nil, ErrInvalidHeader
	}
	f := &File{store: store, alg: info.Algorithm, cs: int64(info.ChunkSize), rng: rand.Reader}
	f.mem, _ = store.(*MemStore)
	copy(f.fileID[:], hdr[24:48])
	if err := f.init(key); err != nil {
		return nil, err
	}
	mac := f.headerMAC(&hdr)
	ok := subtle.ConstantTimeCompare(mac[:], hdr[48:64]) == 1
	if !ok {
		f.wipe()
		return nil, ErrAuth
	}
	fs := binary.LittleEndian.Uint64(hdr[16:24])
	if fs > math.MaxInt64 || f.chunkCount(int64(fs)) > f.maxChunks() {
		f.wipe()
		return nil, ErrOverflow
	}
	f.size = int64(fs)
	if have < f.storeSize(f.size) {
		f.wipe()
		return nil, ErrInvalidHeader
	}
	if mo != nil {
		if uint64(f.chunkCount(f.size)) > mo.MaxChunks {
			f.wipe()
			return nil, ErrOverflow
		}
		f.merkle = newMerkleTree(mo)
		if err := f.merkleRebuild(); err != nil {
			f.wipe()
			return nil, err
		}
	}
	return f, nil
}

// Probe reads the header of the file in store without a key and returns
// the variant, the chunk size and the logical size. Nothing is
// authenticated: the size may be a lie. ErrInvalidHeader if the store does
// not start with a RAF header; a store error (io.EOF for an empty store)
// wrapped as "raf: <err>".
func Probe(store Store) (*FileInfo, error) {
	var hdr [HeaderSize]byte
	return probe(store, &hdr)
}

func probe(store Store, hdr *[HeaderSize]byte) (*FileInfo, error) {
	if _, err := store.ReadAt(hdr[:], 0); err != nil {
		return nil, fmt.Errorf("raf: %w", err)
	}
	if string(hdr[0:8]) != magic ||
		binary.LittleEndian.Uint16(hdr[8:10]) != HeaderSize ||
		hdr[10] != 1 {
		return nil, ErrInvalidHeader
	}
	cs := int64(binary.LittleEndian.Uint32(hdr[12:16]))
	if !validChunkSize(cs) {
		return nil, ErrInvalidHeader
	}
	id := hdr[11]
	if id < 1 || id > 6 {
		return nil, ErrInvalidHeader
	}
	return &FileInfo{
		// An unauthenticated size past int64 is shown as the largest one.
		Size:      int64(min(binary.LittleEndian.Uint64(hdr[16:24]), math.MaxInt64)),
		ChunkSize: int(cs),
		Algorithm: Algorithm(id - 1),
	}, nil
}

// init derives the file's keys from the master key and the file
// identifier, and sizes the buffers.
func (f *File) init(master []byte) error {
	v := f.alg.variant()
	km := deriveFileKeys(master, &f.fileID)
	defer clear(km)
	kl := v.KeySize
	if err := f.aead.Init(v, km[:kl], tagSize); err != nil {
		return fmt.Errorf("raf: %w", err)
	}
	if err := f.hdrMAC.Init(v, km[kl:2*kl], nil, tagSize); err != nil {
		f.aead.Wipe()
		return fmt.Errorf("raf: %w", err)
	}
	f.nl = v.NonceSize
	f.rs = int64(f.nl) + f.cs + tagSize
	bufLen := f.rs + f.cs
	f.bufs.New = func() any {
		b := make([]byte, bufLen)
		return &b
	}
	return nil
}

// scratch returns the writer's record and plaintext buffers, allocating
// them on first use: whole-chunk writes to a MemStore never need them.
func (f *File) scratch() (rec, plain []byte) {
	if f.wbuf == nil {
		f.wbuf = make([]byte, f.rs+f.cs)
	}
	return f.wbuf[:f.rs], f.wbuf[f.rs:]
}

// wipe forgets the keys and the buffers.
func (f *File) wipe() {
	f.aead.Wipe()
	f.hdrMAC.Wipe()
	clear(f.wbuf)
	f.wbuf = nil
	f.bufs.New = nil
}

// chunkCount returns the number of records that hold size bytes.
func (f *File) chunkCount(size int64) int64 {
	if size == 0 {
		return 0
	}
	return (size-1)/f.cs + 1
}

// maxChunks is the largest record count whose store size fits an int64.
func (f *File) maxChunks() int64 { return (math.MaxInt64 - HeaderSize) / f.rs }

// storeSize is the store size for a logical size: header and records.
func (f *File) storeSize(size int64) int64 { return HeaderSize + f.chunkCount(size)*f.rs }

// headerMAC returns AEGIS-MAC(hdr_key, zero nonce, hdr[0:48]). The MAC
// was initialised once with hdr_key; Reset returns it to that state with a
// copy, so a header costs two calls into the C core. Callers hold f.mu for
// writing, or own f alone (Open).
func (f *File) headerMAC(hdr *[HeaderSize]byte) (tag [tagSize]byte) {
	f.hdrMAC.Reset()
	f.hdrMAC.Write(hdr[:48])
	f.hdrMAC.Sum(tag[:0])
	return tag
}

// header returns the header for a logical size.
func (f *File) header(size int64) (hdr [HeaderSize]byte) {
	copy(hdr[0:8], magic)
	binary.LittleEndian.PutUint16(hdr[8:10], HeaderSize)
	hdr[10] = 1
	hdr[11] = f.alg.diskID()
	binary.LittleEndian.PutUint32(hdr[12:16], uint32(f.cs))
	binary.LittleEndian.PutUint64(hdr[16:24], uint64(size))
	copy(hdr[24:48], f.fileID[:])
	mac := f.headerMAC(&hdr)
	copy(hdr[48:], mac[:])
	return hdr
}

// writeHeader writes the header for size and, once it is written, makes
// size the file's size.
func (f *File) writeHeader(size int64) error {
	hdr := f.header(size)
	if _, err := f.store.WriteAt(hdr[:], 0); err != nil {
		return fmt.Errorf("raf: %w", err)
	}
	f.size = size
	return nil
}

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

// Size returns the logical (plaintext) size.
func (f *File) Size() (int64, error) {
	f.mu.RLock()
	defer f.mu.RUnlock()
	if f.closed {
		return 0, ErrClosed
	}
	return f.size, nil
}

// Info returns the size, the chunk size and the variant.
func (f *File) Info() FileInfo {
	f.mu.RLock()
	defer f.mu.RUnlock()
	return FileInfo{Size: f.size, ChunkSize: int(f.cs), Algorithm: f.alg}
}

// Sync calls the store's Sync.
func (f *File) Sync() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		return ErrClosed
	}
	if err := f.store.Sync(); err != nil {
		return fmt.Errorf("raf: %w", err)
	}
	return nil
}

// Close syncs the store once and wipes the keys; it does not close the
// store's own file. Every later call, a second Close included, returns
// ErrClosed.
func (f *File) Close() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		return ErrClosed
	}
	f.closed = true
	err := f.store.Sync()
	f.wipe()
	if f.merkle != nil {
		f.merkle.wipe()
	}
	if err != nil {
		return fmt.Errorf("raf: %w", err)
	}
	return nil
}
