// SPDX-License-Identifier: MIT

// The self-test of .ci/spills/check.sh: with AEGISGO_FORCE_ALIGNED_SPILL
// defined, each function spills its vector with the aligned move that an
// unpatched gcc emits for Windows x64 (GCC bug 54412), which the check
// must find; without it, the same code must pass. Debian's mingw gcc never
// emits such a move itself, so inline assembly stands in for it. The code
// is compiled and disassembled, never run.

#include <immintrin.h>

#ifdef AEGISGO_FORCE_ALIGNED_SPILL
#define SPILL(insn, v) __asm__ volatile("sub $128, %%rsp\n\t" insn " %0, 64(%%rsp)\n\tadd $128, %%rsp" : : "v"(v) : "memory")
#else
#define SPILL(insn, v) ((void)0)
#endif

__attribute__((target("avx2"))) void aegisgo_spill_ymm(void *p)
{
    __m256i v = _mm256_loadu_si256((const __m256i *)p);
    v = _mm256_xor_si256(v, _mm256_set1_epi8(0x5a));
    SPILL("vmovdqa", v);
    _mm256_storeu_si256((__m256i *)p, v);
}

__attribute__((target("avx512f"))) void aegisgo_spill_zmm(void *p)
{
    __m512i v = _mm512_loadu_si512(p);
    v = _mm512_xor_si512(v, _mm512_set1_epi32(0x5a5a5a5a));
    SPILL("vmovdqa64", v);
    _mm512_storeu_si512(p, v);
}
