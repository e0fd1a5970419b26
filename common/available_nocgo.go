// SPDX-License-Identifier: MIT

//go:build !cgo || without_aegis

package common

// Available reports whether the C core is compiled in. It is false in this
// build (cgo is off, or the tag without_aegis is set): every constructor
// returns ErrNotAvailable, so a caller can choose another cipher.
const Available = false
