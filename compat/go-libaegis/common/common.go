// SPDX-License-Identifier: MIT

// Package common is [github.com/aegisgo/aegis/common] under the import path
// of go-libaegis, for programs that switch to that module by a replace
// directive in their go.mod and keep their imports (SWITCHING.md, at the
// root of the repository, gives the lines: until the first release, two,
// with the path of a clone).
//
// Everything forwards to the target package: Available and the errors are
// its own, so errors.Is matches across both import paths, and so are the
// helpers that go-libaegis's common exports for its own packages
// (AnyOverlap, InexactOverlap, GrowSlice, the type Aegis), so that code
// naming them still compiles. SWITCHING.md, at the root of the repository,
// lists each difference from go-libaegis.
package common

//go:generate go run ../internal/gen/main.go -root ..

import aegisgo "github.com/aegisgo/aegis/common"

// Available reports whether AEGIS is compiled in: [aegisgo.Available].
// Unlike go-libaegis's, it is true in builds without cgo too (CGO_ENABLED=0,
// cross-compiling, no C compiler), where the Go assembly and constant-time
// Go run every call; it is false only with the build tag without_aegis,
// and then every constructor returns ErrNotAvailable instead of panicking
// as go-libaegis's do without cgo.
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
// after Final: [aegisgo.ErrFinalized]. The Encrypter and Decrypter of both
// modules panic in that case rather than return it; the value is kept for
// code that names it.
var ErrFinalized = aegisgo.ErrFinalized

// Aegis is go-libaegis's shared AEAD state, with its field set, so that code
// naming it or building one with a literal still compiles: an alias of
// [aegisgo.Aegis], which no function of either module fills or returns.
type Aegis = aegisgo.Aegis

// NotAvailable panics with ErrNotAvailable. go-libaegis exports it only from
// its builds without cgo, where every constructor calls it; here it exists
// in every build, for code that calls it, and nothing in this module calls it.
func NotAvailable() {
	panic(ErrNotAvailable)
}

// AnyOverlap reports whether x and y share memory at any index:
// [aegisgo.AnyOverlap].
func AnyOverlap(x, y []byte) bool { return aegisgo.AnyOverlap(x, y) }

// InexactOverlap reports whether x and y share memory at an index that is
// not the same in both: [aegisgo.InexactOverlap].
func InexactOverlap(x, y []byte) bool { return aegisgo.InexactOverlap(x, y) }

// GrowSlice extends s by n bytes and returns the extended slice and its last
// n bytes: [aegisgo.GrowSlice].
func GrowSlice(s []byte, n int) (result, tail []byte) { return aegisgo.GrowSlice(s, n) }
