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

#define D 1
#include "instance.h"
#undef D
#define D 2
#include "instance.h"
#undef D
#define D 4
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
