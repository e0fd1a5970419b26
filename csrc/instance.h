// SPDX-License-Identifier: MIT

/*
 * instance.h: instantiates both algorithm bodies for one kernel and one
 * degree. The kernel defines KERNEL, D, BLK and the block operations (the
 * table at the top of aegis128_body.h lists them, with the knobs), then
 * includes this file. It gets the entry points of the bodies and of their
 * incremental forms (aegis128_inc.h, aegis256_inc.h), named FN(x) =
 * KERNEL_dD_x (internal.h):
 *
 *   FN(encrypt128)      FN(decrypt128)
 *   FN(inc128_init)     FN(inc128_update)   FN(inc128_final)
 *   FN(mac128_update)   FN(mac128_final)
 *
 * and the same with 256, and where the kernel defines lane_load, the
 * entry points of batches in lanes (lanes.h). These, and what the knobs
 * take out of line, are the only functions of an instance that reach the
 * binary: everything else is inlined into them. The kernel lists the entry
 * points, by their full names, in its table (for example
 * avx2_d1_encrypt128 in kernel_avx2.h), and the pieces out of line beside
 * the knob that takes them out, so that the names a profiler shows can be
 * found with grep; csrc/names_test.go checks it.
 *
 * Where the file that includes the kernel defines AEGISGO_FAMILY (128 or
 * 256), as each variant's package does, only that family is instantiated:
 * the other would be parsed for nothing, which is most of the time a
 * kernel takes to compile.
 *
 * This file undoes D and the degree's knobs at its end. A kernel whose
 * block operations differ by degree undoes them with blk_undef.h.
 */

/* The loops of Init and Finalize stay loops (AEGISGO_ROLLED in
 * internal.h), except where the kernel defines UNROLLED: two-operand
 * AESENC overwrites its input, so a rolled loop needs a register copy per
 * round to put the state back where the next iteration wants it, on the
 * chain of updates that is most of a short message's time. */
#ifdef UNROLLED
#define ROLLED
#else
#define ROLLED AEGISGO_ROLLED
#endif

/* What NOINLINE_STEPS takes out of line. */
#ifdef NOINLINE_STEPS
#define STEP_FUNC AEGISGO_NOINLINE
#else
#define STEP_FUNC AEGISGO_INLINE
#endif

/* Where the messages of the X variants run in groups (GROUP128_D). */
#ifndef GROUP_MIN
#define GROUP_MIN AEGISGO_GROUP_MIN
#endif

/* The defaults of the optional operations, for every kernel and degree
 * that does not define its own (they are written in the required ones, so
 * they stay defined for the next degree). BLK_SPLIT_LOGIC marks the
 * defaults of blk_xor3 and blk_xor_and, two instructions each, where a
 * kernel's own are one (AVX-512's ternary logic); Z256_DEC in
 * aegis256_body.h takes its form from it. It is not a knob: it follows
 * from the operations the kernel defines, and blk_undef.h undoes it with
 * them. */
#ifndef blk_xor3
#define blk_xor3(a, b, c) blk_xor(blk_xor(a, b), c)
#define BLK_SPLIT_LOGIC
#endif
#ifndef blk_xor_and
#define blk_xor_and(a, b, c) blk_xor((a), blk_and(b, c))
#define BLK_SPLIT_LOGIC
#endif
#ifndef blk_xor_xor_and
#define blk_xor_xor_and(a, b, c, d) blk_xor(blk_xor(a, b), blk_and(c, d))
#endif
#ifndef blk_load_part
#define blk_load_part(p, n) FN(load_part)((p), (n))
#define blk_load_secret_part(p, n) FN(load_secret_part)((p), (n))
#define blk_store_part(p, v, n) FN(store_part)((p), (v), (n))
#endif
#ifndef blk_load_secret_part
/* The kernel's own blk_load_part: masked loads, with no copy on the stack
 * (avx512). */
#define blk_load_secret_part(p, n) blk_load_part((p), (n))
#endif
#ifndef blk_keep_part
#define blk_keep_part(v, n) blk_and((v), blk_load(aegisgo_keep_mask + 64 - (n)))
#endif

/* The portable partial blocks, which the default blk_load_part and
 * blk_store_part call: n bytes through a copy on the stack. A store's
 * copy (plaintext, or a keystream) is wiped after. A load's copy is ad or
 * ciphertext, which are public, and stays: the wipe, stores that must
 * stay, changes how gcc allocates registers in the whole function (in
 * aesni's AEGIS-256X2 Dec, one instruction more per two blocks of its
 * loop, counted with valgrind's callgrind). Plaintext alone goes through
 * FN(load_secret_part), which wipes its copy; there, in Enc, the loops
 * measured as they were. */
AEGISGO_INLINE BLK FN(load_part)(const uint8_t *p, size_t n)
{
    uint8_t b[16 * D];
    memset(b, 0, sizeof b);
    aegisgo_copy(b, p, n);
    return blk_load(b);
}
AEGISGO_INLINE BLK FN(load_secret_part)(const uint8_t *p, size_t n)
{
    uint8_t b[16 * D];
    BLK v;
    memset(b, 0, sizeof b);
    aegisgo_copy(b, p, n);
    v = blk_load(b);
    aegisgo_wipe_local(b, sizeof b);
    return v;
}
AEGISGO_INLINE void FN(store_part)(uint8_t *p, BLK v, size_t n)
{
    uint8_t b[16 * D];
    blk_store(b, v);
    aegisgo_copy(p, b, n);
    aegisgo_wipe_local(b, sizeof b);
}

/* XOR of the D lanes of a, written as 16 bytes: the parallel modes combine
 * the lanes' tags this way. The copies on the stack are wiped: in Open,
 * the lanes' tags are the tag a forger would need. */
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
    aegisgo_wipe_local(b, sizeof b);
    aegisgo_wipe_local(w, sizeof w);
#endif
}

#if !defined(AEGISGO_FAMILY) || AEGISGO_FAMILY == 128
#include "aegis128_body.h"
#include "aegis128_inc.h"
#endif
/* AEGISGO_SOURCE_ORDER256, which a kernel defines for its whole file (see
 * kernel_avx512.h): gcc's scheduling after register allocation is switched
 * off for the AEGIS-256 family, which leaves the instructions in the order
 * of the source. */
#if defined(AEGISGO_SOURCE_ORDER256) && defined(__GNUC__) && !defined(__clang__)
#pragma GCC push_options
#pragma GCC optimize("no-schedule-insns2")
#endif
#if !defined(AEGISGO_FAMILY) || AEGISGO_FAMILY == 256
#include "aegis256_body.h"
#include "aegis256_inc.h"
#endif
#if defined(AEGISGO_SOURCE_ORDER256) && defined(__GNUC__) && !defined(__clang__)
#pragma GCC pop_options
#endif

#ifdef lane_load
#include "lanes.h"
#endif

#undef D
#undef UNROLLED
#undef RUN128
#undef RUN256
#undef NOINLINE_STEPS
#undef NOINLINE_INIT_FINAL
#undef GROUP128_D
#undef GROUP256_D
#undef GROUP_MIN
#undef GROUP_AD
#undef INIT_GROUPS
#undef ROLLED
#undef STEP_FUNC
