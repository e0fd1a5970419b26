// SPDX-License-Identifier: MIT

package raf

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"math"
	"math/bits"
)

// MerkleOptions turns on an in-memory Merkle tree over the plaintext
// chunks, with the shape and call pattern of libaegis's RAF Merkle tree
// (nothing of it is stored in the file).
//
// Leaf i is HashLeaf(chunk i's valid bytes, i) for the chunks of the file
// and HashEmpty(0, i) past its end, up to MaxChunks leaves. Level k+1 has
// ⌈n_k/2⌉ nodes; parent j is HashParent(left, right, k, j), with
// HashEmpty(k, 2j+1) standing for a missing right child (k is the child
// level). The root is the single node of the top level, and the
// commitment is HashCommitment(root, ctx, fileSize), where ctx is 32 bytes:
// version 1, alg_id, LE32(chunk size), file_id, 00 00.
//
// Either all four functions are set, or none: then the defaults are
// domain-separated SHA-256, truncated to HashLen bytes. Two
// implementations agree on a commitment only with the same functions,
// HashLen and MaxChunks.
type MerkleOptions struct {
	// MaxChunks is the number of leaves: the largest chunk count the file
	// may reach ([ErrOverflow] past it). It must be 1 to
	// [MaxMerkleChunks]: the whole tree is allocated at Create and Open.
	MaxChunks uint64
	// HashLen is the size of every node, 8..64 bytes (8..32 with the
	// default functions); 0 means 32.
	HashLen int

	// Each function writes len(out) = HashLen bytes to out.
	HashLeaf       func(out, chunk []byte, index uint64)
	HashParent     func(out, left, right []byte, level int, index uint64)
	HashEmpty      func(out []byte, level int, index uint64)
	HashCommitment func(out, root, ctx []byte, fileSize uint64)
}

// MaxMerkleChunks is the largest [MerkleOptions.MaxChunks]: 2^24 leaves,
// a tree of 1 GiB with 32-byte hashes, for a file of up to 1 TiB with
// 64 KiB chunks or 16 TiB with 1 MiB chunks.
const MaxMerkleChunks = 1 << 24

// ErrBadMerkleOptions is returned by [Create] and [Open] for
// [MerkleOptions] out of range.
var ErrBadMerkleOptions = errors.New("raf: invalid Merkle options")

// MerkleError is returned by MerkleVerify when the content does not match
// the tree. Chunk is the index of the first leaf that does not match (or
// whose chunk does not authenticate), or math.MaxUint64 for an inner node
// or a file with more chunks than the tree. Err is [ErrAuth] or [ErrOverflow].
type MerkleError struct {
	Chunk uint64
	Err   error
}

func (e *MerkleError) Error() string {
	if e.Chunk == math.MaxUint64 {
		return fmt.Sprintf("raf: merkle tree: %v", e.Err)
	}
	return fmt.Sprintf("raf: merkle tree: chunk %d: %v", e.Chunk, e.Err)
}

func (e *MerkleError) Unwrap() error { return e.Err }

func (o *MerkleOptions) check() error {
	if o == nil {
		return nil
	}
	set := 0
	for _, f := range []bool{o.HashLeaf != nil, o.HashParent != nil, o.HashEmpty != nil, o.HashCommitment != nil} {
		if f {
			set++
		}
	}
	hl := o.HashLen
	if hl == 0 {
		hl = defaultHashLen
	}
	switch {
	case o.MaxChunks < 1, o.MaxChunks > MaxMerkleChunks, set != 0 && set != 4, hl < minHashLen || hl > maxHashLen, set == 0 && hl > sha256.Size:
		return ErrBadMerkleOptions
	}
	return nil
}

// The default hash functions: SHA-256 of the inputs of format.go,
// truncated to the node size.

func sha256Leaf(out, chunk []byte, index uint64) {
	h := sha256.New()
	b := leafPrefix(index, len(chunk))
	h.Write(b[:])
	h.Write(chunk)
	var sum [sha256.Size]byte
	copy(out, h.Sum(sum[:0]))
}

func sha256Parent(out, left, right []byte, level int, index uint64) {
	h := sha256.New()
	b := nodePrefix(tagParent, level, index)
	h.Write(b[:])
	h.Write(left)
	h.Write(right)
	var sum [sha256.Size]byte
	copy(out, h.Sum(sum[:0]))
}

func sha256Empty(out []byte, level int, index uint64) {
	b := nodePrefix(tagEmpty, level, index)
	sum := sha256.Sum256(b[:])
	copy(out, sum[:])
}

func sha256Commitment(out, root, ctx []byte, fileSize uint64) {
	h := sha256.New()
	b := commitPrefix(fileSize)
	h.Write(b[:])
	h.Write(ctx)
	h.Write(root)
	var sum [sha256.Size]byte
	copy(out, h.Sum(sum[:0]))
}

// merkleTree holds the levels one after another in one buffer, as
// libaegis's caller-supplied buffer does.
type merkleTree struct {
	opts      MerkleOptions
	hashLen   int
	maxChunks uint64
	counts    []uint64 // nodes per level, leaves first
	offsets   []uint64 // first node of each level, in nodes
	buf       []byte
	op        merkleOp // the File operation in progress
}

// MerkleBufferSize returns the bytes a tree of these dimensions holds:
// hashLen · Σ n_k. It returns 0, which no valid tree needs, when hashLen is
// negative or when the size does not fit in a uint64.
func MerkleBufferSize(hashLen int, maxChunks uint64) uint64 {
	if hashLen < 0 {
		return 0
	}
	var total uint64
	for n := maxChunks; ; n = n/2 + n%2 {
		var carry uint64
		if total, carry = bits.Add64(total, n, 0); carry != 0 {
			return 0
		}
		if n <= 1 {
			break
		}
	}
	hi, lo := bits.Mul64(total, uint64(hashLen))
	if hi != 0 {
		return 0
	}
	return lo
}

func newMerkleTree(o *MerkleOptions) *merkleTree {
	t := &merkleTree{opts: *o, hashLen: o.HashLen, maxChunks: o.MaxChunks}
	if t.hashLen == 0 {
		t.hashLen = defaultHashLen
	}
	if t.opts.HashLeaf == nil {
		t.opts.HashLeaf, t.opts.HashParent = sha256Leaf, sha256Parent
		t.opts.HashEmpty, t.opts.HashCommitment = sha256Empty, sha256Commitment
	}
	var total uint64
	for n := o.MaxChunks; ; n = n/2 + n%2 {
		t.counts = append(t.counts, n)
		t.offsets = append(t.offsets, total)
		total += n
		if n <= 1 {
			break
		}
	}
	t.buf = make([]byte, total*uint64(t.hashLen))
	for i := range o.MaxChunks {
		t.opts.HashEmpty(t.node(0, i), 0, i)
	}
	t.rehashAll()
	return t
}

func (t *merkleTree) node(level int, j uint64) []byte {
	at := (t.offsets[level] + j) * uint64(t.hashLen)
	return t.buf[at : at+uint64(t.hashLen) : at+uint64(t.hashLen)]
}

// parent computes node (level+1, j) from its children at level into out.
func (t *merkleTree) parent(out []byte, level int, j uint64) {
	var empty [maxHashLen]byte
	left := t.node(level, 2*j)
	var right []byte
	if 2*j+1 < t.counts[level] {
		right = t.node(level, 2*j+1)
	} else {
		right = empty[:t.hashLen]
		t.opts.HashEmpty(right, level, 2*j+1)
	}
	t.opts.HashParent(out, left, right, level, j)
}

func (t *merkleTree) rehashAll() {
	for k := 0; k+1 < len(t.counts); k++ {
		for j := range t.counts[k+1] {
			t.parent(t.node(k+1, j), k, j)
		}
	}
}

// rehashRange recomputes the inner nodes above leaves [lo, hi).
func (t *merkleTree) rehashRange(lo, hi uint64) {
	if lo >= hi {
		return
	}
	for k := 0; k+1 < len(t.counts); k++ {
		lo, hi = lo/2, (hi-1)/2+1
		for j := lo; j < hi; j++ {
			t.parent(t.node(k+1, j), k, j)
		}
	}
}

// merkleOp is what a mutating File operation keeps aside, so that the tree
// describes the store under the committed size at every step: after a
// failure it needs no store read to be put right.
type merkleOp struct {
	active   bool
	from     uint64 // leaves at or past from are past the committed size
	lo, hi   uint64 // leaves noted: [lo, hi)
	hasPend  bool
	pendIdx  uint64
	pendLeaf [maxHashLen]byte // the leaf of pendIdx under the new size
}

// begin starts an operation on a file of committed chunks.
func (t *merkleTree) begin(committed uint64) {
	t.op = merkleOp{active: true, from: committed, lo: math.MaxUint64}
}

// note records that chunk i holds plain, whose valid length is vOld under
// the committed size and vNew under the operation's new size. Leaves
// below the committed size are set to what the store holds now; leaves
// past it are set to their new value, which abort clears; the one chunk
// whose valid length differs under both sizes (the old last chunk of a
// growth, the new last chunk of a shrink) keeps its new leaf aside. Inner
// nodes wait for commit or abort.
func (t *merkleTree) note(i uint64, plain []byte, vOld, vNew int64) {
	t.op.lo, t.op.hi = min(t.op.lo, i), max(t.op.hi, i+1)
	switch {
	case vOld == vNew:
		t.opts.HashLeaf(t.node(0, i), plain[:vOld], i)
	case vOld == 0:
		t.opts.HashLeaf(t.node(0, i), plain[:vNew], i)
	default:
		t.opts.HashLeaf(t.node(0, i), plain[:vOld], i)
		if vNew > 0 {
			t.op.hasPend, t.op.pendIdx = true, i
			t.opts.HashLeaf(t.op.pendLeaf[:t.hashLen], plain[:vNew], i)
		}
	}
}

// commit ends the operation once the file's size holds count chunks:
// the leaf kept aside takes its place, leaves past a shrunk end become
// empty, and the inner nodes above every changed leaf are recomputed.
func (t *merkleTree) commit(count uint64) {
	op := &t.op
	if op.hasPend {
		copy(t.node(0, op.pendIdx), op.pendLeaf[:t.hashLen])
	}
	if count < op.from {
		for i := count; i < op.from && i < t.maxChunks; i++ {
			t.opts.HashEmpty(t.node(0, i), 0, i)
		}
		op.lo, op.hi = min(op.lo, count), max(op.hi, min(op.from, t.maxChunks))
	}
	t.rehashRange(op.lo, op.hi)
	*op = merkleOp{}
}

// abort ends an operation that failed before commit, with the size
// unchanged: noted leaves past the committed size become empty again.
func (t *merkleTree) abort() {
	op := &t.op
	if !op.active {
		return
	}
	for i := max(op.lo, op.from); i < op.hi; i++ {
		t.opts.HashEmpty(t.node(0, i), 0, i)
	}
	t.rehashRange(op.lo, op.hi)
	*op = merkleOp{}
}

func (t *merkleTree) root() []byte { return t.node(len(t.counts)-1, 0) }

func (t *merkleTree) wipe() { clear(t.buf) }

// merkleRebuild recomputes every leaf from the content. The caller holds
// f.mu alone (or owns f). A chunk that does not authenticate gives a
// *MerkleError with its index; on any failure the tree is left as it was
// if keep is set (Open, which drops the File then, does not need it).
func (f *File) merkleRebuild(keep bool) error {
	t := f.merkle
	cc := uint64(f.chunkCount(f.size))
	if cc > t.maxChunks {
		return ErrOverflow
	}
	var saved []byte
	if keep {
		saved = append(saved, t.buf...)
	}
	rec, plain := f.scratch()
	defer clear(plain)
	for i := range t.maxChunks {
		if i < cc {
			if err := f.readChunk(int64(i), rec, plain); err != nil {
				if keep {
					copy(t.buf, saved)
				}
				if errors.Is(err, ErrAuth) {
					return &MerkleError{Chunk: i, Err: ErrAuth}
				}
				return err
			}
			t.opts.HashLeaf(t.node(0, i), plain[:f.validLen(int64(i), f.size)], i)
		} else {
			t.opts.HashEmpty(t.node(0, i), 0, i)
		}
	}
	t.rehashAll()
	return nil
}

// MerkleRebuild recomputes the tree from the file's content, reading and
// authenticating every chunk. Open does it already; it serves to adopt
// changes made to the store by someone else. A chunk that does not
// authenticate gives a [*MerkleError] with its index, which wraps
// [ErrAuth]; on failure the tree is left unchanged.
func (f *File) MerkleRebuild() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		return ErrClosed
	}
	if f.merkle == nil {
		return ErrMerkleDisabled
	}
	return f.merkleRebuild(true)
}

// MerkleRoot returns a copy of the tree's root.
func (f *File) MerkleRoot() ([]byte, error) {
	f.mu.RLock()
	defer f.mu.RUnlock()
	if f.closed {
		return nil, ErrClosed
	}
	if f.merkle == nil {
		return nil, ErrMerkleDisabled
	}
	return append([]byte(nil), f.merkle.root()...), nil
}

// MerkleCommitment returns the commitment to the file: HashCommitment of
// the root, the 32-byte context (version, alg_id, chunk size, file_id)
// and the logical size. Kept somewhere trusted, it detects any change to
// the content, rollbacks included, through MerkleVerify or a comparison
// after Open.
func (f *File) MerkleCommitment() ([]byte, error) {
	f.mu.RLock()
	defer f.mu.RUnlock()
	if f.closed {
		return nil, ErrClosed
	}
	if f.merkle == nil {
		return nil, ErrMerkleDisabled
	}
	ctx := f.commitContext()
	out := make([]byte, f.merkle.hashLen)
	f.merkle.opts.HashCommitment(out, f.merkle.root(), ctx[:], uint64(f.size))
	return out, nil
}

// MerkleVerify reads and authenticates every chunk and checks that the
// tree in memory matches the content of the store, leaves and inner
// nodes. A mismatch is a [*MerkleError] that wraps [ErrAuth] (or [ErrOverflow]
// when the file holds more chunks than the tree).
func (f *File) MerkleVerify() error {
	f.mu.RLock()
	defer f.mu.RUnlock()
	if f.closed {
		return ErrClosed
	}
	t := f.merkle
	if t == nil {
		return ErrMerkleDisabled
	}
	cc := uint64(f.chunkCount(f.size))
	if cc > t.maxChunks {
		return &MerkleError{Chunk: math.MaxUint64, Err: ErrOverflow}
	}
	bp := f.bufs.Get().(*[]byte)
	defer f.bufs.Put(bp)
	rec, plain := (*bp)[:f.rs], (*bp)[f.rs:]
	defer clear(plain)
	var want [maxHashLen]byte
	h := want[:t.hashLen]
	for i := range t.maxChunks {
		if i < cc {
			if err := f.readChunk(int64(i), rec, plain); err != nil {
				return &MerkleError{Chunk: i, Err: ErrAuth}
			}
			t.opts.HashLeaf(h, plain[:f.validLen(int64(i), f.size)], i)
		} else {
			t.opts.HashEmpty(h, 0, i)
		}
		if !bytesEqual(h, t.node(0, i)) {
			return &MerkleError{Chunk: i, Err: ErrAuth}
		}
	}
	for k := 0; k+1 < len(t.counts); k++ {
		for j := range t.counts[k+1] {
			t.parent(h, k, j)
			if !bytesEqual(h, t.node(k+1, j)) {
				return &MerkleError{Chunk: math.MaxUint64, Err: ErrAuth}
			}
		}
	}
	return nil
}

func bytesEqual(a, b []byte) bool { return string(a) == string(b) }
