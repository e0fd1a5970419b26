// SPDX-License-Identifier: MIT

//go:build cgo && !without_aegis

package core

/*
#cgo CFLAGS: -I${SRCDIR}/../../csrc
#cgo noescape aegisgo_inc_init
#cgo nocallback aegisgo_inc_init
#cgo noescape aegisgo_inc_encrypt
#cgo nocallback aegisgo_inc_encrypt
#cgo noescape aegisgo_inc_decrypt
#cgo nocallback aegisgo_inc_decrypt
#cgo noescape aegisgo_inc_final
#cgo nocallback aegisgo_inc_final
#cgo noescape aegisgo_inc_verify
#cgo nocallback aegisgo_inc_verify
#cgo noescape aegisgo_mac_update
#cgo nocallback aegisgo_mac_update
#cgo noescape aegisgo_mac_final
#cgo nocallback aegisgo_mac_final
#cgo noescape aegisgo_keystream_xor
#cgo nocallback aegisgo_keystream_xor
#cgo noescape aegisgo_keystream
#cgo nocallback aegisgo_keystream
#include "aegis.h"
*/
import "C"

// cStateSize must be AEGISGO_STATE_BYTES, which StateSize holds: one of
// these array lengths is negative otherwise, and the build fails.
var (
	_ [C.AEGISGO_STATE_BYTES - cStateSize]byte
	_ [cStateSize - C.AEGISGO_STATE_BYTES]byte
	_ [StateSize - C.AEGISGO_STATE_BYTES]byte
)

// The only cgo calls of the incremental types, one per method call, for
// a C table; the Go engine takes a handle (engine.go). The state and the
// slices are used during the call only (noescape).

func opsOf(p uintptr) C.aegisgo_ref { return C.aegisgo_ref(p) }

func statePtr(st *[StateSize]byte) *C.uint8_t { return (*C.uint8_t)(&st[0]) }

func incInit(o uintptr, st *[StateSize]byte, ad []byte, n, k *[32]byte) {
	if isGo(o) {
		goEngine(o).incInit(st, ad, n, k)
		return
	}
	C.aegisgo_inc_init(opsOf(o), statePtr(st), bytePtr(ad), C.size_t(len(ad)),
		(*C.uint8_t)(&n[0]), (*C.uint8_t)(&k[0]))
}

func incEncrypt(o uintptr, st *[StateSize]byte, c, m []byte) {
	if isGo(o) {
		goEngine(o).incCrypt(st, c, m, false)
		return
	}
	C.aegisgo_inc_encrypt(opsOf(o), statePtr(st), bytePtr(c), bytePtr(m), C.size_t(len(m)))
}

func incDecrypt(o uintptr, st *[StateSize]byte, m, c []byte) {
	if isGo(o) {
		goEngine(o).incCrypt(st, m, c, true)
		return
	}
	C.aegisgo_inc_decrypt(opsOf(o), statePtr(st), bytePtr(m), bytePtr(c), C.size_t(len(c)))
}

func incFinal(o uintptr, st *[StateSize]byte, tag []byte) {
	if isGo(o) {
		goEngine(o).incFinal(st, tag)
		return
	}
	C.aegisgo_inc_final(opsOf(o), statePtr(st), bytePtr(tag), C.size_t(len(tag)))
}

func incVerify(o uintptr, st *[StateSize]byte, tag []byte) bool {
	if isGo(o) {
		return goEngine(o).incVerify(st, tag)
	}
	return C.aegisgo_inc_verify(opsOf(o), statePtr(st), bytePtr(tag), C.size_t(len(tag))) == 0
}

func macUpdate(o uintptr, st *[StateSize]byte, data []byte) {
	if isGo(o) {
		goEngine(o).macUpdate(st, data)
		return
	}
	C.aegisgo_mac_update(opsOf(o), statePtr(st), bytePtr(data), C.size_t(len(data)))
}

func macFinal(o uintptr, st *[StateSize]byte, tag []byte) {
	if isGo(o) {
		goEngine(o).macFinal(st, tag)
		return
	}
	C.aegisgo_mac_final(opsOf(o), statePtr(st), bytePtr(tag), C.size_t(len(tag)))
}

func streamXOR(o uintptr, st *[StateSize]byte, out, in []byte) {
	if isGo(o) {
		goEngine(o).streamXOR(st, out, in)
		return
	}
	C.aegisgo_keystream_xor(opsOf(o), statePtr(st), bytePtr(out), bytePtr(in), C.size_t(len(out)))
}

func stream(o uintptr, out []byte, n, k *[32]byte) {
	if isGo(o) {
		goEngine(o).stream(out, n, k)
		return
	}
	C.aegisgo_keystream(opsOf(o), bytePtr(out), C.size_t(len(out)), (*C.uint8_t)(&n[0]), (*C.uint8_t)(&k[0]))
}
