// SPDX-License-Identifier: MIT

package common

import (
	"crypto/cipher"
	"unsafe"
)

// The helpers below are go-libaegis's, kept with its signatures so that
// code calling them compiles and behaves the same after a switch of import
// path. internal/core's Seal and Open use them too (they inline there).

// AnyOverlap reports whether x and y share memory at any index. Only the
// first len(x) and len(y) bytes count, not the capacity beyond them.
//
// Unlike go-libaegis's, it answers the same whether or not the module was
// built with cgo.
func AnyOverlap(x, y []byte) bool {
	// One expression, cheap enough that InexactOverlap, which calls it,
	// still inlines into internal/core's Seal and Open.
	return len(x) > 0 && len(y) > 0 &&
		uintptr(unsafe.Pointer(&x[0])) <= uintptr(unsafe.Pointer(&y[len(y)-1])) &&
		uintptr(unsafe.Pointer(&y[0])) <= uintptr(unsafe.Pointer(&x[len(x)-1]))
}

// InexactOverlap reports whether x and y share memory at an index other
// than the same one: slices that start at the same address do not overlap
// inexactly, whatever their lengths. It is the rule of [crypto/cipher]'s
// interfaces, where an output may be its input (in place) but may not be
// shifted against it.
func InexactOverlap(x, y []byte) bool {
	if len(x) == 0 || len(y) == 0 || &x[0] == &y[0] {
		return false
	}
	return AnyOverlap(x, y)
}

// GrowSlice extends s by n bytes. result is s followed by the n new bytes,
// and tail is those n bytes, for the caller to fill. When s has room for n
// more bytes, result and tail are slices of its array; otherwise the
// content of s is copied to a new array once.
func GrowSlice(s []byte, n int) (result, tail []byte) {
	total := len(s) + n
	if total <= cap(s) {
		result = s[:total]
	} else {
		result = make([]byte, total)
		copy(result, s)
	}
	return result, result[len(s):]
}

// Aegis is go-libaegis's struct behind its AEAD types, which exported the
// caller's key slice (Key) and the tag length (TagLen).
//
// This module never fills it and never returns one: its AEADs keep a
// private copy of the key instead, so that the caller may clear its own
// slice after New. The type exists so that code naming it compiles.
type Aegis struct {
	Key    []byte
	TagLen int
	cipher.AEAD
}

// Overhead returns TagLen.
func (aead *Aegis) Overhead() int { return aead.TagLen }

// Wipe zeroes the bytes of Key and sets TagLen to 0.
func (aead *Aegis) Wipe() {
	clear(aead.Key)
	aead.TagLen = 0
}
