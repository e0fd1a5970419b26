// SPDX-License-Identifier: MIT

package raf

import (
	"crypto/rand"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"math"
	"sync"

	"github.com/aegisgo/aegis/common"
	"github.com/aegisgo/aegis/internal/core"
)

// File is an open RAF file. It implements [io.ReaderAt] and [io.WriterAt].
//
// A File is safe for concurrent use. ReadAt calls share a lock and run in
// parallel (each with its own buffers); WriteAt, Truncate, Sync, Close and
// [File.MerkleRebuild] take it alone.
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
	size   int64 // logical plaintext size (the header's file_size)
	rng    io.Reader

	wbuf  []byte             // record then chunk plaintext, for the writer (under mu held alone)
	nonce [maxNonceSize]byte // the writer's next nonce (under mu held alone)
	bufs  sync.Pool          // *[]byte of the same shape, for readers

	wbatch *chunkBatch // the writer's batch scratch (under mu held alone)
	rbatch sync.Pool   // *chunkBatch, for readers and for a call's other goroutines

	conc     int       // Options.Concurrency
	minShare int64     // parMinShare, but for tests
	window   int64     // parWindow, but for tests
	pnonce   []byte    // the nonces of a parallel write's window (under mu held alone)
	precs    []byte    // the records of a parallel write's window, for a store that is not a MemStore (under mu held alone)
	spanBufs sync.Pool // *[]byte: the records of a parallel read's window, for a store that is not a MemStore

	merkle *merkleTree // nil unless Options.Merkle
}

// Create makes a new file in store with the given master key (16 bytes for
// the AEGIS-128 variants, 32 for AEGIS-256) and options, which must not be
// nil. A store of 64 bytes or more counts as an existing file: Create then
// fails with [ErrExists] unless opts.Truncate is set, in which case the old
// content is discarded. It writes the new header first and cuts the old
// records after it, so a crash leaves the old file or the new empty one.
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
	if opts.Concurrency < 0 {
		return nil, errNegativeConcurrency
	}
	have, err := store.GetSize()
	if err != nil {
		return nil, wrapErr(err)
	}
	if have >= HeaderSize && !opts.Truncate {
		return nil, ErrExists
	}
	f := &File{store: store, alg: opts.Algorithm, cs: cs, rng: rng, conc: opts.Concurrency}
	f.mem, _ = store.(*MemStore)
	if _, err := io.ReadFull(rng, f.fileID[:]); err != nil {
		return nil, wrapErr(err)
	}
	if err := f.init(key); err != nil {
		return nil, err
	}
	// The new header goes first, so that a crash leaves either the old
	// file or the new empty one, whose trailing bytes Open ignores; the
	// old records are cut after it.
	if err := f.writeHeader(0); err != nil {
		f.wipe()
		return nil, err
	}
	if have > HeaderSize {
		if err := store.SetSize(HeaderSize); err != nil {
			f.wipe()
			return nil, wrapErr(err)
		}
	}
	if opts.Merkle != nil {
		f.merkle = newMerkleTree(opts.Merkle)
	}
	return f, nil
}

// Open opens the file in store with its master key. The variant and the
// chunk size come from the header; opts is ignored, and may be nil, except
// for opts.Merkle, which builds the Merkle tree by reading every chunk,
// and opts.Concurrency.
//
// Errors: [ErrInvalidHeader] for a store that is not a RAF file (shorter
// than a header, or shorter than its records), [ErrBadKeyLength] for a key
// of the wrong size for the file's variant, [ErrAuth] for a wrong key or a
// tampered header, a store error wrapped as "raf: <err>". With
// opts.Merkle, a chunk that does not authenticate (tampered, or torn by a
// crash) makes Open fail with a [*MerkleError] that names the first such
// chunk and wraps ErrAuth; without it, Open succeeds and only reads of
// that chunk fail.
func Open(store Store, key []byte, opts *Options) (*File, error) {
	if !common.Available {
		return nil, fmt.Errorf("raf: %w", common.ErrNotAvailable)
	}
	var hdr [HeaderSize]byte
	h, have, err := probe(store, &hdr)
	if err != nil {
		return nil, err
	}
	if len(key) != h.alg.KeySize() {
		return nil, ErrBadKeyLength
	}
	var mo *MerkleOptions
	conc := 0
	if opts != nil {
		mo, conc = opts.Merkle, opts.Concurrency
	}
	if err := mo.check(); err != nil {
		return nil, err
	}
	if conc < 0 {
		return nil, errNegativeConcurrency
	}
	f := &File{store: store, alg: h.alg, cs: h.chunkSize, rng: rand.Reader, conc: conc}
	f.mem, _ = store.(*MemStore)
	f.fileID = h.fileID
	if err := f.init(key); err != nil {
		return nil, err
	}
	mac := f.headerMAC(&hdr)
	ok := subtle.ConstantTimeCompare(mac[:], macField(&hdr)) == 1
	if !ok {
		f.wipe()
		return nil, ErrAuth
	}
	fs := h.fileSize
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
		if err := f.merkleRebuild(false); err != nil {
			f.wipe()
			return nil, err
		}
	}
	return f, nil
}

// Probe reads the header of the file in store without a key and returns
// the variant, the chunk size and the logical size. Nothing is
// authenticated: the size may be a lie. [ErrInvalidHeader] if the store
// does not start with a RAF header (or is shorter than one); a store error
// wrapped as "raf: <err>".
func Probe(store Store) (*FileInfo, error) {
	var hdr [HeaderSize]byte
	h, _, err := probe(store, &hdr)
	if err != nil {
		return nil, err
	}
	return &FileInfo{
		// An unauthenticated size past int64 is shown as the largest one.
		Size:      int64(min(h.fileSize, math.MaxInt64)),
		ChunkSize: int(h.chunkSize),
		Algorithm: h.alg,
	}, nil
}

// probe reads the header into hdr and parses it, and returns the store's
// size too.
func probe(store Store, hdr *[HeaderSize]byte) (headerFields, int64, error) {
	have, err := store.GetSize()
	if err != nil {
		return headerFields{}, 0, wrapErr(err)
	}
	if have < HeaderSize {
		return headerFields{}, 0, ErrInvalidHeader
	}
	if _, err := store.ReadAt(hdr[:], 0); err != nil {
		return headerFields{}, 0, wrapErr(err)
	}
	h, ok := parseHeader(hdr)
	if !ok {
		return headerFields{}, 0, ErrInvalidHeader
	}
	return h, have, nil
}

// init derives the file's keys from the master key and the file
// identifier, and sizes the buffers.
func (f *File) init(master []byte) error {
	v := f.alg.variant()
	km := deriveFileKeys(master, &f.fileID)
	defer clear(km)
	encKey, hdrKey := fileKeys(km)
	if err := f.aead.Init(v, encKey, tagSize); err != nil {
		return wrapErr(err)
	}
	if err := f.hdrMAC.Init(v, hdrKey, nil, tagSize); err != nil {
		f.aead.Wipe()
		return wrapErr(err)
	}
	f.nl = v.NonceSize
	f.rs = recordSize(f.nl, f.cs)
	bufLen := f.rs + f.cs
	f.bufs.New = func() any {
		b := make([]byte, bufLen)
		return &b
	}
	f.rbatch.New = func() any { return f.newBatch() }
	f.spanBufs.New = func() any { return new([]byte) }
	f.minShare, f.window = minShareBytes, windowBytes
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
	f.wbatch = nil
	f.rbatch.New = nil
	f.pnonce, f.precs = nil, nil
	f.spanBufs.New = nil
}

// headerMAC returns AEGIS-MAC(hdr_key, zero nonce) of the header's
// fields, what its header_mac holds. The MAC
// was initialised once with hdr_key; Reset returns it to that state with a
// copy, so a header costs two calls into the C core. Callers hold f.mu for
// writing, or own f alone (Open).
func (f *File) headerMAC(hdr *[HeaderSize]byte) (tag [tagSize]byte) {
	f.hdrMAC.Reset()
	f.hdrMAC.Write(macInput(hdr))
	f.hdrMAC.Sum(tag[:0])
	return tag
}

// writeHeader writes the header for size and, once it is written, makes
// size the file's size.
func (f *File) writeHeader(size int64) error {
	hdr := f.header(size)
	if _, err := f.store.WriteAt(hdr[:], 0); err != nil {
		return wrapErr(err)
	}
	f.size = size
	return nil
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
		return wrapErr(err)
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
		return wrapErr(err)
	}
	return nil
}
