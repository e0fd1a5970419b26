// SPDX-License-Identifier: MIT

package consumertest

// The API of go-libaegis v0.2's common and raf packages, as it declares
// them: each line assigns a shim identifier to a blank of go-libaegis's type
// for it, so a missing name or a changed signature fails the build. The
// variant packages' lines are in variants_api_test.go (generated).

import (
	"crypto/cipher"
	"os"

	"github.com/aegis-aead/go-libaegis/common"
	"github.com/aegis-aead/go-libaegis/raf"
)

var (
	_ bool                               = common.Available
	_ error                              = common.ErrAuth
	_ error                              = common.ErrTruncated
	_ error                              = common.ErrBadNonceLength
	_ error                              = common.ErrBadKeyLength
	_ error                              = common.ErrBadTagLength
	_ error                              = common.ErrFinalized
	_ func(x, y []byte) bool             = common.AnyOverlap
	_ func(x, y []byte) bool             = common.InexactOverlap
	_ func([]byte, int) ([]byte, []byte) = common.GrowSlice
	_ func()                             = common.NotAvailable
	_ func(*common.Aegis) int            = (*common.Aegis).Overhead
	_ func(*common.Aegis)                = (*common.Aegis).Wipe
	_ func(*common.Aegis) int            = (*common.Aegis).NonceSize // promoted from the embedded AEAD
	_ cipher.AEAD                        = (*common.Aegis)(nil)
	_ struct {
		Key    []byte
		TagLen int
		cipher.AEAD
	} = common.Aegis{} // the same fields, in the same order, as go-libaegis's

	_ func(raf.Algorithm) int                                  = raf.Algorithm.KeySize
	_ func(raf.Algorithm) string                               = raf.Algorithm.String
	_ []raf.Algorithm                                          = []raf.Algorithm{raf.AEGIS128L, raf.AEGIS128X2, raf.AEGIS128X4, raf.AEGIS256, raf.AEGIS256X2, raf.AEGIS256X4}
	_ []int                                                    = []int{raf.MinChunkSize, raf.MaxChunkSize, raf.HeaderSize, raf.DefaultChunk}
	_ func(raf.Store, []byte, *raf.Options) (*raf.File, error) = raf.Create
	_ func(raf.Store, []byte, *raf.Options) (*raf.File, error) = raf.Open
	_ func(raf.Store) (*raf.FileInfo, error)                   = raf.Probe
	_ func(*os.File) raf.Store                                 = raf.NewFileStore
	_ func(*raf.File, []byte, int64) (int, error)              = (*raf.File).ReadAt
	_ func(*raf.File, []byte, int64) (int, error)              = (*raf.File).WriteAt
	_ func(*raf.File, int64) error                             = (*raf.File).Truncate
	_ func(*raf.File) (int64, error)                           = (*raf.File).Size
	_ func(*raf.File) error                                    = (*raf.File).Sync
	_ func(*raf.File) error                                    = (*raf.File).Close
	_ func(*raf.File) raf.FileInfo                             = (*raf.File).Info
	_ struct {
		Size      int64
		ChunkSize int
		Algorithm raf.Algorithm
	} = raf.FileInfo{}
	_ struct {
		Algorithm raf.Algorithm
		ChunkSize int
		Truncate  bool
	} = raf.Options{}
	_ interface {
		ReadAt(p []byte, off int64) (n int, err error)
		WriteAt(p []byte, off int64) (n int, err error)
		GetSize() (int64, error)
		SetSize(size int64) error
		Sync() error
	} = raf.Store(nil)
	_ raf.Store = (*memStore)(nil) // a Store written against go-libaegis's interface

	_ []error = []error{raf.ErrAuth, raf.ErrInvalidHeader, raf.ErrBadChunkSize, raf.ErrBadKeyLength,
		raf.ErrExists, raf.ErrClosed, raf.ErrOverflow, raf.ErrNegativeOffset}
)
