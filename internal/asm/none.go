// SPDX-License-Identifier: MIT

//go:build purego || without_aegis || !(amd64 || arm64)

package asm

// No assembly: with purego, or on other architectures, the C core runs
// every call, and ID says so; without_aegis has neither.
var has [NumVariants][NumKernels]bool

func Seal(id int, k *byte, n *byte, out *byte, m *byte, mlen int, ad *byte, adlen int, taglen int) {
	panic("asm: no assembly in this build")
}

func Open(id int, k *byte, n *byte, out *byte, c *byte, clen int, ad *byte, adlen int, tag *byte, taglen int) (ok bool) {
	panic("asm: no assembly in this build")
}
