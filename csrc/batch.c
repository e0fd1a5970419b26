//go:build cgo && !without_aegis

// SPDX-License-Identifier: MIT

/*
 * batch.c: many messages under one key in one cgo call. Where the kernel
 * runs messages in lanes (lanes.h), they go through it a register's worth
 * at a time, and the rest through the one-message entry points.
 */
#include "internal.h"

#if AEGISGO_BATCH_GROUP != 16 || AEGISGO_BATCH_SMALL != 4
#error "batch.c unpacks exactly 16 or 4 messages per call"
#endif

/* The most lanes a kernel has (ops->lanes). */
#define MAX_LANES 8

AEGISGO_INLINE int same_shape(const aegisgo_batch_msg *a, const aegisgo_batch_msg *b)
{
    return a->inlen == b->inlen && a->adlen == b->adlen;
}

/* Seal or Open (dir) of n <= 32 messages; returns Open's bit mask of the
 * messages whose tag did not match. The lanes of a kernel take messages of
 * one shape (lanes.h), so the messages are taken in sets of ops->lanes of
 * the same lengths, in the order they come; the messages left over go one
 * at a time.
 *
 * With four lanes or more, a shape that has one message too few for a set
 * still goes to the lanes, its first message in the last lane too: four
 * lanes cost less than three messages one at a time, and the two lanes
 * that hold the same message compute the same bytes and store them to the
 * same place. Every step of lanes.h reads all lanes' input before it
 * writes any output, so this holds in place too. */
static uint32_t run_msgs(const aegisgo_ops *ops, const uint8_t *k, size_t taglen,
                         const aegisgo_batch_msg *msg, size_t n, aegisgo_dir dir)
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

void aegisgo_seal_msgs(const aegisgo_ops *ops, const uint8_t *k,
                       size_t taglen, const aegisgo_batch_msg *msg,
                       size_t n)
{
    size_t j;
    for (j = 0; j < n; j += 32) {
        (void)run_msgs(ops, k, taglen, msg + j, n - j < 32 ? n - j : 32, AEGISGO_ENCRYPT);
    }
}

uint32_t aegisgo_open_msgs(const aegisgo_ops *ops, const uint8_t *k,
                           size_t taglen, const aegisgo_batch_msg *msg,
                           size_t n)
{
    return run_msgs(ops, k, taglen, msg, n < 32 ? n : 32, AEGISGO_DECRYPT);
}

/* The arguments of one group, as an array. lens always has all entries
 * (the Go side passes a whole array); n is at most the group's size. */
#define MSG(j) { o##j, i##j, lens[2 * (j)], a##j, lens[2 * (j) + 1], n##j }
#define GROUP16                                                         \
    aegisgo_batch_msg msg[AEGISGO_BATCH_GROUP] = {                      \
        MSG(0), MSG(1), MSG(2), MSG(3), MSG(4), MSG(5), MSG(6), MSG(7), \
        MSG(8), MSG(9), MSG(10), MSG(11), MSG(12), MSG(13), MSG(14), MSG(15) \
    }
#define GROUP4 \
    aegisgo_batch_msg msg[AEGISGO_BATCH_SMALL] = { MSG(0), MSG(1), MSG(2), MSG(3) }

/* The entry points, by group size (the number of slots, which the slot
 * arguments spell out). */
#define BATCH_ENTRY(name, slots, args, group)                                 \
    uint32_t name(aegisgo_ref ref, aegisgo_dir dir, const uint8_t *k,         \
                  size_t taglen, const size_t *lens, size_t n, args)          \
    {                                                                         \
        group;                                                                \
        return run_msgs((const aegisgo_ops *)ref, k, taglen, msg,             \
                        n < (slots) ? n : (slots), dir);                      \
    }

BATCH_ENTRY(aegisgo_batch, AEGISGO_BATCH_GROUP, AEGISGO_BATCH_ARGS, GROUP16)
BATCH_ENTRY(aegisgo_batch4, AEGISGO_BATCH_SMALL, AEGISGO_BATCH_ARGS4, GROUP4)
