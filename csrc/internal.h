// SPDX-License-Identifier: MIT

/*
 * internal.h: what the kernels share: build switches, the spec's constants,
 * and small byte helpers. Not part of the interface.
 */
#ifndef AEGISGO_INTERNAL_H
#define AEGISGO_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "aegis.h"

/* Debug information without the locations of variables: gcc's variable
 * tracking is slow on the kernels, whose entry points are long inlined
 * bodies, and it is much of their compile time. Function names and line numbers stay,
 * for profilers and debuggers, and the code is the same byte for byte.
 *
 * And every function on a 64-byte boundary: gcc aligns a function to 16
 * bytes, so where the kernels' loops fall against the 64-byte lines of
 * the instruction cache otherwise depends on the Go code the linker puts
 * in front of them, and moves the speed of a long message by several
 * percent from one build to the next.
 *
 * (cgo allows neither -fno-var-tracking nor -falign-functions among a
 * package's CFLAGS; one pragma holds both, since gcc warns of variable
 * tracking at a second one.) */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-var-tracking", "align-functions=64")
#endif

/*
 * Which kernels this build compiles. A kernel can be left out with
 * -DAEGISGO_NO_AESNI, -DAEGISGO_NO_AVX2, -DAEGISGO_NO_AVX512,
 * -DAEGISGO_NO_NEON, -DAEGISGO_NO_NEONSHA3 or -DAEGISGO_NO_VPERM (for
 * example to test the fallbacks, or for an old assembler). Leaving out
 * aesni also leaves out the VAES kernels above it on x86, and leaving out
 * neon leaves out neonsha3; vperm stands alone.
 */
#if (defined(__x86_64__) || defined(_M_X64)) && (defined(__GNUC__) || defined(__clang__))
#define AEGISGO_X86 1
#if !defined(AEGISGO_NO_AESNI)
#define AEGISGO_HAVE_AESNI 1
#endif
#if defined(AEGISGO_HAVE_AESNI) && !defined(AEGISGO_NO_AVX2)
#define AEGISGO_HAVE_AVX2 1
#endif
#if defined(AEGISGO_HAVE_AVX2) && !defined(AEGISGO_NO_AVX512)
#define AEGISGO_HAVE_AVX512 1
#endif
#endif

#if defined(__aarch64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(AEGISGO_NO_NEON)
#define AEGISGO_HAVE_NEON 1
#endif
#if defined(AEGISGO_HAVE_NEON) && !defined(AEGISGO_NO_NEONSHA3)
#define AEGISGO_HAVE_NEONSHA3 1
#endif

/* vperm: SSSE3 on x86-64, Advanced SIMD on arm64 (little-endian only: its
 * byte shuffles index lanes as memory holds them). */
#if !defined(AEGISGO_NO_VPERM) && \
    (defined(AEGISGO_X86) || \
     (defined(__aarch64__) && (defined(__GNUC__) || defined(__clang__)) && \
      defined(__ARM_NEON) && !defined(__AARCH64EB__)))
#define AEGISGO_HAVE_VPERM 1
#endif

/* Every function of a kernel is static: a file of a per-variant package
 * (internal/engines/<variant>) includes the kernel whole and lists the
 * entry points of its one variant in a table, and the compiler drops the
 * rest. They are marked unused so that it drops them without a warning.
 * AEGISGO_ENTRY marks the entry points (instance.h lists them). */
#if defined(__GNUC__) || defined(__clang__)
#define AEGISGO_INLINE static inline __attribute__((always_inline))
#define AEGISGO_NOINLINE static __attribute__((noinline, unused))
#define AEGISGO_ENTRY static __attribute__((unused))
#else
#define AEGISGO_INLINE static inline
#define AEGISGO_NOINLINE static
#define AEGISGO_ENTRY static
#endif

/* Before a loop of updates that runs a fixed number of times (Init,
 * Finalize): keeps it a loop. Fully unrolled, as -O3 does, each entry
 * point holds a copy of the update for every round of Init and Finalize,
 * which makes the kernels much larger and slower to compile; those loops
 * are not where the time goes (each update waits on the one before it either way), so
 * they run as fast rolled, on three-operand AES instructions at least
 * (see UNROLLED in instance.h for aesni). */
#if defined(__GNUC__) || defined(__clang__)
#define AEGISGO_ROLLED _Pragma("GCC unroll 1")
#else
#define AEGISGO_ROLLED
#endif

/* Token pasting that expands its arguments first. */
#define AEGISGO_CAT_(a, b) a##b
#define AEGISGO_CAT(a, b) AEGISGO_CAT_(a, b)
/* f(args), with the arguments expanded first: one macro's list of
 * arguments can then be another's. */
#define AEGISGO_APPLY(f, ...) f(__VA_ARGS__)

/* For the instances of the bodies (instance.h), which see KERNEL and D:
 * FN(x) is KERNEL_dD_x, a name unique to the kernel and degree, and
 * FN_D(d, x) the same name in the kernel's instance of degree d. */
#define FN_D(d, x) AEGISGO_CAT(AEGISGO_CAT(AEGISGO_CAT(KERNEL, _d), d), AEGISGO_CAT(_, x))
#define FN(x) FN_D(D, x)
/* The rates in bytes: AEGIS-128X's is two block vectors, AEGIS-256X's one. */
#define R128 (32 * D)
#define H128 (16 * D)
#define R256 (16 * D)

/* Sixteen 0xff bytes, then sixteen zeros: the 16 bytes at 16 - n keep the
 * first n bytes of a block under and. */
static const uint8_t aegisgo_ones_zeros[32] = {
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
};

/* The spec's constants C0 and C1 (section "Conventions and Definitions"). */
static const uint8_t aegisgo_c0[16] = {
    0x00, 0x01, 0x01, 0x02, 0x03, 0x05, 0x08, 0x0d,
    0x15, 0x22, 0x37, 0x59, 0x90, 0xe9, 0x79, 0x62,
};
static const uint8_t aegisgo_c1[16] = {
    0xdb, 0x3d, 0x18, 0x55, 0x6d, 0xc2, 0x2f, 0xf1,
    0x20, 0x11, 0x31, 0x42, 0x73, 0xb5, 0x28, 0xdd,
};

/* 64 bytes of 0xff, then 64 of zeros: 16*D bytes loaded from 64 - n keep
 * the first n bytes of a block vector. */
static const uint8_t aegisgo_keep_mask[128] = {
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
};

/* The context words of the parallel modes, ctx[i] = Byte(i) || Byte(D - 1)
 * || zeros, for lanes i = 0..D-1, laid out as one block vector. */
static const uint8_t aegisgo_ctx2[32] = { 0, 1, [16] = 1, 1 };
static const uint8_t aegisgo_ctx4[64] = { 0, 3, [16] = 1, 3, [32] = 2, 3, [48] = 3, 3 };


/* Constant-time comparison of two tags of n = 16 or 32 bytes: 0 when equal,
 * -1 otherwise. Straight-line 64-bit words (XOR is bytewise, so byte order
 * does not matter): a loop here gets auto-vectorized into a long sequence
 * of wide instructions for two or four words. */
AEGISGO_INLINE uint64_t aegisgo_xor_word(const uint8_t *a, const uint8_t *b)
{
    uint64_t x, y;
    memcpy(&x, a, 8);
    memcpy(&y, b, 8);
    return x ^ y;
}

AEGISGO_INLINE int aegisgo_ct_verify(const uint8_t *a, const uint8_t *b, size_t n)
{
    uint64_t d = aegisgo_xor_word(a, b) | aegisgo_xor_word(a + 8, b + 8);
    if (n == 32) { /* the tag length is public */
        d |= aegisgo_xor_word(a + 16, b + 16) | aegisgo_xor_word(a + 24, b + 24);
    }
    /* (d | -d) has its top bit set exactly when d != 0; no branch on d. */
    return -(int)((d | (0 - d)) >> 63);
}

/* Marks a value as public for the constant-time check: internal/testing/ctest
 * runs the core under valgrind memcheck with the secrets marked undefined,
 * and a branch on the tag check's result (public: decrypt returns it) would
 * otherwise be reported. Nothing in normal builds. */
#ifdef AEGISGO_CTGRIND
#include <valgrind/memcheck.h>
#define aegisgo_declassify(p, n) ((void)VALGRIND_MAKE_MEM_DEFINED((p), (n)))
#else
#define aegisgo_declassify(p, n) ((void)0)
#endif

/* Bytes of message per pass of a group of lanes, for the kernels that run
 * the lanes of a wide variant in groups (FN(groups128) in aegis128_body.h):
 * small enough that the next group finds the chunk in L1, large enough
 * that moving the state in and out of registers between passes is lost in
 * the noise. */
#define AEGISGO_GROUP_CHUNK 4096
/* Below this many bytes the state moves cost more than the spills they
 * save, and the kernels run all lanes at once. */
#define AEGISGO_GROUP_MIN 2048

/* Zeroes memory in a way the compiler may not drop as a dead store. */
void aegisgo_wipe(void *p, size_t n);

/* Zeroes a local buffer of constant size: inline stores, then a barrier
 * that makes the compiler assume the zeros are read, so they stay. */
#if defined(__GNUC__) || defined(__clang__)
#define aegisgo_wipe_local(buf, n) do {                   \
    memset((buf), 0, (n));                                \
    __asm__ __volatile__("" : : "r"(buf) : "memory");     \
} while (0)
#else
#define aegisgo_wipe_local(buf, n) aegisgo_wipe((buf), (n))
#endif

/* Copies n bytes between distinct buffers without a library call: partial
 * blocks are short, and a call to memcpy costs more than the copy. The
 * branches depend on the length, which is public. */
AEGISGO_INLINE void aegisgo_copy(uint8_t *d, const uint8_t *s, size_t n)
{
    if (n >= 16) {
        size_t i;
        for (i = 0; i + 16 <= n; i += 16) {
            memcpy(d + i, s + i, 16);
            /* Keeps the compiler from turning the loop back into memcpy. */
            __asm__ __volatile__("" : : : "memory");
        }
        if (i < n) {
            memcpy(d + n - 16, s + n - 16, 16);
        }
    } else if (n >= 8) {
        uint64_t a, b;
        memcpy(&a, s, 8);
        memcpy(&b, s + n - 8, 8);
        memcpy(d, &a, 8);
        memcpy(d + n - 8, &b, 8);
    } else if (n >= 4) {
        uint32_t a, b;
        memcpy(&a, s, 4);
        memcpy(&b, s + n - 4, 4);
        memcpy(d, &a, 4);
        memcpy(d + n - 4, &b, 4);
    } else if (n >= 2) {
        uint16_t a, b;
        memcpy(&a, s, 2);
        memcpy(&b, s + n - 2, 2);
        memcpy(d, &a, 2);
        memcpy(d + n - 2, &b, 2);
    } else if (n == 1) {
        d[0] = s[0];
    }
}

/* What both families' incremental forms (aegis128_inc.h, aegis256_inc.h)
 * share. */

/* Zero message blocks for the keystream: wide enough for D = 4. */
static const uint8_t aegisgo_zero_blocks[64];

AEGISGO_INLINE uint64_t aegisgo_get64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

AEGISGO_INLINE void aegisgo_put64(uint8_t *p, uint64_t v)
{
    memcpy(p, &v, 8);
}

/* LE64(a) || LE64(b), without the conversion to bits of
 * aegisgo_lengths_block: FinalizeMac's second block counts lanes. On a
 * little-endian host these are the words' own bytes: two copies, which
 * compilers keep in registers, where the bytes one at a time became some
 * 50 instructions of shifts and byte inserts in every Finalize. */
AEGISGO_INLINE void aegisgo_le64x2(uint8_t out[16], uint64_t a, uint64_t b)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(out, &a, 8);
    memcpy(out + 8, &b, 8);
#else
    int i;
    for (i = 0; i < 8; i++) {
        out[i] = (uint8_t)(a >> (8 * i));
        out[8 + i] = (uint8_t)(b >> (8 * i));
    }
#endif
}

/* The final block: LE64(ad bits) || LE64(msg bits). Lengths are widened
 * before the shift so that sizes above 4 GiB (or above 512 MiB on 32-bit
 * size_t) encode right. */
AEGISGO_INLINE void aegisgo_lengths_block(uint8_t out[16], uint64_t a, uint64_t b)
{
    aegisgo_le64x2(out, a << 3, b << 3);
}

/* The number of message bytes that complete the partial block at pos. */
AEGISGO_INLINE size_t aegisgo_fill(size_t rate, size_t pos, size_t n)
{
    size_t room = rate - pos;
    return n < room ? n : room;
}

/* The bytes of a partial block, one at a time: n bytes of in (zeros when
 * in is NULL) against the keystream z, to out; pend collects what the
 * state absorbs once the block is complete: the plaintext (Enc and
 * DecPartial both absorb it), nothing for the keystream. Fewer than a
 * block's bytes per call, so it is one function for every kernel
 * (incremental.c), not a copy in each. */
void aegisgo_partial(uint8_t *pend, uint8_t *out, const uint8_t *in,
                     const uint8_t *z, size_t n, aegisgo_dir dir);

#endif
