// SPDX-License-Identifier: MIT

/*
 * lanes.h: batches in the lanes of one register. D AEGIS-128L or
 * AEGIS-256 messages under one key run side by side in the D lanes of the
 * block vector of an instance, message j in lane j. One AES instruction
 * then advances D independent states, which one message alone cannot do:
 * its updates wait on each other. (The X variants could run likewise,
 * several lanes per message; two X2 messages per 512-bit register measured
 * slower than one at a time on 256-bit registers, so they have none.)
 *
 * instance.h includes this file, after the bodies of its degree, where the
 * kernel defines for that degree
 *
 *   lane_load(p, off), lane_store(p, off, v)
 *                   the 16 bytes at p[j] + off of each message j, as one
 *                   block vector, and back
 *
 * and optionally lane_load_part(p, off, n) and lane_store_part(p, off, v, n),
 * lane_load and lane_store of the first n <= 16 bytes (zeros after them),
 * which otherwise go through a buffer on the stack; and
 * lane_load_rows(p, off, r) and lane_store_rows(p, off, r),
 * which move four block vectors at once, r[i] being lane_load(p, off + 16
 * * i): a kernel that can load each message's 64 bytes whole and transpose
 * them in registers saves most of the loads, stores and shuffles of
 * lane_load and lane_store. All of these are undefined at the end of this
 * file.
 *
 * The entry points are LANES_FN(seal128), LANES_FN(open128),
 * LANES_FN(seal256) and LANES_FN(open256): KERNEL_seal128_Dx1 and so on
 * (for example avx512_seal128_4x1), which the ops table lists by name as
 * .seal_lanes and .open_lanes.
 *
 * The messages of one call have the same shape (message and associated
 * data lengths; batch.c picks them), so they run in step from Init to
 * Finalize.
 */

/* Names of this file's inline helpers, and of its entry points. */
#define LFN(x) AEGISGO_CAT(FN(x), _lanes)
#define LANES_FN(x) AEGISGO_CAT(AEGISGO_CAT(KERNEL, _), AEGISGO_CAT(x, AEGISGO_CAT(_, AEGISGO_CAT(D, x1))))
/* A message's bytes per block vector: AEGIS-128L's rate is 2 * LW, AEGIS-256's
 * LW. D messages run at once, message j in lane j. */
#define LW 16

#if !defined(lane_load) || !defined(lane_store)
#error "lanes.h: the kernel defines lane_load and lane_store"
#endif

#ifndef lane_load_part
/* The first n <= LW bytes at p[j] + off of each message, zeros after. */
AEGISGO_INLINE BLK LFN(load_part)(const uint8_t *const *p, size_t off, size_t n)
{
    uint8_t b[16 * D];
    int j;
    memset(b, 0, sizeof b);
    for (j = 0; j < D; j++) {
        aegisgo_copy(b + j * LW, p[j] + off, n);
    }
    return blk_load(b);
}

/* The same for plaintext (seal), with the copy wiped after (see
 * FN(load_part) in instance.h for why the other loads keep theirs). */
AEGISGO_INLINE BLK LFN(load_secret_part)(const uint8_t *const *p, size_t off, size_t n)
{
    uint8_t b[16 * D];
    BLK v;
    int j;
    memset(b, 0, sizeof b);
    for (j = 0; j < D; j++) {
        aegisgo_copy(b + j * LW, p[j] + off, n);
    }
    v = blk_load(b);
    aegisgo_wipe_local(b, sizeof b);
    return v;
}

/* The first n bytes of each message's part of v, to p[j] + off. */
AEGISGO_INLINE void LFN(store_part)(uint8_t *const *p, size_t off, BLK v, size_t n)
{
    uint8_t b[16 * D];
    int j;
    blk_store(b, v);
    for (j = 0; j < D; j++) {
        aegisgo_copy(p[j] + off, b + j * LW, n);
    }
    aegisgo_wipe_local(b, sizeof b);
}
#define lane_load_part(p, off, n) LFN(load_part)((p), (off), (n))
#define lane_load_secret_part(p, off, n) LFN(load_secret_part)((p), (off), (n))
#define lane_store_part(p, off, v, n) LFN(store_part)((p), (off), (v), (n))
#endif
#ifndef lane_load_secret_part
/* The kernel's own lane_load_part (avx512's masked loads): no copy. */
#define lane_load_secret_part(p, off, n) lane_load_part((p), (off), (n))
#endif

/* v with each message's part zero from byte n <= LW on. */
AEGISGO_INLINE BLK LFN(keep)(BLK v, size_t n)
{
    return blk_and(v, blk_broadcast(aegisgo_ones_zeros + 16 - n));
}

/* Each message's 16-byte nonce, or the first or second half of its 32. */
AEGISGO_INLINE BLK LFN(nonces)(const aegisgo_batch_msg *m, size_t off)
{
    const uint8_t *p[D];
    int j;
    for (j = 0; j < D; j++) {
        p[j] = m[j].npub;
    }
    return lane_load(p, off);
}

/* Each message's tag word (taglen 16, or a half of 32) from x, to tags +
 * 32 * j + at. */
AEGISGO_INLINE void LFN(tags)(uint8_t *tags, size_t at, BLK x)
{
    uint8_t *p[D];
    int j;
    for (j = 0; j < D; j++) {
        p[j] = tags + 32 * j;
    }
    lane_store(p, at, x);
}

/* Writes (seal) or checks (open) each message's tag from tags; open clears
 * the output of a message whose tag does not match, and returns the bit
 * mask of those. */
AEGISGO_INLINE uint32_t LFN(tags_out)(const aegisgo_batch_msg *m, const uint8_t *tags,
                                      size_t taglen, aegisgo_dir dir)
{
    uint32_t failed = 0;
    int j;
    for (j = 0; j < D; j++) {
        if (dir == AEGISGO_ENCRYPT) {
            /* Constant lengths, which compile to moves. */
            if (taglen == 16) {
                memcpy(m[j].out + m[j].inlen, tags + 32 * j, 16);
            } else {
                memcpy(m[j].out + m[j].inlen, tags + 32 * j, 32);
            }
        } else {
            int bad = aegisgo_ct_verify(tags + 32 * j, m[j].in + m[j].inlen, taglen);
            aegisgo_declassify(&bad, sizeof bad);
            if (bad != 0) {
                if (m[j].inlen > 0) {
                    memset(m[j].out, 0, m[j].inlen);
                }
                failed |= (uint32_t)1 << j;
            }
        }
    }
    return failed;
}

#if !defined(AEGISGO_FAMILY) || AEGISGO_FAMILY == 128
#include "aegis128_lanes.h"
#endif
#if !defined(AEGISGO_FAMILY) || AEGISGO_FAMILY == 256
#include "aegis256_lanes.h"
#endif

#undef lane_load
#undef lane_store
#undef lane_load_part
#undef lane_load_secret_part
#undef lane_store_part
#undef lane_load_rows
#undef lane_store_rows
