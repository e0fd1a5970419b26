// SPDX-License-Identifier: MIT

/*
 * kernel_aesni.h: x86-64 AES-NI on 128-bit registers. The X variants keep
 * their D states in D registers each, so every AES instruction is one
 * lane of one state block.
 */
#include "internal.h"

#ifdef AEGISGO_HAVE_AESNI

#ifdef __clang__
#pragma clang attribute push(__attribute__((target("aes,sse4.1"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("aes,sse4.1")
#endif

#include <wmmintrin.h> /* AES-NI, and SSE2 through it */
#include <smmintrin.h> /* SSE4.1 */

typedef struct { __m128i l[1]; } aesni_blk1;
typedef struct { __m128i l[2]; } aesni_blk2;
typedef struct { __m128i l[4]; } aesni_blk4;

#define KERNEL aesni
#define BLK AEGISGO_CAT(aesni_blk, D)

/* Lane-wise operations. AESNI_EACH(S) is S(0) S(1) ... S(D-1), written
 * out: no loop is left for the compiler to unroll in each of the
 * thousands of operations, which was most of this file's compile time. */
#define AESNI_EACH1(S) S(0)
#define AESNI_EACH2(S) S(0) S(1)
#define AESNI_EACH4(S) S(0) S(1) S(2) S(3)
#define AESNI_EACH(S) AEGISGO_CAT(AESNI_EACH, D)(S)

#define AESNI_AES_(i) r_.l[i] = _mm_aesenc_si128(a_.l[i], b_.l[i]);
#define AESNI_XOR_(i) r_.l[i] = _mm_xor_si128(a_.l[i], b_.l[i]);
#define AESNI_AND_(i) r_.l[i] = _mm_and_si128(a_.l[i], b_.l[i]);
#define AESNI_LOAD_(i) r_.l[i] = _mm_loadu_si128((const __m128i *)(const void *)(p_ + 16 * (i)));
#define AESNI_STORE_(i) _mm_storeu_si128((__m128i *)(void *)(p_ + 16 * (i)), v_.l[i]);
#define AESNI_BCAST_(i) r_.l[i] = v_;

#define AESNI_BINOP(S, a, b) __extension__({   \
    BLK r_;                                     \
    const BLK a_ = (a), b_ = (b);               \
    AESNI_EACH(S)                               \
    r_;                                         \
})
#define blk_aes_round(a, k) AESNI_BINOP(AESNI_AES_, a, k)
#define blk_xor(a, b) AESNI_BINOP(AESNI_XOR_, a, b)
#define blk_and(a, b) AESNI_BINOP(AESNI_AND_, a, b)
#define blk_load(p) __extension__({            \
    BLK r_;                                     \
    const uint8_t *p_ = (p);                    \
    AESNI_EACH(AESNI_LOAD_)                     \
    r_;                                         \
})
#define blk_store(p, a) do {                   \
    const BLK v_ = (a);                         \
    uint8_t *p_ = (p);                          \
    AESNI_EACH(AESNI_STORE_)                    \
} while (0)
#define blk_broadcast(p) __extension__({           \
    BLK r_;                                     \
    const __m128i v_ = _mm_loadu_si128((const __m128i *)(const void *)(p)); \
    AESNI_EACH(AESNI_BCAST_)                    \
    r_;                                         \
})

/* The AEGIS-128 state of two lanes takes all 16 registers, and of four
 * lanes twice that, so their messages run one lane at a time through the
 * D = 1 code (GROUP128_D 1: aesni_d2_groups128, aesni_d4_groups128; see
 * FN(groups128) in aegis128_body.h). AEGIS-256X2's 12 registers fit and
 * keep the two lanes interleaved; 256X4's 24 do not (aesni_d4_groups256).
 *
 * With D = 4 the state lives in memory for the most part anyway, so Init
 * and Finalize are functions of their own (NOINLINE_INIT_FINAL:
 * aesni_d4_initialize128, aesni_d4_finalize128, aesni_d4_initialize256,
 * aesni_d4_finalize256) rather than copies in every entry point. With
 * D = 1 and 2 they stay inline and unrolled (UNROLLED, see instance.h):
 * rolled or called, they add register copies, or a trip of the state
 * through memory, to every short message. */
#define D 1
#define UNROLLED
#include "instance.h"
/* Lanes as the one-lane instance: group j of a split state is lane j. */
#define blk_group(v, j) __extension__({ aesni_blk1 r_; r_.l[0] = (v).l[j]; r_; })
#define blk_set_group(v, j, x) ((v).l[j] = (x).l[0])
#define D 2
#define UNROLLED
#define GROUP128_D 1
#include "instance.h"
#define D 4
#define GROUP128_D 1
#define GROUP256_D 1
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
