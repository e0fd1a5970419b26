// SPDX-License-Identifier: MIT

//go:build purego || !(amd64 || arm64)

package asm

// No assembly: with purego, or on other architectures, the C core runs
// every call, and ID says so.
var has [NumVariants][NumKernels]bool

func Seal(id int, k *[32]byte, n *byte, out, m, ad []byte) {
	panic("asm: no assembly in this build")
}

func Open(id int, k *[32]byte, n *byte, out, c, tag, ad []byte) (ok bool) {
	panic("asm: no assembly in this build")
}
