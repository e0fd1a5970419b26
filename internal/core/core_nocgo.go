// SPDX-License-Identifier: MIT

//go:build !cgo || without_aegis

package core

// Without the C core, the Go engine (goengine.go) runs everything: the
// assembly kernels where internal/asm has them in this build, soft
// everywhere. Its handle in place of a C table is 1 + the index of its
// variant and kernel in goKernels. With without_aegis no kernel exists:
// every constructor fails with common.ErrNotAvailable, and nothing below
// is ever reached with an AEAD (the Go engine is then dead code).

// detectKernels returns the kernels that this CPU runs and the Go engine
// has.
func detectKernels() uint32 {
	if withoutAEGIS {
		return 0
	}
	here := cpuKernelsHere()
	var k uint32
	for kernel := range numKernels {
		if here&(1<<kernel) != 0 && goKernelFor(0, kernel) != nil {
			k |= 1 << kernel
		}
	}
	return k
}

// opsFor returns the Go engine's handle of a variant on a kernel, or 0
// when this build has no such kernel.
func opsFor(variant int, kernel Kernel) uintptr {
	if withoutAEGIS || goKernelFor(variant, kernel) == nil {
		return 0
	}
	return 1 + uintptr(variant)*uintptr(numKernels) + uintptr(kernel)
}

// lanesOf is 0: the Go engine runs a batch's messages one at a time.
func lanesOf(variant int, kernel Kernel) int { return 0 }

// goEngine returns the Go engine of a handle from opsFor.
func goEngine(ops uintptr) *goKernel {
	if withoutAEGIS {
		panic("aegis: built without AEGIS (without_aegis)")
	}
	i := ops - 1
	return &goKernels[i/uintptr(numKernels)][i%uintptr(numKernels)].g
}

func seal(ops uintptr, c, tag, m, ad []byte, n, k *byte) {
	goEngine(ops).seal(c, tag, m, ad, n, k)
}

func open(ops uintptr, m, c, tag, ad []byte, n, k *byte) bool {
	return goEngine(ops).open(m, c, tag, ad, n, k)
}
