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
	"os"
	"unsafe"

	_ "github.com/aegisgo/aegis/csrc" // links the C core
)

// cpuKernels is the set of kernels this build has and this CPU runs, as a
// bit mask of kernel numbers: the C core's detection, completed by the Go
// side where the OS must be asked (arch_*.go).
var cpuKernels = archKernels(uint32(C.aegisgo_cpu_kernels()))

// defaultKernel is the kernel of each variant, chosen once.
var defaultKernel, implEnvOK = chooseAll(os.Getenv("AEGIS_IMPL"))

func chooseAll(capName string) (ks [len(Variants)]int, ok bool) {
	for i := range Variants {
		ks[i], ok = chooseKernel(cpuKernels, func(k int) bool {
			return C.aegisgo_ops_for(C.int(i), C.int(k)) != nil
		}, capName)
	}
	return ks, ok
}

// kernelOps returns the table of a variant in a kernel as an aegisgo_ref,
// or 0 when the kernel cannot run it here.
func kernelOps(variant, kernel int) uintptr {
	if kernel < 0 || kernel >= numKernels || cpuKernels&(1<<kernel) == 0 {
		return 0
	}
	return uintptr(unsafe.Pointer(C.aegisgo_ops_for(C.int(variant), C.int(kernel))))
}

// bytePtr returns a pointer to b's first byte, or nil for an empty slice
// (the C core accepts NULL with a zero length).
func bytePtr(b []byte) *C.uint8_t {
	if len(b) == 0 {
		return nil
	}
	return (*C.uint8_t)(unsafe.Pointer(&b[0]))
}

// seal and open are the only two cgo calls of Seal and Open. The pointers
// do not escape (noescape): C uses them during the call only.
func seal(ops uintptr, c, tag, m, ad []byte, n *byte, k *[32]byte) {
	C.aegisgo_seal(C.aegisgo_ref(ops), bytePtr(c), bytePtr(tag), C.size_t(len(tag)),
		bytePtr(m), C.size_t(len(m)), bytePtr(ad), C.size_t(len(ad)),
		(*C.uint8_t)(n), (*C.uint8_t)(&k[0]))
}

func open(ops uintptr, m, c, tag, ad []byte, n *byte, k *[32]byte) bool {
	res := C.int(1)
	C.aegisgo_open(C.aegisgo_ref(ops), &res, bytePtr(m), bytePtr(c), C.size_t(len(c)),
		bytePtr(tag), C.size_t(len(tag)), bytePtr(ad), C.size_t(len(ad)),
		(*C.uint8_t)(n), (*C.uint8_t)(&k[0]))
	return res == 0
}

// x86Kernels runs the pure detection function of the C core on recorded
// register values.
func x86Kernels(leaf1ECX, leaf7EBX, leaf7ECX uint32, xcr0 uint64) uint32 {
	return uint32(C.aegisgo_x86_kernels(C.uint32_t(leaf1ECX), C.uint32_t(leaf7EBX),
		C.uint32_t(leaf7ECX), C.uint64_t(xcr0)))
}
