// SPDX-License-Identifier: MIT

//go:build !cgo || without_aegis

package core

// Without the C core no kernel exists: every constructor fails with
// common.ErrNotAvailable, and nothing below is ever reached with an AEAD.

func detectKernels() uint32 { return 0 }

func opsFor(variant int, kernel Kernel) uintptr { return 0 }

func lanesOf(variant int, kernel Kernel) int { return 0 }

func seal(ops uintptr, c, tag, m, ad []byte, n, k *byte) {
	panic("aegis: built without the C core")
}

func open(ops uintptr, m, c, tag, ad []byte, n, k *byte) bool {
	panic("aegis: built without the C core")
}
