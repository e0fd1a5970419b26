// SPDX-License-Identifier: MIT

//go:build cgo && !without_aegis

package core

/*
#cgo CFLAGS: -I${SRCDIR}/../../csrc
#cgo noescape aegisgo_batch
#cgo nocallback aegisgo_batch
#cgo noescape aegisgo_batch4
#cgo nocallback aegisgo_batch4
#include "aegis.h"
*/
import "C"

import "unsafe"

// The group size must be the C core's: one of these array lengths is
// negative otherwise, and the build fails.
var (
	_ [batchGroup - C.AEGISGO_BATCH_GROUP]byte
	_ [C.AEGISGO_BATCH_GROUP - batchGroup]byte
	_ [batchSmall - C.AEGISGO_BATCH_SMALL]byte
	_ [C.AEGISGO_BATCH_SMALL - batchSmall]byte
	_ [unsafe.Sizeof(C.size_t(0)) - unsafe.Sizeof(uintptr(0))]byte
	_ [unsafe.Sizeof(uintptr(0)) - unsafe.Sizeof(C.size_t(0))]byte
)

func u8(p *byte) *C.uint8_t { return (*C.uint8_t)(p) }

// runGroup is the one cgo call of each group of a batch: the entry point
// with 4 slots when they hold the group, else the one with 16. It returns,
// for an open, the bit mask of the messages whose tag did not match.
func runGroup(ops uintptr, g *group, k *[32]byte, tagLen int, open bool) uint32 {
	dir := C.aegisgo_dir(C.AEGISGO_ENCRYPT)
	if open {
		dir = C.AEGISGO_DECRYPT
	}
	if g.n <= batchSmall {
		return uint32(C.aegisgo_batch4(C.aegisgo_ref(ops), dir, u8(&k[0]), C.size_t(tagLen),
			(*C.size_t)(unsafe.Pointer(&g.lens[0])), C.size_t(g.n),
			u8(g.out[0]), u8(g.in[0]), u8(g.ad[0]), u8(g.noncePtr(0)),
			u8(g.out[1]), u8(g.in[1]), u8(g.ad[1]), u8(g.noncePtr(1)),
			u8(g.out[2]), u8(g.in[2]), u8(g.ad[2]), u8(g.noncePtr(2)),
			u8(g.out[3]), u8(g.in[3]), u8(g.ad[3]), u8(g.noncePtr(3))))
	}
	return uint32(C.aegisgo_batch(C.aegisgo_ref(ops), dir, u8(&k[0]), C.size_t(tagLen),
		(*C.size_t)(unsafe.Pointer(&g.lens[0])), C.size_t(g.n),
		u8(g.out[0]), u8(g.in[0]), u8(g.ad[0]), u8(g.noncePtr(0)),
		u8(g.out[1]), u8(g.in[1]), u8(g.ad[1]), u8(g.noncePtr(1)),
		u8(g.out[2]), u8(g.in[2]), u8(g.ad[2]), u8(g.noncePtr(2)),
		u8(g.out[3]), u8(g.in[3]), u8(g.ad[3]), u8(g.noncePtr(3)),
		u8(g.out[4]), u8(g.in[4]), u8(g.ad[4]), u8(g.noncePtr(4)),
		u8(g.out[5]), u8(g.in[5]), u8(g.ad[5]), u8(g.noncePtr(5)),
		u8(g.out[6]), u8(g.in[6]), u8(g.ad[6]), u8(g.noncePtr(6)),
		u8(g.out[7]), u8(g.in[7]), u8(g.ad[7]), u8(g.noncePtr(7)),
		u8(g.out[8]), u8(g.in[8]), u8(g.ad[8]), u8(g.noncePtr(8)),
		u8(g.out[9]), u8(g.in[9]), u8(g.ad[9]), u8(g.noncePtr(9)),
		u8(g.out[10]), u8(g.in[10]), u8(g.ad[10]), u8(g.noncePtr(10)),
		u8(g.out[11]), u8(g.in[11]), u8(g.ad[11]), u8(g.noncePtr(11)),
		u8(g.out[12]), u8(g.in[12]), u8(g.ad[12]), u8(g.noncePtr(12)),
		u8(g.out[13]), u8(g.in[13]), u8(g.ad[13]), u8(g.noncePtr(13)),
		u8(g.out[14]), u8(g.in[14]), u8(g.ad[14]), u8(g.noncePtr(14)),
		u8(g.out[15]), u8(g.in[15]), u8(g.ad[15]), u8(g.noncePtr(15))))
}
