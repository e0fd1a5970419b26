// SPDX-License-Identifier: MIT

/*
 * aegis128_inc.h: the incremental forms of AEGIS-128L and AEGIS-128X
 * (encryption, decryption, AEGIS-MAC and the keystream of the spec's
 * Stream), built from the blocks of aegis128_body.h. instance.h includes
 * it after the bodies, once per kernel and degree D. Its functions of
 * their own are FN(inc128_init), FN(inc128_update), FN(inc128_final),
 * FN(mac128_update) and FN(mac128_final).
 *
 * The state is plain bytes that the caller owns (see aegis.h), laid out as
 *
 *   [0, 128D)          S0 ... S7, 16D bytes each
 *   [128D, 160D)       the bytes of the current partial block, zero after
 *                      the last one: plaintext when encrypting or
 *                      decrypting, data for a MAC, nothing (zeros) for a
 *                      keystream
 *   [160D, 160D + 8)   the associated data length in bytes
 *   [160D + 8, +16)    the message (or MAC data, or keystream) length
 *
 * The message length tells how far into the current block the previous
 * call stopped. The keystream of a partial block is not kept: it depends
 * only on the state, which does not change until the block is complete, so
 * each call derives it again.
 */

#define INC128_PEND (8 * H128)
#define INC128_ADLEN (INC128_PEND + R128)
#define INC128_MLEN (INC128_ADLEN + 8)
#define INC128_SIZE (INC128_MLEN + 8)

typedef char FN(inc128_fits)[INC128_SIZE <= AEGISGO_STATE_BYTES ? 1 : -1];

AEGISGO_INLINE void FN(inc128_load)(FN(st128) *s, const uint8_t *st)
{
    s->s0 = blk_load(st);
    s->s1 = blk_load(st + H128);
    s->s2 = blk_load(st + 2 * H128);
    s->s3 = blk_load(st + 3 * H128);
    s->s4 = blk_load(st + 4 * H128);
    s->s5 = blk_load(st + 5 * H128);
    s->s6 = blk_load(st + 6 * H128);
    s->s7 = blk_load(st + 7 * H128);
}

AEGISGO_INLINE void FN(inc128_store)(uint8_t *st, const FN(st128) *s)
{
    blk_store(st, s->s0);
    blk_store(st + H128, s->s1);
    blk_store(st + 2 * H128, s->s2);
    blk_store(st + 3 * H128, s->s3);
    blk_store(st + 4 * H128, s->s4);
    blk_store(st + 5 * H128, s->s5);
    blk_store(st + 6 * H128, s->s6);
    blk_store(st + 7 * H128, s->s7);
}

/* The keystream of the current block, z0 || z1, as bytes. */
AEGISGO_INLINE void FN(ks128_bytes)(const FN(st128) *s, uint8_t z[R128])
{
    blk_store(z, Z128(s, 0));
    blk_store(z + H128, Z128(s, 1));
}

/* Absorbs the partial block, if any: its bytes are already zero-padded,
 * as Enc of a padded block and DecPartial both absorb. */
AEGISGO_INLINE void FN(inc128_flush)(FN(st128) *s, const uint8_t *st)
{
    if (aegisgo_get64(st + INC128_MLEN) % R128 != 0) {
        FN(upd128)(s, blk_load(st + INC128_PEND), blk_load(st + INC128_PEND + H128));
    }
}

AEGISGO_NOINLINE void FN(mac128_update)(uint8_t *st, const uint8_t *a, size_t n)
{
    FN(st128) s;
    uint8_t *pend = st + INC128_PEND;
    const uint64_t len = aegisgo_get64(st + INC128_MLEN);
    const size_t pos = (size_t)(len % R128);
    size_t i = 0, whole;

    if (n == 0) {
        return;
    }
    aegisgo_put64(st + INC128_MLEN, len + (uint64_t)n);
    if (pos + n < R128) {
        /* Still inside the partial block: no state update. */
        memcpy(pend + pos, a, n);
        return;
    }
    FN(inc128_load)(&s, st);
    if (pos > 0) {
        i = aegisgo_fill(R128, pos, n);
        memcpy(pend + pos, a, i);
        FN(upd128)(&s, blk_load(pend), blk_load(pend + H128));
        memset(pend, 0, R128);
    }
    whole = (n - i) - (n - i) % R128;
    FN(absorb128)(&s, a + i, whole);
    i += whole;
    memcpy(pend, a + i, n - i);
    FN(inc128_store)(st, &s);
}

/* Init, then the associated data, absorbed as AEGIS-MAC absorbs its data
 * (FN(mac128_update), a call: one copy of the absorbing loop serves both)
 * and padded to the rate with zeros. */
AEGISGO_ENTRY void FN(inc128_init)(uint8_t *st, const uint8_t *ad, size_t adlen,
                          const uint8_t *npub, const uint8_t *k)
{
    FN(st128) s;
    FN(init128)(&s, k, npub);
    FN(inc128_store)(st, &s);
    memset(st + INC128_PEND, 0, R128);
    aegisgo_put64(st + INC128_ADLEN, 0);
    aegisgo_put64(st + INC128_MLEN, 0);
    if (adlen > 0) {
        FN(mac128_update)(st, ad, adlen);
        if (adlen % R128 != 0) {
            FN(inc128_load)(&s, st);
            FN(inc128_flush)(&s, st);
            FN(inc128_store)(st, &s);
            memset(st + INC128_PEND, 0, R128);
        }
        aegisgo_put64(st + INC128_ADLEN, (uint64_t)adlen);
        aegisgo_put64(st + INC128_MLEN, 0);
    }
    aegisgo_wipe_local(&s, sizeof s);
}

/*
 * The three directions share one walk over the message: finish the partial
 * block left by the previous call, run whole blocks, and start a new
 * partial block with what remains. out may be in exactly.
 */
AEGISGO_ENTRY void FN(inc128_update)(uint8_t *st, uint8_t *out, const uint8_t *in, size_t n,
                              aegisgo_dir dir)
{
    FN(st128) s;
    uint8_t *pend = st + INC128_PEND;
    const uint64_t mlen = aegisgo_get64(st + INC128_MLEN);
    const size_t pos = (size_t)(mlen % R128);
    size_t i = 0;
    uint8_t z[R128];

    if (n == 0) {
        return;
    }
    FN(inc128_load)(&s, st);
    if (pos > 0) {
        i = aegisgo_fill(R128, pos, n);
        FN(ks128_bytes)(&s, z);
        aegisgo_partial(pend + pos, out, in, z + pos, i, dir);
        if (pos + i == R128) {
            FN(upd128)(&s, blk_load(pend), blk_load(pend + H128));
            memset(pend, 0, R128);
        }
    }
    if (dir == AEGISGO_KEYSTREAM) {
        const BLK zero = blk_load(aegisgo_zero_blocks);
        for (; i + R128 <= n; i += R128) {
            BLK z0 = Z128(&s, 0);
            BLK z1 = Z128(&s, 1);
            if (in != NULL) {
                z0 = blk_xor(z0, blk_load(in + i));
                z1 = blk_xor(z1, blk_load(in + i + H128));
            }
            blk_store(out + i, z0);
            blk_store(out + i + H128, z1);
            FN(upd128)(&s, zero, zero);
        }
    } else if (dir == AEGISGO_DECRYPT) {
        i += FN(bulk128)(&s, out + i, in + i, n - i, AEGISGO_DECRYPT);
    } else {
        i += FN(bulk128)(&s, out + i, in + i, n - i, AEGISGO_ENCRYPT);
    }
    if (i < n) {
        /* A new partial block: pend is all zeros here. */
        FN(ks128_bytes)(&s, z);
        aegisgo_partial(pend, out + i, in != NULL ? in + i : NULL, z, n - i, dir);
    }
    aegisgo_wipe(z, sizeof z);
    FN(inc128_store)(st, &s);
    aegisgo_put64(st + INC128_MLEN, mlen + (uint64_t)n);
}

AEGISGO_ENTRY void FN(inc128_final)(uint8_t *st, uint8_t *tag, size_t taglen)
{
    FN(st128) s;
    FN(inc128_load)(&s, st);
    FN(inc128_flush)(&s, st);
    FN(final128)(&s, tag, taglen, aegisgo_get64(st + INC128_ADLEN),
                 aegisgo_get64(st + INC128_MLEN));
    aegisgo_wipe(st, INC128_SIZE);
}


/* FinalizeMac of the spec. With D = 1 it is Finalize(|data|, tag bits);
 * with D > 1 the lanes' tags are absorbed into lane 0, which alone gives
 * the tag. */
AEGISGO_ENTRY void FN(mac128_final)(const uint8_t *st, uint8_t *tag, size_t taglen)
{
    FN(st128) s;
    const uint64_t len = aegisgo_get64(st + INC128_MLEN);

    FN(inc128_load)(&s, st);
    FN(inc128_flush)(&s, st);
#if D == 1
    /* u = LE64(data bits) || LE64(tag bits) is the lengths block of
     * |data| and taglen bytes. */
    FN(final128)(&s, tag, taglen, len, (uint64_t)taglen);
#else
    {
        uint8_t a[H128], b[H128], m0[H128], m1[H128], u[16];
        BLK t;
        int i, l;

        aegisgo_lengths_block(u, len, (uint64_t)taglen);
        t = blk_xor(s.s2, blk_broadcast(u));
        AEGISGO_ROLLED
        for (i = 0; i < 7; i++) {
            FN(upd128)(&s, t, t);
        }
        memset(m0, 0, sizeof m0);
        memset(m1, 0, sizeof m1);
        if (taglen == 16) {
            /* Every lane's tag, lane 0 included, two per absorbed block. */
            BLK x = blk_xor3(s.s0, s.s1, s.s2);
            x = blk_xor3(x, s.s3, s.s4);
            x = blk_xor3(x, s.s5, s.s6);
            blk_store(a, x);
            for (l = 0; l < D; l += 2) {
                memcpy(m0, a + 16 * l, 16);
                memcpy(m1, a + 16 * (l + 1), 16);
                FN(upd128)(&s, blk_load(m0), blk_load(m1));
            }
        } else {
            /* Lanes 1..D-1, each a 256-bit tag: one block each. */
            blk_store(a, blk_xor(blk_xor3(s.s0, s.s1, s.s2), s.s3));
            blk_store(b, blk_xor(blk_xor3(s.s4, s.s5, s.s6), s.s7));
            for (l = 1; l < D; l++) {
                memcpy(m0, a + 16 * l, 16);
                memcpy(m1, b + 16 * l, 16);
                FN(upd128)(&s, blk_load(m0), blk_load(m1));
            }
        }
        aegisgo_le64x2(u, (uint64_t)D, (uint64_t)taglen * 8);
        blk_store(m0, s.s2);
        for (i = 0; i < 16; i++) {
            m0[i] ^= u[i];
        }
        memset(m0 + 16, 0, H128 - 16);
        t = blk_load(m0);
        AEGISGO_ROLLED
        for (i = 0; i < 7; i++) {
            FN(upd128)(&s, t, t);
        }
        if (taglen == 16) {
            blk_store(a, FN(tag128_16)(&s));
            memcpy(tag, a, 16);
        } else {
            blk_store(a, FN(tag128_32)(&s, 0));
            blk_store(b, FN(tag128_32)(&s, 1));
            memcpy(tag, a, 16);
            memcpy(tag + 16, b, 16);
        }
        aegisgo_wipe(a, sizeof a);
        aegisgo_wipe(b, sizeof b);
        aegisgo_wipe(m0, sizeof m0);
        aegisgo_wipe(m1, sizeof m1);
    }
#endif
}
