// SPDX-License-Identifier: MIT

/*
 * kernel_vperm.h: a constant-time AES round for CPUs without AES
 * instructions, by vector permutes: SSSE3's PSHUFB on x86-64, TBL on
 * arm64 (Advanced SIMD, which every arm64 CPU has: the Cortex-A72 of a
 * Raspberry Pi 4 has no crypto extension). One source, two halves that
 * define the same few vector operations; the round and the blocks are
 * written once on top of them.
 *
 * SubBytes is an inversion in GF(2^8) done in the tower field
 * GF(2^4)[z]/(z^2 + z + lambda), where it takes five lookups of 4-bit
 * values in 16-byte tables held in registers, and an affine map folded
 * into the output tables. A byte shuffle takes the same time whatever
 * its indices, so no secret reaches a branch or a memory address: the
 * tables are loaded whole, from fixed addresses. internal/gen/vperm derives
 * the tables (vperm_tables.h, generated) from the field arithmetic, says
 * why each step is right, and runs the same sequence in Go against the
 * S-box for every input; the C tests check this code on every byte value
 * (internal/testing/ctest/driver.c) and, under valgrind, that no secret steers a
 * branch or an address (internal/testing/ctest/ct.c).
 *
 * A round is 33 vector instructions where AES-NI has one, 14 of
 * them shuffles: the kernel is throughput-bound, with the eight rounds of
 * an AEGIS-128L update (six of AEGIS-256) independent of one another.
 *
 * AEGIS-256's runs of whole blocks (vperm_run256) keep the state in the
 * tower form instead, where a round is 27 of them, 12 shuffles, and its
 * chain of dependent instructions 15 long where it was 20: a linear map of
 * each byte commutes with the XORs of the update, and only the keystream's
 * AND and the message cross over (see vperm_run256). There the state
 * stays in registers, and the tables are read from memory by each lookup
 * (vp_table_mem): held in registers, they took most of them, and gcc
 * spilled state words and copied tables instead. (The body's updates
 * keep vp_table: there AEGIS-128L ran 5% slower with vp_table_mem.) AEGIS-256 Seal of 16 KiB ran
 * 1.13-1.17x as fast as with the body's loop (a C program timing both in
 * turn, the best of each); 128L has twice the keystream words to convert
 * for each round saved.
 *
 * Each update is eight such rounds (six in AEGIS-256), some 2 KiB of
 * code: inlined into every entry point, as aesni does, they made this
 * kernel 1.5 MB of machine code. So the updates, Enc and Dec of a block,
 * Init and Finalize are functions of their own here (NOINLINE_STEPS and
 * NOINLINE_INIT_FINAL, aegis128_body.h), 175 KB in all on x86-64, at a
 * cost within this machine's noise (16 KiB Seals, inlined against out of
 * line, runs in turn: 0.92 to 1.09x): the state goes through memory on
 * the load and store ports, while the rounds keep the vector ALUs busy.
 * They are
 *
 *   vperm_d1_update128 vperm_d1_update128_late vperm_d1_enc128 vperm_d1_dec128
 *   vperm_d1_initialize128 vperm_d1_finalize128
 *   vperm_d1_update256 vperm_d1_update256_late vperm_d1_initialize256
 *   vperm_d1_finalize256, and vperm_run256 (RUN256) for the blocks between
 *
 * and the same for D = 2 and 4:
 *
 *   vperm_d2_update128 vperm_d2_update128_late vperm_d2_enc128 vperm_d2_dec128
 *   vperm_d2_initialize128 vperm_d2_finalize128
 *   vperm_d2_update256 vperm_d2_update256_late vperm_d2_enc256 vperm_d2_dec256
 *   vperm_d2_initialize256 vperm_d2_finalize256
 *   vperm_d4_update128 vperm_d4_update128_late vperm_d4_enc128 vperm_d4_dec128
 *   vperm_d4_initialize128 vperm_d4_finalize128
 *   vperm_d4_update256 vperm_d4_update256_late vperm_d4_enc256 vperm_d4_dec256
 *   vperm_d4_initialize256 vperm_d4_finalize256
 *
 * The X variants keep their D states in D registers each, as aesni does,
 * and run long messages one lane at a time (GROUP128_D and GROUP256_D 1:
 * vperm_d2_groups128, vperm_d4_groups128, vperm_d2_groups256,
 * vperm_d4_groups256): a lane's rounds already keep the vector units
 * busy, and its state and the tables fill x86's sixteen registers.
 *
 * Like aesni and neon, it leaves what registers spill on the stack: see
 * SECURITY.md for what the module wipes where.
 */
#include "internal.h"

#ifdef AEGISGO_HAVE_VPERM

#include "vperm_tables.h"

#if defined(AEGISGO_X86)

#ifdef __clang__
#pragma clang attribute push(__attribute__((target("ssse3"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("ssse3")
#endif

#include <tmmintrin.h> /* SSSE3, and SSE2 through it */

typedef __m128i vp_v;
#define vp_table(t) _mm_load_si128((const __m128i *)(const void *)(t))
/* x shuffled by the pattern at t. */
#define vp_permute(x, t) _mm_shuffle_epi8((x), vp_table(t))
/* The same, with the table or pattern read from memory where it is used,
 * every time: no register holds it for the compiler to copy or spill
 * (for vperm_run256; see the top of this file). */
#if defined(__OPTIMIZE__)
/* The asm takes the table's address as a constant ("i"), which the
 * compiler knows only once it inlines and folds: with optimization. */
static inline __attribute__((always_inline)) __m128i vp_table_mem(const uint8_t *t)
{
    __m128i v;
    __asm__ volatile("movdqa %c1(%%rip), %0" : "=x"(v) : "i"(t));
    return v;
}
static inline __attribute__((always_inline)) __m128i vp_permute_mem(__m128i x, const uint8_t *t)
{
    __asm__("pshufb %c1(%%rip), %0" : "+x"(x) : "i"(t));
    return x;
}
#else
/* Without optimization (-O0) the same as vp_table and vp_permute: the
 * same bytes, at the speed of unoptimized code anyway. */
#define vp_table_mem(t) vp_table(t)
#define vp_permute_mem(x, t) vp_permute((x), (t))
#endif
#define vp_loadu(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define vp_storeu(p, v) _mm_storeu_si128((__m128i *)(void *)(p), (v))
#define vp_xor(a, b) _mm_xor_si128((a), (b))
#define vp_and(a, b) _mm_and_si128((a), (b))
#define vp_dup(c) _mm_set1_epi8((char)(c))
/* Byte b of the result is t[idx[b]], or 0 where idx[b] has its high bit
 * set. */
#define vp_shuffle(t, idx) _mm_shuffle_epi8((t), (idx))
/* The low and the high nibble of each byte; m is 0x0f in every byte.
 * SSE has no byte shift: the 16-bit one brings the next byte's low
 * nibble into the high half, which the mask removes. */
#define vp_lo(x, m) _mm_and_si128((x), (m))
#define vp_hi(x, m) _mm_and_si128(_mm_srli_epi16((x), 4), (m))
/* Hides a value's origin from the compiler (it stays in its register). */
#define vp_opaque(v) __asm__("" : "+x"(v))

#elif defined(__aarch64__)

#include <arm_neon.h>

typedef uint8x16_t vp_v;
#define vp_table(t) vld1q_u8(t)
#define vp_permute(x, t) vqtbl1q_u8((x), vld1q_u8(t))
/* Tables stay in registers: arm64 has 32 of them, and TBL keeps its
 * operands. */
#define vp_table_mem(t) vp_table(t)
#define vp_permute_mem(x, t) vp_permute((x), (t))
#define vp_loadu(p) vld1q_u8(p)
#define vp_storeu(p, v) vst1q_u8((p), (v))
#define vp_xor(a, b) veorq_u8((a), (b))
#define vp_and(a, b) vandq_u8((a), (b))
#define vp_dup(c) vdupq_n_u8(c)
/* Byte b of the result is t[idx[b]], or 0 where idx[b] >= 16. */
#define vp_shuffle(t, idx) vqtbl1q_u8((t), (idx))
#define vp_lo(x, m) vandq_u8((x), (m))
#define vp_hi(x, m) ((void)(m), vshrq_n_u8((x), 4))
#define vp_opaque(v) __asm__("" : "+w"(v))

#else
#error "AEGISGO_HAVE_VPERM on an architecture without a vperm half"
#endif

/* The S-box and MixColumns of a block y whose rows are already shifted,
 * in the tower form, then the XOR of key: the tables o1, o2, o1x2 and
 * o2x2 give s, 2s in AES bytes (out1 ...) or in the tower form
 * (out1t ...). */
AEGISGO_INLINE vp_v vperm_sub_mix(vp_v y, vp_v key, const uint8_t *o1, const uint8_t *o2,
                                  const uint8_t *o1x2, const uint8_t *o2x2, int mem)
{
    const vp_v m = vp_dup(0x0f);
#define VP_TAB(t) (mem ? vp_table_mem(t) : vp_table(t))
#define VP_PERM(x, t) (mem ? vp_permute_mem((x), (t)) : vp_permute((x), (t)))
#define inv VP_TAB(aegisgo_vperm_inv)
    vp_v i, j, k, lk, p, p2, q, q2, s, d, u;

    /* y = k << 4 | j, with i = j ^ k (x = i b + j b', the normal basis
     * of the two roots b, b' of z^2 + z + lambda). */
    j = vp_lo(y, m);
    k = vp_hi(y, m);
    /* As j ^ k: left to itself, gcc makes it (y ^ (y >> 4)) & m, an
     * instruction more in every round. */
    vp_opaque(k);
    i = vp_xor(j, k);
    /* P = 1/i + 1/(lambda k), P' = 1/j + 1/(lambda k),
     * Q = 1/P + j, Q' = 1/P' + i. */
    lk = vp_shuffle(VP_TAB(aegisgo_vperm_inv_lk), k);
    p = vp_xor(vp_shuffle(inv, i), lk);
    p2 = vp_xor(vp_shuffle(inv, j), lk);
    q = vp_xor(vp_shuffle(inv, p), j);
    q2 = vp_xor(vp_shuffle(inv, p2), i);
    /* SubBytes less its constant (s), and its double (d). */
    s = vp_xor(vp_shuffle(VP_TAB(o1), q), vp_shuffle(VP_TAB(o2), q2));
    d = vp_xor(vp_shuffle(VP_TAB(o1x2), q), vp_shuffle(VP_TAB(o2x2), q2));
    /* MixColumns: 2s ^ 3 R1(s) ^ R2(s) ^ R3(s). */
    u = vp_xor(d, VP_PERM(s, aegisgo_vperm_rot2));
    /* The key goes into u beside the last shuffle, off the chain. */
    return vp_xor(vp_xor(u, key), VP_PERM(vp_xor(u, s), aegisgo_vperm_rot1));
#undef inv
#undef VP_TAB
#undef VP_PERM
}

/* The tower form of the bytes of x, and back (tables from memory as in
 * vperm_sub_mix with mem set, for vperm_run256). */
AEGISGO_INLINE vp_v vperm_to_tower(vp_v x)
{
    const vp_v m = vp_dup(0x0f);
    return vp_xor(vp_shuffle(vp_table_mem(aegisgo_vperm_in_hi), vp_hi(x, m)),
                  vp_shuffle(vp_table_mem(aegisgo_vperm_in_lo), vp_lo(x, m)));
}
AEGISGO_INLINE vp_v vperm_from_tower(vp_v y)
{
    const vp_v m = vp_dup(0x0f);
    return vp_xor(vp_shuffle(vp_table_mem(aegisgo_vperm_from_hi), vp_hi(y, m)),
                  vp_shuffle(vp_table_mem(aegisgo_vperm_from_lo), vp_lo(y, m)));
}

/*
 * AESRound(x, rk): ShiftRows (a shuffle; SubBytes works bytewise, so it
 * may come first), SubBytes through the tower (internal/gen/vperm's package
 * doc has the formulas: Q and Q' are the two nibbles of 1/x in a form
 * that one lookup each maps back), MixColumns as
 * u ^ R1(u ^ s) with u = 2s ^ R2(s), then the round key and the S-box's
 * constant, which MixColumns leaves as it is.
 *
 * An index with the high bit set (0x80: 1/0) gives 0 on both halves;
 * internal/gen/vperm's tests check that every index is a nibble or such a
 * value, so the two shuffles compute the same.
 */
AEGISGO_INLINE vp_v vperm_aesround(vp_v x, vp_v rk)
{
    const vp_v m = vp_dup(0x0f);

    x = vp_permute(x, aegisgo_vperm_shiftrows);
    x = vp_xor(vp_shuffle(vp_table(aegisgo_vperm_in_hi), vp_hi(x, m)),
               vp_shuffle(vp_table(aegisgo_vperm_in_lo), vp_lo(x, m)));
    return vperm_sub_mix(x, vp_xor(rk, vp_dup(0x63)), aegisgo_vperm_out1, aegisgo_vperm_out2,
                         aegisgo_vperm_out1x2, aegisgo_vperm_out2x2, 0);
}

/* The same on blocks in the tower form, in and out. */
AEGISGO_INLINE vp_v vperm_aesround_t(vp_v x, vp_v rk)
{
    return vperm_sub_mix(vp_permute_mem(x, aegisgo_vperm_shiftrows),
                         vp_xor(rk, vp_dup(AEGISGO_VPERM_TOWER_CONST)), aegisgo_vperm_out1t,
                         aegisgo_vperm_out2t, aegisgo_vperm_out1x2t, aegisgo_vperm_out2x2t, 1);
}

/*
 * AEGIS-256's runs of whole blocks (RUN256 in aegis256_body.h), with the
 * state in the tower form (internal/gen/vperm's package doc): w, its six
 * words, goes there once, and each update saves the conversion of its
 * six round inputs for that of its message block, and of the keystream's
 * terms: the AND of S2 and S3, which is not linear, takes its operands
 * back to AES bytes, and the rest goes back with them as one word.
 * mode: 0 Enc, 1 Dec, 2 absorb (dst unused).
 */
AEGISGO_NOINLINE void vperm_run256(vp_v w[6], uint8_t *dst, const uint8_t *src, size_t nb,
                                   size_t stride, int mode)
{
    vp_v s0 = vperm_to_tower(w[0]), s1 = vperm_to_tower(w[1]), s2 = vperm_to_tower(w[2]);
    vp_v s3 = vperm_to_tower(w[3]), s4 = vperm_to_tower(w[4]), s5 = vperm_to_tower(w[5]);
    size_t i;

#define VPERM_Z256_() \
    vp_xor(vperm_from_tower(vp_xor(vp_xor(s1, s4), s5)), \
           vp_and(vperm_from_tower(s2), vperm_from_tower(s3)))
#define VPERM_UPDATE256_(mt) do {                  \
        const vp_v t5_ = s5;                        \
        s5 = vperm_aesround_t(s4, s5);              \
        s4 = vperm_aesround_t(s3, s4);              \
        s3 = vperm_aesround_t(s2, s3);              \
        s2 = vperm_aesround_t(s1, s2);              \
        s1 = vperm_aesround_t(s0, s1);              \
        s0 = vp_xor(vperm_aesround_t(t5_, (mt)), s0); \
    } while (0)
    if (mode == 0) {
        for (i = 0; i < nb; i++) {
            const vp_v x = vp_loadu(src + i * stride);
            vp_storeu(dst + i * stride, vp_xor(x, VPERM_Z256_()));
            VPERM_UPDATE256_(vperm_to_tower(x));
        }
    } else if (mode == 1) {
        for (i = 0; i < nb; i++) {
            const vp_v x = vp_xor(vp_loadu(src + i * stride), VPERM_Z256_());
            vp_storeu(dst + i * stride, x);
            VPERM_UPDATE256_(vperm_to_tower(x));
        }
    } else {
        for (i = 0; i < nb; i++) {
            VPERM_UPDATE256_(vperm_to_tower(vp_loadu(src + i * stride)));
        }
    }
#undef VPERM_Z256_
#undef VPERM_UPDATE256_
    w[0] = vperm_from_tower(s0);
    w[1] = vperm_from_tower(s1);
    w[2] = vperm_from_tower(s2);
    w[3] = vperm_from_tower(s3);
    w[4] = vperm_from_tower(s4);
    w[5] = vperm_from_tower(s5);
}

#define VPERM_GET_(i) w_[i] = (s_)->s##i.l[0]
#define VPERM_SET_(i) (s_)->s##i.l[0] = w_[i]
#define VPERM_RUN256(s, dst, src, nb, stride, mode) do {                          \
    vp_v w_[6];                                                                   \
    __typeof__(s) s_ = (s);                                                       \
    if ((nb) == 0) {                                                              \
        break;                                                                    \
    }                                                                             \
    VPERM_GET_(0); VPERM_GET_(1); VPERM_GET_(2);                                  \
    VPERM_GET_(3); VPERM_GET_(4); VPERM_GET_(5);                                  \
    vperm_run256(w_, (dst), (src), (nb), (stride), (mode));                       \
    VPERM_SET_(0); VPERM_SET_(1); VPERM_SET_(2);                                  \
    VPERM_SET_(3); VPERM_SET_(4); VPERM_SET_(5);                                  \
} while (0)

typedef struct { vp_v l[1]; } vperm_blk1;
typedef struct { vp_v l[2]; } vperm_blk2;
typedef struct { vp_v l[4]; } vperm_blk4;

#define KERNEL vperm
#define BLK AEGISGO_CAT(vperm_blk, D)

/* VPERM_EACH(S) is S(0) S(1) ... S(D-1), written out, as in aesni. */
#define VPERM_EACH1(S) S(0)
#define VPERM_EACH2(S) S(0) S(1)
#define VPERM_EACH4(S) S(0) S(1) S(2) S(3)
#define VPERM_EACH(S) AEGISGO_CAT(VPERM_EACH, D)(S)

#define VPERM_AES_(i) r_.l[i] = vperm_aesround(a_.l[i], b_.l[i]);
#define VPERM_XOR_(i) r_.l[i] = vp_xor(a_.l[i], b_.l[i]);
#define VPERM_AND_(i) r_.l[i] = vp_and(a_.l[i], b_.l[i]);
#define VPERM_LOAD_(i) r_.l[i] = vp_loadu(p_ + 16 * (i));
#define VPERM_STORE_(i) vp_storeu(p_ + 16 * (i), v_.l[i]);
#define VPERM_BCAST_(i) r_.l[i] = v_;

#define VPERM_BINOP(S, a, b) __extension__({   \
    BLK r_;                                     \
    const BLK a_ = (a), b_ = (b);               \
    VPERM_EACH(S)                               \
    r_;                                         \
})
#define blk_aes_round(a, k) VPERM_BINOP(VPERM_AES_, a, k)
#define blk_xor(a, b) VPERM_BINOP(VPERM_XOR_, a, b)
#define blk_and(a, b) VPERM_BINOP(VPERM_AND_, a, b)
#define blk_load(p) __extension__({            \
    BLK r_;                                     \
    const uint8_t *p_ = (p);                    \
    VPERM_EACH(VPERM_LOAD_)                     \
    r_;                                         \
})
#define blk_store(p, a) do {                   \
    const BLK v_ = (a);                         \
    uint8_t *p_ = (p);                          \
    VPERM_EACH(VPERM_STORE_)                    \
} while (0)
#define blk_broadcast(p) __extension__({       \
    BLK r_;                                     \
    const vp_v v_ = vp_loadu(p);                \
    VPERM_EACH(VPERM_BCAST_)                    \
    r_;                                         \
})

#define D 1
#define RUN256 VPERM_RUN256
#define NOINLINE_STEPS
#define NOINLINE_INIT_FINAL
#include "instance.h"
/* Lanes as the one-lane instance: group j of a split state is lane j. */
#define blk_group(v, j) __extension__({ vperm_blk1 r_; r_.l[0] = (v).l[j]; r_; })
#define blk_set_group(v, j, x) ((v).l[j] = (x).l[0])
#define D 2
#define GROUP128_D 1
#define GROUP256_D 1
#define NOINLINE_STEPS
#define NOINLINE_INIT_FINAL
#include "instance.h"
#define D 4
#define GROUP128_D 1
#define GROUP256_D 1
#define NOINLINE_INIT_FINAL
#define NOINLINE_STEPS
#include "instance.h"

#ifdef AEGISGO_TEST_HOOKS
/* For internal/testing/ctest/driver.c, which checks the round on every byte
 * value against its reference: one AESRound, as the kernel runs it. */
void aegisgo_test_vperm_round(uint8_t out[16], const uint8_t in[16], const uint8_t rk[16]);
void aegisgo_test_vperm_round(uint8_t out[16], const uint8_t in[16], const uint8_t rk[16])
{
    vp_storeu(out, vperm_aesround(vp_loadu(in), vp_loadu(rk)));
}
#endif

#if defined(AEGISGO_X86)
#ifdef __clang__
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif
#endif

/* Undone, so that another kernel can follow in the same file. */
#undef KERNEL
#include "blk_undef.h"

#endif
