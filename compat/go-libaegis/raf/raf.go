// SPDX-License-Identifier: MIT

// Package raf is [github.com/aegisgo/aegis/raf] under the import path of
// go-libaegis, for programs that switch to that module by a replace
// directive in their go.mod and keep their imports (SWITCHING.md, at the
// root of the repository, gives the lines: until the first release, two,
// with the path of a clone).
//
// Files are byte-compatible both ways. The API is go-libaegis's: File,
// FileInfo, Store and Algorithm are aliases of the target package's types,
// and the errors are its values, so errors.Is matches across both import
// paths. Options is this package's own type, with go-libaegis's fields only,
// so that unkeyed literals still compile; for a Merkle tree, in-memory
// stores or key derivation, call the target package, whose Create and Open
// return the same *File. SWITCHING.md, at the root of the repository, lists
// each difference from go-libaegis.
package raf

import (
	"os"

	aegisgo "github.com/aegisgo/aegis/raf"
)

// Algorithm selects the AEGIS variant of a file: [aegisgo.Algorithm].
type Algorithm = aegisgo.Algorithm

// The six variants.
const (
	AEGIS128L  = aegisgo.AEGIS128L
	AEGIS128X2 = aegisgo.AEGIS128X2
	AEGIS128X4 = aegisgo.AEGIS128X4
	AEGIS256   = aegisgo.AEGIS256
	AEGIS256X2 = aegisgo.AEGIS256X2
	AEGIS256X4 = aegisgo.AEGIS256X4
)

// Sizes and defaults, as in [aegisgo.MinChunkSize] and the rest.
const (
	MinChunkSize = aegisgo.MinChunkSize
	MaxChunkSize = aegisgo.MaxChunkSize
	HeaderSize   = aegisgo.HeaderSize
	DefaultChunk = aegisgo.DefaultChunk
)

type (
	// File is an open RAF file: [aegisgo.File].
	File = aegisgo.File
	// FileInfo describes a file: [aegisgo.FileInfo].
	FileInfo = aegisgo.FileInfo
	// Store is where a file's bytes live: [aegisgo.Store].
	Store = aegisgo.Store
)

// Options configures Create, with go-libaegis's fields. Open ignores it.
type Options struct {
	// Algorithm is the variant; the zero value is AEGIS128L.
	Algorithm Algorithm
	// ChunkSize is the plaintext bytes per chunk; 0 means DefaultChunk.
	ChunkSize int
	// Truncate lets Create replace an existing file instead of failing
	// with ErrExists.
	Truncate bool
}

// target converts o to the target package's options; nil stays nil.
func (o *Options) target() *aegisgo.Options {
	if o == nil {
		return nil
	}
	return &aegisgo.Options{Algorithm: o.Algorithm, ChunkSize: o.ChunkSize, Truncate: o.Truncate}
}

// Create is [aegisgo.Create]: a new file in store under key. opts must not
// be nil.
func Create(store Store, key []byte, opts *Options) (*File, error) {
	return aegisgo.Create(store, key, opts.target())
}

// Open is [aegisgo.Open]: the variant and the chunk size come from the
// file's header, and opts is ignored.
func Open(store Store, key []byte, opts *Options) (*File, error) {
	return aegisgo.Open(store, key, opts.target())
}

// Probe is [aegisgo.Probe]: it reads the header without the key.
func Probe(store Store) (*FileInfo, error) {
	return aegisgo.Probe(store)
}

// NewFileStore is [aegisgo.NewFileStore].
func NewFileStore(f *os.File) Store {
	return aegisgo.NewFileStore(f)
}

// The errors: the target package's values, as in [aegisgo.ErrAuth].
var (
	ErrAuth           = aegisgo.ErrAuth
	ErrInvalidHeader  = aegisgo.ErrInvalidHeader
	ErrBadChunkSize   = aegisgo.ErrBadChunkSize
	ErrBadKeyLength   = aegisgo.ErrBadKeyLength
	ErrExists         = aegisgo.ErrExists
	ErrClosed         = aegisgo.ErrClosed
	ErrOverflow       = aegisgo.ErrOverflow
	ErrNegativeOffset = aegisgo.ErrNegativeOffset
)
