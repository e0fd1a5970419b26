//go:build cgo && !without_aegis

/*
 * stream.c: one-call entry points for incremental encryption and
 * decryption, AEGIS-MAC and the keystream, so that the Go side makes
 * exactly one cgo call per operation. The algorithms are in
 * aegis128_more.h and aegis256_more.h; ops comes from aegisgo_ops_for.
 */
#include "internal.h"

void aegisgo_inc_init(aegisgo_ref ref, uint8_t *st, const uint8_t *ad,
                      size_t adlen, const uint8_t *npub, const uint8_t *k)
{
    const aegisgo_ops *ops = (const aegisgo_ops *)ref;
    ops->inc_init(st, ad, adlen, npub, k);
}

void aegisgo_inc_encrypt(aegisgo_ref ref, uint8_t *st, uint8_t *c,
                         const uint8_t *m, size_t mlen)
{
    const aegisgo_ops *ops = (const aegisgo_ops *)ref;
    ops->inc_encrypt(st, c, m, mlen);
}

void aegisgo_inc_decrypt(aegisgo_ref ref, uint8_t *st, uint8_t *m,
                         const uint8_t *c, size_t clen)
{
    const aegisgo_ops *ops = (const aegisgo_ops *)ref;
    ops->inc_decrypt(st, m, c, clen);
}

void aegisgo_inc_final(aegisgo_ref ref, uint8_t *st, uint8_t *tag,
                       size_t taglen)
{
    const aegisgo_ops *ops = (const aegisgo_ops *)ref;
    ops->inc_final(st, tag, taglen);
}

int aegisgo_inc_verify(aegisgo_ref ref, uint8_t *st,
                       const uint8_t *tag, size_t taglen)
{
    const aegisgo_ops *ops = (const aegisgo_ops *)ref;
    return ops->inc_verify(st, tag, taglen);
}

void aegisgo_mac_update(aegisgo_ref ref, uint8_t *st,
                        const uint8_t *data, size_t len)
{
    const aegisgo_ops *ops = (const aegisgo_ops *)ref;
    ops->mac_update(st, data, len);
}

void aegisgo_mac_final(aegisgo_ref ref, const uint8_t *st,
                       uint8_t *tag, size_t taglen)
{
    const aegisgo_ops *ops = (const aegisgo_ops *)ref;
    ops->mac_final(st, tag, taglen);
}

void aegisgo_stream_xor(aegisgo_ref ref, uint8_t *st, uint8_t *out,
                        const uint8_t *in, size_t len)
{
    const aegisgo_ops *ops = (const aegisgo_ops *)ref;
    ops->stream(st, out, in, len);
}

void aegisgo_stream(aegisgo_ref ref, uint8_t *out, size_t len,
                    const uint8_t *npub, const uint8_t *k)
{
    const aegisgo_ops *ops = (const aegisgo_ops *)ref;
    uint8_t st[AEGISGO_STATE_BYTES];

    if (len == 0) {
        return;
    }
    ops->inc_init(st, NULL, 0, npub, k);
    ops->stream(st, out, NULL, len);
    aegisgo_wipe(st, sizeof st);
}
