// SPDX-License-Identifier: MIT

/*
 * instance.h: instantiates both algorithm bodies for one kernel and one
 * degree. The kernel defines KERNEL (its name), D, BLK and the block
 * operations listed in aegis128_body.h, then includes this file. It gets
 * the entry points of the bodies and of their incremental forms
 * (aegis128_inc.h, aegis256_inc.h), named FN(x) = KERNEL_dD_x:
 *
 *   FN(encrypt128)      FN(decrypt128)
 *   FN(inc128_init)     FN(inc128_update)   FN(inc128_final)
 *   FN(mac128_update)   FN(mac128_final)
 *
 * and the same with 256. These, and the functions the kernel names below,
 * are the only functions of an instance that reach the binary: everything
 * else is inlined into them. The kernel lists them, by their full names,
 * in its table of entry points (for example avx2_d1_encrypt128 in
 * kernel_avx2.c), so that the names a profiler shows can be found with
 * grep; csrc/names_test.go checks it.
 *
 * A kernel whose registers cannot hold the state of D lanes also defines,
 * for that D, GROUPED128 and/or GROUPED256 as the name of a function that
 * runs that family's message in groups of lanes (for example
 * aesni_d2_groups128), GROUPS (how many groups), SUB(name) (the names of
 * the instance of D / GROUPS lanes, included before), blk_group(v, j) (the
 * block of group j's lanes of v, a BLK of that instance) and
 * blk_set_group(v, j, x).
 *
 * A kernel may also name out-of-line updates, Enc and Dec of a block, Init
 * and Finalize (UPDATE128, ENC128, INIT128, FINAL128 and the others; see
 * aegis128_body.h). The bodies undefine those after use, and this file
 * the rest.
 */

#define FN(x) AEGISGO_CAT(AEGISGO_CAT(AEGISGO_CAT(KERNEL, _d), D), AEGISGO_CAT(_, x))

/* The loops of Init and Finalize stay loops (AEGISGO_ROLLED in
 * internal.h), except where the kernel defines UNROLLED: two-operand
 * AESENC overwrites its input, so a rolled loop needs a register copy per
 * round to put the state back where the next iteration wants it, which
 * costs aesni's short messages 15-30% more instructions. */
#ifdef UNROLLED
#define ROLLED
#else
#define ROLLED AEGISGO_ROLLED
#endif

#ifndef blk_xor3
#define blk_xor3(a, b, c) blk_xor(blk_xor(a, b), c)
#endif
#ifndef blk_xor_xor_and
#define blk_xor_xor_and(a, b, c, d) blk_xor(blk_xor(a, b), blk_and(c, d))
#endif
#ifndef blk_xor_and
#define blk_xor_and(a, b, c) blk_xor((a), blk_and(b, c))
#endif

/* XOR of the D lanes of a, written as 16 bytes: the parallel modes combine
 * the lanes' tags this way. */
AEGISGO_INLINE void FN(fold)(uint8_t out[16], BLK a)
{
#if D == 1
    blk_store(out, a);
#else
    /* XOR works bytewise, so 64-bit words give the same bytes in either
     * byte order. */
    uint8_t b[16 * D];
    uint64_t w[2 * D], x0, x1;
    int i;
    blk_store(b, a);
    memcpy(w, b, sizeof w);
    x0 = w[0];
    x1 = w[1];
    for (i = 1; i < D; i++) {
        x0 ^= w[2 * i];
        x1 ^= w[2 * i + 1];
    }
    memcpy(out, &x0, 8);
    memcpy(out + 8, &x1, 8);
#endif
}

/* Partial blocks. A kernel with masked loads and stores (AVX-512) defines
 * blk_load_part(p, n) (n bytes from p, zeros after, reading nothing past
 * p + n), blk_store_part(p, v, n) (the first n bytes of v) and
 * blk_keep_part(v, n) (zeros from byte n on), for 0 <= n <= 16 * D. These
 * are the portable forms. */
#ifndef blk_load_part
AEGISGO_INLINE BLK FN(load_part)(const uint8_t *p, size_t n)
{
    uint8_t b[16 * D];
    memset(b, 0, sizeof b);
    aegisgo_copy(b, p, n);
    return blk_load(b);
}
AEGISGO_INLINE void FN(store_part)(uint8_t *p, BLK v, size_t n)
{
    uint8_t b[16 * D];
    blk_store(b, v);
    aegisgo_copy(p, b, n);
    aegisgo_wipe_local(b, sizeof b);
}
#define blk_load_part(p, n) FN(load_part)((p), (n))
#define blk_store_part(p, v, n) FN(store_part)((p), (v), (n))
#define AEGISGO_PORTABLE_PART
#endif
#ifndef blk_keep_part
#define blk_keep_part(v, n) blk_and((v), blk_load(aegisgo_keep_mask + 64 - (n)))
#define AEGISGO_PORTABLE_KEEP
#endif

#include "aegis128_body.h"
#include "aegis128_inc.h"
/* AEGISGO_SOURCE_ORDER256 (see kernel_avx512.c): gcc's scheduling after
 * register allocation is switched off for the AEGIS-256 family, which
 * leaves the instructions in the order of the source. */
#if defined(AEGISGO_SOURCE_ORDER256) && defined(__GNUC__) && !defined(__clang__)
#pragma GCC push_options
#pragma GCC optimize("no-schedule-insns2")
#endif
#include "aegis256_body.h"
#include "aegis256_inc.h"
#if defined(AEGISGO_SOURCE_ORDER256) && defined(__GNUC__) && !defined(__clang__)
#pragma GCC pop_options
#endif

#ifdef AEGISGO_PORTABLE_PART
#undef blk_load_part
#undef blk_store_part
#undef AEGISGO_PORTABLE_PART
#endif
#ifdef AEGISGO_PORTABLE_KEEP
#undef blk_keep_part
#undef AEGISGO_PORTABLE_KEEP
#endif
#undef ROLLED
#undef UNROLLED
#undef GROUPED128
#undef GROUPED256
#undef GROUPS
#undef SUB
#undef blk_group
#undef blk_set_group
#undef FN
