// SPDX-License-Identifier: MIT

//go:build without_aegis

package common

// Available reports whether AEGIS is compiled in. It is false in this
// build (the tag without_aegis is set): every constructor returns
// ErrNotAvailable, so a caller can choose another cipher.
const Available = false
