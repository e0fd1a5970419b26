// SPDX-License-Identifier: MIT

//go:build cgo && !without_aegis

/*
 * kernel_neon.c: the ARMv8 AES instructions (AESE, AESMC) on 128-bit NEON
 * registers. Like aesni, the X variants keep their D states in D registers
 * each, so every AES instruction is one lane of one state block; their
 * long messages run a lane at a time through the D = 1 code, in the
 * rotating form described there.
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
 * few around each update of Init and Finalize, and of messages shorter
 * than AEGISGO_GROUP_MIN. 256X4 (6 blocks, 24 registers) and the rest fit.
 *
 * EOR3 (the SHA3 extension) merges two xors into one instruction, but it
 * is optional from ARMv8.2 on, so it is a kernel of its own, neonsha3:
 * kernel_neonsha3.c compiles this file again with NEON_SHA3 defined.
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

/* kernel_neonsha3.c compiles this file again, for FEAT_SHA3, under its
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
 * neon_d2_groups256, neon_d4_groups256), and keep the plain form for Init,
 * Finalize and the short messages. Both p and k come back to the same
 * registers every three updates, so the loops over blocks run three at a
 * time (STEPS3) and Init and Finalize are unrolled (UNROLLED): otherwise
 * the compiler copies registers at each back edge.
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

#define D 1
#define UNROLLED
#define STEPS3
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
#include "instance.h"

#define D 4
#define GROUP128_D 1
#define GROUP256_D 1
#include "instance.h"

#ifdef __clang__
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif

#ifndef NEON_SHA3
/* The entry points, by variant (see instance.h). */
const aegisgo_ops aegisgo_neon_ops[AEGISGO_NVARIANTS] = {
    [AEGISGO_128L] = {
        .encrypt = neon_d1_encrypt128, .decrypt = neon_d1_decrypt128,
        .inc_init = neon_d1_inc128_init, .inc_update = neon_d1_inc128_update,
        .inc_final = neon_d1_inc128_final,
        .mac_update = neon_d1_mac128_update, .mac_final = neon_d1_mac128_final,
        .lanes = 2, .seal_lanes = neon_seal128_2x1, .open_lanes = neon_open128_2x1,
    },
    [AEGISGO_128X2] = {
        .encrypt = neon_d2_encrypt128, .decrypt = neon_d2_decrypt128,
        .inc_init = neon_d2_inc128_init, .inc_update = neon_d2_inc128_update,
        .inc_final = neon_d2_inc128_final,
        .mac_update = neon_d2_mac128_update, .mac_final = neon_d2_mac128_final,
    },
    [AEGISGO_128X4] = {
        .encrypt = neon_d4_encrypt128, .decrypt = neon_d4_decrypt128,
        .inc_init = neon_d4_inc128_init, .inc_update = neon_d4_inc128_update,
        .inc_final = neon_d4_inc128_final,
        .mac_update = neon_d4_mac128_update, .mac_final = neon_d4_mac128_final,
    },
    [AEGISGO_256] = {
        .encrypt = neon_d1_encrypt256, .decrypt = neon_d1_decrypt256,
        .inc_init = neon_d1_inc256_init, .inc_update = neon_d1_inc256_update,
        .inc_final = neon_d1_inc256_final,
        .mac_update = neon_d1_mac256_update, .mac_final = neon_d1_mac256_final,
        .lanes = 2, .seal_lanes = neon_seal256_2x1, .open_lanes = neon_open256_2x1,
    },
    [AEGISGO_256X2] = {
        .encrypt = neon_d2_encrypt256, .decrypt = neon_d2_decrypt256,
        .inc_init = neon_d2_inc256_init, .inc_update = neon_d2_inc256_update,
        .inc_final = neon_d2_inc256_final,
        .mac_update = neon_d2_mac256_update, .mac_final = neon_d2_mac256_final,
    },
    [AEGISGO_256X4] = {
        .encrypt = neon_d4_encrypt256, .decrypt = neon_d4_decrypt256,
        .inc_init = neon_d4_inc256_init, .inc_update = neon_d4_inc256_update,
        .inc_final = neon_d4_inc256_final,
        .mac_update = neon_d4_mac256_update, .mac_final = neon_d4_mac256_final,
    },
};
#endif

#endif
