// SPDX-License-Identifier: MIT

/*
 * aegis256_lanes.h: AEGIS-256 for D messages at once
 * (see lanes.h, which includes this file), as aegis128_lanes.h does for
 * the AEGIS-128 family. A message's rate is LW bytes.
 */

AEGISGO_INLINE void LFN(init256)(FN(st256) *s, const uint8_t *k, const aegisgo_batch_msg *m)
{
    const BLK c0 = blk_broadcast(aegisgo_c0);
    const BLK c1 = blk_broadcast(aegisgo_c1);
    const BLK k0 = blk_broadcast(k);
    const BLK k1 = blk_broadcast(k + 16);
    const BLK k0n0 = blk_xor(k0, LFN(nonces)(m, 0));
    const BLK k1n1 = blk_xor(k1, LFN(nonces)(m, 16));
    BLK w[4];
    int i;

    s->s0 = k0n0;
    s->s1 = k1n1;
    s->s2 = c1;
    s->s3 = c0;
    s->s4 = blk_xor(k0, c0);
    s->s5 = blk_xor(k1, c1);
    w[0] = k0;
    w[1] = k1;
    w[2] = k0n0;
    w[3] = k1n1;
    AEGISGO_ROLLED
    for (i = 0; i < 16; i++) {
        FN(upd256)(s, w[i % 4]);
    }
}

/* Enc or Dec of the block at off of every message, n < LW bytes of it
 * when part is set. */
AEGISGO_INLINE void LFN(step256)(FN(st256) *s, uint8_t *const *out, const uint8_t *const *in,
                                 size_t off, aegisgo_dir dir, int part, size_t n)
{
    const BLK z = FN(z256)(s);
    if (!part) {
        const BLK t = lane_load(in, off);
        if (dir == AEGISGO_DECRYPT) {
            const BLK x = blk_xor(t, z);
            lane_store(out, off, x);
            FN(update256_late)(s, x);
        } else {
            lane_store(out, off, blk_xor(t, z));
            FN(upd256)(s, t);
        }
    } else {
        /* Plaintext in a seal, whose copy is wiped. */
        BLK x = blk_xor(dir == AEGISGO_DECRYPT ? lane_load_part(in, off, n)
                                               : lane_load_secret_part(in, off, n), z);
        lane_store_part(out, off, x, n);
        if (dir == AEGISGO_DECRYPT) {
            x = LFN(keep)(x, n);
        } else {
            x = blk_xor(x, z);
        }
        FN(upd256)(s, x);
    }
}

#ifdef lane_load_rows
/* Enc or Dec of the four blocks at off of every message, moved in and out
 * as rows (see lanes.h). */
AEGISGO_INLINE void LFN(steps256)(FN(st256) *s, uint8_t *const *out, const uint8_t *const *in,
                                  size_t off, aegisgo_dir dir)
{
    BLK r[4];
    int h;
    lane_load_rows(in, off, r);
    for (h = 0; h < 4; h++) {
        const BLK x = blk_xor(r[h], FN(z256)(s));
        if (dir == AEGISGO_DECRYPT) {
            FN(update256_late)(s, x);
        } else {
            FN(upd256)(s, r[h]);
        }
        r[h] = x;
    }
    lane_store_rows(out, off, r);
}
#endif

/* Seal or Open (dir) of D messages of the same shape, as
 * LFN(run128) in aegis128_lanes.h. */
AEGISGO_INLINE uint32_t LFN(run256)(const aegisgo_batch_msg *m, const uint8_t *k, size_t taglen,
                                    aegisgo_dir dir)
{
    FN(st256) s;
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
    LFN(init256)(&s, k, m);
    i = 0;
#ifdef lane_load_rows
    for (; i + 4 * LW <= adlen; i += 4 * LW) {
        BLK r[4];
        lane_load_rows(ad, i, r);
        FN(upd256)(&s, r[0]);
        FN(upd256)(&s, r[1]);
        FN(upd256)(&s, r[2]);
        FN(upd256)(&s, r[3]);
    }
#endif
    for (; i + LW <= adlen; i += LW) {
        FN(upd256)(&s, lane_load(ad, i));
    }
    if (i < adlen) {
        FN(upd256)(&s, lane_load_part(ad, i, adlen - i));
    }
    i = 0;
#ifdef lane_load_rows
    for (; i + 4 * LW <= inlen; i += 4 * LW) {
        LFN(steps256)(&s, out, in, i, dir);
    }
#endif
    for (; i + LW <= inlen; i += LW) {
        LFN(step256)(&s, out, in, i, dir, 0, 0);
    }
    if (i < inlen) {
        LFN(step256)(&s, out, in, i, dir, 1, inlen - i);
    }
    FN(final256_rounds)(&s, adlen, inlen);
    if (taglen == 16) {
        LFN(tags)(tags, 0, FN(tag256_16)(&s));
    } else {
        LFN(tags)(tags, 0, FN(tag256_32)(&s, 0));
        LFN(tags)(tags, 16, FN(tag256_32)(&s, 1));
    }
    failed = LFN(tags_out)(m, tags, taglen, dir);
    aegisgo_wipe_local(tags, sizeof tags);
    return failed;
}

AEGISGO_ENTRY void LANES_FN(seal256)(const aegisgo_batch_msg *m, const uint8_t *k, size_t taglen)
{
    (void)LFN(run256)(m, k, taglen, AEGISGO_ENCRYPT);
}

AEGISGO_ENTRY uint32_t LANES_FN(open256)(const aegisgo_batch_msg *m, const uint8_t *k, size_t taglen)
{
    return LFN(run256)(m, k, taglen, AEGISGO_DECRYPT);
}

