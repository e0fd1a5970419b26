/*
 * aegis128_more.h: the incremental forms of AEGIS-128L and AEGIS-128X
 * (encryption, decryption, AEGIS-MAC and the keystream of the spec's
 * Stream), built from the blocks of aegis128_body.h. instance.h includes
 * it after the bodies, once per kernel and degree D.
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

/* Helpers shared with aegis256_more.h: once per translation unit. */
#ifndef AEGISGO_MORE_HELPERS
#define AEGISGO_MORE_HELPERS

/* Zero message blocks for the keystream: wide enough for D = 4. */
static const uint8_t aegisgo_zero_blocks[64];

AEGISGO_INLINE uint64_t aegisgo_get64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

AEGISGO_INLINE void aegisgo_put64(uint8_t *p, uint64_t v)
{
    memcpy(p, &v, 8);
}

/* LE64(a) || LE64(b), without the conversion to bits of
 * aegisgo_lengths_block: FinalizeMac's second block counts lanes. */
AEGISGO_INLINE void aegisgo_le64x2(uint8_t out[16], uint64_t a, uint64_t b)
{
    int i;
    for (i = 0; i < 8; i++) {
        out[i] = (uint8_t)(a >> (8 * i));
        out[8 + i] = (uint8_t)(b >> (8 * i));
    }
}

/* The number of message bytes that complete the partial block at pos. */
AEGISGO_INLINE size_t aegisgo_fill(size_t rate, size_t pos, size_t n)
{
    size_t room = rate - pos;
    return n < room ? n : room;
}

#endif

#define R128 (32 * D)
#define H128 (16 * D)
#define X128_PEND (8 * H128)
#define X128_ADLEN (X128_PEND + R128)
#define X128_MLEN (X128_ADLEN + 8)
#define X128_SIZE (X128_MLEN + 8)

typedef char FN(x128_fits)[X128_SIZE <= AEGISGO_STATE_BYTES ? 1 : -1];

AEGISGO_INLINE void FN(x128_load)(FN(st128) *s, const uint8_t *st)
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

AEGISGO_INLINE void FN(x128_store)(uint8_t *st, const FN(st128) *s)
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

/* The keystream of the current block: Enc's z0 || z1. */
AEGISGO_INLINE void FN(x128_ks)(const FN(st128) *s, uint8_t z[R128])
{
    blk_store(z, blk_xorand(s->s1, s->s6, s->s2, s->s3));
    blk_store(z + H128, blk_xorand(s->s2, s->s5, s->s6, s->s7));
}

/* Absorbs the partial block, if any: its bytes are already zero-padded,
 * as Enc of a padded block and DecPartial both absorb. */
AEGISGO_INLINE void FN(x128_flush)(FN(st128) *s, const uint8_t *st)
{
    if (aegisgo_get64(st + X128_MLEN) % R128 != 0) {
        FN(upd128)(s, blk_load(st + X128_PEND), blk_load(st + X128_PEND + H128));
    }
}

static void FN(x128_init)(uint8_t *st, const uint8_t *ad, size_t adlen,
                          const uint8_t *npub, const uint8_t *k)
{
    FN(st128) s;
    FN(init128)(&s, k, npub);
    FN(absorb128)(&s, ad, adlen);
    FN(x128_store)(st, &s);
    memset(st + X128_PEND, 0, R128);
    aegisgo_put64(st + X128_ADLEN, (uint64_t)adlen);
    aegisgo_put64(st + X128_MLEN, 0);
}

/*
 * The three directions share one walk over the message: finish the partial
 * block left by the previous call, run whole blocks, and start a new
 * partial block with what remains. DIR 0 encrypts, 1 decrypts, 2 writes
 * keystream (xored with src unless src is NULL). out may be src exactly.
 */
AEGISGO_INLINE void FN(x128_walk)(uint8_t *st, uint8_t *out, const uint8_t *src,
                                  size_t n, const int dir)
{
    FN(st128) s;
    uint8_t *pend = st + X128_PEND;
    const uint64_t mlen = aegisgo_get64(st + X128_MLEN);
    size_t pos = (size_t)(mlen % R128);
    size_t i = 0, j;
    uint8_t z[R128];

    if (n == 0) {
        return;
    }
    FN(x128_load)(&s, st);
    if (pos > 0) {
        const size_t take = aegisgo_fill(R128, pos, n);
        FN(x128_ks)(&s, z);
        for (j = 0; j < take; j++) {
            const uint8_t x = src != NULL ? src[j] : 0;
            if (dir == 0) {
                pend[pos + j] = x;
                out[j] = (uint8_t)(x ^ z[pos + j]);
            } else if (dir == 1) {
                pend[pos + j] = (uint8_t)(x ^ z[pos + j]);
                out[j] = pend[pos + j];
            } else {
                out[j] = (uint8_t)(x ^ z[pos + j]);
            }
        }
        i = take;
        if (pos + take == R128) {
            FN(upd128)(&s, blk_load(pend), blk_load(pend + H128));
            memset(pend, 0, R128);
        }
    }
    if (dir == 2) {
        const BLK zero = blk_load(aegisgo_zero_blocks);
        for (; i + R128 <= n; i += R128) {
            BLK z0 = blk_xorand(s.s1, s.s6, s.s2, s.s3);
            BLK z1 = blk_xorand(s.s2, s.s5, s.s6, s.s7);
            if (src != NULL) {
                z0 = blk_xor(z0, blk_load(src + i));
                z1 = blk_xor(z1, blk_load(src + i + H128));
            }
            blk_store(out + i, z0);
            blk_store(out + i + H128, z1);
            FN(upd128)(&s, zero, zero);
        }
    } else {
        i += FN(bulk128)(&s, out + i, src + i, n - i, dir);
    }
    if (i < n) {
        /* A new partial block: pend is all zeros here. */
        FN(x128_ks)(&s, z);
        for (j = 0; i + j < n; j++) {
            const uint8_t x = src != NULL ? src[i + j] : 0;
            if (dir == 0) {
                pend[j] = x;
                out[i + j] = (uint8_t)(x ^ z[j]);
            } else if (dir == 1) {
                pend[j] = (uint8_t)(x ^ z[j]);
                out[i + j] = pend[j];
            } else {
                out[i + j] = (uint8_t)(x ^ z[j]);
            }
        }
    }
    aegisgo_wipe(z, sizeof z);
    FN(x128_store)(st, &s);
    aegisgo_put64(st + X128_MLEN, mlen + (uint64_t)n);
}

static void FN(x128_encrypt)(uint8_t *st, uint8_t *c, const uint8_t *m, size_t n)
{
    FN(x128_walk)(st, c, m, n, 0);
}

static void FN(x128_decrypt)(uint8_t *st, uint8_t *m, const uint8_t *c, size_t n)
{
    FN(x128_walk)(st, m, c, n, 1);
}

static void FN(x128_stream)(uint8_t *st, uint8_t *out, const uint8_t *in, size_t n)
{
    FN(x128_walk)(st, out, in, n, 2);
}

static void FN(x128_final)(uint8_t *st, uint8_t *tag, size_t taglen)
{
    FN(st128) s;
    FN(x128_load)(&s, st);
    FN(x128_flush)(&s, st);
    FN(final128)(&s, tag, taglen, aegisgo_get64(st + X128_ADLEN),
                 aegisgo_get64(st + X128_MLEN));
    aegisgo_wipe(st, X128_SIZE);
}

static int FN(x128_verify)(uint8_t *st, const uint8_t *tag, size_t taglen)
{
    uint8_t want[32];
    int ok;
    FN(x128_final)(st, want, taglen);
    ok = aegisgo_ct_verify(want, tag, taglen);
    aegisgo_wipe(want, sizeof want);
    return ok;
}

static void FN(x128_mac_update)(uint8_t *st, const uint8_t *a, size_t n)
{
    FN(st128) s;
    uint8_t *pend = st + X128_PEND;
    const uint64_t len = aegisgo_get64(st + X128_MLEN);
    const size_t pos = (size_t)(len % R128);
    size_t i = 0, whole;

    if (n == 0) {
        return;
    }
    aegisgo_put64(st + X128_MLEN, len + (uint64_t)n);
    if (pos + n < R128) {
        /* Still inside the partial block: no state update. */
        memcpy(pend + pos, a, n);
        return;
    }
    FN(x128_load)(&s, st);
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
    FN(x128_store)(st, &s);
}

/* FinalizeMac of the spec. With D = 1 it is Finalize(|data|, tag bits);
 * with D > 1 the lanes' tags are absorbed into lane 0, which alone gives
 * the tag. */
static void FN(x128_mac_final)(const uint8_t *st, uint8_t *tag, size_t taglen)
{
    FN(st128) s;
    const uint64_t len = aegisgo_get64(st + X128_MLEN);

    FN(x128_load)(&s, st);
    FN(x128_flush)(&s, st);
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
        t = blk_xor(s.s2, blk_bcast(u));
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
        for (i = 0; i < 7; i++) {
            FN(upd128)(&s, t, t);
        }
        if (taglen == 16) {
            BLK x = blk_xor3(s.s0, s.s1, s.s2);
            x = blk_xor3(x, s.s3, s.s4);
            x = blk_xor3(x, s.s5, s.s6);
            blk_store(a, x);
            memcpy(tag, a, 16);
        } else {
            blk_store(a, blk_xor(blk_xor3(s.s0, s.s1, s.s2), s.s3));
            blk_store(b, blk_xor(blk_xor3(s.s4, s.s5, s.s6), s.s7));
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

#undef R128
#undef H128
#undef X128_PEND
#undef X128_ADLEN
#undef X128_MLEN
#undef X128_SIZE
