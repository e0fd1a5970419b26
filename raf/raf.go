// SPDX-License-Identifier: MIT

// Package raf reads and writes RAF files: random-access files encrypted
// and authenticated in chunks with an AEGIS variant, in the on-disk format
// of libaegis's RAF, which github.com/aegis-aead/go-libaegis/raf also
// writes. Files made by either are read by the other.
//
// A RAF file is a 64-byte header, authenticated with AEGIS-MAC, followed by
// one record per chunk of plaintext: a fresh random nonce, the chunk
// encrypted in full (the last one zero-padded), and a 16-byte tag. The
// associated data of each chunk binds the file's random identifier, the
// chunk index and the chunk size, so records cannot be swapped, moved or
// copied between files. The keys of a file are derived from the master
// key and the file's identifier with TurboSHAKE.
//
// What the format does not protect against: rollback. The header MAC is
// deterministic and no chunk carries a version, so an old header, an old
// copy of the whole file, or an old version of one chunk at the same index
// is accepted. Use the optional Merkle commitment ([Options].Merkle) and
// keep its value somewhere trusted to detect that.
//
// # Crashes
//
// The model: an operation that changes a file ([File.WriteAt],
// [File.Truncate], [Create] over an existing file) makes a sequence of
// mutations on the [Store] (WriteAt and SetSize calls), and a crash lets
// the first k of them reach the store, in order, and none of the rest, for
// any k. [Store.Sync] (through [File.Sync] or [File.Close]) stays the
// durability point: the package asks for no other barrier, so a store
// that reorders writes between syncs is outside the model.
//
// The guarantee: after such a crash the store opens, its size is the old
// one or the new one, every byte reads back as its old or its new value,
// and a byte reads as zero only where the operation's new content is zero
// (a gap or a growth) or where a shrinking Truncate removes it. This holds
// because the logical size lives only in the header, which is one 64-byte
// write at offset 0: a growth writes the records first and the header
// last; a shrink rewrites the new last chunk, then the header, and cuts
// the store last; Create writes the new header before it cuts the old
// records. Trailing bytes that a crash leaves past the records are
// ignored by Open and cut by the next growth or shrink.
//
// A torn write, where only a prefix of the 512-byte sectors of one
// WriteAt lands, can lose what the format cannot protect: a chunk record
// that was being rewritten no longer authenticates, and its old and new
// contents are both lost (a record is nonce, ciphertext and tag at once;
// there is no journal). Only the chunks whose record that write was
// rewriting are affected. The header is never torn, so the file still
// opens without Merkle options and every other chunk reads; Open with
// Merkle options reads every chunk and returns a [*MerkleError] naming
// the first lost one (it wraps [ErrAuth]). Writing that whole chunk
// again, or truncating the file below it, makes the file whole again.
//
// When a store call fails, the operation returns the error and leaves the
// same state a crash at that point would, with the [File] in step with
// it: its size is the one in the header and its Merkle tree equals what
// [File.MerkleRebuild] builds from the store.
//
// # Costs
//
// The format has no holes: every chunk below the size has its record. A
// [File.WriteAt] far past the end, and a [File.Truncate] that grows, write
// every chunk of the gap as encrypted zeros, so WriteAt(p, 1<<40) on a
// file store writes a terabyte of records before it writes p, and takes
// the time to encrypt it. Nothing in the file tells such zeros from
// written ones.
//
// A [MemStore] keeps every record in memory. A File over one that grows
// to N bytes, by writes or by Truncate(N), takes N bytes of heap and the
// records' nonces and tags besides: Truncate(4 GiB) takes 4 GiB, far below
// [MaxMemStoreSize]. The store leaves ranges that were never written
// unallocated, but a File writes them all.
//
// # Compatibility
//
// The API keeps go-libaegis's: [Create], [Open] and [Probe], a [*File]
// that is an io.ReaderAt and io.WriterAt, the [Store] interface
// ([NewFileStore] for an *os.File, [NewMemStore] in memory) and the same
// error values. Beyond it, a *File is safe for concurrent use, and
// parallel ReadAt calls run in parallel; a shrinking Truncate re-encrypts
// the new last chunk with zero padding, so no old plaintext stays
// recoverable past the end; [DeriveMasterKey] binds a key to a context;
// and [TurboSHAKE128]/[TurboSHAKE256] are exported. Open and Probe of a
// store shorter than a header return [ErrInvalidHeader], where go-libaegis
// returns the store's read error.
//
// The chunk encryption is done by the module's C core. A WriteAt or ReadAt
// that covers several whole chunks seals or opens them as batches (one call
// for many chunks, with one read of the random source for their nonces);
// in a [MemStore] the records are sealed and opened in the store's memory
// (one that crosses from one of its blocks into the next, in two pieces).
// One that covers many whole chunks (2 MiB or more) seals or opens them
// on up to GOMAXPROCS goroutines, or [Options].Concurrency, with the same
// bytes and the same calls on the store in the same order as one
// goroutine. Built without cgo, the package works the same, on the Go engine (one
// chunk at a time where the C core's batches run several side by side).
// Built with the tag without_aegis, the package compiles, Probe,
// DeriveMasterKey and TurboSHAKE work, and Create and Open return an error
// that wraps common.ErrNotAvailable.
package raf

import (
	"errors"
	"fmt"

	"github.com/aegisgo/aegis/common"
	"github.com/aegisgo/aegis/internal/core"
	// A file names its variant in its header: raf links all six.
	_ "github.com/aegisgo/aegis/internal/variants"
)

// Algorithm selects the AEGIS variant of a file. Its values are go-libaegis's
// and are not the identifiers stored in the header (1..6).
type Algorithm int

// The six variants.
const (
	AEGIS128L Algorithm = iota
	AEGIS128X2
	AEGIS128X4
	AEGIS256
	AEGIS256X2
	AEGIS256X4
)

// KeySize returns the master key size of the variant in bytes (16 or 32),
// or 0 for an unknown value.
func (a Algorithm) KeySize() int {
	if !a.valid() {
		return 0
	}
	return core.Variants[a].KeySize
}

// String returns the variant's name, such as "AEGIS-128L", or "unknown".
func (a Algorithm) String() string {
	if !a.valid() {
		return "unknown"
	}
	return core.Variants[a].Title
}

func (a Algorithm) valid() bool { return a >= AEGIS128L && a <= AEGIS256X4 }

// variant returns the module's description of a. The Algorithm values are
// the indexes of core.Variants.
func (a Algorithm) variant() *core.Variant { return &core.Variants[a] }

// DefaultChunk is the chunk size that Create uses when Options.ChunkSize
// is 0: 64 KiB.
const DefaultChunk = 65536

// Errors. They are values to compare with [errors.Is]. ErrAuth and
// ErrBadKeyLength are the common package's values, so a check against
// either package's name works. An error of the [Store] or of the random
// source comes back wrapped as "raf: <err>", except the package's own
// values (a [MemStore]'s ErrMemStoreFull, say), which come back as they
// are.
var (
	// ErrAuth: a wrong key (or wrong DeriveMasterKey context), or a
	// tampered header or chunk. The format cannot tell them apart.
	ErrAuth = common.ErrAuth
	// ErrInvalidHeader: not a RAF file (a store shorter than a header
	// included), a header this version does not read, a variant other
	// than the one asked for, or a store shorter than the header says its
	// records need.
	ErrInvalidHeader = errors.New("raf: invalid header")
	// ErrBadChunkSize: a chunk size outside MinChunkSize..MaxChunkSize or
	// not a multiple of 16, at Create.
	ErrBadChunkSize = errors.New("raf: invalid chunk size")
	// ErrBadKeyLength: the key is not the variant's key size.
	ErrBadKeyLength = common.ErrBadKeyLength
	// ErrExists: Create on a store that holds a file, without Truncate.
	ErrExists = errors.New("raf: file exists")
	// ErrOverflow: an offset or size past what the format can address, or
	// more chunks than the Merkle tree was sized for. (A MemStore's own
	// limit is [ErrMemStoreFull].)
	ErrOverflow = errors.New("raf: size overflow")
	// ErrClosed: a method called after [File.Close].
	ErrClosed = errors.New("raf: file already closed")
	// ErrNegativeOffset: a negative offset or size.
	ErrNegativeOffset = errors.New("raf: negative offset")
	// ErrMerkleDisabled: a Merkle method on a file opened without
	// Options.Merkle.
	ErrMerkleDisabled = errors.New("raf: merkle tree not enabled")
)

// ownErrors are the package's error values. Their texts start with
// "raf: " already.
var ownErrors = []error{
	ErrInvalidHeader, ErrBadChunkSize, ErrExists, ErrOverflow, ErrClosed,
	ErrNegativeOffset, ErrMerkleDisabled, ErrMemStoreFull,
	ErrContextTooLong, ErrBadMerkleOptions,
}

// wrapErr marks an error from a store, the random source or the core as
// one that arose in this package: "raf: " and its text. One of the
// package's own values, such as a [MemStore]'s ErrMemStoreFull, comes back
// as it is, so its text does not carry the prefix twice.
func wrapErr(err error) error {
	for _, own := range ownErrors {
		if errors.Is(err, own) {
			return err
		}
	}
	return fmt.Errorf("raf: %w", err)
}

// FileInfo describes a file: its logical (plaintext) size, its chunk size
// and its variant.
type FileInfo struct {
	Size      int64
	ChunkSize int
	Algorithm Algorithm
}

// Options configures Create and, for Merkle and Concurrency only, Open.
type Options struct {
	// Algorithm is the variant; the zero value is AEGIS128L. Open reads
	// it from the header instead.
	Algorithm Algorithm
	// ChunkSize is the plaintext bytes per chunk; 0 means DefaultChunk.
	// Open reads it from the header instead.
	ChunkSize int
	// Truncate lets Create replace an existing file. Without it, Create
	// on a store of 64 bytes or more fails with ErrExists.
	Truncate bool
	// Merkle, when not nil, keeps a Merkle tree over the plaintext chunks
	// in memory, for MerkleRoot, MerkleCommitment and MerkleVerify. Open
	// uses it too and builds the tree from the content.
	Merkle *MerkleOptions
	// Concurrency caps the goroutines that one WriteAt or ReadAt of the
	// File seals or opens chunks on: 0 means GOMAXPROCS, read at each
	// call; 1 keeps every call on the caller's goroutine; n > 1 allows
	// the caller's goroutine and n−1 more. A negative value makes Create
	// and Open fail. It is a setting of the File, not of the file: Open
	// takes it too, and it changes no byte of what is written.
	//
	// Only a call that covers at least 2 MiB of whole chunks goes
	// parallel, with at least 1 MiB of them per goroutine; a smaller
	// one runs on the caller's goroutine, with no goroutine started and
	// nothing allocated for it, whatever Concurrency says. What is done
	// in parallel is the sealing and opening of whole chunks, which are
	// independent (each has its own nonce, tag and associated data). The
	// rest keeps its order on the caller's goroutine: the reads of the
	// random source, every call on the Store (the same calls, in the same
	// order, with the same bytes, as with Concurrency 1, so the crash
	// model of the package doc holds unchanged), the Merkle tree's
	// updates, the partial chunks at either end of a call, and the
	// encrypted zeros of a gap or a growth. An error is the one the
	// chunks in order would give: the first failing chunk's. Every
	// goroutine a call starts has ended when the call returns.
	//
	// A parallel call works through windows of about 4 MiB of records.
	// Through a Store other than a [MemStore], each window is sealed
	// into (or read into) scratch before it is written (or opened), so
	// such a call takes up to a window of scratch, kept by the File for
	// writes and pooled for reads; in a MemStore the records are sealed
	// and opened in the store's memory, and a write holds the store's
	// lock for a window at a time. Parallel ReadAt calls each take up to
	// Concurrency goroutines.
	Concurrency int
}

// errNegativeConcurrency: Options.Concurrency below 0.
var errNegativeConcurrency = errors.New("raf: negative Options.Concurrency")
