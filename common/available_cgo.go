// SPDX-License-Identifier: MIT

//go:build cgo && !without_aegis

package common

// Available reports whether the C core is compiled in. When it is false,
// every constructor returns ErrNotAvailable, so a caller can choose another
// cipher at build time or at run time.
const Available = true
