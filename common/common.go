// SPDX-License-Identifier: MIT

// Package common holds what the AEGIS variant packages share: whether
// AEGIS is compiled in ([Available]: in every build but one with the tag
// without_aegis), and the errors that the packages return.
//
// The names match github.com/aegis-aead/go-libaegis/common, so code that
// compares errors with [errors.Is], or checks [Available] to fall back to
// another cipher, keeps working after a switch of import path. The
// package also keeps go-libaegis's helpers ([AnyOverlap],
// [InexactOverlap], [GrowSlice]) and its [Aegis] type, which this module
// never fills.
package common

import "errors"

// Errors returned by the variant packages. They are values, to be compared
// with [errors.Is]; their text may change.
var (
	// ErrAuth is returned by Open, OpenDetached and Decrypter.Final when
	// the tag does not match: the ciphertext, the associated data, the
	// nonce or the key is not the one that was sealed. No plaintext is
	// returned with it.
	ErrAuth = errors.New("aegis: message authentication failed")

	// ErrTruncated is returned by Open when the ciphertext is shorter than
	// the tag.
	ErrTruncated = errors.New("aegis: ciphertext too short")

	// ErrBadNonceLength is returned by constructors that take a nonce when
	// it is longer than the variant's nonce size; a shorter one is
	// zero-padded, and an empty one is the all-zero nonce. (Seal and Open,
	// whose [crypto/cipher.AEAD] contract has no error for it, panic
	// instead, as go-libaegis's do.)
	ErrBadNonceLength = errors.New("aegis: invalid nonce length")

	// ErrBadKeyLength is returned by New when the key is not the variant's
	// key size (16 bytes for the AEGIS-128 family, 32 for AEGIS-256).
	ErrBadKeyLength = errors.New("aegis: invalid key length")

	// ErrBadTagLength is returned by the constructors when the tag length
	// is not 16 or 32 bytes, and by Decrypter.Final for a tag whose length
	// is not the Decrypter's.
	ErrBadTagLength = errors.New("aegis: invalid tag length")

	// ErrFinalized is go-libaegis's error for an incremental operation used
	// after Final. Neither go-libaegis nor this module returns it: in both,
	// any use of a variant package's Encrypter or Decrypter after Final
	// panics. It exists so that code naming it compiles.
	ErrFinalized = errors.New("aegis: operation already finalized")

	// ErrNotAvailable is returned by every constructor when the module was
	// built with the tag without_aegis, which removes AEGIS; builds
	// without cgo have it (see Available). Check Available to fall back
	// to another cipher.
	ErrNotAvailable = errors.New("aegis: not available: built with the without_aegis tag")
)
