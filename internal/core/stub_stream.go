//go:build !cgo || without_aegis

package core

import "unsafe"

// Without the C core every constructor of the incremental types fails with
// common.ErrNotAvailable, so none of these is ever reached.

func incInit(o unsafe.Pointer, st *[StateSize]byte, ad []byte, n, k *[32]byte) {
	panic("aegis: built without the C core")
}

func incEncrypt(o unsafe.Pointer, st *[StateSize]byte, c, m []byte) {
	panic("aegis: built without the C core")
}

func incDecrypt(o unsafe.Pointer, st *[StateSize]byte, m, c []byte) {
	panic("aegis: built without the C core")
}

func incFinal(o unsafe.Pointer, st *[StateSize]byte, tag []byte) {
	panic("aegis: built without the C core")
}

func incVerify(o unsafe.Pointer, st *[StateSize]byte, tag []byte) bool {
	panic("aegis: built without the C core")
}

func macUpdate(o unsafe.Pointer, st *[StateSize]byte, data []byte) {
	panic("aegis: built without the C core")
}

func macFinal(o unsafe.Pointer, st *[StateSize]byte, tag []byte) {
	panic("aegis: built without the C core")
}

func streamXOR(o unsafe.Pointer, st *[StateSize]byte, out, in []byte) {
	panic("aegis: built without the C core")
}

func stream(o unsafe.Pointer, out []byte, n, k *[32]byte) {
	panic("aegis: built without the C core")
}
