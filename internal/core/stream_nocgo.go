// SPDX-License-Identifier: MIT

//go:build !cgo || without_aegis

package core

// Without the C core, the incremental types run on the Go engine
// (core_nocgo.go); with without_aegis their constructors fail, and none
// of these is reached.

func incInit(o uintptr, st *[StateSize]byte, ad []byte, n, k *[32]byte) {
	goEngine(o).incInit(st, ad, n, k)
}

func incEncrypt(o uintptr, st *[StateSize]byte, c, m []byte) {
	goEngine(o).incCrypt(st, c, m, false)
}

func incDecrypt(o uintptr, st *[StateSize]byte, m, c []byte) {
	goEngine(o).incCrypt(st, m, c, true)
}

func incFinal(o uintptr, st *[StateSize]byte, tag []byte) {
	goEngine(o).incFinal(st, tag)
}

func incVerify(o uintptr, st *[StateSize]byte, tag []byte) bool {
	return goEngine(o).incVerify(st, tag)
}

func macUpdate(o uintptr, st *[StateSize]byte, data []byte) {
	goEngine(o).macUpdate(st, data)
}

func macFinal(o uintptr, st *[StateSize]byte, tag []byte) {
	goEngine(o).macFinal(st, tag)
}

func streamXOR(o uintptr, st *[StateSize]byte, out, in []byte) {
	goEngine(o).streamXOR(st, out, in)
}

func stream(o uintptr, out []byte, n, k *[32]byte) {
	goEngine(o).stream(out, n, k)
}
