//go:build cgo && !without_aegis

// SPDX-License-Identifier: MIT

/*
 * batch.c: many messages under one key in one cgo call. For now each
 * message runs through the kernel's one-message entry points; the saving
 * is the cgo call per message. Multi-lane kernels will slot in under
 * aegisgo_seal_msgs and aegisgo_open_msgs (see aegis.h).
 */
#include "internal.h"

#if AEGISGO_BATCH_GROUP != 8
#error "batch.c unpacks exactly 8 messages per call"
#endif

void aegisgo_seal_msgs(const aegisgo_ops *ops, const uint8_t *k,
                       size_t taglen, const aegisgo_batch_msg *msg,
                       size_t n)
{
    size_t j;
    for (j = 0; j < n; j++) {
        const aegisgo_batch_msg *m = &msg[j];
        ops->encrypt(m->out, m->out + m->inlen, taglen, m->in, m->inlen,
                     m->ad, m->adlen, m->npub, k);
    }
}

uint32_t aegisgo_open_msgs(const aegisgo_ops *ops, const uint8_t *k,
                           size_t taglen, const aegisgo_batch_msg *msg,
                           size_t n)
{
    uint32_t failed = 0;
    size_t j;
    for (j = 0; j < n && j < 32; j++) {
        const aegisgo_batch_msg *m = &msg[j];
        if (ops->decrypt(m->out, m->in, m->inlen, m->in + m->inlen, taglen,
                         m->ad, m->adlen, m->npub, k) != 0) {
            failed |= 1u << j;
        }
    }
    return failed;
}

/* The arguments of one group, as an array. lens always has all 16
 * entries (the Go side passes a whole array); n is at most 8. */
#define MSG(j) { o##j, i##j, lens[2 * (j)], a##j, lens[2 * (j) + 1], n##j }
#define GROUP                                                          \
    aegisgo_batch_msg msg[AEGISGO_BATCH_GROUP] = {                     \
        MSG(0), MSG(1), MSG(2), MSG(3), MSG(4), MSG(5), MSG(6), MSG(7) \
    }

void aegisgo_seal_batch(aegisgo_ref ref, const uint8_t *k, size_t taglen,
                        const size_t *lens, size_t n, AEGISGO_BATCH_ARGS)
{
    if (n > AEGISGO_BATCH_GROUP) {
        n = AEGISGO_BATCH_GROUP;
    }
    GROUP;
    aegisgo_seal_msgs((const aegisgo_ops *)ref, k, taglen, msg, n);
}

void aegisgo_open_batch(aegisgo_ref ref, uint32_t *failed,
                        const uint8_t *k, size_t taglen,
                        const size_t *lens, size_t n, AEGISGO_BATCH_ARGS)
{
    if (n > AEGISGO_BATCH_GROUP) {
        n = AEGISGO_BATCH_GROUP;
    }
    GROUP;
    *failed = aegisgo_open_msgs((const aegisgo_ops *)ref, k, taglen, msg, n);
}
