// SPDX-License-Identifier: MIT

package raf

import (
	"encoding/binary"
	"math"
)

// This file is the RAF format: every byte that a File writes to a store,
// and every byte that goes into a key derivation, a record's associated
// data or the Merkle tree's default hashes, is named here, with the small
// helpers that encode and parse them. The rest of the package uses these
// names; a change here is a change of format, which the known-answer files
// of testdata and the libaegis vectors of kat_test.go would show.
//
// A file is a header followed by one record per chunk of plaintext. All
// integers are little-endian.
//
// # Header: 64 bytes at offset 0
//
//	offset  size  field        meaning
//	     0     8  magic        "AEGISRAF"
//	     8     2  header_size  64
//	    10     1  version      1
//	    11     1  alg_id       1 AEGIS-128L, 2 -128X2, 3 -128X4, 4 -256, 5 -256X2, 6 -256X4
//	    12     4  chunk_size   CS, plaintext bytes per chunk: 1024 to 1 MiB, a multiple of 16
//	    16     8  file_size    the logical (plaintext) size
//	    24    24  file_id      random, drawn once at Create
//	    48    16  header_mac   AEGIS-MAC under hdr_key, zero nonce, of bytes 0..47
//
// # Records: record i at 64 + i·RS, for every chunk below file_size
//
//	offset  size  field       meaning
//	     0    NL  nonce       random, drawn afresh at every write of the record
//	    NL    CS  ciphertext  chunk i under enc_key, whole: zeros past file_size
//	 NL+CS    16  tag         the AEGIS tag of nonce, ciphertext and ad(i)
//
// NL is the variant's nonce size (16 for the AEGIS-128 variants, 32 for
// AEGIS-256), so RS = NL + CS + 16, and a file of size S has
// ⌈S/CS⌉ records. The associated data of record i is 36 bytes:
//
//	ad(i) = file_id ‖ LE64(i) ‖ LE32(CS)
//
// # Keys
//
// TurboSHAKE128 for 16-byte keys and TurboSHAKE256 for 32-byte keys, with
// the domain byte 0x1F:
//
//	enc_key ‖ hdr_key = TurboSHAKE("aegis-raf-kdf-v1" ‖ master ‖ file_id), each len(master) bytes
//	master key        = TurboSHAKE("aegis-raf-master-key-v1" ‖ key ‖ LE64(len(context)) ‖ context)
//
// The second is [DeriveMasterKey]; its input fits one TurboSHAKE block,
// which bounds the context ([MaxContext128], [MaxContext256]).
//
// # Merkle tree (in memory only)
//
// Nodes are HashLen bytes: 8 to 64, 32 by default. The commitment binds a
// 32-byte context: version (1) ‖ alg_id ‖ LE32(CS) ‖ file_id ‖ 00 00. The
// default hash functions are SHA-256, truncated to HashLen, of inputs that
// start with a domain byte:
//
//	leaf       00 ‖ LE64(i) ‖ LE64(len(chunk)) ‖ chunk
//	parent     01 ‖ LE32(level) ‖ LE64(j) ‖ left ‖ right
//	empty      02 ‖ LE32(level) ‖ LE64(i)
//	commitment 03 ‖ LE64(file_size) ‖ context ‖ root

// The header.
const (
	// HeaderSize is the size of the file header.
	HeaderSize = 64

	magic         = "AEGISRAF"
	formatVersion = 1

	offMagic      = 0
	offHeaderSize = 8  // LE16
	offVersion    = 10 // one byte
	offAlgID      = 11 // one byte
	offChunkSize  = 12 // LE32
	offFileSize   = 16 // LE64
	offFileID     = 24 // fileIDSize bytes
	offHeaderMAC  = 48 // tagSize bytes, to the end: the MAC is of bytes [0, offHeaderMAC)

	// fileIDSize is the size of the random file identifier.
	fileIDSize = 24
)

// The header's fields tile it exactly: each line fails to compile (a
// negative constant converted to uint) unless a field ends where the next
// begins.
const (
	_ = uint(offHeaderSize - offMagic - len(magic))
	_ = uint(offMagic + len(magic) - offHeaderSize)
	_ = uint(offFileID + fileIDSize - offHeaderMAC)
	_ = uint(offHeaderMAC - offFileID - fileIDSize)
	_ = uint(offHeaderMAC + tagSize - HeaderSize)
	_ = uint(HeaderSize - offHeaderMAC - tagSize)
)

// Chunk sizes: the rule of the header's chunk_size.
const (
	// MinChunkSize is the smallest chunk size, in plaintext bytes.
	MinChunkSize = 1024
	// MaxChunkSize is the largest chunk size, 1 MiB. Chunk sizes must
	// also be multiples of 16.
	MaxChunkSize = 1 << 20
	chunkAlign   = 16
)

// validChunkSize is the chunk-size rule of the header.
func validChunkSize(cs int64) bool {
	return cs >= MinChunkSize && cs <= MaxChunkSize && cs%chunkAlign == 0
}

// tagSize is the size of every tag in RAF: chunk tags and the header MAC.
const tagSize = 16

// diskID returns the alg_id stored in the header: the Algorithm values
// are go-libaegis's, 0..5, and the header's are 1..6.
func (a Algorithm) diskID() byte { return byte(a) + 1 }

// algorithmOf returns the variant of an alg_id, and false for an unknown
// one.
func algorithmOf(id byte) (Algorithm, bool) {
	a := Algorithm(id) - 1
	return a, id != 0 && a.valid()
}

// headerFields are the header's fields, as parsed, before the MAC is
// checked.
type headerFields struct {
	alg       Algorithm
	chunkSize int64
	fileSize  uint64
	fileID    [fileIDSize]byte
}

// encodeHeader writes every field of the header but the MAC into hdr.
func encodeHeader(hdr *[HeaderSize]byte, alg Algorithm, cs, size int64, fileID *[fileIDSize]byte) {
	copy(hdr[offMagic:offHeaderSize], magic)
	binary.LittleEndian.PutUint16(hdr[offHeaderSize:], HeaderSize)
	hdr[offVersion] = formatVersion
	hdr[offAlgID] = alg.diskID()
	binary.LittleEndian.PutUint32(hdr[offChunkSize:], uint32(cs))
	binary.LittleEndian.PutUint64(hdr[offFileSize:], uint64(size))
	copy(hdr[offFileID:offHeaderMAC], fileID[:])
}

// parseHeader reads the fields of hdr, and returns false unless it is a
// header of this version with a valid chunk size and variant. The MAC is
// not checked: that takes the key.
func parseHeader(hdr *[HeaderSize]byte) (h headerFields, ok bool) {
	if string(hdr[offMagic:offHeaderSize]) != magic ||
		binary.LittleEndian.Uint16(hdr[offHeaderSize:]) != HeaderSize ||
		hdr[offVersion] != formatVersion {
		return h, false
	}
	h.chunkSize = int64(binary.LittleEndian.Uint32(hdr[offChunkSize:]))
	if !validChunkSize(h.chunkSize) {
		return h, false
	}
	if h.alg, ok = algorithmOf(hdr[offAlgID]); !ok {
		return h, false
	}
	h.fileSize = binary.LittleEndian.Uint64(hdr[offFileSize:])
	copy(h.fileID[:], hdr[offFileID:offHeaderMAC])
	return h, true
}

// macInput is the part of a header that its MAC covers, and macField the
// MAC itself.
func macInput(hdr *[HeaderSize]byte) []byte { return hdr[:offHeaderMAC] }
func macField(hdr *[HeaderSize]byte) []byte { return hdr[offHeaderMAC:] }

// header returns the header for a logical size, MAC included.
func (f *File) header(size int64) (hdr [HeaderSize]byte) {
	encodeHeader(&hdr, f.alg, f.cs, size, &f.fileID)
	mac := f.headerMAC(&hdr)
	copy(macField(&hdr), mac[:])
	return hdr
}

// maxNonceSize is the longest NL, the AEGIS-256 variants' nonce.
const maxNonceSize = 32

// recordSize is RS, the size of a record: nonce ‖ ciphertext ‖ tag.
func recordSize(nonceLen int, cs int64) int64 { return int64(nonceLen) + cs + tagSize }

// recordAt returns the offset of record idx in the store.
func (f *File) recordAt(idx int64) int64 { return HeaderSize + idx*f.rs }

// tagAt returns the offset of the tag within a record; the ciphertext
// lies between the nonce (f.nl bytes) and it.
func (f *File) tagAt() int64 { return int64(f.nl) + f.cs }

// recordFields splits a record (f.rs bytes) into its nonce, ciphertext and
// tag.
func (f *File) recordFields(rec []byte) (nonce, ciphertext, tag []byte) {
	nl, ta := int64(f.nl), f.tagAt()
	return rec[:nl:nl], rec[nl:ta:ta], rec[ta:f.rs:f.rs]
}

// chunkCount returns the number of records that hold size bytes.
func (f *File) chunkCount(size int64) int64 {
	if size == 0 {
		return 0
	}
	return (size-1)/f.cs + 1
}

// storeSize is the store size for a logical size: header and records.
func (f *File) storeSize(size int64) int64 { return f.recordAt(f.chunkCount(size)) }

// maxChunks is the largest record count whose store size fits an int64.
func (f *File) maxChunks() int64 { return (math.MaxInt64 - HeaderSize) / f.rs }

// adSize is the size of a record's associated data.
const adSize = fileIDSize + 8 + 4

// ad returns the associated data of record idx:
// file_id ‖ LE64(idx) ‖ LE32(CS).
func (f *File) ad(idx int64) (ad [adSize]byte) {
	copy(ad[:fileIDSize], f.fileID[:])
	binary.LittleEndian.PutUint64(ad[fileIDSize:], uint64(idx))
	binary.LittleEndian.PutUint32(ad[fileIDSize+8:], uint32(f.cs))
	return ad
}

// Key derivation.
const (
	// kdfLabel is prefixed to the master key and the file identifier to
	// derive a file's keys.
	kdfLabel = "aegis-raf-kdf-v1"
	// masterLabel is prefixed to an application key and a context by
	// DeriveMasterKey.
	masterLabel = "aegis-raf-master-key-v1"
	// kdfDomain is the TurboSHAKE domain byte of both derivations.
	kdfDomain = 0x1F
	// ctxLenSize is the size of the context's length in DeriveMasterKey's
	// input.
	ctxLenSize = 8
	// The key sizes of the two families: TurboSHAKE128 derives from
	// 16-byte keys, TurboSHAKE256 from 32-byte keys.
	keySize128 = 16
	keySize256 = 32
)

// xof is the TurboSHAKE of a key size, with the domain byte of RAF.
func xof(keyLen int, out, msg []byte) {
	if keyLen == keySize128 {
		TurboSHAKE128(out, msg, kdfDomain)
	} else {
		TurboSHAKE256(out, msg, kdfDomain)
	}
}

// Context size limits of [DeriveMasterKey]: the whole input must fit in one
// block of TurboSHAKE (rate − 1 − label − key − length field).
const (
	MaxContext128 = 120 // 168 − 1 − 23 − 16 − 8
	MaxContext256 = 72  // 136 − 1 − 23 − 32 − 8
)

// The limits above follow from the label: each line fails to compile
// (a negative constant converted to uint) unless both sides are equal.
const (
	_ = uint(MaxContext128 - (turboRate128 - 1 - len(masterLabel) - keySize128 - ctxLenSize))
	_ = uint((turboRate128 - 1 - len(masterLabel) - keySize128 - ctxLenSize) - MaxContext128)
	_ = uint(MaxContext256 - (turboRate256 - 1 - len(masterLabel) - keySize256 - ctxLenSize))
	_ = uint((turboRate256 - 1 - len(masterLabel) - keySize256 - ctxLenSize) - MaxContext256)
)

// fileKeyInput returns kdfLabel ‖ master ‖ file_id, the input of a file's
// key derivation. The caller clears it after use.
func fileKeyInput(master []byte, fileID *[fileIDSize]byte) []byte {
	msg := make([]byte, 0, len(kdfLabel)+len(master)+fileIDSize)
	msg = append(msg, kdfLabel...)
	msg = append(msg, master...)
	return append(msg, fileID[:]...)
}

// fileKeys splits the derived key material (2·len(master) bytes) into
// enc_key and hdr_key.
func fileKeys(km []byte) (encKey, hdrKey []byte) {
	kl := len(km) / 2
	return km[:kl], km[kl:]
}

// masterKeyInput returns masterLabel ‖ key ‖ LE64(len(context)) ‖
// context, the input of DeriveMasterKey. The caller clears it after use.
func masterKeyInput(key, context []byte) []byte {
	msg := make([]byte, 0, len(masterLabel)+len(key)+ctxLenSize+len(context))
	msg = append(msg, masterLabel...)
	msg = append(msg, key...)
	msg = binary.LittleEndian.AppendUint64(msg, uint64(len(context)))
	return append(msg, context...)
}

// The Merkle tree.
const (
	// defaultHashLen is a node's size when MerkleOptions.HashLen is 0;
	// nodes are minHashLen to maxHashLen bytes.
	defaultHashLen = 32
	minHashLen     = 8
	maxHashLen     = 64

	// Domain bytes of the default hash functions' inputs.
	tagLeaf   = 0
	tagParent = 1
	tagEmpty  = 2
	tagCommit = 3

	// commitCtxSize is the size of the commitment's context.
	commitCtxSize = 32
)

// commitContext returns the commitment's context:
// version ‖ alg_id ‖ LE32(CS) ‖ file_id ‖ 00 00.
func (f *File) commitContext() (ctx [commitCtxSize]byte) {
	ctx[0] = formatVersion
	ctx[1] = f.alg.diskID()
	binary.LittleEndian.PutUint32(ctx[2:], uint32(f.cs))
	copy(ctx[6:6+fileIDSize], f.fileID[:])
	return ctx
}

// leafPrefix is what the default leaf hash reads before the chunk:
// 00 ‖ LE64(index) ‖ LE64(chunkLen).
func leafPrefix(index uint64, chunkLen int) (b [1 + 8 + 8]byte) {
	b[0] = tagLeaf
	binary.LittleEndian.PutUint64(b[1:], index)
	binary.LittleEndian.PutUint64(b[9:], uint64(chunkLen))
	return b
}

// nodePrefix is what the default parent and empty hashes read (first):
// tag ‖ LE32(level) ‖ LE64(index), tag being tagParent or tagEmpty.
func nodePrefix(tag byte, level int, index uint64) (b [1 + 4 + 8]byte) {
	b[0] = tag
	binary.LittleEndian.PutUint32(b[1:], uint32(level))
	binary.LittleEndian.PutUint64(b[5:], index)
	return b
}

// commitPrefix is what the default commitment hash reads before the
// context and the root: 03 ‖ LE64(fileSize).
func commitPrefix(fileSize uint64) (b [1 + 8]byte) {
	b[0] = tagCommit
	binary.LittleEndian.PutUint64(b[1:], fileSize)
	return b
}
