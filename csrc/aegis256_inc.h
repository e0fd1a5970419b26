// SPDX-License-Identifier: MIT

/*
 * aegis256_inc.h: the incremental forms of AEGIS-256 and AEGIS-256X
 * (encryption, decryption, AEGIS-MAC and the keystream), built from the
 * blocks of aegis256_body.h and the helpers of internal.h. Its functions
 * of their own are FN(inc256_init), FN(inc256_update), FN(inc256_final),
 * FN(mac256_update) and FN(mac256_final).
 *
 * The state is laid out as in aegis128_inc.h, with six blocks:
 *
 *   [0, 96D)           S0 ... S5, 16D bytes each
 *   [96D, 112D)        the bytes of the current partial block, zero after
 *                      the last one
 *   [112D, 112D + 8)   the associated data length in bytes
 *   [112D + 8, +16)    the message (or MAC data, or keystream) length
 */

#define INC256_PEND (6 * R256)
#define INC256_ADLEN (INC256_PEND + R256)
#define INC256_MLEN (INC256_ADLEN + 8)
#define INC256_SIZE (INC256_MLEN + 8)

typedef char FN(inc256_fits)[INC256_SIZE <= AEGISGO_STATE_BYTES ? 1 : -1];

AEGISGO_INLINE void FN(inc256_load)(FN(st256) *s, const uint8_t *st)
{
    s->s0 = blk_load(st);
    s->s1 = blk_load(st + R256);
    s->s2 = blk_load(st + 2 * R256);
    s->s3 = blk_load(st + 3 * R256);
    s->s4 = blk_load(st + 4 * R256);
    s->s5 = blk_load(st + 5 * R256);
}

AEGISGO_INLINE void FN(inc256_store)(uint8_t *st, const FN(st256) *s)
{
    blk_store(st, s->s0);
    blk_store(st + R256, s->s1);
    blk_store(st + 2 * R256, s->s2);
    blk_store(st + 3 * R256, s->s3);
    blk_store(st + 4 * R256, s->s4);
    blk_store(st + 5 * R256, s->s5);
}

/* Absorbs the partial block, if any; its bytes are already zero-padded. */
AEGISGO_INLINE void FN(inc256_flush)(FN(st256) *s, const uint8_t *st)
{
    if (aegisgo_get64(st + INC256_MLEN) % R256 != 0) {
        FN(upd256)(s, blk_load(st + INC256_PEND));
    }
}

AEGISGO_NOINLINE void FN(mac256_update)(uint8_t *st, const uint8_t *a, size_t n)
{
    FN(st256) s;
    uint8_t *pend = st + INC256_PEND;
    const uint64_t len = aegisgo_get64(st + INC256_MLEN);
    const size_t pos = (size_t)(len % R256);
    size_t i = 0, whole;

    if (n == 0) {
        return;
    }
    aegisgo_put64(st + INC256_MLEN, len + (uint64_t)n);
    if (pos + n < R256) {
        /* Still inside the partial block: no state update. */
        memcpy(pend + pos, a, n);
        return;
    }
    FN(inc256_load)(&s, st);
    if (pos > 0) {
        i = aegisgo_fill(R256, pos, n);
        memcpy(pend + pos, a, i);
        FN(upd256)(&s, blk_load(pend));
        memset(pend, 0, R256);
    }
    whole = (n - i) - (n - i) % R256;
    FN(absorb256)(&s, a + i, whole);
    i += whole;
    memcpy(pend, a + i, n - i);
    FN(inc256_store)(st, &s);
}

/* Init, then the associated data, absorbed as AEGIS-MAC absorbs its data
 * (FN(mac256_update), a call: one copy of the absorbing loop serves both)
 * and padded to the rate with zeros. */
AEGISGO_ENTRY void FN(inc256_init)(uint8_t *st, const uint8_t *ad, size_t adlen,
                          const uint8_t *npub, const uint8_t *k)
{
    FN(st256) s;
    FN(init256)(&s, k, npub);
    FN(inc256_store)(st, &s);
    memset(st + INC256_PEND, 0, R256);
    aegisgo_put64(st + INC256_ADLEN, 0);
    aegisgo_put64(st + INC256_MLEN, 0);
    if (adlen > 0) {
        FN(mac256_update)(st, ad, adlen);
        if (adlen % R256 != 0) {
            FN(inc256_load)(&s, st);
            FN(inc256_flush)(&s, st);
            FN(inc256_store)(st, &s);
            memset(st + INC256_PEND, 0, R256);
        }
        aegisgo_put64(st + INC256_ADLEN, (uint64_t)adlen);
        aegisgo_put64(st + INC256_MLEN, 0);
    }
    aegisgo_wipe_local(&s, sizeof s);
}

/* One walk for the three directions, as in aegis128_inc.h. */
AEGISGO_ENTRY void FN(inc256_update)(uint8_t *st, uint8_t *out, const uint8_t *in, size_t n,
                              aegisgo_dir dir)
{
    FN(st256) s;
    uint8_t *pend = st + INC256_PEND;
    const uint64_t mlen = aegisgo_get64(st + INC256_MLEN);
    const size_t pos = (size_t)(mlen % R256);
    size_t i = 0;
    uint8_t z[R256];

    if (n == 0) {
        return;
    }
    FN(inc256_load)(&s, st);
    if (pos > 0) {
        i = aegisgo_fill(R256, pos, n);
        blk_store(z, FN(z256)(&s));
        aegisgo_partial(pend + pos, out, in, z + pos, i, dir);
        if (pos + i == R256) {
            FN(upd256)(&s, blk_load(pend));
            memset(pend, 0, R256);
        }
    }
    if (dir == AEGISGO_KEYSTREAM) {
        const BLK zero = blk_load(aegisgo_zero_blocks);
        for (; i + R256 <= n; i += R256) {
            BLK z0 = FN(z256)(&s);
            if (in != NULL) {
                z0 = blk_xor(z0, blk_load(in + i));
            }
            blk_store(out + i, z0);
            FN(upd256)(&s, zero);
        }
    } else if (dir == AEGISGO_DECRYPT) {
        i += FN(bulk256)(&s, out + i, in + i, n - i, AEGISGO_DECRYPT);
    } else {
        i += FN(bulk256)(&s, out + i, in + i, n - i, AEGISGO_ENCRYPT);
    }
    if (i < n) {
        /* A new partial block: pend is all zeros here. */
        blk_store(z, FN(z256)(&s));
        aegisgo_partial(pend, out + i, in != NULL ? in + i : NULL, z, n - i, dir);
    }
    aegisgo_wipe(z, sizeof z);
    FN(inc256_store)(st, &s);
    aegisgo_put64(st + INC256_MLEN, mlen + (uint64_t)n);
}

AEGISGO_ENTRY void FN(inc256_final)(uint8_t *st, uint8_t *tag, size_t taglen)
{
    FN(st256) s;
    FN(inc256_load)(&s, st);
    FN(inc256_flush)(&s, st);
    FN(final256)(&s, tag, taglen, aegisgo_get64(st + INC256_ADLEN),
                 aegisgo_get64(st + INC256_MLEN));
    aegisgo_wipe(st, INC256_SIZE);
}


/* FinalizeMac of the spec. With D = 1 it is Finalize(|data|, tag bits);
 * with D > 1 the tags of lanes 1..D-1 are absorbed into lane 0, which
 * alone gives the tag. */
AEGISGO_ENTRY void FN(mac256_final)(const uint8_t *st, uint8_t *tag, size_t taglen)
{
    FN(st256) s;
    const uint64_t len = aegisgo_get64(st + INC256_MLEN);

    FN(inc256_load)(&s, st);
    FN(inc256_flush)(&s, st);
#if D == 1
    FN(final256)(&s, tag, taglen, len, (uint64_t)taglen);
#else
    {
        uint8_t a[R256], b[R256], m[R256], u[16];
        BLK t;
        int i, l;

        aegisgo_lengths_block(u, len, (uint64_t)taglen);
        t = blk_xor(s.s3, blk_broadcast(u));
        AEGISGO_ROLLED
        for (i = 0; i < 7; i++) {
            FN(upd256)(&s, t);
        }
        memset(m, 0, sizeof m);
        if (taglen == 16) {
            BLK x = blk_xor3(s.s0, s.s1, s.s2);
            x = blk_xor(x, blk_xor3(s.s3, s.s4, s.s5));
            blk_store(a, x);
            for (l = 1; l < D; l++) {
                memcpy(m, a + 16 * l, 16);
                FN(upd256)(&s, blk_load(m));
            }
        } else {
            /* Each lane's 256-bit tag is absorbed as two 128-bit halves. */
            blk_store(a, blk_xor3(s.s0, s.s1, s.s2));
            blk_store(b, blk_xor3(s.s3, s.s4, s.s5));
            for (l = 1; l < D; l++) {
                memcpy(m, a + 16 * l, 16);
                FN(upd256)(&s, blk_load(m));
                memcpy(m, b + 16 * l, 16);
                FN(upd256)(&s, blk_load(m));
            }
        }
        aegisgo_le64x2(u, (uint64_t)D, (uint64_t)taglen * 8);
        blk_store(m, s.s3);
        for (i = 0; i < 16; i++) {
            m[i] ^= u[i];
        }
        memset(m + 16, 0, R256 - 16);
        t = blk_load(m);
        AEGISGO_ROLLED
        for (i = 0; i < 7; i++) {
            FN(upd256)(&s, t);
        }
        if (taglen == 16) {
            blk_store(a, FN(tag256_16)(&s));
            memcpy(tag, a, 16);
        } else {
            blk_store(a, FN(tag256_32)(&s, 0));
            blk_store(b, FN(tag256_32)(&s, 1));
            memcpy(tag, a, 16);
            memcpy(tag + 16, b, 16);
        }
        aegisgo_wipe(a, sizeof a);
        aegisgo_wipe(b, sizeof b);
        aegisgo_wipe(m, sizeof m);
    }
#endif
}
