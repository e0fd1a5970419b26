// SPDX-License-Identifier: MIT

/*
 * aegis128_lanes.h: AEGIS-128L for D messages at once
 * (see lanes.h, which includes this file), built from the update of
 * aegis128_body.h at degree D. A message's rate is 2 * LW bytes.
 */

AEGISGO_INLINE void LFN(init128)(FN(st128) *s, const uint8_t *k, const aegisgo_batch_msg *m)
{
    const BLK c0 = blk_broadcast(aegisgo_c0);
    const BLK c1 = blk_broadcast(aegisgo_c1);
    const BLK kb = blk_broadcast(k);
    const BLK nb = LFN(nonces)(m, 0);
    const BLK kn = blk_xor(kb, nb);
    int i;

    s->s0 = kn;
    s->s1 = c1;
    s->s2 = c0;
    s->s3 = c1;
    s->s4 = kn;
    s->s5 = blk_xor(kb, c0);
    s->s6 = blk_xor(kb, c1);
    s->s7 = blk_xor(kb, c0);
    AEGISGO_ROLLED
    for (i = 0; i < 10; i++) {
        FN(upd128)(s, nb, kb);
    }
}

/* Enc or Dec of the block at off of every message, n < 2 * LW bytes of it
 * when part is set. */
AEGISGO_INLINE void LFN(step128)(FN(st128) *s, uint8_t *const *out, const uint8_t *const *in,
                                 size_t off, aegisgo_dir dir, int part, size_t n)
{
    const BLK z0 = Z128(s, 0);
    const BLK z1 = Z128(s, 1);
    if (!part) {
        const BLK t0 = lane_load(in, off);
        const BLK t1 = lane_load(in, off + LW);
        if (dir == AEGISGO_DECRYPT) {
            const BLK x0 = blk_xor(t0, z0);
            const BLK x1 = blk_xor(t1, z1);
            lane_store(out, off, x0);
            lane_store(out, off + LW, x1);
            FN(update128_late)(s, x0, x1);
        } else {
            lane_store(out, off, blk_xor(t0, z0));
            lane_store(out, off + LW, blk_xor(t1, z1));
            FN(upd128)(s, t0, t1);
        }
    } else {
        const size_t n0 = n < LW ? n : LW;
        const size_t n1 = n - n0;
        /* Plaintext in a seal, whose copy is wiped; dir is a constant
         * where this is inlined. */
        BLK x0 = blk_xor(dir == AEGISGO_DECRYPT ? lane_load_part(in, off, n0)
                                                : lane_load_secret_part(in, off, n0), z0);
        BLK x1 = blk_xor(dir == AEGISGO_DECRYPT ? lane_load_part(in, off + LW, n1)
                                                : lane_load_secret_part(in, off + LW, n1), z1);
        lane_store_part(out, off, x0, n0);
        lane_store_part(out, off + LW, x1, n1);
        if (dir == AEGISGO_DECRYPT) {
            /* DecPartial absorbs the plaintext padded with zeros. */
            x0 = LFN(keep)(x0, n0);
            x1 = LFN(keep)(x1, n1);
        } else {
            x0 = blk_xor(x0, z0);
            x1 = blk_xor(x1, z1);
        }
        FN(upd128)(s, x0, x1);
    }
}

#ifdef lane_load_rows
/* Enc or Dec of the two blocks at off of every message, moved in and out
 * as rows (see lanes.h). */
AEGISGO_INLINE void LFN(steps128)(FN(st128) *s, uint8_t *const *out, const uint8_t *const *in,
                                  size_t off, aegisgo_dir dir)
{
    BLK r[4];
    int h;
    lane_load_rows(in, off, r);
    for (h = 0; h < 4; h += 2) {
        const BLK z0 = Z128(s, 0);
        const BLK z1 = Z128(s, 1);
        const BLK x0 = blk_xor(r[h], z0);
        const BLK x1 = blk_xor(r[h + 1], z1);
        if (dir == AEGISGO_DECRYPT) {
            FN(update128_late)(s, x0, x1);
        } else {
            FN(upd128)(s, r[h], r[h + 1]);
        }
        r[h] = x0;
        r[h + 1] = x1;
    }
    lane_store_rows(out, off, r);
}
#endif

/* Seal or Open (dir) of D messages of the same shape: the same
 * message and associated data lengths. Returns Open's bit mask of the
 * messages whose tag did not match. */
AEGISGO_INLINE uint32_t LFN(run128)(const aegisgo_batch_msg *m, const uint8_t *k, size_t taglen,
                                    aegisgo_dir dir)
{
    FN(st128) s;
    const uint8_t *in[D], *ad[D];
    uint8_t *out[D];
    uint8_t tags[32 * D];
    const size_t adlen = m[0].adlen, inlen = m[0].inlen;
    uint32_t failed;
    size_t i;
    int j;

    for (j = 0; j < D; j++) {
        in[j] = m[j].in;
        out[j] = m[j].out;
        ad[j] = m[j].ad;
    }
    LFN(init128)(&s, k, m);
    i = 0;
#ifdef lane_load_rows
    for (; i + 4 * LW <= adlen; i += 4 * LW) {
        BLK r[4];
        lane_load_rows(ad, i, r);
        FN(upd128)(&s, r[0], r[1]);
        FN(upd128)(&s, r[2], r[3]);
    }
#endif
    for (; i + 2 * LW <= adlen; i += 2 * LW) {
        FN(upd128)(&s, lane_load(ad, i), lane_load(ad, i + LW));
    }
    if (i < adlen) {
        const size_t n = adlen - i, n0 = n < LW ? n : LW;
        FN(upd128)(&s, lane_load_part(ad, i, n0), lane_load_part(ad, i + LW, n - n0));
    }
    i = 0;
#ifdef lane_load_rows
    for (; i + 4 * LW <= inlen; i += 4 * LW) {
        LFN(steps128)(&s, out, in, i, dir);
    }
#endif
    for (; i + 2 * LW <= inlen; i += 2 * LW) {
        LFN(step128)(&s, out, in, i, dir, 0, 0);
    }
    if (i < inlen) {
        LFN(step128)(&s, out, in, i, dir, 1, inlen - i);
    }
    FN(final128_rounds)(&s, adlen, inlen);
    if (taglen == 16) {
        LFN(tags)(tags, 0, FN(tag128_16)(&s));
    } else {
        LFN(tags)(tags, 0, FN(tag128_32)(&s, 0));
        LFN(tags)(tags, 16, FN(tag128_32)(&s, 1));
    }
    failed = LFN(tags_out)(m, tags, taglen, dir);
    aegisgo_wipe_local(tags, sizeof tags);
    return failed;
}

AEGISGO_ENTRY void LANES_FN(seal128)(const aegisgo_batch_msg *m, const uint8_t *k, size_t taglen)
{
    (void)LFN(run128)(m, k, taglen, AEGISGO_ENCRYPT);
}

AEGISGO_ENTRY uint32_t LANES_FN(open128)(const aegisgo_batch_msg *m, const uint8_t *k, size_t taglen)
{
    return LFN(run128)(m, k, taglen, AEGISGO_DECRYPT);
}

