// SPDX-License-Identifier: MIT

//go:build cgo && !without_aegis && amd64

package core

/*
#include <stdint.h>
#include <cpuid.h>

// readX86 reads what aegisgo_x86_kernels takes: CPUID leaf 1 ECX, leaf 7
// EBX and ECX, and XCR0 when OSXSAVE says it can be read.
static void readX86(uint32_t *l1c, uint32_t *l7b, uint32_t *l7c, uint64_t *xcr0)
{
    unsigned int a, b, c, d;
    *l1c = *l7b = *l7c = 0;
    *xcr0 = 0;
    if (__get_cpuid(1, &a, &b, &c, &d)) {
        *l1c = c;
    }
    if (__get_cpuid_max(0, 0) >= 7) {
        __cpuid_count(7, 0, a, b, c, d);
        *l7b = b;
        *l7c = c;
    }
    if (*l1c & (1u << 27)) {
        uint32_t lo, hi;
        __asm__ __volatile__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
        *xcr0 = ((uint64_t)hi << 32) | lo;
    }
}
*/
import "C"

import (
	"runtime"

	"golang.org/x/sys/cpu"
)

// archKernels completes the C core's detection c where the OS must be
// asked: on darwin the AVX-512 state (see osAVX512Of), so the avx512 bit is
// decided again with the OS's word. Everywhere else XCR0 tells, and c
// stands.
func archKernels(c uint32) uint32 {
	word := osAVX512Of(runtime.GOOS, cpu.X86.HasAVX512F)
	if word == osAVX512FromXCR0 {
		return c
	}
	var l1c, l7b, l7c C.uint32_t
	var xcr0 C.uint64_t
	C.readX86(&l1c, &l7b, &l7c, &xcr0)
	k := x86KernelsOS(uint32(l1c), uint32(l7b), uint32(l7c), uint64(xcr0), word)
	const avx512 = 1 << KernelAVX512
	return c&^avx512 | k&avx512
}
