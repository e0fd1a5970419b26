// SPDX-License-Identifier: MIT

//go:build cgo && !without_aegis

package core

/*
#cgo CFLAGS: -I${SRCDIR}/../../csrc
#cgo noescape aegisgo_seal
#cgo nocallback aegisgo_seal
#cgo noescape aegisgo_open
#cgo nocallback aegisgo_open
#include "aegis.h"
*/
import "C"

import (
	"unsafe"

	_ "github.com/aegisgo/aegis/csrc" // links the C core's glue; the variants' engines link their kernels
)

// The C core numbers the variants and the kernels as variant.go and
// kernel.go do: an index below is out of range, and the build fails, where
// csrc/aegis.h says otherwise.
func _() {
	var x [1]struct{}
	_ = x[C.AEGISGO_128L-id128L]
	_ = x[C.AEGISGO_128X2-id128X2]
	_ = x[C.AEGISGO_128X4-id128X4]
	_ = x[C.AEGISGO_256-id256]
	_ = x[C.AEGISGO_256X2-id256X2]
	_ = x[C.AEGISGO_256X4-id256X4]
	_ = x[C.AEGISGO_NVARIANTS-len(Variants)]
	_ = x[C.AEGISGO_SOFT-int(KernelSoft)]
	_ = x[C.AEGISGO_AESNI-int(KernelAESNI)]
	_ = x[C.AEGISGO_AVX2-int(KernelAVX2)]
	_ = x[C.AEGISGO_AVX512-int(KernelAVX512)]
	_ = x[C.AEGISGO_NEON-int(KernelNEON)]
	_ = x[C.AEGISGO_VPERM-int(KernelVperm)]
	_ = x[C.AEGISGO_NEONSHA3-int(KernelNEONSHA3)]
	_ = x[C.AEGISGO_NKERNELS-int(numKernels)]
}

// bytePtr returns a pointer to b's first byte, or nil for an empty slice
// (the C core accepts NULL with a zero length).
func bytePtr(b []byte) *C.uint8_t {
	if len(b) == 0 {
		return nil
	}
	return (*C.uint8_t)(unsafe.Pointer(&b[0]))
}

// seal and open are the only two cgo calls of Seal and Open, for a C
// table; the Go engine takes a handle. The pointers do not escape
// (noescape): C uses them during the call only.
func seal(ops uintptr, c, tag, m, ad []byte, n, k *byte) {
	if isGo(ops) {
		goEngine(ops).seal(c, tag, m, ad, n, k)
		return
	}
	C.aegisgo_seal(C.aegisgo_ref(ops), bytePtr(c), bytePtr(tag), C.size_t(len(tag)),
		bytePtr(m), C.size_t(len(m)), bytePtr(ad), C.size_t(len(ad)),
		(*C.uint8_t)(n), (*C.uint8_t)(k))
}

func open(ops uintptr, m, c, tag, ad []byte, n, k *byte) bool {
	if isGo(ops) {
		return goEngine(ops).open(m, c, tag, ad, n, k)
	}
	res := C.int(1)
	C.aegisgo_open(C.aegisgo_ref(ops), &res, bytePtr(m), bytePtr(c), C.size_t(len(c)),
		bytePtr(tag), C.size_t(len(tag)), bytePtr(ad), C.size_t(len(ad)),
		(*C.uint8_t)(n), (*C.uint8_t)(k))
	return res == 0
}
