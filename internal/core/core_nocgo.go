// SPDX-License-Identifier: MIT

//go:build !cgo || without_aegis

package core

// Without the C core, the Go engine (goengine.go) runs everything: the
// assembly kernels where internal/asm has them in this build, soft
// everywhere; every table is a handle of it (engine.go). With
// without_aegis no kernel exists: every constructor fails with
// common.ErrNotAvailable, and nothing below is ever reached with an AEAD.

func seal(ops uintptr, c, tag, m, ad []byte, n, k *byte) {
	goEngine(ops).seal(c, tag, m, ad, n, k)
}

func open(ops uintptr, m, c, tag, ad []byte, n, k *byte) bool {
	return goEngine(ops).open(m, c, tag, ad, n, k)
}
