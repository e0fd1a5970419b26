// SPDX-License-Identifier: MIT

// Package common is [github.com/aegisgo/aegis/common] under the import path
// of go-libaegis, for programs that switch to that module with one replace
// line and keep their imports:
//
//	replace github.com/aegis-aead/go-libaegis => github.com/aegisgo/aegis/compat/go-libaegis vX.Y.Z
//
// Available and the errors are the target package's own, so errors.Is
// matches across both import paths. The helpers that go-libaegis's common
// exports for its own packages (AnyOverlap, InexactOverlap, GrowSlice, the
// type Aegis) are here too, so that code naming them still compiles.
package common

//go:generate go run ../internal/gen/main.go -root ..

import (
	"crypto/cipher"
	"errors"
	"unsafe"

	aegisgo "github.com/aegisgo/aegis/common"
)

// Available reports whether the C core is compiled in: [aegisgo.Available].
// When it is false (CGO_ENABLED=0, or the build tag without_aegis), every
// constructor returns ErrNotAvailable instead of panicking as go-libaegis's
// do.
const Available = aegisgo.Available

// The errors of the variant packages: the values of [aegisgo.ErrAuth] and
// its siblings, so errors.Is matches them whichever import path made them.
var (
	ErrAuth           = aegisgo.ErrAuth
	ErrTruncated      = aegisgo.ErrTruncated
	ErrBadNonceLength = aegisgo.ErrBadNonceLength
	ErrBadKeyLength   = aegisgo.ErrBadKeyLength
	ErrBadTagLength   = aegisgo.ErrBadTagLength
	ErrNotAvailable   = aegisgo.ErrNotAvailable
)

// ErrFinalized is go-libaegis's error for an incremental operation used
// after Final. The Encrypter and Decrypter of both modules panic in that
// case rather than return it; the value is kept for code that names it.
var ErrFinalized = errors.New("aegis: operation already finalized")

// Aegis is go-libaegis's shared AEAD state, with its field set, so that code
// naming it or building one with a literal still compiles. This module never
// fills it: its variant types keep their key unexported and do not embed it,
// and no function here or in the variant packages returns one. Its Overhead
// and Wipe work on its own fields; Seal, Open and NonceSize are those of the
// embedded AEAD, if the caller sets one.
type Aegis struct {
	Key    []byte
	TagLen int
	cipher.AEAD
}

// Overhead returns TagLen.
func (aead *Aegis) Overhead() int {
	return aead.TagLen
}

// Wipe zeroes Key in place and sets TagLen to 0.
func (aead *Aegis) Wipe() {
	clear(aead.Key)
	aead.TagLen = 0
}

// NotAvailable panics with ErrNotAvailable. go-libaegis exports it only from
// its builds without cgo, where every constructor calls it; here it exists
// in every build, for code that calls it, and nothing in this module calls it.
func NotAvailable() {
	panic(ErrNotAvailable)
}

// AnyOverlap reports whether x and y share memory at any index, counting
// their lengths only (not their capacities). Empty slices share nothing.
func AnyOverlap(x, y []byte) bool {
	if len(x) == 0 || len(y) == 0 {
		return false
	}
	xFirst, xLast := uintptr(unsafe.Pointer(&x[0])), uintptr(unsafe.Pointer(&x[len(x)-1]))
	yFirst, yLast := uintptr(unsafe.Pointer(&y[0])), uintptr(unsafe.Pointer(&y[len(y)-1]))
	return xFirst <= yLast && yFirst <= xLast
}

// InexactOverlap reports whether x and y share memory at an index that is
// not the same in both: an output that overlaps its input anywhere but
// exactly in place. This is the rule of crypto/cipher's AEAD, Block and
// Stream interfaces. Slices of different lengths that start at the same
// address do not overlap inexactly.
func InexactOverlap(x, y []byte) bool {
	if len(x) == 0 || len(y) == 0 || &x[0] == &y[0] {
		return false
	}
	return AnyOverlap(x, y)
}

// GrowSlice extends s by n bytes and returns the extended slice and its last
// n bytes, the place to write into. It reuses s's array when its capacity
// allows, and otherwise allocates a new one and copies s into it, as append
// would.
func GrowSlice(s []byte, n int) (result, tail []byte) {
	l := len(s)
	if n > cap(s)-l {
		grown := make([]byte, l+n)
		copy(grown, s)
		s = grown
	}
	result = s[:l+n]
	return result, result[l:]
}
