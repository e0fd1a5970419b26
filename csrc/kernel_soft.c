//go:build cgo && !without_aegis

/*
 * kernel_soft.c: portable C, for CPUs without AES instructions or with
 * those kernels capped away by AEGIS_IMPL. Blocks are byte arrays, so the
 * results do not depend on byte order or alignment, and the AES round is
 * bitsliced (soft_aes.c): no table lookup and no branch depends on the key
 * or the data.
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
#define blk_aes(a, k) __extension__({                      \
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
#define blk_bcast(p) __extension__({                       \
    BLK r_;                                                 \
    const uint8_t *p_ = (p);                                \
    size_t i_;                                              \
    for (i_ = 0; i_ < sizeof r_.v; i_ += 16) {              \
        memcpy(r_.v + i_, p_, 16);                          \
    }                                                       \
    r_;                                                     \
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

const aegisgo_ops *const aegisgo_soft_table[AEGISGO_NVARIANTS] = {
    &soft_d1_ops128, &soft_d2_ops128, &soft_d4_ops128,
    &soft_d1_ops256, &soft_d2_ops256, &soft_d4_ops256,
};
