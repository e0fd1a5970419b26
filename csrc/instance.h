/*
 * instance.h: instantiates both algorithm bodies for one kernel and one
 * degree. The kernel defines KERNEL (its name), D, BLK and the block
 * operations listed in aegis128_body.h, then includes this file; it gets
 * two tables, FN(ops128) and FN(ops256).
 */

#define FN(x) AEGISGO_CAT(AEGISGO_CAT(AEGISGO_CAT(KERNEL, _d), D), AEGISGO_CAT(_, x))

#ifndef blk_xor3
#define blk_xor3(a, b, c) blk_xor(blk_xor(a, b), c)
#endif
#ifndef blk_xorand
#define blk_xorand(a, b, c, d) blk_xor(blk_xor(a, b), blk_and(c, d))
#endif

/* XOR of the D lanes of a, written as 16 bytes: the parallel modes combine
 * the lanes' tags this way. */
AEGISGO_INLINE void FN(fold)(uint8_t out[16], BLK a)
{
#if D == 1
    blk_store(out, a);
#else
    uint8_t b[16 * D];
    int i, j;
    blk_store(b, a);
    for (j = 0; j < 16; j++) {
        uint8_t x = b[j];
        for (i = 1; i < D; i++) {
            x ^= b[16 * i + j];
        }
        out[j] = x;
    }
#endif
}

#include "aegis128_body.h"
#include "aegis256_body.h"

static const aegisgo_ops FN(ops128) = { FN(encrypt128), FN(decrypt128) };
static const aegisgo_ops FN(ops256) = { FN(encrypt256), FN(decrypt256) };

#undef FN
