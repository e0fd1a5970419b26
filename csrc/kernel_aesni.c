//go:build cgo && !without_aegis

/*
 * kernel_aesni.c: x86-64 AES-NI on 128-bit registers. The X variants keep
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

#include <immintrin.h>

typedef struct { __m128i l[1]; } aesni_blk1;
typedef struct { __m128i l[2]; } aesni_blk2;
typedef struct { __m128i l[4]; } aesni_blk4;

#define KERNEL aesni
#define BLK AEGISGO_CAT(aesni_blk, D)

/* Lane-wise operations; the loops have a constant trip count of D and
 * unroll away. */
#define AESNI_LANES2(f, a, b) __extension__({          \
    BLK r_, a_ = (a), b_ = (b);                         \
    int i_;                                             \
    for (i_ = 0; i_ < D; i_++) {                        \
        r_.l[i_] = f(a_.l[i_], b_.l[i_]);               \
    }                                                   \
    r_;                                                 \
})
#define blk_aes(a, k) AESNI_LANES2(_mm_aesenc_si128, a, k)
#define blk_xor(a, b) AESNI_LANES2(_mm_xor_si128, a, b)
#define blk_and(a, b) AESNI_LANES2(_mm_and_si128, a, b)
#define blk_load(p) __extension__({                                    \
    BLK r_;                                                             \
    const uint8_t *p_ = (p);                                            \
    int i_;                                                             \
    for (i_ = 0; i_ < D; i_++) {                                        \
        r_.l[i_] = _mm_loadu_si128((const __m128i *)(p_ + 16 * i_));    \
    }                                                                   \
    r_;                                                                 \
})
#define blk_store(p, a) do {                                            \
    BLK v_ = (a);                                                       \
    uint8_t *p_ = (p);                                                  \
    int i_;                                                             \
    for (i_ = 0; i_ < D; i_++) {                                        \
        _mm_storeu_si128((__m128i *)(p_ + 16 * i_), v_.l[i_]);          \
    }                                                                   \
} while (0)
#define blk_bcast(p) __extension__({                                   \
    BLK r_;                                                             \
    const __m128i v_ = _mm_loadu_si128((const __m128i *)(p));           \
    int i_;                                                             \
    for (i_ = 0; i_ < D; i_++) {                                        \
        r_.l[i_] = v_;                                                  \
    }                                                                   \
    r_;                                                                 \
})

/* Lanes as the one-lane instance: group j of a split state is lane j. */
#define AESNI_LANE(v, j) __extension__({ aesni_blk1 r_; r_.l[0] = (v).l[j]; r_; })

/* The AEGIS-128 state of two lanes takes all 16 registers, and of four
 * lanes twice that, so their messages run one lane at a time through the
 * D = 1 code (see FN(bulk128)). AEGIS-256X2's 12 registers fit and keep
 * the two lanes interleaved; 256X4's 24 do not. */
#define D 1
#include "instance.h"
#undef D
#define D 2
#define GROUPED128
#define GROUPS 2
#define SUB(x) AEGISGO_CAT(aesni_d1_, x)
#define blk_group(v, j) AESNI_LANE(v, j)
#define blk_set_group(v, j, x) ((v).l[j] = (x).l[0])
#include "instance.h"
#undef D
#define D 4
#define GROUPED128
#define GROUPED256
#define GROUPS 4
#define SUB(x) AEGISGO_CAT(aesni_d1_, x)
#define blk_group(v, j) AESNI_LANE(v, j)
#define blk_set_group(v, j, x) ((v).l[j] = (x).l[0])
#include "instance.h"
#undef D

#ifdef __clang__
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif

const aegisgo_ops *const aegisgo_aesni_table[AEGISGO_NVARIANTS] = {
    &aesni_d1_ops128, &aesni_d2_ops128, &aesni_d4_ops128,
    &aesni_d1_ops256, &aesni_d2_ops256, &aesni_d4_ops256,
};

#endif
