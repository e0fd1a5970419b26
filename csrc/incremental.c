// SPDX-License-Identifier: MIT

//go:build cgo && !without_aegis

/*
 * incremental.c: one-call entry points for incremental encryption and
 * decryption, AEGIS-MAC and the keystream, so that the Go side makes
 * exactly one cgo call per operation. The algorithms are in
 * aegis128_inc.h and aegis256_inc.h; ops is a table of a variant's
 * aegisgo_tables_* (internal/engines/<variant>).
 */
#include "internal.h"

void aegisgo_partial(uint8_t *pend, uint8_t *out, const uint8_t *in,
                     const uint8_t *z, size_t n, aegisgo_dir dir)
{
    size_t j;
    for (j = 0; j < n; j++) {
        const uint8_t x = in != NULL ? in[j] : 0;
        const uint8_t y = (uint8_t)(x ^ z[j]);
        if (dir == AEGISGO_ENCRYPT) {
            pend[j] = x;
        } else if (dir == AEGISGO_DECRYPT) {
            pend[j] = y;
        }
        out[j] = y;
    }
}

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
    ops->inc_update(st, c, m, mlen, AEGISGO_ENCRYPT);
}

void aegisgo_inc_decrypt(aegisgo_ref ref, uint8_t *st, uint8_t *m,
                         const uint8_t *c, size_t clen)
{
    const aegisgo_ops *ops = (const aegisgo_ops *)ref;
    ops->inc_update(st, m, c, clen, AEGISGO_DECRYPT);
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
    uint8_t want[32];
    int ok;

    ops->inc_final(st, want, taglen);
    ok = aegisgo_ct_verify(want, tag, taglen);
    aegisgo_wipe(want, sizeof want);
    return ok;
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

void aegisgo_keystream_xor(aegisgo_ref ref, uint8_t *st, uint8_t *out,
                           const uint8_t *in, size_t len)
{
    const aegisgo_ops *ops = (const aegisgo_ops *)ref;
    ops->inc_update(st, out, in, len, AEGISGO_KEYSTREAM);
}

void aegisgo_keystream(aegisgo_ref ref, uint8_t *out, size_t len,
                       const uint8_t *npub, const uint8_t *k)
{
    const aegisgo_ops *ops = (const aegisgo_ops *)ref;
    uint8_t st[AEGISGO_STATE_BYTES];

    if (len == 0) {
        return;
    }
    ops->inc_init(st, NULL, 0, npub, k);
    ops->inc_update(st, out, NULL, len, AEGISGO_KEYSTREAM);
    aegisgo_wipe(st, sizeof st);
}
