// SPDX-License-Identifier: MIT

/*
 * aegis256_body.h: AEGIS-256 and AEGIS-256X, written once against the block
 * vocabulary of aegis128_body.h (its table lists the operations and the
 * knobs). A kernel includes it once per degree D (1 for AEGIS-256, 2 and 4
 * for the X variants), through instance.h. As there, only FN(encrypt256)
 * and FN(decrypt256), and what the knobs take out of line, are functions
 * of their own.
 */

typedef struct {
    BLK s0, s1, s2, s3, s4, s5;
} FN(st256);

/* Update(M) of the spec, in each lane, with the inputs of the AES rounds
 * that make S4 and S0 (the old S3 and S5) apart, for Init of the X
 * variants; FN(upd256) is the case where they are S3 and S5.
 * AESRound(S5, S0 ^ M) is computed as AESRound(S5, M) ^ S0, which takes
 * S0 off the AES latency (see FN(update128) in aegis128_body.h). */
STEP_FUNC void FN(update256)(FN(st256) *s, BLK m, BLK d3, BLK d5)
{
    s->s5 = blk_aes_round(s->s4, s->s5);
    s->s4 = blk_aes_round(d3, s->s4);
    s->s3 = blk_aes_round(s->s2, s->s3);
    s->s2 = blk_aes_round(s->s1, s->s2);
    s->s1 = blk_aes_round(s->s0, s->s1);
    s->s0 = blk_xor(blk_aes_round(d5, m), s->s0);
}

/* Update(M) of the spec. */
AEGISGO_INLINE void FN(upd256)(FN(st256) *s, BLK m)
{
    FN(update256)(s, m, s->s3, s->s5);
}

/* Update for a message computed from the state (Dec): the message goes in
 * with one XOR after the AES round, as in FN(update128_late). */
STEP_FUNC void FN(update256_late)(FN(st256) *s, BLK m)
{
    const BLK zero = blk_xor(m, m);
    BLK t = s->s5;
    s->s5 = blk_aes_round(s->s4, s->s5);
    s->s4 = blk_aes_round(s->s3, s->s4);
    s->s3 = blk_aes_round(s->s2, s->s3);
    s->s2 = blk_aes_round(s->s1, s->s2);
    s->s1 = blk_aes_round(s->s0, s->s1);
    s->s0 = blk_xor3(s->s0, m, blk_aes_round(t, zero));
}

/* The keystream word of the state at s, the spec's
 *
 *     z = S1 ^ S4 ^ S5 ^ (S2 & S3)
 *
 * FN(z256)(s) is the word. Z256_ENC(s, m) is m ^ z and Z256_DEC(s, c) is
 * c ^ z, with the XORs in the order of their loops, as Z128 in
 * aegis128_body.h: Enc takes the message with S1 and S4 first. Through
 * S0 ^ M every state word feeds back into itself, so Dec keeps the words
 * shallow in M. Where blk_xor3 and blk_xor_and are one instruction each
 * (no BLK_SPLIT_LOGIC), M is two halves, (c ^ S1 ^ S4) ^ (S5 ^ (S2 & S3)),
 * every word two deep: AEGIS-256 and 256X2 Open ran 4% faster on avx512
 * than with the chain. Elsewhere M is a chain with S1 last, as S1 is in
 * the shortest loop (S1 -> M -> S0 -> S1): the halves made Open 10-14%
 * slower on aesni and avx2.
 * Z256_TERMS(s) lists the state words: a, b, e, c and d of
 * a ^ b ^ e ^ (c & d). The word alone is an inline function where Z128
 * is a macro: each keeps the instructions the kernels were measured with
 * (see Z128). */
#define Z256_TERMS(s) (s)->s1, (s)->s4, (s)->s5, (s)->s2, (s)->s3
#define Z256_ENC(s, m) AEGISGO_APPLY(Z256_ENC_, m, Z256_TERMS(s))
#define Z256_DEC(s, c) AEGISGO_APPLY(Z256_DEC_, c, Z256_TERMS(s))
#define Z256_WORD_(a, b, e, c, d) blk_xor(blk_xor_xor_and(a, b, c, d), e)
#define Z256_ENC_(x, a, b, e, c, d) blk_xor(blk_xor_and(blk_xor3(x, a, b), c, d), e)
#undef Z256_DEC_
#ifdef BLK_SPLIT_LOGIC
#define Z256_DEC_(x, a, b, e, c, d) blk_xor(blk_xor_and(blk_xor3(x, b, e), c, d), a)
#else
#define Z256_DEC_(x, a, b, e, c, d) blk_xor(blk_xor3(x, a, b), blk_xor_and(e, c, d))
#endif

AEGISGO_INLINE BLK FN(z256)(const FN(st256) *s)
{
    return AEGISGO_APPLY(Z256_WORD_, Z256_TERMS(s));
}

/* Init's updates of the X variants, with the lanes' ctx, i a variable of
 * the caller's; a macro as INIT128_CTX (aegis128_body.h).
 *
 * ctx[i] = Byte(i) || Byte(D - 1) || zeros goes into S3 and S5 before
 * every update, carried in pairs of updates as in INIT128_CTX: the first
 * of a pair takes S3 ^ ctx and S5 ^ ctx as the inputs of the rounds that
 * make S4 and S0, the second plain S3 and S5; after each pair the state is
 * the spec's. */
#define INIT256_CTX(s, k0, k1, k0n0, k1n1, ctx, i)                                     \
    ROLLED                                                                             \
    for (i = 0; i < 4; i++) {                                                          \
        FN(update256)(s, k0, blk_xor((s)->s3, ctx), blk_xor((s)->s5, ctx));            \
        FN(upd256)(s, k1);                                                             \
        FN(update256)(s, k0n0, blk_xor((s)->s3, ctx), blk_xor((s)->s5, ctx));          \
        FN(upd256)(s, k1n1);                                                           \
    }

/* The same out of place, for the groups of INIT_GROUPS (aegis128_body.h). */
AEGISGO_INLINE void FN(init256_ctx)(FN(st256) *s, BLK k0, BLK k1, BLK k0n0, BLK k1n1, BLK ctx)
{
    int i;

    INIT256_CTX(s, k0, k1, k0n0, k1n1, ctx, i)
}

AEGISGO_INLINE void FN(init256_body)(FN(st256) *s, const uint8_t *k, const uint8_t *n)
{
    const BLK c0 = blk_broadcast(aegisgo_c0);
    const BLK c1 = blk_broadcast(aegisgo_c1);
    const BLK k0 = blk_broadcast(k);
    const BLK k1 = blk_broadcast(k + 16);
    const BLK k0n0 = blk_xor(k0, blk_broadcast(n));
    const BLK k1n1 = blk_xor(k1, blk_broadcast(n + 16));
    int i;

    s->s0 = k0n0;
    s->s1 = k1n1;
    s->s2 = c1;
    s->s3 = c0;
    s->s4 = blk_xor(k0, c0);
    s->s5 = blk_xor(k1, c1);
#if D > 1
    {
        const BLK ctx = blk_load(AEGISGO_CAT(aegisgo_ctx, D));
#if defined(INIT_GROUPS) && defined(GROUP256_D)
        /* As in FN(init128_body): a group's state fits. */
        for (i = 0; i < D / GROUP256_D; i++) {
            FN_D(GROUP256_D, st256) t;
            t.s0 = blk_group(s->s0, i);
            t.s1 = blk_group(s->s1, i);
            t.s2 = blk_group(s->s2, i);
            t.s3 = blk_group(s->s3, i);
            t.s4 = blk_group(s->s4, i);
            t.s5 = blk_group(s->s5, i);
            FN_D(GROUP256_D, init256_ctx)(&t, blk_group(k0, i), blk_group(k1, i), blk_group(k0n0, i),
                                          blk_group(k1n1, i), blk_group(ctx, i));
            blk_set_group(s->s0, i, t.s0);
            blk_set_group(s->s1, i, t.s1);
            blk_set_group(s->s2, i, t.s2);
            blk_set_group(s->s3, i, t.s3);
            blk_set_group(s->s4, i, t.s4);
            blk_set_group(s->s5, i, t.s5);
        }
#else
        INIT256_CTX(s, k0, k1, k0n0, k1n1, ctx, i)
#endif
    }
#else
    ROLLED
    for (i = 0; i < 4; i++) {
        FN(upd256)(s, k0);
        FN(upd256)(s, k1);
        FN(upd256)(s, k0n0);
        FN(upd256)(s, k1n1);
    }
#endif
}

#ifdef NOINLINE_INIT_FINAL
AEGISGO_NOINLINE void FN(initialize256)(FN(st256) *s, const uint8_t *k, const uint8_t *n)
{
    FN(init256_body)(s, k, n);
}
#endif

/* Init, through a copy where it is a function of its own (see
 * FN(init128)). */
AEGISGO_INLINE void FN(init256)(FN(st256) *s, const uint8_t *k, const uint8_t *n)
{
#ifdef NOINLINE_INIT_FINAL
    FN(st256) t;
    FN(initialize256)(&t, k, n);
    *s = t;
    aegisgo_wipe_local(&t, sizeof t); /* as final256 wipes its copy */
#else
    FN(init256_body)(s, k, n);
#endif
}

/* Absorbs nb whole blocks, stride bytes apart: R256 but in
 * FN(groups_ad256). */
AEGISGO_INLINE void FN(absorb_blocks256)(FN(st256) *s, const uint8_t *a, size_t nb, size_t stride)
{
#ifdef RUN256
    RUN256(s, (uint8_t *)NULL, a, nb, stride, 2);
#else
    size_t i;
    for (i = 0; i < nb; i++) {
        FN(upd256)(s, blk_load(a + i * stride));
    }
#endif
}

#if defined(GROUP256_D) && defined(GROUP_AD)
/* Absorbs the whole blocks of n bytes of ad a group of lanes at a time
 * (FN(groups_ad128)); returns the bytes done. */
AEGISGO_NOINLINE size_t FN(groups_ad256)(FN(st256) *s, const uint8_t *a, size_t n)
{
    const size_t w = R256 / (D / GROUP256_D);
    const size_t most = AEGISGO_GROUP_CHUNK / R256;
    size_t nb = n / R256, done = 0;
    int j;

    while (nb > 0) {
        const size_t k = nb < most ? nb : most;
        for (j = 0; j < D / GROUP256_D; j++) {
            FN_D(GROUP256_D, st256) t;
            t.s0 = blk_group(s->s0, j);
            t.s1 = blk_group(s->s1, j);
            t.s2 = blk_group(s->s2, j);
            t.s3 = blk_group(s->s3, j);
            t.s4 = blk_group(s->s4, j);
            t.s5 = blk_group(s->s5, j);
            FN_D(GROUP256_D, absorb_blocks256)(&t, a + done + j * w, k, R256);
            blk_set_group(s->s0, j, t.s0);
            blk_set_group(s->s1, j, t.s1);
            blk_set_group(s->s2, j, t.s2);
            blk_set_group(s->s3, j, t.s3);
            blk_set_group(s->s4, j, t.s4);
            blk_set_group(s->s5, j, t.s5);
        }
        done += k * R256;
        nb -= k;
    }
    return done;
}
#endif

/* Absorbs n bytes, zero-padded to the rate. */
AEGISGO_INLINE void FN(absorb256)(FN(st256) *s, const uint8_t *a, size_t n)
{
    size_t i = 0;
#if defined(GROUP256_D) && defined(GROUP_AD)
    if (n >= R256) {
        FN(st256) t = *s; /* as FN(bulk256) */
        i = FN(groups_ad256)(&t, a, n);
        *s = t;
    }
#elif defined(RUN256)
    FN(absorb_blocks256)(s, a, n / R256, R256);
    i = n - n % R256;
#else
    for (; i + 2 * R256 <= n; i += 2 * R256) {
        FN(upd256)(s, blk_load(a + i));
        FN(upd256)(s, blk_load(a + i + R256));
    }
    if (i + R256 <= n) {
        FN(upd256)(s, blk_load(a + i));
        i += R256;
    }
#endif
    if (i < n) {
        FN(upd256)(s, blk_load_part(a + i, n - i));
    }
}

#ifndef RUN256
/* Enc of one block (the kernel's RUN256 has its own). */
STEP_FUNC void FN(enc256)(FN(st256) *s, uint8_t *dst, const uint8_t *src)
{
    const BLK x = blk_load(src);
    blk_store(dst, Z256_ENC(s, x));
    FN(upd256)(s, x);
}

/* Dec of one block. */
STEP_FUNC void FN(dec256)(FN(st256) *s, uint8_t *dst, const uint8_t *src)
{
    const BLK x = Z256_DEC(s, blk_load(src));
    blk_store(dst, x);
    FN(update256_late)(s, x);
}
#endif

/* Enc or Dec (dir) of nb full blocks, stride bytes apart (R256 for the
 * variant's own blocks; see FN(run128)). */
AEGISGO_INLINE void FN(run256)(FN(st256) *s, uint8_t *dst, const uint8_t *src, size_t nb,
                               size_t stride, aegisgo_dir dir)
{
#ifdef RUN256
    RUN256(s, dst, src, nb, stride, dir == AEGISGO_DECRYPT);
#else
    const size_t end = nb * stride;
    size_t i = 0;
    for (; i + 2 * stride <= end; i += 2 * stride) {
        if (dir == AEGISGO_DECRYPT) {
            FN(dec256)(s, dst + i, src + i);
            FN(dec256)(s, dst + i + stride, src + i + stride);
        } else {
            FN(enc256)(s, dst + i, src + i);
            FN(enc256)(s, dst + i + stride, src + i + stride);
        }
    }
    if (i < end) {
        if (dir == AEGISGO_DECRYPT) {
            FN(dec256)(s, dst + i, src + i);
        } else {
            FN(enc256)(s, dst + i, src + i);
        }
    }
#endif
}

#ifdef GROUP256_D
/* Enc or Dec of the full blocks of n bytes, a group of GROUP256_D lanes at
 * a time (see FN(groups128)). Returns the bytes done. */
AEGISGO_NOINLINE size_t FN(groups256)(FN(st256) *s, uint8_t *dst, const uint8_t *src, size_t n,
                                      aegisgo_dir dir)
{
    FN_D(GROUP256_D, st256) g[D / GROUP256_D];
    const size_t w = R256 / (D / GROUP256_D);
    const size_t most = AEGISGO_GROUP_CHUNK / R256;
    size_t nb = n / R256, done = 0;
    int j;

    for (j = 0; j < D / GROUP256_D; j++) {
        g[j].s0 = blk_group(s->s0, j);
        g[j].s1 = blk_group(s->s1, j);
        g[j].s2 = blk_group(s->s2, j);
        g[j].s3 = blk_group(s->s3, j);
        g[j].s4 = blk_group(s->s4, j);
        g[j].s5 = blk_group(s->s5, j);
    }
    while (nb > 0) {
        const size_t k = nb < most ? nb : most;
        for (j = 0; j < D / GROUP256_D; j++) {
            FN_D(GROUP256_D, st256) t = g[j];
            if (dir == AEGISGO_DECRYPT) {
                FN_D(GROUP256_D, run256)(&t, dst + done + j * w, src + done + j * w, k, R256,
                                         AEGISGO_DECRYPT);
            } else {
                FN_D(GROUP256_D, run256)(&t, dst + done + j * w, src + done + j * w, k, R256,
                                         AEGISGO_ENCRYPT);
            }
            g[j] = t;
        }
        done += k * R256;
        nb -= k;
    }
    for (j = 0; j < D / GROUP256_D; j++) {
        blk_set_group(s->s0, j, g[j].s0);
        blk_set_group(s->s1, j, g[j].s1);
        blk_set_group(s->s2, j, g[j].s2);
        blk_set_group(s->s3, j, g[j].s3);
        blk_set_group(s->s4, j, g[j].s4);
        blk_set_group(s->s5, j, g[j].s5);
    }
    return done;
}
#endif

/* Enc or Dec of the full blocks of n bytes; returns the bytes done. */
AEGISGO_INLINE size_t FN(bulk256)(FN(st256) *s, uint8_t *dst, const uint8_t *src, size_t n,
                                  aegisgo_dir dir)
{
#ifdef GROUP256_D
#if GROUP_MIN > 0
    if (n >= GROUP_MIN)
#endif
    {
        /* Through a copy: *s itself never has its address taken by a
         * call, so the caller can keep it in registers. */
        FN(st256) t = *s;
        const size_t done = FN(groups256)(&t, dst, src, n, dir);
        *s = t;
        return done;
    }
#endif
    FN(run256)(s, dst, src, n / R256, R256, dir);
    return n - n % R256;
}

/* Enc of the last n < R256 bytes: the block is zero-padded. */
AEGISGO_INLINE void FN(enc256_tail)(FN(st256) *s, uint8_t *dst, const uint8_t *src, size_t n)
{
    const BLK x = blk_load_secret_part(src, n);
    blk_store_part(dst, blk_xor(x, FN(z256)(s)), n);
    FN(upd256)(s, x);
}

/* DecPartial: the plaintext is absorbed padded with zeros. */
AEGISGO_INLINE void FN(dec256_tail)(FN(st256) *s, uint8_t *dst, const uint8_t *src, size_t n)
{
    const BLK x = blk_keep_part(blk_xor(blk_load_part(src, n), FN(z256)(s)), n);
    blk_store_part(dst, x, n);
    FN(update256_late)(s, x);
}

/* Finalize's updates: the lengths block XORed into S3, seven times. */
AEGISGO_INLINE void FN(final256_rounds)(FN(st256) *s, uint64_t adlen, uint64_t mlen)
{
    uint8_t lb[16];
    BLK t;
    int i;
    aegisgo_lengths_block(lb, (uint64_t)adlen, (uint64_t)mlen);
    t = blk_xor(s->s3, blk_broadcast(lb));
    ROLLED
    for (i = 0; i < 7; i++) {
        FN(upd256)(s, t);
    }
}

/* The tag after Finalize's updates, as block vectors whose lanes are not
 * yet folded: the 16-byte tag, or word h (0 or 1) of the 32-byte one. */
AEGISGO_INLINE BLK FN(tag256_16)(const FN(st256) *s)
{
    const BLK x = blk_xor3(s->s0, s->s1, s->s2);
    return blk_xor(x, blk_xor3(s->s3, s->s4, s->s5));
}
AEGISGO_INLINE BLK FN(tag256_32)(const FN(st256) *s, int h)
{
    return h == 0 ? blk_xor3(s->s0, s->s1, s->s2) : blk_xor3(s->s3, s->s4, s->s5);
}

AEGISGO_INLINE void FN(final256_body)(FN(st256) *s, uint8_t *tag, size_t taglen,
                                      uint64_t adlen, uint64_t mlen)
{
    FN(final256_rounds)(s, adlen, mlen);
    if (taglen == 16) {
        FN(fold)(tag, FN(tag256_16)(s));
    } else {
        FN(fold)(tag, FN(tag256_32)(s, 0));
        FN(fold)(tag + 16, FN(tag256_32)(s, 1));
    }
}

#ifdef NOINLINE_INIT_FINAL
AEGISGO_NOINLINE void FN(finalize256)(FN(st256) *s, uint8_t *tag, size_t taglen, uint64_t adlen,
                                      uint64_t mlen)
{
    FN(final256_body)(s, tag, taglen, adlen, mlen);
}
#endif

/* Finalize, on a copy of the state, wiped after, where it is a function
 * of its own. */
AEGISGO_INLINE void FN(final256)(FN(st256) *s, uint8_t *tag, size_t taglen,
                                 uint64_t adlen, uint64_t mlen)
{
#ifdef NOINLINE_INIT_FINAL
    FN(st256) t = *s;
    FN(finalize256)(&t, tag, taglen, adlen, mlen);
    aegisgo_wipe_local(&t, sizeof t);
#else
    FN(final256_body)(s, tag, taglen, adlen, mlen);
#endif
}

AEGISGO_ENTRY void FN(encrypt256)(uint8_t *c, uint8_t *tag, size_t taglen,
                           const uint8_t *m, size_t mlen,
                           const uint8_t *ad, size_t adlen,
                           const uint8_t *npub, const uint8_t *k)
{
    FN(st256) s;
    size_t i;

    FN(init256)(&s, k, npub);
    FN(absorb256)(&s, ad, adlen);
    i = FN(bulk256)(&s, c, m, mlen, AEGISGO_ENCRYPT);
    if (i < mlen) {
        FN(enc256_tail)(&s, c + i, m + i, mlen - i);
    }
    FN(final256)(&s, tag, taglen, adlen, mlen);
}

AEGISGO_ENTRY int FN(decrypt256)(uint8_t *m, const uint8_t *c, size_t clen,
                          const uint8_t *tag, size_t taglen,
                          const uint8_t *ad, size_t adlen,
                          const uint8_t *npub, const uint8_t *k)
{
    FN(st256) s;
    uint8_t want[32];
    size_t i;
    int ok;

    FN(init256)(&s, k, npub);
    FN(absorb256)(&s, ad, adlen);
    i = FN(bulk256)(&s, m, c, clen, AEGISGO_DECRYPT);
    if (i < clen) {
        FN(dec256_tail)(&s, m + i, c + i, clen - i);
    }
    FN(final256)(&s, want, taglen, adlen, clen);
    ok = aegisgo_ct_verify(want, tag, taglen);
    aegisgo_wipe_local(want, sizeof want);
    aegisgo_declassify(&ok, sizeof ok);
    if (ok != 0 && clen > 0) {
        memset(m, 0, clen);
    }
    return ok;
}
