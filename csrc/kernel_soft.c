// SPDX-License-Identifier: MIT

//go:build cgo && !without_aegis

/*
 * kernel_soft.c: portable C, for CPUs without AES instructions or with
 * those kernels capped away by AEGIS_IMPL. Blocks are byte arrays, so the
 * results do not depend on byte order or alignment, and the AES round is
 * bitsliced (soft_aes.c): no table lookup and no branch depends on the key
 * or the data. Blocks in memory leave the key, the state, plaintext and
 * keystream in the frames of the calls, where the other kernels keep them
 * in registers: the tables ask the callers to wipe the stack after each
 * call (wipe_stack, aegis.h).
 */
#include "internal.h"
#include "soft_aes.h"

typedef struct { uint8_t v[16]; } soft_blk1;
typedef struct { uint8_t v[32]; } soft_blk2;
typedef struct { uint8_t v[64]; } soft_blk4;

#define KERNEL soft
#define BLK AEGISGO_CAT(soft_blk, D)

#define SOFT_BYTES2(op, a, b) __extension__({       \
    BLK r_, a_ = (a), b_ = (b);                      \
    size_t i_;                                       \
    for (i_ = 0; i_ < sizeof r_.v; i_++) {           \
        r_.v[i_] = (uint8_t)(a_.v[i_] op b_.v[i_]);  \
    }                                                \
    r_;                                              \
})
#define blk_xor(a, b) SOFT_BYTES2(^, a, b)
#define blk_and(a, b) SOFT_BYTES2(&, a, b)
#define blk_aes_round(a, k) __extension__({                      \
    BLK r_, a_ = (a), k_ = (k);                             \
    aegisgo_soft_aesround(r_.v, a_.v, k_.v, D);             \
    r_;                                                     \
})
#define blk_load(p) __extension__({                        \
    BLK r_;                                                 \
    memcpy(r_.v, (p), sizeof r_.v);                         \
    r_;                                                     \
})
#define blk_store(p, a) do {                               \
    BLK v_ = (a);                                           \
    memcpy((p), v_.v, sizeof v_.v);                         \
} while (0)
#define blk_broadcast(p) __extension__({                       \
    BLK r_;                                                 \
    const uint8_t *p_ = (p);                                \
    size_t i_;                                              \
    for (i_ = 0; i_ < sizeof r_.v; i_ += 16) {              \
        memcpy(r_.v + i_, p_, 16);                          \
    }                                                       \
    r_;                                                     \
})

/* Partial blocks through memcpy: a library call costs more than the
 * inline copies of instance.h's portable forms, but nothing next to the
 * AES rounds here, and keeps them out of every entry point. */
#define blk_load_part(p, n) __extension__({                \
    BLK r_;                                                 \
    memset(r_.v, 0, sizeof r_.v);                           \
    memcpy(r_.v, (p), (n));                                 \
    r_;                                                     \
})
#define blk_store_part(p, a, n) do {                       \
    BLK v_ = (a);                                           \
    memcpy((p), v_.v, (n));                                 \
    aegisgo_wipe_local(v_.v, sizeof v_.v);                  \
} while (0)

/* Each update is eight calls of aegisgo_soft_aesround and byte loops
 * around them: inlined into every entry point, as the other kernels do,
 * it made this kernel the bulk of the module's machine code, for no speed
 * (the calls cost far more than a call of the update). So the updates,
 * Enc and Dec of a block, Init and Finalize are functions of their own
 * here (NOINLINE_STEPS and NOINLINE_INIT_FINAL, aegis128_body.h):
 *
 *   soft_d1_update128 soft_d1_update128_late soft_d1_enc128 soft_d1_dec128
 *   soft_d1_initialize128 soft_d1_finalize128
 *   soft_d1_update256 soft_d1_update256_late soft_d1_enc256 soft_d1_dec256
 *   soft_d1_initialize256 soft_d1_finalize256
 *
 * and the same for D = 2 and 4:
 *
 *   soft_d2_update128 soft_d2_update128_late soft_d2_enc128 soft_d2_dec128
 *   soft_d2_initialize128 soft_d2_finalize128
 *   soft_d2_update256 soft_d2_update256_late soft_d2_enc256 soft_d2_dec256
 *   soft_d2_initialize256 soft_d2_finalize256
 *   soft_d4_update128 soft_d4_update128_late soft_d4_enc128 soft_d4_dec128
 *   soft_d4_initialize128 soft_d4_finalize128
 *   soft_d4_update256 soft_d4_update256_late soft_d4_enc256 soft_d4_dec256
 *   soft_d4_initialize256 soft_d4_finalize256
 */
#define D 1
#define NOINLINE_STEPS
#define NOINLINE_INIT_FINAL
#include "instance.h"
#define D 2
#define NOINLINE_STEPS
#define NOINLINE_INIT_FINAL
#include "instance.h"
#define D 4
#define NOINLINE_STEPS
#define NOINLINE_INIT_FINAL
#include "instance.h"

/* The entry points, by variant (see instance.h). */
const aegisgo_ops aegisgo_soft_ops[AEGISGO_NVARIANTS] = {
    [AEGISGO_128L] = {
        .encrypt = soft_d1_encrypt128, .decrypt = soft_d1_decrypt128,
        .inc_init = soft_d1_inc128_init, .inc_update = soft_d1_inc128_update,
        .inc_final = soft_d1_inc128_final,
        .mac_update = soft_d1_mac128_update, .mac_final = soft_d1_mac128_final,
        .wipe_stack = 1,
    },
    [AEGISGO_128X2] = {
        .encrypt = soft_d2_encrypt128, .decrypt = soft_d2_decrypt128,
        .inc_init = soft_d2_inc128_init, .inc_update = soft_d2_inc128_update,
        .inc_final = soft_d2_inc128_final,
        .mac_update = soft_d2_mac128_update, .mac_final = soft_d2_mac128_final,
        .wipe_stack = 1,
    },
    [AEGISGO_128X4] = {
        .encrypt = soft_d4_encrypt128, .decrypt = soft_d4_decrypt128,
        .inc_init = soft_d4_inc128_init, .inc_update = soft_d4_inc128_update,
        .inc_final = soft_d4_inc128_final,
        .mac_update = soft_d4_mac128_update, .mac_final = soft_d4_mac128_final,
        .wipe_stack = 1,
    },
    [AEGISGO_256] = {
        .encrypt = soft_d1_encrypt256, .decrypt = soft_d1_decrypt256,
        .inc_init = soft_d1_inc256_init, .inc_update = soft_d1_inc256_update,
        .inc_final = soft_d1_inc256_final,
        .mac_update = soft_d1_mac256_update, .mac_final = soft_d1_mac256_final,
        .wipe_stack = 1,
    },
    [AEGISGO_256X2] = {
        .encrypt = soft_d2_encrypt256, .decrypt = soft_d2_decrypt256,
        .inc_init = soft_d2_inc256_init, .inc_update = soft_d2_inc256_update,
        .inc_final = soft_d2_inc256_final,
        .mac_update = soft_d2_mac256_update, .mac_final = soft_d2_mac256_final,
        .wipe_stack = 1,
    },
    [AEGISGO_256X4] = {
        .encrypt = soft_d4_encrypt256, .decrypt = soft_d4_decrypt256,
        .inc_init = soft_d4_inc256_init, .inc_update = soft_d4_inc256_update,
        .inc_final = soft_d4_inc256_final,
        .mac_update = soft_d4_mac256_update, .mac_final = soft_d4_mac256_final,
        .wipe_stack = 1,
    },
};
