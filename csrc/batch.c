//go:build cgo && !without_aegis

// SPDX-License-Identifier: MIT

/*
 * batch.c: many messages under one key in one cgo call. The entry points
 * (batch_gen.c, generated) put their arguments in an array and call
 * aegisgo_batch_run. Where the kernel runs messages in lanes (lanes.h),
 * they go through it a register's worth at a time, and the rest through
 * the one-message entry points.
 */
#include "batch.h"
#include "internal.h"

_Static_assert(AEGISGO_BATCH_GROUP <= 32, "a group's failures are a 32-bit mask");

/* The most lanes a kernel has (ops->lanes). */
#define MAX_LANES 8

AEGISGO_INLINE int same_shape(const aegisgo_batch_msg *a, const aegisgo_batch_msg *b)
{
    return a->inlen == b->inlen && a->adlen == b->adlen;
}

/* The lanes of a kernel take messages of one shape (lanes.h), so the
 * messages are taken in sets of ops->lanes of the same lengths, in the
 * order they come; the messages left over go one at a time.
 *
 * With four lanes or more, a shape that has one message too few for a set
 * still goes to the lanes, its first message in the last lane too: four
 * lanes cost less than three messages one at a time, and the two lanes
 * that hold the same message compute the same bytes and store them to the
 * same place. Every step of lanes.h reads all lanes' input before it
 * writes any output, so this holds in place too. */
uint32_t aegisgo_batch_run(const aegisgo_ops *ops, aegisgo_dir dir, const uint8_t *k,
                           size_t taglen, const aegisgo_batch_msg *msg, size_t n)
{
    const size_t lanes = (size_t)ops->lanes;
    uint32_t left = n >= 32 ? ~(uint32_t)0 : ((uint32_t)1 << n) - 1;
    uint32_t failed = 0;
    size_t a, b, c;

    if (ops->seal_lanes != NULL && lanes >= 2 && lanes <= MAX_LANES) {
        /* Runs of one shape, the usual batch, go as they are. */
        for (a = 0; a + lanes <= n; a += lanes) {
            for (c = 1; c < lanes && same_shape(&msg[a + c], &msg[a]); c++) {
            }
            if (c < lanes) {
                break;
            }
            if (dir == AEGISGO_ENCRYPT) {
                ops->seal_lanes(msg + a, k, taglen);
            } else {
                failed |= ops->open_lanes(msg + a, k, taglen) << a;
            }
            left &= ~((((uint32_t)1 << lanes) - 1) << a);
        }
        const size_t fewest = lanes >= 4 ? lanes - 1 : lanes; /* for a set */
        for (; a + fewest <= n; a++) {
            aegisgo_batch_msg set[MAX_LANES];
            size_t at[MAX_LANES];
            if ((left >> a & 1) == 0) {
                continue;
            }
            for (b = a, c = 0; b < n && c < lanes; b++) {
                if ((left >> b & 1) != 0 && same_shape(&msg[b], &msg[a])) {
                    at[c] = b;
                    set[c++] = msg[b];
                }
            }
            if (c < fewest) {
                continue;
            }
            for (; c < lanes; c++) { /* the first message again */
                at[c] = at[0];
                set[c] = set[0];
            }
            if (dir == AEGISGO_ENCRYPT) {
                ops->seal_lanes(set, k, taglen);
            } else {
                const uint32_t bad = ops->open_lanes(set, k, taglen);
                for (c = 0; c < lanes; c++) {
                    failed |= (bad >> c & 1) << at[c];
                }
            }
            for (c = 0; c < lanes; c++) {
                left &= ~((uint32_t)1 << at[c]);
            }
            a--; /* more sets may start at a */
        }
    }
    for (a = 0; a < n; a++) {
        const aegisgo_batch_msg *m = &msg[a];
        if ((left >> a & 1) == 0) {
            continue;
        }
        if (dir == AEGISGO_ENCRYPT) {
            ops->encrypt(m->out, m->out + m->inlen, taglen, m->in, m->inlen,
                         m->ad, m->adlen, m->npub, k);
        } else if (ops->decrypt(m->out, m->in, m->inlen, m->in + m->inlen, taglen,
                                m->ad, m->adlen, m->npub, k) != 0) {
            failed |= (uint32_t)1 << a;
        }
    }
    return failed;
}
