// SPDX-License-Identifier: MIT

/*
 * aegis128_body.h: AEGIS-128L and AEGIS-128X, written once against a small
 * vocabulary of block operations. The spec notes that AEGIS-128X with
 * D = 1 is AEGIS-128L, so one body serves both; the context words only
 * exist for D > 1. aegis256_body.h does the same for the AEGIS-256 family.
 *
 * The vocabulary, which a kernel defines before it includes instance.h
 * (once per degree D; the kernels whose operations do not depend on D
 * define them once):
 *
 *   name                     meaning                          if absent
 *   ------------------------ -------------------------------- ------------
 *   KERNEL                   the kernel's name, for FN        required
 *                            (once per file)
 *   D                        lanes per block vector: 1 (128L, required
 *                            256), 2 (X2), 4 (X4)
 *   BLK                      a vector of D AES blocks; lane   required
 *                            i is bytes 16i..16i+15
 *   blk_aes_round(a, k)      AESRound(a, k) in each lane: one required
 *                            AES encryption round of a, with
 *                            k as the round key
 *   blk_xor(a, b)            a ^ b                            required
 *   blk_and(a, b)            a & b                            required
 *   blk_load(p)              16D bytes from p, any alignment  required
 *   blk_store(p, a)          16D bytes to p, any alignment    required
 *   blk_broadcast(p)         the 16 bytes at p in every lane  required
 *   blk_xor3(a, b, c)        a ^ b ^ c                        (a ^ b) ^ c
 *   blk_xor_and(a, b, c)     a ^ (b & c)                      blk_xor, and
 *   blk_xor_xor_and(a, b,    a ^ b ^ (c & d)                  (a ^ b) ^
 *                   c, d)                                     (c & d)
 *   blk_load_part(p, n)      the first n <= 16D bytes at p,   a copy on
 *                            zeros after; reads nothing past  the stack
 *                            p + n
 *   blk_store_part(p, a, n)  the first n bytes of a, to p     a copy on
 *                                                             the stack
 *   blk_keep_part(a, n)      a, zero from byte n on           and with a
 *                                                             mask
 *   blk_group(a, j)          group j of a's lanes (see        required
 *                            GROUP128_D below), as a block    with
 *                            vector of that degree            GROUP*_D
 *   blk_set_group(a, j, x)   sets group j of a's lanes to x   same
 *
 * The optional operations are for kernels with a cheaper form: AVX-512's
 * ternary logic does a^b^c and a^(b&c) in one instruction, its masked
 * loads and stores do the partial blocks. The default blk_xor3(a, b, c) is
 * (a^b)^c, so the last argument is the one with the short path. The
 * bodies load a partial block of plaintext with blk_load_secret_part:
 * the kernel's own blk_load_part, or a default one that wipes its copy
 * on the stack (instance.h).
 *
 * Knobs, which change how the bodies compile, not what they compute; each
 * is for one degree, absent unless the kernel defines it:
 *
 *   UNROLLED              Init's and Finalize's loops unrolled, not
 *                         rolled (two-operand AES-NI; see instance.h)
 *   RUN128(s, dst, src,   the kernel's own loop over nb whole blocks of
 *     nb, stride, half,   FN(run128) (mode 0 Enc, 1 Dec) and of
 *     mode)               FN(absorb128) (mode 2, dst NULL, half H128),
 *   RUN256(s, dst, src,   and of the 256 family (no half): for a kernel
 *     nb, stride, mode)   whose registers rotate through the updates
 *                         (neon, kernel_neon.h), which the body's fixed
 *                         names of the state words cannot express
 *   NOINLINE_STEPS        the updates and Enc and Dec of one block are
 *                         functions of their own: FN(update128),
 *                         FN(update128_late), FN(enc128), FN(dec128)
 *                         and the same with 256 (soft, whose block
 *                         operations are calls: a call more is nothing)
 *   NOINLINE_INIT_FINAL   Init and Finalize are functions of their own:
 *                         FN(initialize128), FN(finalize128) and the same
 *                         with 256 (where the state lives in memory
 *                         anyway)
 *   GROUP128_D, GROUP256_D  the family's message runs in groups of lanes
 *                         of this degree, through that instance (included
 *                         before): FN(groups128), FN(groups256); group j
 *                         is lanes j * GROUP*_D and on
 *   GROUP_MIN             the bytes of message from which the groups
 *                         run, AEGISGO_GROUP_MIN (internal.h) if absent;
 *                         0 for groups always (neon)
 *   GROUP_AD              the ad's whole blocks run in groups too:
 *                         FN(groups_ad128), FN(groups_ad256)
 *   INIT_GROUPS           Init's updates run in groups too, through
 *                         that instance's FN(init128_ctx),
 *                         FN(init256_ctx) (neon: a D = 4 state is all
 *                         the registers)
 *   lane_load, lane_store   batches in the lanes of this degree (lanes.h,
 *                         which lists its own optional operations)
 *
 * and, for the whole file, AEGISGO_SOURCE_ORDER256 (instance.h).
 *
 * Only FN(encrypt128) and FN(decrypt128), and what the knobs take out of
 * line, are functions of their own; the rest is inlined into them, and
 * into the incremental forms of aegis128_inc.h. The names of the pieces
 * out of line must appear literally in csrc/, beside the knob in the
 * kernel that sets it, so that grep finds what a profiler shows.
 */

typedef struct {
    BLK s0, s1, s2, s3, s4, s5, s6, s7;
} FN(st128);

/* Update(M0, M1) of the spec, in each lane, with the inputs of the AES
 * rounds that make S4 and S0 (the old S3 and S7) apart, for Init of the X
 * variants below; FN(upd128) is the case where they are S3 and S7.
 *
 * AESRound ends with AddRoundKey, so AESRound(S7, S0 ^ M0) equals
 * AESRound(S7, M0) ^ S0. The second form takes S0 off the AES latency: S0
 * feeds only a one-cycle XOR, and the loop-carried chain of an update is one
 * AES round (plus an XOR every fourth step around the ring) instead of an
 * XOR then an AES round on S0 and S4. */
STEP_FUNC void FN(update128)(FN(st128) *s, BLK m0, BLK m1, BLK d3, BLK d7)
{
    s->s7 = blk_aes_round(s->s6, s->s7);
    s->s6 = blk_aes_round(s->s5, s->s6);
    s->s5 = blk_aes_round(s->s4, s->s5);
    s->s4 = blk_xor(blk_aes_round(d3, m1), s->s4);
    s->s3 = blk_aes_round(s->s2, s->s3);
    s->s2 = blk_aes_round(s->s1, s->s2);
    s->s1 = blk_aes_round(s->s0, s->s1);
    s->s0 = blk_xor(blk_aes_round(d7, m0), s->s0);
}

/* Update(M0, M1) of the spec. */
AEGISGO_INLINE void FN(upd128)(FN(st128) *s, BLK m0, BLK m1)
{
    FN(update128)(s, m0, m1, s->s3, s->s7);
}

/* Update for a message that is itself computed from the state, as in Dec,
 * where M = C ^ keystream(S). There the message is the late input, so it
 * goes in with a single XOR after the AES round:
 * AESRound(S7, S0 ^ M0) = AESRound(S7, 0) ^ (S0 ^ M0). This keeps the
 * state-to-keystream-to-state loop at one AES round plus two XORs. */
STEP_FUNC void FN(update128_late)(FN(st128) *s, BLK m0, BLK m1)
{
    const BLK zero = blk_xor(m0, m0);
    BLK t = s->s7;
    s->s7 = blk_aes_round(s->s6, s->s7);
    s->s6 = blk_aes_round(s->s5, s->s6);
    s->s5 = blk_aes_round(s->s4, s->s5);
    s->s4 = blk_xor3(s->s4, m1, blk_aes_round(s->s3, zero));
    s->s3 = blk_aes_round(s->s2, s->s3);
    s->s2 = blk_aes_round(s->s1, s->s2);
    s->s1 = blk_aes_round(s->s0, s->s1);
    s->s0 = blk_xor3(s->s0, m0, blk_aes_round(t, zero));
}

/* The keystream words of the state at s, the spec's
 *
 *     z0 = S1 ^ S6 ^ (S2 & S3)        z1 = S2 ^ S5 ^ (S6 & S7)
 *
 * Z128(s, h) is word h (0 or 1). Z128_ENC(s, h, m) is m ^ z_h and
 * Z128_DEC(s, h, c) is c ^ z_h, each with the XORs in the order its loop
 * wants (the value is the same, the instructions are not):
 *
 *   Enc      the message with the first two words, then the and: the
 *            message is at hand early, and ternary logic does each of the
 *            two steps in one instruction;
 *   Dec      the and first, and S1 (word 0) or S5 (word 1) last: each
 *            feeds back into itself two updates later (S1 -> M0 -> S0 ->
 *            S1, S5 -> M1 -> S4 -> S5), so theirs must be the short path.
 *
 * Z128_TERMSh(s) lists word h's state words: a, b, c and d of
 * a ^ b ^ (c & d), then a and b in the order Dec XORs them. Macros, not
 * functions: gcc allocates registers differently around a call of an
 * inline function than around the same expression written out. */
#define Z128_TERMS0(s) (s)->s1, (s)->s6, (s)->s2, (s)->s3, (s)->s6, (s)->s1
#define Z128_TERMS1(s) (s)->s2, (s)->s5, (s)->s6, (s)->s7, (s)->s2, (s)->s5
#define Z128(s, h) AEGISGO_APPLY(Z128_WORD_, Z128_TERMS##h(s))
#define Z128_ENC(s, h, m) AEGISGO_APPLY(Z128_ENC_, m, Z128_TERMS##h(s))
#define Z128_DEC(s, h, c) AEGISGO_APPLY(Z128_DEC_, c, Z128_TERMS##h(s))
#define Z128_WORD_(a, b, c, d, e, f) blk_xor_xor_and(a, b, c, d)
#define Z128_ENC_(x, a, b, c, d, e, f) blk_xor_and(blk_xor3(x, a, b), c, d)
#define Z128_DEC_(x, a, b, c, d, e, f) blk_xor3(blk_xor_and(x, c, d), e, f)

/* Init's updates of the X variants, with the lanes' ctx, i a variable of
 * the caller's. A macro, so that where it runs in place it is the very
 * code it was before FN(init128_ctx) (soft's, whose operations are calls,
 * changes around an inlined call).
 *
 * The spec XORs ctx[i] = Byte(i) || Byte(D - 1) || zeros into S3 and S7
 * before every update. Written so, the XOR sits on the loop-carried path
 * of S3 (and S7) into itself, through the round key of the AES round that
 * makes the next S3. AESRound is linear in its round key: AESRound(S2, S3
 * ^ ctx) = AESRound(S2, S3) ^ ctx, so the ctx of one update cancels the
 * ctx of the next one. Over a pair of updates, the first takes S3 ^ ctx as
 * the input of the round that makes S4 and plain S3 as the round key; the
 * second takes S3 for both; after the pair the state is the spec's. S7
 * likewise. The XORs leave the key path and half of them go. */
#define INIT128_CTX(s, nb, kb, ctx, i)                                                 \
    ROLLED                                                                             \
    for (i = 0; i < 10; i += 2) {                                                      \
        FN(update128)(s, nb, kb, blk_xor((s)->s3, ctx), blk_xor((s)->s7, ctx));        \
        FN(upd128)(s, nb, kb);                                                         \
    }

/* The same out of place, in the D = 1 instance too, where the X variants'
 * groups of one lane run it (INIT_GROUPS). */
AEGISGO_INLINE void FN(init128_ctx)(FN(st128) *s, BLK nb, BLK kb, BLK ctx)
{
    int i;

    INIT128_CTX(s, nb, kb, ctx, i)
}

AEGISGO_INLINE void FN(init128_body)(FN(st128) *s, const uint8_t *k, const uint8_t *n)
{
    const BLK c0 = blk_broadcast(aegisgo_c0);
    const BLK c1 = blk_broadcast(aegisgo_c1);
    const BLK kb = blk_broadcast(k);
    const BLK nb = blk_broadcast(n);
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
#if D > 1
    {
        const BLK ctx = blk_load(AEGISGO_CAT(aegisgo_ctx, D));
#if defined(INIT_GROUPS) && defined(GROUP128_D)
        /* Each group's lanes are independent until Finalize; a group's
         * state, 8 registers a lane, leaves room for the temporaries. */
        for (i = 0; i < D / GROUP128_D; i++) {
            FN_D(GROUP128_D, st128) t;
            t.s0 = blk_group(s->s0, i);
            t.s1 = blk_group(s->s1, i);
            t.s2 = blk_group(s->s2, i);
            t.s3 = blk_group(s->s3, i);
            t.s4 = blk_group(s->s4, i);
            t.s5 = blk_group(s->s5, i);
            t.s6 = blk_group(s->s6, i);
            t.s7 = blk_group(s->s7, i);
            FN_D(GROUP128_D, init128_ctx)(&t, blk_group(nb, i), blk_group(kb, i), blk_group(ctx, i));
            blk_set_group(s->s0, i, t.s0);
            blk_set_group(s->s1, i, t.s1);
            blk_set_group(s->s2, i, t.s2);
            blk_set_group(s->s3, i, t.s3);
            blk_set_group(s->s4, i, t.s4);
            blk_set_group(s->s5, i, t.s5);
            blk_set_group(s->s6, i, t.s6);
            blk_set_group(s->s7, i, t.s7);
        }
#else
        INIT128_CTX(s, nb, kb, ctx, i)
#endif
    }
#else
    ROLLED
    for (i = 0; i < 10; i++) {
        FN(upd128)(s, nb, kb);
    }
#endif
}

#ifdef NOINLINE_INIT_FINAL
AEGISGO_NOINLINE void FN(initialize128)(FN(st128) *s, const uint8_t *k, const uint8_t *n)
{
    FN(init128_body)(s, k, n);
}
#endif

/* Init. Where it is a function of its own, through a copy: *s itself
 * never has its address taken by a call, so the caller can keep it in
 * registers. */
AEGISGO_INLINE void FN(init128)(FN(st128) *s, const uint8_t *k, const uint8_t *n)
{
#ifdef NOINLINE_INIT_FINAL
    FN(st128) t;
    FN(initialize128)(&t, k, n);
    *s = t;
    aegisgo_wipe_local(&t, sizeof t); /* as final128 wipes its copy */
#else
    FN(init128_body)(s, k, n);
#endif
}

/* The two halves of a partial rate block of n < R128 bytes. */
#define SPLIT128(n, n0, n1)                                 \
    const size_t n0 = (n) < H128 ? (n) : H128;              \
    const size_t n1 = (n) - n0

/* Absorbs nb whole rate blocks, stride bytes apart, each in two halves
 * half bytes apart: R128 and H128 but in FN(groups_ad128). */
AEGISGO_INLINE void FN(absorb_blocks128)(FN(st128) *s, const uint8_t *a, size_t nb, size_t stride,
                                         size_t half)
{
#ifdef RUN128
    RUN128(s, (uint8_t *)NULL, a, nb, stride, half, 2);
#else
    size_t i;
    for (i = 0; i < nb; i++) {
        FN(upd128)(s, blk_load(a + i * stride), blk_load(a + i * stride + half));
    }
#endif
}

#if defined(GROUP128_D) && defined(GROUP_AD)
/* Absorbs the whole rate blocks of n bytes of ad a group of lanes at a
 * time, as FN(groups128) runs the message (the lanes' ad is independent
 * too); returns the bytes done. */
AEGISGO_NOINLINE size_t FN(groups_ad128)(FN(st128) *s, const uint8_t *a, size_t n)
{
    const size_t w = H128 / (D / GROUP128_D);
    const size_t most = AEGISGO_GROUP_CHUNK / R128;
    size_t nb = n / R128, done = 0;
    int j;

    while (nb > 0) {
        const size_t k = nb < most ? nb : most;
        for (j = 0; j < D / GROUP128_D; j++) {
            FN_D(GROUP128_D, st128) t;
            t.s0 = blk_group(s->s0, j);
            t.s1 = blk_group(s->s1, j);
            t.s2 = blk_group(s->s2, j);
            t.s3 = blk_group(s->s3, j);
            t.s4 = blk_group(s->s4, j);
            t.s5 = blk_group(s->s5, j);
            t.s6 = blk_group(s->s6, j);
            t.s7 = blk_group(s->s7, j);
            FN_D(GROUP128_D, absorb_blocks128)(&t, a + done + j * w, k, R128, H128);
            blk_set_group(s->s0, j, t.s0);
            blk_set_group(s->s1, j, t.s1);
            blk_set_group(s->s2, j, t.s2);
            blk_set_group(s->s3, j, t.s3);
            blk_set_group(s->s4, j, t.s4);
            blk_set_group(s->s5, j, t.s5);
            blk_set_group(s->s6, j, t.s6);
            blk_set_group(s->s7, j, t.s7);
        }
        done += k * R128;
        nb -= k;
    }
    return done;
}
#endif

/* Absorbs n bytes, zero-padded to the rate. */
AEGISGO_INLINE void FN(absorb128)(FN(st128) *s, const uint8_t *a, size_t n)
{
    size_t i = 0;
#if defined(GROUP128_D) && defined(GROUP_AD)
    if (n >= R128) {
        FN(st128) t = *s; /* as FN(bulk128) */
        i = FN(groups_ad128)(&t, a, n);
        *s = t;
    }
#elif defined(RUN128)
    FN(absorb_blocks128)(s, a, n / R128, R128, H128);
    i = n - n % R128;
#else
    for (; i + 2 * R128 <= n; i += 2 * R128) {
        FN(upd128)(s, blk_load(a + i), blk_load(a + i + H128));
        FN(upd128)(s, blk_load(a + i + R128), blk_load(a + i + R128 + H128));
    }
    if (i + R128 <= n) {
        FN(upd128)(s, blk_load(a + i), blk_load(a + i + H128));
        i += R128;
    }
#endif
    if (i < n) {
        SPLIT128(n - i, n0, n1);
        FN(upd128)(s, blk_load_part(a + i, n0), blk_load_part(a + i + H128, n1));
    }
}

/* Enc of one full rate block whose second half starts half bytes after
 * the first (H128 but in FN(run128)). */
STEP_FUNC void FN(enc128)(FN(st128) *s, uint8_t *dst, const uint8_t *src, size_t half)
{
    const BLK t0 = blk_load(src);
    const BLK t1 = blk_load(src + half);
    blk_store(dst, Z128_ENC(s, 0, t0));
    blk_store(dst + half, Z128_ENC(s, 1, t1));
    FN(upd128)(s, t0, t1);
}

/* Dec of one full rate block. */
STEP_FUNC void FN(dec128)(FN(st128) *s, uint8_t *dst, const uint8_t *src, size_t half)
{
    const BLK x0 = Z128_DEC(s, 0, blk_load(src));
    const BLK x1 = Z128_DEC(s, 1, blk_load(src + half));
    blk_store(dst, x0);
    blk_store(dst + half, x1);
    FN(update128_late)(s, x0, x1);
}

/* Enc or Dec (dir) of nb full rate blocks, stride bytes apart, each in
 * two halves half bytes apart. The state is copied in and out so that it
 * lives in registers in the loop whatever the caller does with *s. A
 * variant's own blocks have stride R128 and half H128; FN(groups128)
 * passes its own, to run a group of the lanes of a wider variant. */
AEGISGO_INLINE void FN(run128)(FN(st128) *s, uint8_t *dst, const uint8_t *src, size_t nb,
                               size_t stride, size_t half, aegisgo_dir dir)
{
#ifdef RUN128
    RUN128(s, dst, src, nb, stride, half, dir == AEGISGO_DECRYPT);
#else
    const size_t end = nb * stride;
    size_t i = 0;
    for (; i + 2 * stride <= end; i += 2 * stride) {
        if (dir == AEGISGO_DECRYPT) {
            FN(dec128)(s, dst + i, src + i, half);
            FN(dec128)(s, dst + i + stride, src + i + stride, half);
        } else {
            FN(enc128)(s, dst + i, src + i, half);
            FN(enc128)(s, dst + i + stride, src + i + stride, half);
        }
    }
    if (i < end) {
        if (dir == AEGISGO_DECRYPT) {
            FN(dec128)(s, dst + i, src + i, half);
        } else {
            FN(enc128)(s, dst + i, src + i, half);
        }
    }
#endif
}

#ifdef GROUP128_D
/* Enc or Dec of the full rate blocks of n bytes, a group of lanes at a
 * time. The kernel cannot hold the 8 blocks of the state of D lanes in its
 * registers (8D on aesni, 16 registers on avx2 for D = 4), but the lanes
 * are independent between Init and Finalize, so it runs each group of
 * GROUP128_D lanes, whose state fits, through that instance's run128 over
 * a chunk of the message, then the next group over the same chunk while it
 * is still in L1. Each group reads and writes only its own lanes' bytes,
 * so dst may be src. Returns the bytes done. */
AEGISGO_NOINLINE size_t FN(groups128)(FN(st128) *s, uint8_t *dst, const uint8_t *src, size_t n,
                                      aegisgo_dir dir)
{
    FN_D(GROUP128_D, st128) g[D / GROUP128_D];
    const size_t w = H128 / (D / GROUP128_D);
    const size_t most = AEGISGO_GROUP_CHUNK / R128;
    size_t nb = n / R128, done = 0;
    int j;

    for (j = 0; j < D / GROUP128_D; j++) {
        g[j].s0 = blk_group(s->s0, j);
        g[j].s1 = blk_group(s->s1, j);
        g[j].s2 = blk_group(s->s2, j);
        g[j].s3 = blk_group(s->s3, j);
        g[j].s4 = blk_group(s->s4, j);
        g[j].s5 = blk_group(s->s5, j);
        g[j].s6 = blk_group(s->s6, j);
        g[j].s7 = blk_group(s->s7, j);
    }
    while (nb > 0) {
        const size_t k = nb < most ? nb : most;
        for (j = 0; j < D / GROUP128_D; j++) {
            FN_D(GROUP128_D, st128) t = g[j];
            if (dir == AEGISGO_DECRYPT) {
                FN_D(GROUP128_D, run128)(&t, dst + done + j * w, src + done + j * w, k, R128,
                                         H128, AEGISGO_DECRYPT);
            } else {
                FN_D(GROUP128_D, run128)(&t, dst + done + j * w, src + done + j * w, k, R128,
                                         H128, AEGISGO_ENCRYPT);
            }
            g[j] = t;
        }
        done += k * R128;
        nb -= k;
    }
    for (j = 0; j < D / GROUP128_D; j++) {
        blk_set_group(s->s0, j, g[j].s0);
        blk_set_group(s->s1, j, g[j].s1);
        blk_set_group(s->s2, j, g[j].s2);
        blk_set_group(s->s3, j, g[j].s3);
        blk_set_group(s->s4, j, g[j].s4);
        blk_set_group(s->s5, j, g[j].s5);
        blk_set_group(s->s6, j, g[j].s6);
        blk_set_group(s->s7, j, g[j].s7);
    }
    return done;
}
#endif

/* Enc or Dec of the full rate blocks of n bytes; returns the bytes done. */
AEGISGO_INLINE size_t FN(bulk128)(FN(st128) *s, uint8_t *dst, const uint8_t *src, size_t n,
                                  aegisgo_dir dir)
{
#ifdef GROUP128_D
#if GROUP_MIN > 0
    if (n >= GROUP_MIN)
#endif
    {
        /* Through a copy: *s itself never has its address taken by a
         * call, so the caller can keep it in registers. */
        FN(st128) t = *s;
        const size_t done = FN(groups128)(&t, dst, src, n, dir);
        *s = t;
        return done;
    }
#endif
    FN(run128)(s, dst, src, n / R128, R128, H128, dir);
    return n - n % R128;
}

/* Enc of the last n < R128 bytes: the block is zero-padded. */
AEGISGO_INLINE void FN(enc128_tail)(FN(st128) *s, uint8_t *dst, const uint8_t *src, size_t n)
{
    SPLIT128(n, n0, n1);
    const BLK t0 = blk_load_secret_part(src, n0);
    const BLK t1 = blk_load_secret_part(src + H128, n1);
    const BLK z0 = Z128(s, 0);
    const BLK z1 = Z128(s, 1);
    blk_store_part(dst, blk_xor(t0, z0), n0);
    blk_store_part(dst + H128, blk_xor(t1, z1), n1);
    FN(upd128)(s, t0, t1);
}

/* DecPartial: decrypt n < R128 bytes, then absorb the plaintext padded
 * with zeros, not with keystream. */
AEGISGO_INLINE void FN(dec128_tail)(FN(st128) *s, uint8_t *dst, const uint8_t *src, size_t n)
{
    SPLIT128(n, n0, n1);
    const BLK z0 = Z128(s, 0);
    const BLK z1 = Z128(s, 1);
    const BLK x0 = blk_keep_part(blk_xor(blk_load_part(src, n0), z0), n0);
    const BLK x1 = blk_keep_part(blk_xor(blk_load_part(src + H128, n1), z1), n1);
    blk_store_part(dst, x0, n0);
    blk_store_part(dst + H128, x1, n1);
    FN(update128_late)(s, x0, x1);
}

/* Finalize's updates: the lengths block XORed into S2, seven times. */
AEGISGO_INLINE void FN(final128_rounds)(FN(st128) *s, uint64_t adlen, uint64_t mlen)
{
    uint8_t lb[16];
    BLK t;
    int i;
    aegisgo_lengths_block(lb, (uint64_t)adlen, (uint64_t)mlen);
    t = blk_xor(s->s2, blk_broadcast(lb));
    ROLLED
    for (i = 0; i < 7; i++) {
        FN(upd128)(s, t, t);
    }
}

/* The tag after Finalize's updates, as block vectors whose lanes are not
 * yet folded: the 16-byte tag, or word h (0 or 1) of the 32-byte one. */
AEGISGO_INLINE BLK FN(tag128_16)(const FN(st128) *s)
{
    BLK x = blk_xor3(s->s0, s->s1, s->s2);
    x = blk_xor3(x, s->s3, s->s4);
    return blk_xor3(x, s->s5, s->s6);
}
AEGISGO_INLINE BLK FN(tag128_32)(const FN(st128) *s, int h)
{
    return h == 0 ? blk_xor(blk_xor3(s->s0, s->s1, s->s2), s->s3)
                  : blk_xor(blk_xor3(s->s4, s->s5, s->s6), s->s7);
}

AEGISGO_INLINE void FN(final128_body)(FN(st128) *s, uint8_t *tag, size_t taglen,
                                      uint64_t adlen, uint64_t mlen)
{
    FN(final128_rounds)(s, adlen, mlen);
    if (taglen == 16) {
        FN(fold)(tag, FN(tag128_16)(s));
    } else {
        FN(fold)(tag, FN(tag128_32)(s, 0));
        FN(fold)(tag + 16, FN(tag128_32)(s, 1));
    }
}

#ifdef NOINLINE_INIT_FINAL
AEGISGO_NOINLINE void FN(finalize128)(FN(st128) *s, uint8_t *tag, size_t taglen, uint64_t adlen,
                                      uint64_t mlen)
{
    FN(final128_body)(s, tag, taglen, adlen, mlen);
}
#endif

/* Finalize. Where it is a function of its own, on a copy of the state,
 * wiped after. */
AEGISGO_INLINE void FN(final128)(FN(st128) *s, uint8_t *tag, size_t taglen,
                                 uint64_t adlen, uint64_t mlen)
{
#ifdef NOINLINE_INIT_FINAL
    FN(st128) t = *s;
    FN(finalize128)(&t, tag, taglen, adlen, mlen);
    aegisgo_wipe_local(&t, sizeof t);
#else
    FN(final128_body)(s, tag, taglen, adlen, mlen);
#endif
}

AEGISGO_ENTRY void FN(encrypt128)(uint8_t *c, uint8_t *tag, size_t taglen,
                           const uint8_t *m, size_t mlen,
                           const uint8_t *ad, size_t adlen,
                           const uint8_t *npub, const uint8_t *k)
{
    FN(st128) s;
    size_t i;

    FN(init128)(&s, k, npub);
    FN(absorb128)(&s, ad, adlen);
    i = FN(bulk128)(&s, c, m, mlen, AEGISGO_ENCRYPT);
    if (i < mlen) {
        FN(enc128_tail)(&s, c + i, m + i, mlen - i);
    }
    FN(final128)(&s, tag, taglen, adlen, mlen);
}

AEGISGO_ENTRY int FN(decrypt128)(uint8_t *m, const uint8_t *c, size_t clen,
                          const uint8_t *tag, size_t taglen,
                          const uint8_t *ad, size_t adlen,
                          const uint8_t *npub, const uint8_t *k)
{
    FN(st128) s;
    uint8_t want[32];
    size_t i;
    int ok;

    FN(init128)(&s, k, npub);
    FN(absorb128)(&s, ad, adlen);
    i = FN(bulk128)(&s, m, c, clen, AEGISGO_DECRYPT);
    if (i < clen) {
        FN(dec128_tail)(&s, m + i, c + i, clen - i);
    }
    FN(final128)(&s, want, taglen, adlen, clen);
    ok = aegisgo_ct_verify(want, tag, taglen);
    aegisgo_wipe_local(want, sizeof want);
    aegisgo_declassify(&ok, sizeof ok);
    if (ok != 0 && clen > 0) {
        memset(m, 0, clen);
    }
    return ok;
}
