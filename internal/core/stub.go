//go:build !cgo || without_aegis

package core

import "unsafe"

// Without the C core no kernel exists: every constructor fails with
// common.ErrNotAvailable, and nothing below is ever reached with an AEAD.

var cpuKernels uint32

var defaultKernel [len(Variants)]int

var implEnvOK = true

func kernelOps(variant, kernel int) unsafe.Pointer { return nil }

func seal(ops unsafe.Pointer, c, tag, m, ad []byte, n, k *[32]byte) {
	panic("aegis: built without the C core")
}

func open(ops unsafe.Pointer, m, c, tag, ad []byte, n, k *[32]byte) bool {
	panic("aegis: built without the C core")
}
