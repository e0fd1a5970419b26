// Package common holds what the AEGIS variant packages share: whether the
// C core is compiled in, and the errors that the packages return.
//
// The names match github.com/aegis-aead/go-libaegis/common, so code that
// compares errors with errors.Is, or checks Available to fall back to
// another cipher, keeps working after a switch of import path.
package common

import "errors"

// Errors returned by the variant packages. They are values, to be compared
// with errors.Is; their text may change.
var (
	// ErrAuth is returned by Open when the tag does not match: the
	// ciphertext, the associated data, the nonce or the key is not the one
	// that was sealed. No plaintext is returned with it.
	ErrAuth = errors.New("aegis: message authentication failed")

	// ErrTruncated is returned by Open when the ciphertext is shorter than
	// the tag.
	ErrTruncated = errors.New("aegis: ciphertext too short")

	// ErrBadNonceLength is returned by constructors that take a nonce when
	// it is empty or longer than the variant's nonce size. (Seal and Open,
	// whose cipher.AEAD contract has no error for it, panic instead.)
	ErrBadNonceLength = errors.New("aegis: invalid nonce length")

	// ErrBadKeyLength is returned by New when the key is not the variant's
	// key size (16 bytes for the AEGIS-128 family, 32 for AEGIS-256).
	ErrBadKeyLength = errors.New("aegis: invalid key length")

	// ErrBadTagLength is returned by New when the tag length is not 16 or
	// 32 bytes.
	ErrBadTagLength = errors.New("aegis: invalid tag length")

	// ErrNotAvailable is returned by every constructor when the module was
	// built without its C core (CGO_ENABLED=0, or the build tag
	// without_aegis). Check Available to fall back to another cipher.
	ErrNotAvailable = errors.New("aegis: not available: built without cgo or with the without_aegis tag")
)
