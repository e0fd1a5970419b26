// SPDX-License-Identifier: MIT

//go:build !cgo || without_aegis

package core

// Without the C core no AEAD exists, so no batch reaches these.

func runGroup(ops uintptr, g *group, k *byte, tagLen int, open bool) uint32 {
	panic("aegis: built without the C core")
}
