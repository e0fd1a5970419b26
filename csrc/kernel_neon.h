// SPDX-License-Identifier: MIT

/*
 * kernel_neon.h: the ARMv8 AES instructions (AESE, AESMC) on 128-bit NEON
 * registers. Like aesni, the X variants keep their D states in D registers
 * each, so every AES instruction is one lane of one state block; their
 * messages run a lane at a time through the D = 1 code (GROUP_MIN 0), in
 * the rotating form described there.
 *
 * AESE does AddRoundKey first and then SubBytes and ShiftRows, and AESMC
 * does MixColumns, so the spec's AESRound(a, k) is
 *     AESMC(AESE(a, 0)) ^ k.
 * Keeping AESE and AESMC adjacent lets cores that fuse the pair do so.
 *
 * The crypto extension is switched on for the functions of this file only,
 * so the package still builds for the baseline armv8-a; the Go side enables
 * the kernel only where HWCAP (or darwin) says the instructions exist.
 *
 * Register pressure: the 128 family's state is 8 blocks, so 128X4 needs
 * 32 registers for the state alone, all of v0-v31; the compiler spills a
 * few around each update of Init, Finalize and a partial block. 256X4 (6
 * blocks, 24 registers) and the rest fit.
 *
 * EOR3 (the SHA3 extension) merges two xors into one instruction, but it
 * is optional from ARMv8.2 on, so it is a kernel of its own, neonsha3:
 * kernel_neonsha3.h compiles this file again with NEON_SHA3 defined.
 */
#include "internal.h"

#ifdef AEGISGO_HAVE_NEON

/* The pragma must come before arm_neon.h: some compilers declare the AES
 * intrinsics only when the crypto feature is on where the header is read. */
#ifdef __clang__
#ifdef NEON_SHA3
#pragma clang attribute push(__attribute__((target("crypto,sha3"))), apply_to = function)
#else
#pragma clang attribute push(__attribute__((target("crypto"))), apply_to = function)
#endif
#else
#pragma GCC push_options
#ifdef NEON_SHA3
#pragma GCC target("arch=armv8.2-a+crypto+sha3")
#else
#pragma GCC target("+crypto")
#endif
/* The loops of the rotating form (neon_run128) need the order of the
 * source: gcc's scheduling before register allocation moves AES rounds
 * above the reads of their inputs, and its reassociation moves the
 * message to the end of a chain of xors (Dec's, which feeds the next
 * update). Either costs a register copy or a longer chain; with both off,
 * llvm-mca models the AEGIS-128L loop 8-12% faster (mca.sh). clang 14
 * gets loops within a few percent of these without being told. */
#pragma GCC optimize("no-schedule-insns", "no-tree-reassoc")
#endif

#include <arm_neon.h>

/*
 * clang before 16 declares vaeseq_u8 and vaesmcq_u8 only when the whole
 * translation unit is compiled with the AES feature (__ARM_FEATURE_AES),
 * which a pragma does not set. Its builtins behind them are there anyway
 * and work in any function with the feature on; 48 is their type code for
 * uint8x16_t. Later clang and gcc declare the intrinsics for per-function
 * use.
 */
#if defined(__clang__) && !defined(__ARM_FEATURE_AES) && !defined(__ARM_FEATURE_CRYPTO) && \
    __clang_major__ < 16 && defined(__LITTLE_ENDIAN__)
#define neon_aese(a, b) ((uint8x16_t)__builtin_neon_vaeseq_v((int8x16_t)(a), (int8x16_t)(b), 48))
#define neon_aesmc(a) ((uint8x16_t)__builtin_neon_vaesmcq_v((int8x16_t)(a), 48))
#else
#define neon_aese(a, b) vaeseq_u8((a), (b))
#define neon_aesmc(a) vaesmcq_u8((a))
#endif

/* The plain form (D = 2 and 4): each lane of each block in a register.
 * AESE xors its operands and overwrites the first, so the zero goes
 * first: the compiler copies the zero, not a, into the register, which
 * keeps the copy off the chain of rounds. */
AEGISGO_INLINE uint8x16_t neon_aesround(uint8x16_t a, uint8x16_t k)
{
    return veorq_u8(neon_aesmc(neon_aese(vdupq_n_u8(0), a)), k);
}

typedef struct { uint8x16_t l[2]; } neon_blk2;
typedef struct { uint8x16_t l[4]; } neon_blk4;

/* kernel_neonsha3.h compiles this file again, for FEAT_SHA3, under its
 * own names and table. */
#ifdef NEON_SHA3
#define KERNEL neonsha3
#else
#define KERNEL neon
#endif

/*
 * D = 1: the rotating form. A block is two registers, p and k, whose xor
 * is its value. The spec's round of a block a with round key b is then
 *     p = AESMC(AESE(a.p, a.k)),  k = b.p ^ b.k:
 * AESE xors a.p and a.k itself, and the round key waits in k for the
 * next round's AESE, so no register is copied for AESE to overwrite, and
 * the chain of rounds is AESE and AESMC alone. A xor keeps one operand's
 * p and folds the others into its k: the body's S'0 =
 * AESRound(S7, M0) ^ S0 keeps the round's output as p, with S0 ^ M0 as
 * k, and blk_xor3 keeps its last operand's (the round's, in
 * update128_late). The state's 8 blocks (6) then take 16 registers (12),
 * which leave room for the temporaries of one lane only: the X variants
 * run their messages a lane at a time through this code (GROUP128_D and
 * GROUP256_D 1 below, as aesni: neon_d2_groups128, neon_d4_groups128,
 * neon_d2_groups256, neon_d4_groups256), at every length (GROUP_MIN 0:
 * the plain form's loops ran 10-20% slower in llvm-mca's models, and
 * 128X4's spilled), and so do the ad's whole blocks (GROUP_AD:
 * neon_d2_groups_ad128, neon_d4_groups_ad128, neon_d2_groups_ad256,
 * neon_d4_groups_ad256), and Init's updates (INIT_GROUPS: the plain
 * form's 32 registers of 128X4 state spilled in its rolled loop).
 * Finalize and a partial last block keep the plain form. Init and
 * Finalize are unrolled (UNROLLED): otherwise the compiler copies
 * registers at each back edge. The loops over whole blocks are
 * the kernel's own (RUN128, RUN256), below.
 */
typedef struct { uint8x16_t p, k; } neon_rot;

#define NEON_VALUE(a) __extension__({ const neon_rot v_ = (a); veorq_u8(v_.p, v_.k); })
#define NEON_PLAIN(x) __extension__({ neon_rot r_; r_.p = (x); r_.k = vdupq_n_u8(0); r_; })

#define BLK neon_rot
#define blk_aes_round(a, key) __extension__({    \
    const neon_rot a_ = (a), b_ = (key);          \
    neon_rot r_;                                  \
    r_.p = neon_aesmc(neon_aese(a_.k, a_.p));     \
    r_.k = veorq_u8(b_.p, b_.k);                  \
    r_;                                           \
})
#define blk_xor(a, b) __extension__({            \
    const neon_rot a_ = (a), b_ = (b);            \
    neon_rot r_;                                  \
    r_.p = a_.p;                                  \
    r_.k = veorq_u8(a_.k, NEON_VALUE(b_));        \
    r_;                                           \
})
#define blk_xor3(a, b, c) __extension__({        \
    const neon_rot a_ = (a), b_ = (b), c_ = (c);  \
    neon_rot r_;                                  \
    r_.p = c_.p;                                  \
    r_.k = veorq_u8(c_.k, veorq_u8(NEON_VALUE(a_), NEON_VALUE(b_))); \
    r_;                                           \
})
#define blk_and(a, b) NEON_PLAIN(vandq_u8(NEON_VALUE(a), NEON_VALUE(b)))
#define blk_load(ptr) NEON_PLAIN(vld1q_u8(ptr))
#define blk_store(ptr, a) vst1q_u8((ptr), NEON_VALUE(a))
#define blk_broadcast(ptr) NEON_PLAIN(vld1q_u8(ptr))

/*
 * The loops over whole blocks of D = 1 (RUN128 and RUN256 in the bodies;
 * also the groups of the X variants), in place. In the body's update the
 * round of word i makes word i + 1, so word i + 1's registers change
 * every update, and the compiler copies registers to keep each word in
 * its own. Here the words move instead: the round of word i writes its
 * output over word i's p, which becomes word i + 1's, and the new k of
 * every word goes to a second set of registers (the old ks are still
 * read by the rounds), the two sets taking turns. Word i of step t is
 * then P[(i - t) mod W] and K[t mod 2][(i - t) mod W], W the state's
 * words, and the registers come back to their places after W steps (8,
 * or 6 for the 256 family; W even), so the loops run W steps an
 * iteration and the rest of the blocks as a straight line. The arrays
 * are indexed by constants only, so each element is a register.
 *
 * Each step reads the values p ^ k of the words it needs before any
 * round overwrites a p; with gcc's scheduling before register allocation
 * on, it moves rounds above those reads and a copy comes back for each
 * (see the pragma below).
 *
 * mode: 0 Enc, 1 Dec, 2 absorb (dst unused); a constant where inlined.
 * The xors are in the bodies' orders (Z128_ENC and Z128_DEC in
 * aegis128_body.h, Z256_ENC and Z256_DEC with BLK_SPLIT_LOGIC in
 * aegis256_body.h), written with NEON_XOR3 and NEON_XOR_AND.
 */
#if defined(NEON_SHA3) && !defined(__clang__)
/* EOR3, written out here: these are the triples whose middle result
 * nothing else reads (gcc, left to fold the pairs itself, also folded
 * some whose middle it keeps). clang folds these itself, and its older
 * arm_neon.h (14) declares veor3q_u8 only where SHA3 is on for the whole
 * file, which a target attribute does not do. */
#define NEON_XOR3(a, b, c) veor3q_u8((a), (b), (c))
#else
#define NEON_XOR3(a, b, c) veorq_u8(veorq_u8((a), (b)), (c))
#endif
#define NEON_XOR_AND(a, b, c) veorq_u8((a), vandq_u8((b), (c)))
#define NEON_AESE_MC(p, k) neon_aesmc(neon_aese((p), (k)))

/* Step t (a constant) of the 128 family on the rate block at in (and
 * out), its halves half bytes apart. */
#define NEON_S8(i, t) (((i) + 8 - (t)) & 7)
#define NEON_V8(i, t) veorq_u8(P[NEON_S8(i, t)], K[(t) & 1][NEON_S8(i, t)])
#define NEON_STEP128(t, in, out) do {                                             \
    const uint8_t *const in_ = (in);                                              \
    const uint8x16_t v1_ = NEON_V8(1, t), v2_ = NEON_V8(2, t), v3_ = NEON_V8(3, t); \
    const uint8x16_t v5_ = NEON_V8(5, t), v6_ = NEON_V8(6, t), v7_ = NEON_V8(7, t); \
    uint8x16_t m0_ = vld1q_u8(in_), m1_ = vld1q_u8(in_ + half);                  \
    uint8x16_t w0_, w4_;                                                          \
    if (mode == 0) {                                                              \
        uint8_t *const out_ = (out);                                              \
        vst1q_u8(out_, NEON_XOR_AND(NEON_XOR3(m0_, v1_, v6_), v2_, v3_));          \
        vst1q_u8(out_ + half, NEON_XOR_AND(NEON_XOR3(m1_, v2_, v5_), v6_, v7_));   \
    } else if (mode == 1) {                                                       \
        uint8_t *const out_ = (out);                                              \
        m0_ = NEON_XOR3(NEON_XOR_AND(m0_, v2_, v3_), v6_, v1_);                   \
        m1_ = NEON_XOR3(NEON_XOR_AND(m1_, v6_, v7_), v2_, v5_);                   \
        vst1q_u8(out_, m0_);                                                      \
        vst1q_u8(out_ + half, m1_);                                               \
    }                                                                             \
    w0_ = NEON_XOR3(P[NEON_S8(0, t)], K[(t) & 1][NEON_S8(0, t)], m0_);                                           \
    w4_ = NEON_XOR3(P[NEON_S8(4, t)], K[(t) & 1][NEON_S8(4, t)], m1_);                                           \
    NEON_ROUNDS8(t);                                                              \
    K[((t) + 1) & 1][NEON_S8(0, t)] = v1_;                                        \
    K[((t) + 1) & 1][NEON_S8(1, t)] = v2_;                                        \
    K[((t) + 1) & 1][NEON_S8(2, t)] = v3_;                                        \
    K[((t) + 1) & 1][NEON_S8(3, t)] = w4_;                                        \
    K[((t) + 1) & 1][NEON_S8(4, t)] = v5_;                                        \
    K[((t) + 1) & 1][NEON_S8(5, t)] = v6_;                                        \
    K[((t) + 1) & 1][NEON_S8(6, t)] = v7_;                                        \
    K[((t) + 1) & 1][NEON_S8(7, t)] = w0_;                                        \
} while (0)
#define NEON_ROUND8_(i, t) P[NEON_S8(i, t)] = NEON_AESE_MC(P[NEON_S8(i, t)], K[(t) & 1][NEON_S8(i, t)])
#define NEON_ROUNDS8(t) do {                                                      \
    NEON_ROUND8_(7, t); NEON_ROUND8_(6, t); NEON_ROUND8_(5, t); NEON_ROUND8_(4, t); \
    NEON_ROUND8_(3, t); NEON_ROUND8_(2, t); NEON_ROUND8_(1, t); NEON_ROUND8_(0, t); \
} while (0)

/* Step t of the 256 family on the block at in (and out). */
#define NEON_S6(i, t) (((i) + 6 - (t)) % 6)
#define NEON_V6(i, t) veorq_u8(P[NEON_S6(i, t)], K[(t) & 1][NEON_S6(i, t)])
#define NEON_STEP256(t, in, out) do {                                             \
    const uint8x16_t v1_ = NEON_V6(1, t), v2_ = NEON_V6(2, t), v3_ = NEON_V6(3, t); \
    const uint8x16_t v4_ = NEON_V6(4, t), v5_ = NEON_V6(5, t);                   \
    uint8x16_t m_ = vld1q_u8(in), w0_;                                            \
    if (mode == 0) {                                                              \
        vst1q_u8((out), veorq_u8(NEON_XOR_AND(NEON_XOR3(m_, v1_, v4_), v2_, v3_), v5_)); \
    } else if (mode == 1) {                                                       \
        m_ = veorq_u8(NEON_XOR_AND(NEON_XOR3(m_, v4_, v5_), v2_, v3_), v1_);      \
        vst1q_u8((out), m_);                                                      \
    }                                                                             \
    w0_ = NEON_XOR3(P[NEON_S6(0, t)], K[(t) & 1][NEON_S6(0, t)], m_);                                            \
    NEON_ROUND6_(5, t); NEON_ROUND6_(4, t); NEON_ROUND6_(3, t);                   \
    NEON_ROUND6_(2, t); NEON_ROUND6_(1, t); NEON_ROUND6_(0, t);                   \
    K[((t) + 1) & 1][NEON_S6(0, t)] = v1_;                                        \
    K[((t) + 1) & 1][NEON_S6(1, t)] = v2_;                                        \
    K[((t) + 1) & 1][NEON_S6(2, t)] = v3_;                                        \
    K[((t) + 1) & 1][NEON_S6(3, t)] = v4_;                                        \
    K[((t) + 1) & 1][NEON_S6(4, t)] = v5_;                                        \
    K[((t) + 1) & 1][NEON_S6(5, t)] = w0_;                                        \
} while (0)
#define NEON_ROUND6_(i, t) P[NEON_S6(i, t)] = NEON_AESE_MC(P[NEON_S6(i, t)], K[(t) & 1][NEON_S6(i, t)])

/* The state back in w (p and k of word i at 2i and 2i + 1) after t steps
 * of a W-word state. */
#define NEON_PUT(W, t) do {                                                       \
    int j_;                                                                       \
    for (j_ = 0; j_ < (W); j_++) {                                                \
        w[2 * j_] = P[(j_ + (W) - (t)) % (W)];                                    \
        w[2 * j_ + 1] = K[(t) & 1][(j_ + (W) - (t)) % (W)];                       \
    }                                                                             \
} while (0)

AEGISGO_INLINE void neon_run128(uint8x16_t w[16], uint8_t *dst, const uint8_t *src, size_t nb,
                                size_t stride, size_t half, int mode)
{
    uint8x16_t P[8], K[2][8];
    size_t i = 0;
    int j;

    for (j = 0; j < 8; j++) {
        P[j] = w[2 * j];
        K[0][j] = w[2 * j + 1];
    }
    for (; nb >= 8; nb -= 8, i += 8 * stride) {
        NEON_STEP128(0, src + i, dst + i);
        NEON_STEP128(1, src + i + stride, dst + i + stride);
        NEON_STEP128(2, src + i + 2 * stride, dst + i + 2 * stride);
        NEON_STEP128(3, src + i + 3 * stride, dst + i + 3 * stride);
        NEON_STEP128(4, src + i + 4 * stride, dst + i + 4 * stride);
        NEON_STEP128(5, src + i + 5 * stride, dst + i + 5 * stride);
        NEON_STEP128(6, src + i + 6 * stride, dst + i + 6 * stride);
        NEON_STEP128(7, src + i + 7 * stride, dst + i + 7 * stride);
    }
#define NEON_TAIL128_(t)                                          \
    if (nb == (t)) {                                              \
        NEON_PUT(8, t);                                           \
        return;                                                   \
    }                                                             \
    NEON_STEP128(t, src + i + (t) * stride, dst + i + (t) * stride)
    NEON_TAIL128_(0);
    NEON_TAIL128_(1);
    NEON_TAIL128_(2);
    NEON_TAIL128_(3);
    NEON_TAIL128_(4);
    NEON_TAIL128_(5);
    NEON_TAIL128_(6);
    NEON_PUT(8, 7);
#undef NEON_TAIL128_
}

AEGISGO_INLINE void neon_run256(uint8x16_t w[12], uint8_t *dst, const uint8_t *src, size_t nb,
                                size_t stride, int mode)
{
    uint8x16_t P[6], K[2][6];
    size_t i = 0;
    int j;

    for (j = 0; j < 6; j++) {
        P[j] = w[2 * j];
        K[0][j] = w[2 * j + 1];
    }
    for (; nb >= 6; nb -= 6, i += 6 * stride) {
        NEON_STEP256(0, src + i, dst + i);
        NEON_STEP256(1, src + i + stride, dst + i + stride);
        NEON_STEP256(2, src + i + 2 * stride, dst + i + 2 * stride);
        NEON_STEP256(3, src + i + 3 * stride, dst + i + 3 * stride);
        NEON_STEP256(4, src + i + 4 * stride, dst + i + 4 * stride);
        NEON_STEP256(5, src + i + 5 * stride, dst + i + 5 * stride);
    }
#define NEON_TAIL256_(t)                                          \
    if (nb == (t)) {                                              \
        NEON_PUT(6, t);                                           \
        return;                                                   \
    }                                                             \
    NEON_STEP256(t, src + i + (t) * stride, dst + i + (t) * stride)
    NEON_TAIL256_(0);
    NEON_TAIL256_(1);
    NEON_TAIL256_(2);
    NEON_TAIL256_(3);
    NEON_TAIL256_(4);
    NEON_PUT(6, 5);
#undef NEON_TAIL256_
}

/* The bodies' state, as the array of neon_run128 and neon_run256. */
#define NEON_GET_(i) w_[2 * (i)] = (s_)->s##i.p, w_[2 * (i) + 1] = (s_)->s##i.k
#define NEON_SET_(i) (s_)->s##i.p = w_[2 * (i)], (s_)->s##i.k = w_[2 * (i) + 1]
#define RUN128(s, dst, src, nb, stride, half, mode) do {                         \
    uint8x16_t w_[16];                                                            \
    __typeof__(s) s_ = (s);                                                       \
    NEON_GET_(0); NEON_GET_(1); NEON_GET_(2); NEON_GET_(3);                       \
    NEON_GET_(4); NEON_GET_(5); NEON_GET_(6); NEON_GET_(7);                       \
    neon_run128(w_, (dst), (src), (nb), (stride), (half), (mode));                \
    NEON_SET_(0); NEON_SET_(1); NEON_SET_(2); NEON_SET_(3);                       \
    NEON_SET_(4); NEON_SET_(5); NEON_SET_(6); NEON_SET_(7);                       \
} while (0)
#define RUN256(s, dst, src, nb, stride, mode) do {                               \
    uint8x16_t w_[12];                                                            \
    __typeof__(s) s_ = (s);                                                       \
    NEON_GET_(0); NEON_GET_(1); NEON_GET_(2); NEON_GET_(3);                       \
    NEON_GET_(4); NEON_GET_(5);                                                   \
    neon_run256(w_, (dst), (src), (nb), (stride), (mode));                        \
    NEON_SET_(0); NEON_SET_(1); NEON_SET_(2); NEON_SET_(3);                       \
    NEON_SET_(4); NEON_SET_(5);                                                   \
} while (0)

#define D 1
#define UNROLLED
#include "instance.h"
#include "blk_undef.h"

/* D = 2 and 4, the plain form. */
#define BLK AEGISGO_CAT(neon_blk, D)

/* NEON_EACH(S) is S(0) S(1) ... S(D-1), written out, so that no loop is
 * left for the compiler to unroll and each lane stays a named register. */
#define NEON_EACH2(S) S(0) S(1)
#define NEON_EACH4(S) S(0) S(1) S(2) S(3)
#define NEON_EACH(S) AEGISGO_CAT(NEON_EACH, D)(S)

#define NEON_AES_(i) r_.l[i] = neon_aesround(a_.l[i], b_.l[i]);
#define NEON_XOR_(i) r_.l[i] = veorq_u8(a_.l[i], b_.l[i]);
#define NEON_AND_(i) r_.l[i] = vandq_u8(a_.l[i], b_.l[i]);
#define NEON_LOAD_(i) r_.l[i] = vld1q_u8(p_ + 16 * (i));
#define NEON_STORE_(i) vst1q_u8(p_ + 16 * (i), v_.l[i]);
#define NEON_BCAST_(i) r_.l[i] = v_;

#define NEON_BINOP(S, a, b) __extension__({    \
    BLK r_;                                     \
    const BLK a_ = (a), b_ = (b);               \
    NEON_EACH(S)                                \
    r_;                                         \
})
#define blk_aes_round(a, k) NEON_BINOP(NEON_AES_, a, k)
#define blk_xor(a, b) NEON_BINOP(NEON_XOR_, a, b)
#define blk_and(a, b) NEON_BINOP(NEON_AND_, a, b)
#define blk_load(p) __extension__({            \
    BLK r_;                                     \
    const uint8_t *p_ = (p);                    \
    NEON_EACH(NEON_LOAD_)                       \
    r_;                                         \
})
#define blk_store(p, a) do {                   \
    const BLK v_ = (a);                         \
    uint8_t *p_ = (p);                          \
    NEON_EACH(NEON_STORE_)                      \
} while (0)
#define blk_broadcast(p) __extension__({           \
    BLK r_;                                     \
    const uint8x16_t v_ = vld1q_u8(p);          \
    NEON_EACH(NEON_BCAST_)                      \
    r_;                                         \
})
/* Lane j of a plain block as a block of the D = 1 code, and back. */
#define blk_group(v, j) NEON_PLAIN((v).l[j])
#define blk_set_group(v, j, x) ((v).l[j] = NEON_VALUE(x))

/* D = 2, with batches (lanes.h): two AEGIS-128L or AEGIS-256 messages side
 * by side, one register each, in the instruction stream of the D = 2
 * code. */
#define NEON_LANE_LOAD_(i) r_.l[i] = vld1q_u8(p_[i] + off_);
#define NEON_LANE_STORE_(i) vst1q_u8(p_[i] + off_, v_.l[i]);
#define lane_load(p, off) __extension__({      \
    BLK r_;                                     \
    const uint8_t *const *p_ = (p);             \
    const size_t off_ = (off);                  \
    NEON_EACH(NEON_LANE_LOAD_)                  \
    r_;                                         \
})
#define lane_store(p, off, v) do {             \
    uint8_t *const *p_ = (p);                   \
    const size_t off_ = (off);                  \
    const BLK v_ = (v);                         \
    NEON_EACH(NEON_LANE_STORE_)                 \
} while (0)
#define D 2
#define GROUP128_D 1
#define GROUP256_D 1
#define GROUP_MIN 0
#define GROUP_AD
#define INIT_GROUPS
#include "instance.h"

#define D 4
#define GROUP128_D 1
#define GROUP256_D 1
#define GROUP_MIN 0
#define GROUP_AD
#define INIT_GROUPS
#include "instance.h"

#ifdef __clang__
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif

#ifndef NEON_SHA3
#endif

/* Undone, so that another kernel can follow in the same file. */
#undef KERNEL
#include "blk_undef.h"

#endif
