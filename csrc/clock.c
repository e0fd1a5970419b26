//go:build cgo && !without_aegis

/*
 * clock.c: a probe of the core clock for the benchmarks, which report
 * cycles per byte. It runs a chain of dependent integer additions, one
 * cycle each on every x86-64 and arm64 core, so the caller's timing of n
 * iterations gives the clock as 16n / seconds.
 */
#include "internal.h"

uint64_t aegisgo_clock_probe(uint64_t n)
{
    uint64_t x = n, i;
    for (i = 0; i < n; i++) {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
        /* 16 additions, each waiting on the previous one. */
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
        return 0; /* no probe here: callers print no cycle counts */
#endif
    }
    return x;
}
