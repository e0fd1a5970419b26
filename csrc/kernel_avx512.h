// SPDX-License-Identifier: MIT

/*
 * kernel_avx512.h: VAES on 512-bit registers for the X4 variants (one
 * register per state block), and AVX-512VL ternary logic on 256-bit
 * registers for the X2 variants and on 128-bit registers for AEGIS-128L and
 * AEGIS-256: a^b^(c&d) and a^b^c take one instruction fewer each than with
 * AVX2. Partial blocks use byte-masked loads and stores (AVX-512BW).
 */
#include "internal.h"

#ifdef AEGISGO_HAVE_AVX512

#ifdef __clang__
#pragma clang attribute push(__attribute__((target("avx512f,avx512vl,avx512bw,avx2,aes,vaes"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx512f,avx512vl,avx512bw,avx2,aes,vaes")
#endif

#include <immintrin.h>

#define KERNEL avx512

/* gcc's second scheduling pass (after register allocation, tuned for no
 * CPU in particular) reorders the AEGIS-256 update and keystream so that
 * the loop runs slower than in the order of the source, which clang
 * keeps: the source puts each AES round next to the XOR that waits on it.
 * The AEGIS-128 family gains nothing from the source order and its Open
 * loses a little, so only the 256 family opts out (instance.h). */
#define AEGISGO_SOURCE_ORDER256

/* Truth tables for vpternlog, inputs (A, B, C): A^B^C and A^(B&C). */
#define TERN_XOR3 0x96
#define TERN_XORAND 0x78

/* Byte masks for partial blocks: the first n bits set, 0 <= n <= 64.
 * Masked loads do not fault on the bytes they leave out, so a partial block
 * at the end of a mapping reads nothing past its end. */
#define MASK64(n) ((n) >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << (n)) - 1))

/* D = 1: 128-bit registers with VEX/EVEX encoding and ternary logic. */
#define D 1
#define BLK __m128i
#define blk_aes_round(a, k) _mm_aesenc_si128((a), (k))
#define blk_xor(a, b) _mm_xor_si128((a), (b))
#define blk_and(a, b) _mm_and_si128((a), (b))
#define blk_xor3(a, b, c) _mm_ternarylogic_epi64((a), (b), (c), TERN_XOR3)
#define blk_xor_xor_and(a, b, c, d) \
    _mm_xor_si128((a), _mm_ternarylogic_epi64((b), (c), (d), TERN_XORAND))
#define blk_xor_and(a, b, c) _mm_ternarylogic_epi64((a), (b), (c), TERN_XORAND)
#define blk_load(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define blk_store(p, a) _mm_storeu_si128((__m128i *)(void *)(p), (a))
#define blk_broadcast(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define blk_load_part(p, n) _mm_maskz_loadu_epi8((__mmask16)MASK64(n), (const void *)(p))
#define blk_store_part(p, v, n) _mm_mask_storeu_epi8((void *)(p), (__mmask16)MASK64(n), (v))
#define blk_keep_part(v, n) _mm_maskz_mov_epi8((__mmask16)MASK64(n), (v))
#include "instance.h"
#include "blk_undef.h"

/* D = 2: 256-bit registers with ternary logic. */
#define D 2
#define BLK __m256i
#define blk_aes_round(a, k) _mm256_aesenc_epi128((a), (k))
#define blk_xor(a, b) _mm256_xor_si256((a), (b))
#define blk_and(a, b) _mm256_and_si256((a), (b))
#define blk_xor3(a, b, c) _mm256_ternarylogic_epi64((a), (b), (c), TERN_XOR3)
#define blk_xor_xor_and(a, b, c, d) \
    _mm256_xor_si256((a), _mm256_ternarylogic_epi64((b), (c), (d), TERN_XORAND))
#define blk_xor_and(a, b, c) _mm256_ternarylogic_epi64((a), (b), (c), TERN_XORAND)
#define blk_load(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define blk_store(p, a) _mm256_storeu_si256((__m256i *)(void *)(p), (a))
#define blk_broadcast(p) _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(p)))
#define blk_load_part(p, n) _mm256_maskz_loadu_epi8((__mmask32)MASK64(n), (const void *)(p))
#define blk_store_part(p, v, n) _mm256_mask_storeu_epi8((void *)(p), (__mmask32)MASK64(n), (v))
#define blk_keep_part(v, n) _mm256_maskz_mov_epi8((__mmask32)MASK64(n), (v))
#include "instance.h"
#include "blk_undef.h"

/* D = 4: one 512-bit register per block. */
#define D 4
#define BLK __m512i
#define blk_aes_round(a, k) _mm512_aesenc_epi128((a), (k))
#define blk_xor(a, b) _mm512_xor_si512((a), (b))
#define blk_and(a, b) _mm512_and_si512((a), (b))
#define blk_xor3(a, b, c) _mm512_ternarylogic_epi64((a), (b), (c), TERN_XOR3)
#define blk_xor_xor_and(a, b, c, d) \
    _mm512_xor_si512((a), _mm512_ternarylogic_epi64((b), (c), (d), TERN_XORAND))
#define blk_xor_and(a, b, c) _mm512_ternarylogic_epi64((a), (b), (c), TERN_XORAND)
#define blk_load(p) _mm512_loadu_si512((const void *)(p))
#define blk_store(p, a) _mm512_storeu_si512((void *)(p), (a))
#define blk_broadcast(p) _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(const void *)(p)))
#define blk_load_part(p, n) _mm512_maskz_loadu_epi8((__mmask64)MASK64(n), (const void *)(p))
#define blk_store_part(p, v, n) _mm512_mask_storeu_epi8((void *)(p), (__mmask64)MASK64(n), (v))
#define blk_keep_part(v, n) _mm512_maskz_mov_epi8((__mmask64)MASK64(n), (v))

/* Batches (lanes.h): four AEGIS-128L or AEGIS-256 messages per register.
 * (Two X2 messages per register measured slower than one at a time on
 * 256-bit registers, BENCHMARKS.md "Batches", so the X2 variants have no
 * lanes.) */
AEGISGO_INLINE __m512i avx512_lanes_load_4x1(const uint8_t *const *p, size_t off)
{
    __m512i r = _mm512_castsi128_si512(_mm_loadu_si128((const __m128i *)(const void *)(p[0] + off)));
    r = _mm512_mask_broadcast_i32x4(r, 0x00f0, _mm_loadu_si128((const __m128i *)(const void *)(p[1] + off)));
    r = _mm512_mask_broadcast_i32x4(r, 0x0f00, _mm_loadu_si128((const __m128i *)(const void *)(p[2] + off)));
    return _mm512_mask_broadcast_i32x4(r, 0xf000, _mm_loadu_si128((const __m128i *)(const void *)(p[3] + off)));
}
AEGISGO_INLINE void avx512_lanes_store_4x1(uint8_t *const *p, size_t off, __m512i v)
{
    _mm_storeu_si128((__m128i *)(void *)(p[0] + off), _mm512_castsi512_si128(v));
    _mm_storeu_si128((__m128i *)(void *)(p[1] + off), _mm512_extracti32x4_epi32(v, 1));
    _mm_storeu_si128((__m128i *)(void *)(p[2] + off), _mm512_extracti32x4_epi32(v, 2));
    _mm_storeu_si128((__m128i *)(void *)(p[3] + off), _mm512_extracti32x4_epi32(v, 3));
}
/* The first n <= 16 bytes: byte-masked loads and stores, which touch no
 * byte past n (see MASK64). */
AEGISGO_INLINE __m512i avx512_lanes_load_part_4x1(const uint8_t *const *p, size_t off, size_t n)
{
    const __mmask16 m = (__mmask16)MASK64(n);
    __m512i r = _mm512_castsi128_si512(_mm_maskz_loadu_epi8(m, (const void *)(p[0] + off)));
    r = _mm512_inserti32x4(r, _mm_maskz_loadu_epi8(m, (const void *)(p[1] + off)), 1);
    r = _mm512_inserti32x4(r, _mm_maskz_loadu_epi8(m, (const void *)(p[2] + off)), 2);
    return _mm512_inserti32x4(r, _mm_maskz_loadu_epi8(m, (const void *)(p[3] + off)), 3);
}
AEGISGO_INLINE void avx512_lanes_store_part_4x1(uint8_t *const *p, size_t off, __m512i v, size_t n)
{
    const __mmask16 m = (__mmask16)MASK64(n);
    _mm_mask_storeu_epi8((void *)(p[0] + off), m, _mm512_castsi512_si128(v));
    _mm_mask_storeu_epi8((void *)(p[1] + off), m, _mm512_extracti32x4_epi32(v, 1));
    _mm_mask_storeu_epi8((void *)(p[2] + off), m, _mm512_extracti32x4_epi32(v, 2));
    _mm_mask_storeu_epi8((void *)(p[3] + off), m, _mm512_extracti32x4_epi32(v, 3));
}
/* Four messages' 64 bytes, one register each, to rows (row i: bytes 16i
 * to 16i + 15 of every message) and back: the same network of eight
 * 128-bit shuffles either way, where lane_load and lane_store take twelve
 * and twice the loads and stores. */
AEGISGO_INLINE void avx512_transpose_4x1(__m512i r[4])
{
    const __m512i t0 = _mm512_shuffle_i64x2(r[0], r[1], 0x44);
    const __m512i t1 = _mm512_shuffle_i64x2(r[2], r[3], 0x44);
    const __m512i t2 = _mm512_shuffle_i64x2(r[0], r[1], 0xee);
    const __m512i t3 = _mm512_shuffle_i64x2(r[2], r[3], 0xee);
    r[0] = _mm512_shuffle_i64x2(t0, t1, 0x88);
    r[1] = _mm512_shuffle_i64x2(t0, t1, 0xdd);
    r[2] = _mm512_shuffle_i64x2(t2, t3, 0x88);
    r[3] = _mm512_shuffle_i64x2(t2, t3, 0xdd);
}
AEGISGO_INLINE void avx512_lanes_load_rows_4x1(const uint8_t *const *p, size_t off, __m512i r[4])
{
    int j;
    for (j = 0; j < 4; j++) {
        r[j] = _mm512_loadu_si512((const void *)(p[j] + off));
    }
    avx512_transpose_4x1(r);
}
AEGISGO_INLINE void avx512_lanes_store_rows_4x1(uint8_t *const *p, size_t off, __m512i r[4])
{
    int j;
    avx512_transpose_4x1(r);
    for (j = 0; j < 4; j++) {
        _mm512_storeu_si512((void *)(p[j] + off), r[j]);
    }
}

#define lane_load_rows(p, off, r) avx512_lanes_load_rows_4x1((p), (off), (r))
#define lane_store_rows(p, off, r) avx512_lanes_store_rows_4x1((p), (off), (r))
#define lane_load(p, off) avx512_lanes_load_4x1((p), (off))
#define lane_store(p, off, v) avx512_lanes_store_4x1((p), (off), (v))
#define lane_load_part(p, off, n) avx512_lanes_load_part_4x1((p), (off), (n))
#define lane_store_part(p, off, v, n) avx512_lanes_store_part_4x1((p), (off), (v), (n))
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
