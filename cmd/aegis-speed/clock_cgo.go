// SPDX-License-Identifier: MIT

//go:build cgo

package main

/*
#include <stdint.h>

// clockProbe runs n rounds of 16 dependent integer additions, one cycle
// each on every x86-64 and arm64 core, so the caller's timing gives the
// clock as 16n / seconds. It returns 0 where it has no code.
static uint64_t clockProbe(uint64_t n)
{
    uint64_t x = n, i;
    for (i = 0; i < n; i++) {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
        __asm__ __volatile__(
            "add %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\t"
            "add %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\t"
            "add %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\t"
            "add %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0"
            : "+r"(x) : "r"(i));
#elif defined(__aarch64__) && (defined(__GNUC__) || defined(__clang__))
        __asm__ __volatile__(
            "add %0, %0, %1\n\tadd %0, %0, %1\n\tadd %0, %0, %1\n\tadd %0, %0, %1\n\t"
            "add %0, %0, %1\n\tadd %0, %0, %1\n\tadd %0, %0, %1\n\tadd %0, %0, %1\n\t"
            "add %0, %0, %1\n\tadd %0, %0, %1\n\tadd %0, %0, %1\n\tadd %0, %0, %1\n\t"
            "add %0, %0, %1\n\tadd %0, %0, %1\n\tadd %0, %0, %1\n\tadd %0, %0, %1"
            : "+r"(x) : "r"(i));
#else
        return 0;
#endif
    }
    return x;
}
*/
import "C"

import "time"

// clockHz estimates the core clock from the probe's chain of dependent
// additions, for reports in cycles per byte. It takes about 10 ms and
// returns the best of a few rounds, or 0 where the probe has no code for
// this architecture. The probe lives here, in the speed tool, so that it
// never ships in a user's binary.
func clockHz() float64 {
	const n = 1 << 19
	best := 0.0
	for range 8 {
		start := time.Now()
		x := C.clockProbe(n)
		d := time.Since(start)
		if x == 0 || d <= 0 {
			return 0
		}
		if hz := 16 * n / d.Seconds(); hz > best {
			best = hz
		}
	}
	return best
}
