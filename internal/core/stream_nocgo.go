// SPDX-License-Identifier: MIT

//go:build !cgo || without_aegis

package core

// Without the C core every constructor of the incremental types fails with
// common.ErrNotAvailable, so none of these is ever reached.

func incInit(o uintptr, st *[StateSize]byte, ad []byte, n, k *[32]byte) {
	panic("aegis: built without the C core")
}

func incEncrypt(o uintptr, st *[StateSize]byte, c, m []byte) {
	panic("aegis: built without the C core")
}

func incDecrypt(o uintptr, st *[StateSize]byte, m, c []byte) {
	panic("aegis: built without the C core")
}

func incFinal(o uintptr, st *[StateSize]byte, tag []byte) {
	panic("aegis: built without the C core")
}

func incVerify(o uintptr, st *[StateSize]byte, tag []byte) bool {
	panic("aegis: built without the C core")
}

func macUpdate(o uintptr, st *[StateSize]byte, data []byte) {
	panic("aegis: built without the C core")
}

func macFinal(o uintptr, st *[StateSize]byte, tag []byte) {
	panic("aegis: built without the C core")
}

func streamXOR(o uintptr, st *[StateSize]byte, out, in []byte) {
	panic("aegis: built without the C core")
}

func stream(o uintptr, out []byte, n, k *[32]byte) {
	panic("aegis: built without the C core")
}
