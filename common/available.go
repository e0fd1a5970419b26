// SPDX-License-Identifier: MIT

//go:build !without_aegis

package common

// Available reports whether AEGIS is compiled in: true in every build but
// one with the tag without_aegis. Builds without cgo run the Go assembly
// and constant-time Go in place of the C core, with the same results.
// When it is false, every constructor returns ErrNotAvailable, so a
// caller can choose another cipher at build time or at run time.
const Available = true
