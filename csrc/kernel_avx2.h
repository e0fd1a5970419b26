// SPDX-License-Identifier: MIT

/*
 * kernel_avx2.h: VAES on 256-bit registers. One register holds the two
 * lanes of AEGIS-128X2 and AEGIS-256X2; the X4 variants use two registers
 * per state block. AEGIS-128L and AEGIS-256 have one lane: they get the
 * VEX forms of the 128-bit AES instructions.
 */
#include "internal.h"

#ifdef AEGISGO_HAVE_AVX2

#ifdef __clang__
#pragma clang attribute push(__attribute__((target("avx2,aes,vaes"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx2,aes,vaes")
#endif

#include <immintrin.h>

#define KERNEL avx2

/* D = 1: 128-bit registers, but with VEX encoding: three-operand forms
 * save the register copies that two-operand AES-NI needs in every
 * update. */
#define D 1
#define BLK __m128i
#define blk_aes_round(a, k) _mm_aesenc_si128((a), (k))
#define blk_xor(a, b) _mm_xor_si128((a), (b))
#define blk_and(a, b) _mm_and_si128((a), (b))
#define blk_load(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define blk_store(p, a) _mm_storeu_si128((__m128i *)(void *)(p), (a))
#define blk_broadcast(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#include "instance.h"
#include "blk_undef.h"

/* D = 2: one register, and batches (lanes.h): two AEGIS-128L or AEGIS-256
 * messages per register. */
#define D 2
#define BLK __m256i
#define blk_aes_round(a, k) _mm256_aesenc_epi128((a), (k))
#define blk_xor(a, b) _mm256_xor_si256((a), (b))
#define blk_and(a, b) _mm256_and_si256((a), (b))
#define blk_load(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define blk_store(p, a) _mm256_storeu_si256((__m256i *)(void *)(p), (a))
#define blk_broadcast(p) _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(p)))
AEGISGO_INLINE __m256i avx2_lanes_load_2x1(const uint8_t *const *p, size_t off)
{
    const __m256i r = _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(p[0] + off)));
    return _mm256_inserti128_si256(r, _mm_loadu_si128((const __m128i *)(const void *)(p[1] + off)), 1);
}
AEGISGO_INLINE void avx2_lanes_store_2x1(uint8_t *const *p, size_t off, __m256i v)
{
    _mm_storeu_si128((__m128i *)(void *)(p[0] + off), _mm256_castsi256_si128(v));
    _mm_storeu_si128((__m128i *)(void *)(p[1] + off), _mm256_extracti128_si256(v, 1));
}
#define lane_load(p, off) avx2_lanes_load_2x1((p), (off))
#define lane_store(p, off, v) avx2_lanes_store_2x1((p), (off), (v))
#include "instance.h"
#include "blk_undef.h"

/* D = 4: two registers per block. The state alone would take all 16
 * registers, so the message runs through the D = 2 code above, lanes 0-1,
 * then lanes 2-3 (GROUP128_D and GROUP256_D 2: avx2_d4_groups128,
 * avx2_d4_groups256; see FN(groups128) in aegis128_body.h). And, as the
 * state lives in memory for the most part, Init and Finalize are
 * functions of their own (NOINLINE_INIT_FINAL: avx2_d4_initialize128,
 * avx2_d4_finalize128, avx2_d4_initialize256, avx2_d4_finalize256). */
typedef struct { __m256i l[2]; } avx2_blk4;
#define D 4
#define BLK avx2_blk4
#define AVX2_PAIR(f, a, b) __extension__({              \
    const avx2_blk4 a_ = (a), b_ = (b);                  \
    avx2_blk4 r_;                                        \
    r_.l[0] = f(a_.l[0], b_.l[0]);                       \
    r_.l[1] = f(a_.l[1], b_.l[1]);                       \
    r_;                                                  \
})
#define blk_aes_round(a, k) AVX2_PAIR(_mm256_aesenc_epi128, a, k)
#define blk_xor(a, b) AVX2_PAIR(_mm256_xor_si256, a, b)
#define blk_and(a, b) AVX2_PAIR(_mm256_and_si256, a, b)
#define blk_load(p) __extension__({                                     \
    const uint8_t *p_ = (p);                                             \
    avx2_blk4 r_;                                                        \
    r_.l[0] = _mm256_loadu_si256((const __m256i *)(const void *)p_);     \
    r_.l[1] = _mm256_loadu_si256((const __m256i *)(const void *)(p_ + 32)); \
    r_;                                                                  \
})
#define blk_store(p, a) do {                                            \
    uint8_t *p_ = (p);                                                   \
    const avx2_blk4 v_ = (a);                                            \
    _mm256_storeu_si256((__m256i *)(void *)p_, v_.l[0]);                 \
    _mm256_storeu_si256((__m256i *)(void *)(p_ + 32), v_.l[1]);          \
} while (0)
#define blk_broadcast(p) __extension__({                                    \
    avx2_blk4 r_;                                                        \
    r_.l[0] = _mm256_broadcastsi128_si256(                               \
        _mm_loadu_si128((const __m128i *)(const void *)(p)));            \
    r_.l[1] = r_.l[0];                                                   \
    r_;                                                                  \
})
#define GROUP128_D 2
#define GROUP256_D 2
#define blk_group(v, j) ((v).l[j])
#define blk_set_group(v, j, x) ((v).l[j] = (x))
#define NOINLINE_INIT_FINAL
#include "instance.h"

#ifdef __clang__
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif

/* Undone, so that another kernel can follow in the same file. */
#undef KERNEL
#include "blk_undef.h"

#endif
