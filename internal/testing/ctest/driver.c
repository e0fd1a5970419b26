// SPDX-License-Identifier: MIT

/*
 * driver.c: the C core tested at C level, meant to run under AddressSanitizer
 * and UndefinedBehaviorSanitizer (internal/testing/ctest/run.sh builds and runs it).
 *
 *   - the specification's vectors, the must-fail ones included, for both
 *     tag sizes, and its MAC vectors, under every kernel that this build
 *     has and this CPU runs;
 *   - a reference written from the specification in plain C (below),
 *     itself checked against the spec's vectors;
 *   - every kernel against vperm on random inputs, for every message
 *     length 0..600 and, separately, every associated data length 0..600,
 *     and long messages (2047 to 65569 bytes), both directions, both tag
 *     sizes; and vperm against the reference at each of those lengths.
 *     vperm is in every build for x86-64 and little-endian arm64, where
 *     this runs, and computes the round apart from the AES instructions
 *     of the other kernels. (The C core has no soft kernel: soft is Go
 *     code, internal/soft, which the Go tests check the C kernels
 *     against.) A build without vperm, or a CPU that does not run it,
 *     fails at once rather than test the kernels against nothing;
 *   - inputs and outputs in heap blocks of their exact size, so that
 *     reading or writing one byte outside is a heap-buffer-overflow, at
 *     every misalignment 1..15, and in place;
 *   - NULL pointers where the length is zero (aegis.h allows them);
 *   - a failed decryption clears its output;
 *   - the incremental entry points (split at random points), the MAC and
 *     the keystream, in exact-size blocks too;
 *   - lengths above 4 GiB in the final block, through the test hooks of
 *     testhooks.c (vperm's Init and Finalize), against the reference;
 *   - the vperm kernel's AES round alone, on every byte value, against the
 *     reference's round.
 *
 * Built with -DAEGISGO_CTEST_NO_KERNELS, for a target where the C core has
 * no kernel (run.sh's i386 build, for a 32-bit size_t), it checks that the
 * build indeed has none, and runs what needs no kernel: the reference
 * against the vectors and the lengths block.
 *
 * The last line says "N passed, M failed"; the exit status is 1 on any
 * failure. Set AEGISGO_SEED to vary the random inputs.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "aegis.h"
#include "batch.h"
#include "vectors.h"

#ifndef AEGISGO_TEST_HOOKS
#error "build with -DAEGISGO_TEST_HOOKS and internal/testing/ctest/testhooks.c"
#endif
void aegisgo_test_lengths_block(uint8_t out[16], uint64_t adlen, uint64_t mlen);
int aegisgo_test_init_final(int variant, uint8_t *tag, size_t taglen,
                            const uint8_t *npub, const uint8_t *k,
                            size_t adlen, size_t mlen);
/* The vperm kernel's AES round alone (kernel_vperm.h, with the hooks, in
 * testhooks.c); weak, since a build for a target without vperm has none. */
__attribute__((weak)) void aegisgo_test_vperm_round(uint8_t out[16], const uint8_t in[16],
                                                    const uint8_t rk[16]);

/* ------------------------------------------------------------------ */
/* Bookkeeping */

static unsigned long passed, failed;

static void check(int ok, const char *fmt, ...)
{
    va_list ap;

    if (ok) {
        passed++;
        return;
    }
    failed++;
    if (failed <= 40) {
        printf("FAIL: ");
        va_start(ap, fmt);
        vprintf(fmt, ap);
        va_end(ap);
        printf("\n");
    } else if (failed == 41) {
        printf("(further failures counted, not printed)\n");
    }
}

static void *xmalloc(size_t n)
{
    /* malloc(0) under ASan returns a block with no usable byte, which is
     * what an exact-size empty buffer should be. */
    void *p = malloc(n);
    if (p == NULL && n > 0) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    return p;
}

/* A copy of src in a heap block of exactly n bytes. */
static uint8_t *exact_copy(const uint8_t *src, size_t n)
{
    uint8_t *p = xmalloc(n);
    if (n > 0) {
        memcpy(p, src, n);
    }
    return p;
}

static int all_zero(const uint8_t *p, size_t n)
{
    uint8_t d = 0;
    size_t i;
    for (i = 0; i < n; i++) {
        d |= p[i];
    }
    return d == 0;
}

static int same(const uint8_t *a, const uint8_t *b, size_t n)
{
    return n == 0 || memcmp(a, b, n) == 0;
}

/* splitmix64: a simple, seedable generator for test inputs. */
static uint64_t rng_state = 0x243f6a8885a308d3u;

static uint64_t rnd64(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static size_t rnd_below(size_t n)
{
    return n == 0 ? 0 : (size_t)(rnd64() % n);
}

static void rnd_fill(uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        p[i] = (uint8_t)rnd64();
    }
}

static size_t hex_decode(uint8_t *out, const char *hex)
{
    size_t n = 0;
    while (hex[0] != 0 && hex[1] != 0) {
        unsigned v;
        sscanf(hex, "%2x", &v);
        out[n++] = (uint8_t)v;
        hex += 2;
    }
    return n;
}

/* ------------------------------------------------------------------ */
/* Variants and kernels */

/* variants[], kernel_names[] and ops_for: internal/core's tables and a
 * lookup in the engines' tables, generated. */
#include "tables_gen.h"
#include "kernels.h"

/* The kernels this CPU runs (kernels.h); kernel_runs adds "and this
 * build has". */
static uint32_t kernels_here;

static int kernel_runs(int v, int k)
{
    return (kernels_here & (1u << k)) && ops_for(v, k) != NULL;
}

/* The base: the kernel that the others are compared with, itself checked
 * against the reference below and the spec's vectors. main makes sure it
 * runs every variant, except in a build told it has no kernel. */
#define BASE_KERNEL AEGISGO_VPERM
#define BASE_NAME "vperm"
static int have_base;

static size_t rate_of(int v)
{
    const variant_info *vi = &variants[v];
    return (size_t)(vi->fam == 128 ? 32 : 16) * (size_t)vi->d;
}

/* One encryption into exact-size heap blocks: every input is copied into a
 * block of its own size, and the outputs are written into blocks of theirs.
 * c and tag receive the results. */
static void enc_exact(const aegisgo_ops *ops, uint8_t *c, uint8_t *tag, size_t taglen,
                      const uint8_t *m, size_t mlen, const uint8_t *ad, size_t adlen,
                      const uint8_t *npub, size_t nlen, const uint8_t *k, size_t klen)
{
    uint8_t *xm = exact_copy(m, mlen), *xad = exact_copy(ad, adlen);
    uint8_t *xn = exact_copy(npub, nlen), *xk = exact_copy(k, klen);
    uint8_t *xc = xmalloc(mlen), *xt = xmalloc(taglen);

    ops->encrypt(xc, xt, taglen, xm, mlen, xad, adlen, xn, xk);
    if (mlen > 0) {
        memcpy(c, xc, mlen);
    }
    memcpy(tag, xt, taglen);
    free(xm); free(xad); free(xn); free(xk); free(xc); free(xt);
}

/* One decryption the same way; m receives the output, which is filled
 * with 0xa5 before the call so that clearing it shows. */
static int dec_exact(const aegisgo_ops *ops, uint8_t *m, const uint8_t *c, size_t clen,
                     const uint8_t *tag, size_t taglen, const uint8_t *ad, size_t adlen,
                     const uint8_t *npub, size_t nlen, const uint8_t *k, size_t klen)
{
    uint8_t *xc = exact_copy(c, clen), *xt = exact_copy(tag, taglen);
    uint8_t *xad = exact_copy(ad, adlen);
    uint8_t *xn = exact_copy(npub, nlen), *xk = exact_copy(k, klen);
    uint8_t *xm = xmalloc(clen);
    int r;

    if (clen > 0) {
        memset(xm, 0xa5, clen);
    }
    r = ops->decrypt(xm, xc, clen, xt, taglen, xad, adlen, xn, xk);
    if (clen > 0) {
        memcpy(m, xm, clen);
    }
    free(xc); free(xt); free(xad); free(xn); free(xk); free(xm);
    return r;
}

/* ------------------------------------------------------------------ */
/* The reference: AEGIS written out from the specification, in plain C
 * and apart from the kernels (no shared source, a table S-box built from
 * the field inversion, each lane and each block one at a time). It is
 * slow and is not constant time; it is checked against the spec's
 * vectors (test_ref_vectors), and vperm, the base, against it at every
 * length (test_cross). */

/* A plain AES round (table S-box), written apart from the kernels' rounds. */
static uint8_t sbox[256];

static uint8_t gf_mul(uint8_t a, uint8_t b)
{
    uint8_t r = 0;
    while (b != 0) {
        if (b & 1) {
            r ^= a;
        }
        a = (uint8_t)((a << 1) ^ ((a & 0x80) ? 0x1b : 0));
        b >>= 1;
    }
    return r;
}

static uint8_t rotl8(uint8_t x, int n)
{
    return (uint8_t)((x << n) | (x >> (8 - n)));
}

static void build_sbox(void)
{
    int x, y;
    for (x = 0; x < 256; x++) {
        uint8_t inv = 0;
        for (y = 1; y < 256 && x != 0; y++) {
            if (gf_mul((uint8_t)x, (uint8_t)y) == 1) {
                inv = (uint8_t)y;
                break;
            }
        }
        sbox[x] = (uint8_t)(inv ^ rotl8(inv, 1) ^ rotl8(inv, 2) ^ rotl8(inv, 3) ^
                            rotl8(inv, 4) ^ 0x63);
    }
}

/* Multiplication by x (that is, by 2) in AES's field. */
static uint8_t xtime(uint8_t a)
{
    return (uint8_t)((a << 1) ^ ((a >> 7) * 0x1b));
}

/* out = MixColumns(ShiftRows(SubBytes(in))) ^ rk; out may not alias. */
static void ref_aesround(uint8_t out[16], const uint8_t in[16], const uint8_t rk[16])
{
    uint8_t t[16];
    int c, r;
    for (c = 0; c < 4; c++) {
        for (r = 0; r < 4; r++) {
            t[4 * c + r] = sbox[in[4 * ((c + r) % 4) + r]];
        }
    }
    for (c = 0; c < 4; c++) {
        const uint8_t *a = t + 4 * c;
        const uint8_t a0 = xtime(a[0]), a1 = xtime(a[1]), a2 = xtime(a[2]), a3 = xtime(a[3]);
        /* rows of MixColumns: 2 3 1 1, 1 2 3 1, 1 1 2 3, 3 1 1 2; 3a = 2a ^ a */
        out[4 * c + 0] = (uint8_t)(a0 ^ a1 ^ a[1] ^ a[2] ^ a[3] ^ rk[4 * c + 0]);
        out[4 * c + 1] = (uint8_t)(a[0] ^ a1 ^ a2 ^ a[2] ^ a[3] ^ rk[4 * c + 1]);
        out[4 * c + 2] = (uint8_t)(a[0] ^ a[1] ^ a2 ^ a3 ^ a[3] ^ rk[4 * c + 2]);
        out[4 * c + 3] = (uint8_t)(a0 ^ a[0] ^ a[1] ^ a[2] ^ a3 ^ rk[4 * c + 3]);
    }
}

static void xor16(uint8_t *d, const uint8_t *a, const uint8_t *b)
{
    int i;
    for (i = 0; i < 16; i++) {
        d[i] = (uint8_t)(a[i] ^ b[i]);
    }
}

/* The spec's state: S[block][lane], D lanes; 8 blocks (128) or 6 (256). */
typedef struct {
    uint8_t s[8][4][16];
    int nb, d;
} ref_state;

static const uint8_t ref_c0[16] = {
    0x00, 0x01, 0x01, 0x02, 0x03, 0x05, 0x08, 0x0d,
    0x15, 0x22, 0x37, 0x59, 0x90, 0xe9, 0x79, 0x62,
};
static const uint8_t ref_c1[16] = {
    0xdb, 0x3d, 0x18, 0x55, 0x6d, 0xc2, 0x2f, 0xf1,
    0x20, 0x11, 0x31, 0x42, 0x73, 0xb5, 0x28, 0xdd,
};

/* Update of every lane: lane i absorbs the 16-byte blocks at m0 + i * stride
 * (and m1 + i * stride in the 128 family; m1 is unused in the 256 family).
 * stride 0 gives every lane the same blocks, as Init does. */
static void ref_update(ref_state *st, const uint8_t *m0, const uint8_t *m1, size_t stride)
{
    uint8_t nw[8][16], x[16];
    int i, j, nb = st->nb;
    for (i = 0; i < st->d; i++) {
        for (j = 0; j < nb; j++) {
            const uint8_t *prev = st->s[(j + nb - 1) % nb][i];
            if (j == 0) {
                xor16(x, st->s[0][i], m0 + (size_t)i * stride);
                ref_aesround(nw[0], prev, x);
            } else if (j == 4 && nb == 8) {
                xor16(x, st->s[4][i], m1 + (size_t)i * stride);
                ref_aesround(nw[4], prev, x);
            } else {
                ref_aesround(nw[j], prev, st->s[j][i]);
            }
        }
        for (j = 0; j < nb; j++) {
            memcpy(st->s[j][i], nw[j], 16);
        }
    }
}

static void ref_ctx(ref_state *st, int a, int b)
{
    int i;
    for (i = 0; i < st->d; i++) {
        /* ctx[i] = Byte(i) || Byte(D - 1) || zeros */
        st->s[a][i][0] ^= (uint8_t)i;
        st->s[a][i][1] ^= (uint8_t)(st->d - 1);
        st->s[b][i][0] ^= (uint8_t)i;
        st->s[b][i][1] ^= (uint8_t)(st->d - 1);
    }
}

static void ref_init(ref_state *st, int v, const uint8_t *k, const uint8_t *n)
{
    const variant_info *vi = &variants[v];
    uint8_t kn[16], k1n1[16];
    int i, r;

    memset(st, 0, sizeof *st);
    st->d = vi->d;
    if (vi->fam == 128) {
        st->nb = 8;
        xor16(kn, k, n);
        for (i = 0; i < st->d; i++) {
            memcpy(st->s[0][i], kn, 16);
            memcpy(st->s[1][i], ref_c1, 16);
            memcpy(st->s[2][i], ref_c0, 16);
            memcpy(st->s[3][i], ref_c1, 16);
            memcpy(st->s[4][i], kn, 16);
            xor16(st->s[5][i], k, ref_c0);
            xor16(st->s[6][i], k, ref_c1);
            xor16(st->s[7][i], k, ref_c0);
        }
        for (r = 0; r < 10; r++) {
            ref_ctx(st, 3, 7);
            ref_update(st, n, k, 0);
        }
    } else {
        const uint8_t *msgs[4];
        st->nb = 6;
        xor16(kn, k, n);
        xor16(k1n1, k + 16, n + 16);
        for (i = 0; i < st->d; i++) {
            memcpy(st->s[0][i], kn, 16);
            memcpy(st->s[1][i], k1n1, 16);
            memcpy(st->s[2][i], ref_c1, 16);
            memcpy(st->s[3][i], ref_c0, 16);
            xor16(st->s[4][i], k, ref_c0);
            xor16(st->s[5][i], k + 16, ref_c1);
        }
        msgs[0] = k;
        msgs[1] = k + 16;
        msgs[2] = kn;
        msgs[3] = k1n1;
        for (r = 0; r < 16; r++) {
            ref_ctx(st, 3, 5);
            ref_update(st, msgs[r % 4], NULL, 0);
        }
    }
}

/* Finalize with adlen and mlen in bytes: u = LE64(bits) || LE64(bits),
 * written out byte by byte from a 64-bit product. */
static void ref_final(ref_state *st, uint8_t *tag, size_t taglen, uint64_t adlen, uint64_t mlen)
{
    const uint64_t abits = adlen * 8, mbits = mlen * 8;
    const int tb = st->nb == 8 ? 2 : 3; /* the block xored with u */
    uint8_t u[16], t[4][16];
    int i, j, r;

    for (i = 0; i < 8; i++) {
        u[i] = (uint8_t)(abits >> (8 * i));
        u[8 + i] = (uint8_t)(mbits >> (8 * i));
    }
    for (i = 0; i < st->d; i++) {
        xor16(t[i], st->s[tb][i], u);
    }
    /* Every lane gets its own t[i], as both blocks of the 128 family. */
    for (r = 0; r < 7; r++) {
        ref_update(st, t[0], t[0], 16);
    }
    memset(tag, 0, taglen);
    for (i = 0; i < st->d; i++) {
        for (j = 0; j < st->nb; j++) {
            int half;
            if (taglen == 16) {
                if (st->nb == 8 && j == 7) {
                    continue; /* the 128-bit tag of the 128 family skips S7 */
                }
                xor16(tag, tag, st->s[j][i]);
            } else {
                half = j >= st->nb / 2;
                xor16(tag + 16 * half, tag + 16 * half, st->s[j][i]);
            }
        }
    }
}

/* The keystream of one rate block, Enc's z: lane i's bytes at 16 * i, and
 * in the 128 family the second half's at 16 * D + 16 * i. */
static void ref_z(const ref_state *st, uint8_t *z)
{
    const size_t half = 16 * (size_t)st->d;
    uint8_t a[16];
    int i, b;

    for (i = 0; i < st->d; i++) {
        uint8_t *z0 = z + 16 * (size_t)i;
        if (st->nb == 8) {
            uint8_t *z1 = z0 + half;
            /* z0 = S6 ^ S1 ^ (S2 & S3), z1 = S2 ^ S5 ^ (S6 & S7) */
            for (b = 0; b < 16; b++) {
                a[b] = (uint8_t)(st->s[2][i][b] & st->s[3][i][b]);
            }
            xor16(z0, st->s[6][i], st->s[1][i]);
            xor16(z0, z0, a);
            for (b = 0; b < 16; b++) {
                a[b] = (uint8_t)(st->s[6][i][b] & st->s[7][i][b]);
            }
            xor16(z1, st->s[2][i], st->s[5][i]);
            xor16(z1, z1, a);
        } else {
            /* z = S1 ^ S4 ^ S5 ^ (S2 & S3) */
            for (b = 0; b < 16; b++) {
                a[b] = (uint8_t)(st->s[2][i][b] & st->s[3][i][b]);
            }
            xor16(z0, st->s[1][i], st->s[4][i]);
            xor16(z0, z0, st->s[5][i]);
            xor16(z0, z0, a);
        }
    }
}

/* The spec's Encrypt: Init, Absorb of the zero-padded blocks of ad, Enc of
 * the zero-padded blocks of the message (the last one's output cut to
 * the message), Finalize. A rate block's first half (16 * D bytes) goes
 * to the lanes' first blocks, its second half, in the 128 family, to
 * their second ones. */
static void ref_encrypt(int v, uint8_t *c, uint8_t *tag, size_t taglen,
                        const uint8_t *m, size_t mlen, const uint8_t *ad, size_t adlen,
                        const uint8_t *npub, const uint8_t *k)
{
    const size_t rate = rate_of(v), half = 16 * (size_t)variants[v].d;
    uint8_t blk[128], z[128];
    ref_state st;
    size_t i, j, n;

    ref_init(&st, v, k, npub);
    for (i = 0; i < adlen; i += rate) {
        n = adlen - i < rate ? adlen - i : rate;
        memset(blk, 0, sizeof blk);
        memcpy(blk, ad + i, n);
        ref_update(&st, blk, blk + half, 16);
    }
    for (i = 0; i < mlen; i += rate) {
        n = mlen - i < rate ? mlen - i : rate;
        memset(blk, 0, sizeof blk);
        memcpy(blk, m + i, n);
        ref_z(&st, z);
        for (j = 0; j < n; j++) {
            c[i + j] = (uint8_t)(blk[j] ^ z[j]);
        }
        ref_update(&st, blk, blk + half, 16);
    }
    ref_final(&st, tag, taglen, adlen, mlen);
}

/* The reference against the spec's vectors, both tag sizes: the vectors
 * that encrypt (the must-fail ones have no message to encrypt). */
static void test_ref_vectors(void)
{
    size_t i;
    int tl;

    for (i = 0; i < sizeof tvs / sizeof tvs[0]; i++) {
        const struct tv *t = &tvs[i];
        uint8_t key[32], nonce[32], ad[256], msg[256], ct[256], out[256], tag[32], want[32];
        size_t adlen, mlen, clen, taglen;

        if (t->must_fail) {
            continue;
        }
        hex_decode(key, t->key);
        hex_decode(nonce, t->nonce);
        adlen = hex_decode(ad, t->ad);
        mlen = hex_decode(msg, t->msg);
        clen = hex_decode(ct, t->ct);
        for (tl = 0; tl < 2; tl++) {
            taglen = tl == 0 ? 16 : 32;
            hex_decode(want, tl == 0 ? t->tag128 : t->tag256);
            ref_encrypt(t->variant, out, tag, taglen, msg, mlen, ad, adlen, nonce, key);
            check(mlen == clen && same(out, ct, clen) && same(tag, want, taglen),
                  "reference %s %s tag%zu: differs from the vector", variants[t->variant].name, t->name, taglen);
        }
    }
}

/* ------------------------------------------------------------------ */
/* 1. The specification's vectors */

static void test_vectors(void)
{
    size_t i;
    int k;

    for (k = 0; k < AEGISGO_NKERNELS; k++) {
        for (i = 0; i < sizeof tvs / sizeof tvs[0]; i++) {
            const struct tv *t = &tvs[i];
            const aegisgo_ops *ops;
            uint8_t key[32], nonce[32], ad[256], msg[256], ct[256];
            uint8_t out[256], tag[32], want[32];
            size_t klen, nlen, adlen, mlen, clen, taglen;
            int tl;

            if (!kernel_runs(t->variant, k)) {
                continue;
            }
            ops = ops_for(t->variant, k);
            klen = hex_decode(key, t->key);
            nlen = hex_decode(nonce, t->nonce);
            adlen = hex_decode(ad, t->ad);
            clen = hex_decode(ct, t->ct);
            mlen = t->msg != NULL ? hex_decode(msg, t->msg) : 0;
            check(klen == variants[t->variant].keylen &&
                  nlen == variants[t->variant].noncelen,
                  "%s %s: key or nonce size in the vector file", variants[t->variant].name, t->name);

            for (tl = 0; tl < 2; tl++) {
                int r;
                taglen = tl == 0 ? 16 : 32;
                check(hex_decode(want, tl == 0 ? t->tag128 : t->tag256) == taglen,
                      "%s %s: tag size in the vector file", variants[t->variant].name, t->name);
                if (!t->must_fail) {
                    check(mlen == clen, "%s %s: msg and ct sizes differ", variants[t->variant].name, t->name);
                    enc_exact(ops, out, tag, taglen, msg, mlen, ad, adlen, nonce, nlen, key, klen);
                    check(same(out, ct, clen) && same(tag, want, taglen),
                          "%s/%s %s tag%zu: encryption differs from the vector",
                          kernel_names[k], variants[t->variant].name, t->name, taglen);
                    r = dec_exact(ops, out, ct, clen, want, taglen, ad, adlen, nonce, nlen, key, klen);
                    check(r == 0 && same(out, msg, mlen),
                          "%s/%s %s tag%zu: decryption of the vector failed",
                          kernel_names[k], variants[t->variant].name, t->name, taglen);
                    /* Every bit of the tag matters. */
                    want[rnd_below(taglen)] ^= (uint8_t)(1u << rnd_below(8));
                    r = dec_exact(ops, out, ct, clen, want, taglen, ad, adlen, nonce, nlen, key, klen);
                    check(r == -1 && all_zero(out, clen),
                          "%s/%s %s tag%zu: a changed tag was accepted or the output kept",
                          kernel_names[k], variants[t->variant].name, t->name, taglen);
                } else {
                    r = dec_exact(ops, out, ct, clen, want, taglen, ad, adlen, nonce, nlen, key, klen);
                    check(r == -1, "%s/%s %s tag%zu: the must-fail vector decrypted",
                          kernel_names[k], variants[t->variant].name, t->name, taglen);
                    check(all_zero(out, clen), "%s/%s %s tag%zu: failed decryption left output",
                          kernel_names[k], variants[t->variant].name, t->name, taglen);
                }
            }
        }
    }
}

/* AEGISMAC: the data in one piece, in exact-size blocks, state included. */
static void test_mac_vectors(void)
{
    size_t i;
    int k, tl;

    for (k = 0; k < AEGISGO_NKERNELS; k++) {
        for (i = 0; i < sizeof mvs / sizeof mvs[0]; i++) {
            const struct mv *t = &mvs[i];
            const aegisgo_ops *ops;
            uint8_t key[32], nonce[32], data[256], want[32];
            uint8_t *xk, *xn, *xd, *st, *tag;
            size_t klen, nlen, dlen, taglen;

            if (!kernel_runs(t->variant, k)) {
                continue;
            }
            ops = ops_for(t->variant, k);
            klen = hex_decode(key, t->key);
            nlen = hex_decode(nonce, t->nonce);
            dlen = hex_decode(data, t->data);
            for (tl = 0; tl < 2; tl++) {
                taglen = tl == 0 ? 16 : 32;
                hex_decode(want, tl == 0 ? t->tag128 : t->tag256);
                xk = exact_copy(key, klen);
                xn = exact_copy(nonce, nlen);
                xd = exact_copy(data, dlen);
                st = xmalloc(AEGISGO_STATE_BYTES);
                tag = xmalloc(taglen);
                ops->inc_init(st, NULL, 0, xn, xk);
                ops->mac_update(st, xd, dlen);
                ops->mac_final(st, tag, taglen);
                check(same(tag, want, taglen), "%s/%s MAC vector tag%zu differs",
                      kernel_names[k], variants[t->variant].name, taglen);
                free(xk); free(xn); free(xd); free(st); free(tag);
            }
        }
    }
}

/* ------------------------------------------------------------------ */
/* 2. Kernels against vperm, and vperm against the reference, every
 * length, exact-size blocks */

#define MAXLEN 600

/* Long messages: around the lengths where the avx2 and aesni kernels start
 * running the lanes of the wide variants in groups (AEGISGO_GROUP_MIN,
 * 2048) and the chunks they walk (AEGISGO_GROUP_CHUNK, 4096). */
#define LONGMAX (65536 + 64)
static const size_t long_lens[] = {
    2047, 2048, 2049, 2111, 4095, 4096, 4097, 4096 + 127, 8192 + 64, 3 * 4096 + 100, 65536 + 33,
};

static void cross_one(int v, size_t taglen, size_t mlen, size_t adlen)
{
    const variant_info *vi = &variants[v];
    const aegisgo_ops *base = ops_for(v, BASE_KERNEL);
    /* static: long messages (LONGMAX) do not fit a thread's stack well */
    static uint8_t msg[LONGMAX], ct0[LONGMAX], ct[LONGMAX], out[LONGMAX];
    uint8_t key[32], nonce[32], ad[MAXLEN], tag0[32], tag[32];
    int k;

    rnd_fill(key, sizeof key);
    rnd_fill(nonce, sizeof nonce);
    rnd_fill(msg, mlen);
    rnd_fill(ad, adlen);
    enc_exact(base, ct0, tag0, taglen, msg, mlen, ad, adlen, nonce, vi->noncelen, key, vi->keylen);
    /* vperm itself against the reference, which shares no code with it. */
    ref_encrypt(v, ct, tag, taglen, msg, mlen, ad, adlen, nonce, key);
    check(same(ct0, ct, mlen) && same(tag0, tag, taglen),
          BASE_NAME "/%s tag%zu mlen %zu adlen %zu: encryption differs from the reference",
          vi->name, taglen, mlen, adlen);

    for (k = 0; k < AEGISGO_NKERNELS; k++) {
        const aegisgo_ops *ops;
        int r;

        if (!kernel_runs(v, k)) {
            continue;
        }
        ops = ops_for(v, k);
        if (k != BASE_KERNEL) {
            enc_exact(ops, ct, tag, taglen, msg, mlen, ad, adlen, nonce, vi->noncelen, key, vi->keylen);
            check(same(ct, ct0, mlen) && same(tag, tag0, taglen),
                  "%s/%s tag%zu mlen %zu adlen %zu: encryption differs from " BASE_NAME,
                  kernel_names[k], vi->name, taglen, mlen, adlen);
        }
        r = dec_exact(ops, out, ct0, mlen, tag0, taglen, ad, adlen, nonce, vi->noncelen, key, vi->keylen);
        check(r == 0 && same(out, msg, mlen),
              "%s/%s tag%zu mlen %zu adlen %zu: decryption of " BASE_NAME "'s output failed",
              kernel_names[k], vi->name, taglen, mlen, adlen);

        /* One flipped bit, in the ciphertext or the tag: refused, and the
         * output cleared. */
        memcpy(tag, tag0, taglen);
        if (mlen > 0) {
            memcpy(ct, ct0, mlen);
        }
        if (mlen > 0 && (rnd64() & 1)) {
            ct[rnd_below(mlen)] ^= (uint8_t)(1u << rnd_below(8));
        } else {
            tag[rnd_below(taglen)] ^= (uint8_t)(1u << rnd_below(8));
        }
        r = dec_exact(ops, out, ct, mlen, tag, taglen, ad, adlen, nonce, vi->noncelen, key, vi->keylen);
        check(r == -1, "%s/%s tag%zu mlen %zu adlen %zu: a changed input was accepted",
              kernel_names[k], vi->name, taglen, mlen, adlen);
        check(all_zero(out, mlen), "%s/%s tag%zu mlen %zu adlen %zu: failed decryption left output",
              kernel_names[k], vi->name, taglen, mlen, adlen);
    }
}

static void test_cross(void)
{
    int v;
    size_t n, taglen;

    if (!have_base) {
        printf("test_cross: skipped: no kernel in this build (-DAEGISGO_CTEST_NO_KERNELS)\n");
        return;
    }

    for (v = 0; v < AEGISGO_NVARIANTS; v++) {
        for (taglen = 16; taglen <= 32; taglen += 16) {
            for (n = 0; n <= MAXLEN; n++) {
                /* every message length, with a short random ad ... */
                cross_one(v, taglen, n, rnd_below(3 * rate_of(v)));
                /* ... and every ad length, with a short random message */
                cross_one(v, taglen, rnd_below(3 * rate_of(v)), n);
            }
            for (n = 0; n < sizeof long_lens / sizeof long_lens[0]; n++) {
                cross_one(v, taglen, long_lens[n], rnd_below(3 * rate_of(v)));
            }
        }
    }
}

/* ------------------------------------------------------------------ */
/* 2b. Batches: aegisgo_batch_run, the loop of the batch entry points,
 * against one message at a time under vperm. Most messages of a batch share a shape, so
 * that the kernels with lanes (csrc/lanes.h) run them side by side; the
 * others have shapes of their own. Every buffer is an exact-size heap
 * block, and some messages are opened in place. */

#define BATCH_MAX 12

static void batch_one(int v, size_t taglen)
{
    const variant_info *vi = &variants[v];
    const aegisgo_ops *base = ops_for(v, BASE_KERNEL);
    const size_t n = 1 + rnd_below(BATCH_MAX);
    const size_t shape_in = rnd_below(5) == 0 ? rnd_below(3000) : rnd_below(4 * rate_of(v) + 3);
    const size_t shape_ad = rnd_below(3) == 0 ? 0 : rnd_below(2 * rate_of(v) + 3);
    uint8_t key[32], *nonce[BATCH_MAX], *msg[BATCH_MAX], *ad[BATCH_MAX], *want[BATCH_MAX];
    size_t inlen[BATCH_MAX], adlen[BATCH_MAX];
    size_t j;
    int k;

    rnd_fill(key, sizeof key);
    for (j = 0; j < n; j++) {
        int own = rnd_below(4) == 0;
        inlen[j] = own ? rnd_below(3 * rate_of(v)) : shape_in;
        adlen[j] = own ? rnd_below(rate_of(v)) : shape_ad;
        nonce[j] = xmalloc(vi->noncelen);
        msg[j] = xmalloc(inlen[j]);
        ad[j] = xmalloc(adlen[j]);
        want[j] = xmalloc(inlen[j] + taglen);
        rnd_fill(nonce[j], vi->noncelen);
        rnd_fill(msg[j], inlen[j]);
        rnd_fill(ad[j], adlen[j]);
        enc_exact(base, want[j], want[j] + inlen[j], taglen, msg[j], inlen[j], ad[j], adlen[j],
                  nonce[j], vi->noncelen, key, vi->keylen);
    }
    for (k = 0; k < AEGISGO_NKERNELS; k++) {
        const aegisgo_ops *ops;
        aegisgo_batch_msg b[BATCH_MAX];
        uint32_t bad = 0, failed;
        uint8_t *xk;

        if (!kernel_runs(v, k)) {
            continue;
        }
        ops = ops_for(v, k);
        xk = exact_copy(key, vi->keylen);
        for (j = 0; j < n; j++) {
            b[j].out = xmalloc(inlen[j] + taglen);
            b[j].in = exact_copy(msg[j], inlen[j]);
            b[j].inlen = inlen[j];
            b[j].ad = exact_copy(ad[j], adlen[j]);
            b[j].adlen = adlen[j];
            b[j].npub = exact_copy(nonce[j], vi->noncelen);
        }
        (void)aegisgo_batch_run(ops, AEGISGO_ENCRYPT, xk, taglen, b, n);
        for (j = 0; j < n; j++) {
            check(same(b[j].out, want[j], inlen[j] + taglen),
                  "%s/%s tag%zu batch of %zu, message %zu (%zu+%zu bytes): sealed differs from " BASE_NAME,
                  kernel_names[k], vi->name, taglen, n, j, inlen[j], adlen[j]);
            free((void *)b[j].in);
        }
        /* Open: the ciphertexts, a quarter of them changed in one bit;
         * every other one in place. */
        for (j = 0; j < n; j++) {
            uint8_t *ct = exact_copy(want[j], inlen[j] + taglen);
            if (rnd_below(4) == 0) {
                ct[rnd_below(inlen[j] + taglen)] ^= (uint8_t)(1u << rnd_below(8));
                bad |= (uint32_t)1 << j;
            }
            b[j].in = ct;
            if (j % 2 == 0) {
                free(b[j].out);
                b[j].out = ct;
            } else if (inlen[j] > 0) {
                memset(b[j].out, 0xa5, inlen[j]);
            }
        }
        failed = aegisgo_batch_run(ops, AEGISGO_DECRYPT, xk, taglen, b, n);
        check(failed == bad, "%s/%s tag%zu batch of %zu: failed mask %#x, want %#x",
              kernel_names[k], vi->name, taglen, n, (unsigned)failed, (unsigned)bad);
        for (j = 0; j < n; j++) {
            if (bad >> j & 1) {
                check(all_zero(b[j].out, inlen[j]),
                      "%s/%s tag%zu batch of %zu, message %zu: refused but output left",
                      kernel_names[k], vi->name, taglen, n, j);
            } else {
                check(same(b[j].out, msg[j], inlen[j]),
                      "%s/%s tag%zu batch of %zu, message %zu (%zu+%zu bytes): opened differs",
                      kernel_names[k], vi->name, taglen, n, j, inlen[j], adlen[j]);
            }
            if (b[j].out != b[j].in) {
                free(b[j].out);
            }
            free((void *)b[j].in);
            free((void *)b[j].ad);
            free((void *)b[j].npub);
        }
        free(xk);
    }
    for (j = 0; j < n; j++) {
        free(nonce[j]);
        free(msg[j]);
        free(ad[j]);
        free(want[j]);
    }
}

static void test_batch(void)
{
    int v, i;
    size_t taglen;

    if (!have_base) {
        printf("test_batch: skipped: no kernel in this build (-DAEGISGO_CTEST_NO_KERNELS)\n");
        return;
    }

    for (v = 0; v < AEGISGO_NVARIANTS; v++) {
        for (taglen = 16; taglen <= 32; taglen += 16) {
            for (i = 0; i < 150; i++) {
                batch_one(v, taglen);
            }
        }
    }
}

/* ------------------------------------------------------------------ */
/* 3. Misaligned pointers, in place, and NULL with zero lengths */

/* Lengths around the block sizes of every variant (16, 32, 64, 128). */
static const size_t align_lens[] = {
    0, 1, 7, 15, 16, 17, 31, 32, 33, 47, 63, 64, 65, 95, 127, 128, 129,
    191, 255, 256, 257, 300, 383, 511, 512, 513,
};

/* A block of off + n bytes, holding src at offset off: the data starts
 * misaligned by off and still ends at the end of the block. */
static uint8_t *at_offset(uint8_t **base, const uint8_t *src, size_t n, size_t off)
{
    *base = xmalloc(off + n);
    memset(*base, 0x5a, off);
    if (n > 0 && src != NULL) {
        memcpy(*base + off, src, n);
    }
    return *base + off;
}

static void align_one(int v, int k, size_t taglen, size_t mlen, size_t off)
{
    const variant_info *vi = &variants[v];
    const aegisgo_ops *ops = ops_for(v, k);
    const aegisgo_ops *base = ops_for(v, BASE_KERNEL);
    uint8_t key[32], nonce[32], msg[MAXLEN], ad[MAXLEN], ct0[MAXLEN], tag0[32];
    uint8_t *bm, *bad, *bn, *bk, *bc, *bt, *bo, *bp;
    uint8_t *m, *a, *n, *kk, *c, *t, *o, *p;
    const size_t adlen = (mlen * 7 + off) % 97;
    const size_t off2 = 16 - off; /* the outputs at another misalignment */
    int r;

    rnd_fill(key, sizeof key);
    rnd_fill(nonce, sizeof nonce);
    rnd_fill(msg, mlen);
    rnd_fill(ad, adlen);
    /* vperm's output in exact-size, freshly allocated blocks: for vperm
     * itself that pins the misaligned and in-place calls to its aligned
     * ones (and cross_one pins those to the reference). */
    enc_exact(base, ct0, tag0, taglen, msg, mlen, ad, adlen, nonce, vi->noncelen, key, vi->keylen);

    m = at_offset(&bm, msg, mlen, off);
    a = at_offset(&bad, ad, adlen, off);
    n = at_offset(&bn, nonce, vi->noncelen, off);
    kk = at_offset(&bk, key, vi->keylen, off);
    c = at_offset(&bc, NULL, mlen, off2);
    t = at_offset(&bt, NULL, taglen, off2);
    /* Through the one-call wrappers, as the Go side calls. */
    aegisgo_seal((aegisgo_ref)ops, c, t, taglen, m, mlen, a, adlen, n, kk);
    check(same(c, ct0, mlen) && same(t, tag0, taglen),
          "%s/%s tag%zu mlen %zu offset %zu: misaligned encryption differs from " BASE_NAME,
          kernel_names[k], vi->name, taglen, mlen, off);

    o = at_offset(&bo, NULL, mlen, off2);
    r = 1;
    aegisgo_open((aegisgo_ref)ops, &r, o, c, mlen, t, taglen, a, adlen, n, kk);
    check(r == 0 && same(o, msg, mlen),
          "%s/%s tag%zu mlen %zu offset %zu: misaligned decryption failed",
          kernel_names[k], vi->name, taglen, mlen, off);

    /* In place: out == in, in a block of the exact size. */
    p = at_offset(&bp, msg, mlen, off);
    ops->encrypt(p, t, taglen, p, mlen, a, adlen, n, kk);
    check(same(p, ct0, mlen) && same(t, tag0, taglen),
          "%s/%s tag%zu mlen %zu offset %zu: in-place encryption differs from " BASE_NAME,
          kernel_names[k], vi->name, taglen, mlen, off);
    r = ops->decrypt(p, p, mlen, t, taglen, a, adlen, n, kk);
    check(r == 0 && same(p, msg, mlen),
          "%s/%s tag%zu mlen %zu offset %zu: in-place decryption failed",
          kernel_names[k], vi->name, taglen, mlen, off);

    /* A failed in-place decryption clears the buffer it decrypted in. */
    if (mlen > 0) {
        memcpy(p, ct0, mlen);
    }
    t[taglen - 1] ^= 0x80;
    r = ops->decrypt(p, p, mlen, t, taglen, a, adlen, n, kk);
    check(r == -1 && all_zero(p, mlen),
          "%s/%s tag%zu mlen %zu offset %zu: failed in-place decryption left output",
          kernel_names[k], vi->name, taglen, mlen, off);

    free(bm); free(bad); free(bn); free(bk); free(bc); free(bt); free(bo); free(bp);
}

static void null_one(int v, int k, size_t taglen)
{
    const variant_info *vi = &variants[v];
    const aegisgo_ops *ops = ops_for(v, k);
    const aegisgo_ops *base = ops_for(v, BASE_KERNEL);
    uint8_t key[32], nonce[32], tag0[32], tag[32], dummy[1];
    int r;

    rnd_fill(key, sizeof key);
    rnd_fill(nonce, sizeof nonce);
    enc_exact(base, dummy, tag0, taglen, dummy, 0, dummy, 0, nonce, vi->noncelen, key, vi->keylen);
    ops->encrypt(NULL, tag, taglen, NULL, 0, NULL, 0, nonce, key);
    check(same(tag, tag0, taglen), "%s/%s tag%zu: encryption with NULL pointers differs",
          kernel_names[k], vi->name, taglen);
    r = ops->decrypt(NULL, NULL, 0, tag, taglen, NULL, 0, nonce, key);
    check(r == 0, "%s/%s tag%zu: decryption with NULL pointers failed", kernel_names[k], vi->name, taglen);
    tag[0] ^= 1;
    r = ops->decrypt(NULL, NULL, 0, tag, taglen, NULL, 0, nonce, key);
    check(r == -1, "%s/%s tag%zu: a changed tag with NULL pointers was accepted",
          kernel_names[k], vi->name, taglen);
}

static void test_align(void)
{
    int v, k;
    size_t i, off, taglen;

    for (v = 0; v < AEGISGO_NVARIANTS; v++) {
        for (k = 0; k < AEGISGO_NKERNELS; k++) {
            if (!kernel_runs(v, k)) {
                continue;
            }
            for (taglen = 16; taglen <= 32; taglen += 16) {
                null_one(v, k, taglen);
                for (i = 0; i < sizeof align_lens / sizeof align_lens[0]; i++) {
                    for (off = 1; off <= 15; off++) {
                        align_one(v, k, taglen, align_lens[i], off);
                    }
                }
            }
        }
    }
}

/* ------------------------------------------------------------------ */
/* 4. Incremental entry points, MAC and keystream */

/* Splits n into up to 4 random pieces; returns how many. */
static int split(size_t n, size_t cut[5])
{
    int pieces = 1 + (int)rnd_below(4), i, j;
    cut[0] = 0;
    for (i = 1; i < pieces; i++) {
        cut[i] = rnd_below(n + 1);
    }
    /* sort the cuts */
    for (i = 1; i < pieces; i++) {
        for (j = i + 1; j < pieces; j++) {
            if (cut[j] < cut[i]) {
                size_t x = cut[i];
                cut[i] = cut[j];
                cut[j] = x;
            }
        }
    }
    cut[pieces] = n;
    return pieces;
}

/* Runs f over the pieces of src, each piece in exact-size blocks, with the
 * state in an exact-size, misaligned block. */
typedef enum { INC_ENC, INC_DEC, INC_KEYSTREAM, INC_KEYSTREAM_XOR, INC_MAC } inc_op;

static void inc_walk(const aegisgo_ops *ops, uint8_t *st, inc_op op,
                     uint8_t *dst, const uint8_t *src, size_t n)
{
    size_t cut[5];
    int pieces = split(n, cut), i;

    for (i = 0; i < pieces; i++) {
        size_t len = cut[i + 1] - cut[i];
        uint8_t *in = src != NULL ? exact_copy(src + cut[i], len) : NULL;
        uint8_t *out = xmalloc(len);
        switch (op) {
        case INC_ENC:
            ops->inc_update(st, out, in, len, AEGISGO_ENCRYPT);
            break;
        case INC_DEC:
            ops->inc_update(st, out, in, len, AEGISGO_DECRYPT);
            break;
        case INC_KEYSTREAM:
            ops->inc_update(st, out, NULL, len, AEGISGO_KEYSTREAM);
            break;
        case INC_KEYSTREAM_XOR:
            ops->inc_update(st, out, in, len, AEGISGO_KEYSTREAM);
            break;
        case INC_MAC:
            ops->mac_update(st, in, len);
            break;
        }
        if (op != INC_MAC && len > 0) {
            memcpy(dst + cut[i], out, len);
        }
        free(in);
        free(out);
    }
}

static void inc_one(int v, int k, size_t taglen, size_t mlen)
{
    const variant_info *vi = &variants[v];
    const aegisgo_ops *ops = ops_for(v, k);
    const aegisgo_ops *base = ops_for(v, BASE_KERNEL);
    uint8_t key[32], nonce[32], msg[MAXLEN], ad[MAXLEN], zeros[MAXLEN];
    uint8_t ct0[MAXLEN], tag0[32], ks0[MAXLEN], out[MAXLEN], tag[32], mac0[32];
    uint8_t *bst, *st, *xad, *xn, *xk, *xt;
    const size_t adlen = rnd_below(2 * rate_of(v) + 1);
    const size_t off = 1 + rnd_below(15);
    size_t i;
    int r;

    rnd_fill(key, sizeof key);
    rnd_fill(nonce, sizeof nonce);
    rnd_fill(msg, mlen);
    rnd_fill(ad, adlen);
    memset(zeros, 0, sizeof zeros);
    enc_exact(ops, ct0, tag0, taglen, msg, mlen, ad, adlen, nonce, vi->noncelen, key, vi->keylen);
    /* Stream is the encryption of zeros with no associated data. */
    enc_exact(ops, ks0, tag, taglen, zeros, mlen, ad, 0, nonce, vi->noncelen, key, vi->keylen);

    st = at_offset(&bst, NULL, AEGISGO_STATE_BYTES, off);
    xad = exact_copy(ad, adlen);
    xn = exact_copy(nonce, vi->noncelen);
    xk = exact_copy(key, vi->keylen);
    xt = xmalloc(taglen);

    ops->inc_init(st, xad, adlen, xn, xk);
    inc_walk(ops, st, INC_ENC, out, msg, mlen);
    ops->inc_final(st, xt, taglen);
    check(same(out, ct0, mlen) && same(xt, tag0, taglen),
          "%s/%s tag%zu mlen %zu: incremental encryption differs from one-shot",
          kernel_names[k], vi->name, taglen, mlen);

    ops->inc_init(st, xad, adlen, xn, xk);
    inc_walk(ops, st, INC_DEC, out, ct0, mlen);
    memcpy(xt, tag0, taglen);
    r = aegisgo_inc_verify((aegisgo_ref)ops, st, xt, taglen);
    check(r == 0 && same(out, msg, mlen),
          "%s/%s tag%zu mlen %zu: incremental decryption failed",
          kernel_names[k], vi->name, taglen, mlen);

    ops->inc_init(st, xad, adlen, xn, xk);
    inc_walk(ops, st, INC_DEC, out, ct0, mlen);
    xt[rnd_below(taglen)] ^= (uint8_t)(1u << rnd_below(8));
    r = aegisgo_inc_verify((aegisgo_ref)ops, st, xt, taglen);
    check(r == -1, "%s/%s tag%zu mlen %zu: incremental verify accepted a changed tag",
          kernel_names[k], vi->name, taglen, mlen);

    ops->inc_init(st, NULL, 0, xn, xk);
    inc_walk(ops, st, INC_KEYSTREAM, out, NULL, mlen);
    check(same(out, ks0, mlen), "%s/%s mlen %zu: keystream differs from the encryption of zeros",
          kernel_names[k], vi->name, mlen);
    ops->inc_init(st, NULL, 0, xn, xk);
    inc_walk(ops, st, INC_KEYSTREAM_XOR, out, msg, mlen);
    for (i = 0; i < mlen; i++) {
        out[i] ^= msg[i];
    }
    check(same(out, ks0, mlen), "%s/%s mlen %zu: keystream xor differs",
          kernel_names[k], vi->name, mlen);
    if (mlen > 0) {
        uint8_t *xo = xmalloc(mlen);
        aegisgo_keystream((aegisgo_ref)ops, xo, mlen, xn, xk);
        check(same(xo, ks0, mlen), "%s/%s mlen %zu: aegisgo_keystream differs",
              kernel_names[k], vi->name, mlen);
        free(xo);
    }

    /* The MAC: the same tag in one piece and in several, and from vperm
     * (whose own MAC the spec's MAC vectors pin, test_mac_vectors). */
    ops->inc_init(st, NULL, 0, xn, xk);
    if (mlen > 0) {
        uint8_t *xm = exact_copy(msg, mlen);
        ops->mac_update(st, xm, mlen);
        free(xm);
    }
    ops->mac_final(st, xt, taglen);
    memcpy(mac0, xt, taglen);
    ops->inc_init(st, NULL, 0, xn, xk);
    inc_walk(ops, st, INC_MAC, NULL, msg, mlen);
    ops->mac_final(st, xt, taglen);
    check(same(xt, mac0, taglen), "%s/%s tag%zu len %zu: MAC in pieces differs from MAC in one",
          kernel_names[k], vi->name, taglen, mlen);
    if (k != BASE_KERNEL) {
        uint8_t s2[AEGISGO_STATE_BYTES];
        base->inc_init(s2, NULL, 0, nonce, key);
        if (mlen > 0) {
            base->mac_update(s2, msg, mlen);
        }
        base->mac_final(s2, tag, taglen);
        check(same(tag, mac0, taglen), "%s/%s tag%zu len %zu: MAC differs from " BASE_NAME "'s",
              kernel_names[k], vi->name, taglen, mlen);
    }

    free(bst); free(xad); free(xn); free(xk); free(xt);
}

static void test_incremental(void)
{
    int v, k;
    size_t n, taglen;

    for (v = 0; v < AEGISGO_NVARIANTS; v++) {
        for (k = 0; k < AEGISGO_NKERNELS; k++) {
            if (!kernel_runs(v, k)) {
                continue;
            }
            for (taglen = 16; taglen <= 32; taglen += 16) {
                for (n = 0; n <= 300; n++) {
                    inc_one(v, k, taglen, n);
                }
            }
        }
    }
}

/* ------------------------------------------------------------------ */
/* 5. Lengths above 4 GiB, against the reference */

static void test_lengths(void)
{
    static const struct { uint64_t ad, m; } pairs64[] = {
        {0, 0},
        {5, 77},
        {(UINT64_C(1) << 32) + 5, (UINT64_C(1) << 33) + 3},
        {(UINT64_C(1) << 61) - 1, 1},
        {2, (UINT64_C(1) << 61) - 1},
        {UINT64_C(0xffffffff), (UINT64_C(1) << 29) + 3},
    };
    uint8_t lb[16], want[16], in[16], rk[16], out[16];
    size_t i, taglen;
    int v, j;

    /* The reference's AES round first: the spec's AESRound vector. */
    hex_decode(in, aesround_in);
    hex_decode(rk, aesround_rk);
    hex_decode(want, aesround_out);
    ref_aesround(out, in, rk);
    check(same(out, want, 16), "reference AES round differs from the spec's vector");

    /* The lengths block, bit counts in LE64. */
    for (i = 0; i < sizeof pairs64 / sizeof pairs64[0]; i++) {
        uint64_t a = pairs64[i].ad * 8, m = pairs64[i].m * 8;
        aegisgo_test_lengths_block(lb, pairs64[i].ad, pairs64[i].m);
        for (j = 0; j < 8; j++) {
            want[j] = (uint8_t)(a >> (8 * j));
            want[8 + j] = (uint8_t)(m >> (8 * j));
        }
        check(same(lb, want, 16), "lengths block of %llu, %llu bytes",
              (unsigned long long)pairs64[i].ad, (unsigned long long)pairs64[i].m);
    }
    /* Two of them written out by hand. */
    aegisgo_test_lengths_block(lb, (UINT64_C(1) << 32) + 5, (UINT64_C(1) << 61) - 1);
    {
        static const uint8_t hand[16] = {
            0x28, 0x00, 0x00, 0x00, 0x08, 0x00, 0x00, 0x00, /* (2^32+5)*8 = 2^35+40 */
            0xf8, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, /* (2^61-1)*8 = 2^64-8 */
        };
        check(same(lb, hand, 16), "lengths block of 2^32+5 and 2^61-1 bytes");
    }
    /* The largest size_t (capped at 2^61 - 1, the most the block can
     * encode) and 2^29 + 3, both as size_t values: on a 32-bit size_t
     * their bit counts no longer fit 32 bits. */
    {
        const size_t big = sizeof(size_t) >= 8 ? (size_t)((UINT64_C(1) << 61) - 1) : (size_t)-1;
        const size_t mid = ((size_t)1 << 29) + 3;
        const uint64_t a = (uint64_t)big * 8, m = (uint64_t)mid * 8;
        aegisgo_test_lengths_block(lb, big, mid);
        for (j = 0; j < 8; j++) {
            want[j] = (uint8_t)(a >> (8 * j));
            want[8 + j] = (uint8_t)(m >> (8 * j));
        }
        check(same(lb, want, 16), "lengths block of %llu and 2^29+3 bytes (%zu-bit size_t)",
              (unsigned long long)big, sizeof(size_t) * 8);
    }

    /* Init then Finalize, through each body (the vperm kernel's copy in
     * testhooks.c) and through the reference, for lengths that fit size_t. */
    if (!have_base) {
        printf("test_lengths: Init+Finalize skipped: no kernel in this build (-DAEGISGO_CTEST_NO_KERNELS)\n");
        return;
    }
    for (v = 0; v < AEGISGO_NVARIANTS; v++) {
        const variant_info *vi = &variants[v];
        uint8_t key[32], nonce[32], tag[32], rtag[32], dummy[1];
        rnd_fill(key, sizeof key);
        rnd_fill(nonce, sizeof nonce);
        for (taglen = 16; taglen <= 32; taglen += 16) {
            ref_state st;

            /* The reference against the library where the lengths are 0. */
            enc_exact(ops_for(v, BASE_KERNEL), dummy, tag, taglen, dummy, 0, dummy, 0,
                      nonce, vi->noncelen, key, vi->keylen);
            ref_init(&st, v, key, nonce);
            ref_final(&st, rtag, taglen, 0, 0);
            check(same(tag, rtag, taglen), "%s tag%zu: reference Init+Finalize of nothing differs from encrypt",
                  vi->name, taglen);

            for (i = 0; i < sizeof pairs64 / sizeof pairs64[0]; i++) {
                if ((uint64_t)(size_t)pairs64[i].ad != pairs64[i].ad ||
                    (uint64_t)(size_t)pairs64[i].m != pairs64[i].m) {
                    continue; /* cannot be passed on this size_t */
                }
                int r = aegisgo_test_init_final(v, tag, taglen, nonce, key,
                                                (size_t)pairs64[i].ad, (size_t)pairs64[i].m);
                ref_init(&st, v, key, nonce);
                ref_final(&st, rtag, taglen, pairs64[i].ad, pairs64[i].m);
                check(r == 0 && same(tag, rtag, taglen),
                      "%s tag%zu: " BASE_NAME " Finalize with %llu, %llu bytes differs from the reference",
                      vi->name, taglen, (unsigned long long)pairs64[i].ad, (unsigned long long)pairs64[i].m);
            }
        }
    }
}

/* The incremental forms keep their lengths as 64-bit counts in the state,
 * so an incremental message can pass 4 GiB even where size_t has 32 bits. Their layout
 * (aegis128_inc.h, aegis256_inc.h): the blocks, one partial block, then
 * LE64-in-memory ad length and message length. Writing a large message
 * length that is a multiple of the rate (nothing pending) into a fresh
 * state and finalizing must give Finalize of those lengths. */
static void test_inc_lengths(void)
{
    static const struct { uint64_t ad, m; } pairs[] = {
        {5, UINT64_C(1) << 33},
        {UINT64_C(0xfffffffb), (UINT64_C(1) << 32) + 128},
        {0, (UINT64_C(1) << 61) - 128},
    };
    int v, k;
    size_t i, taglen;

    for (v = 0; v < AEGISGO_NVARIANTS; v++) {
        const variant_info *vi = &variants[v];
        const size_t lenpos = (size_t)vi->d * (vi->fam == 128 ? 160 : 112);
        for (k = 0; k < AEGISGO_NKERNELS; k++) {
            const aegisgo_ops *ops;
            if (!kernel_runs(v, k)) {
                continue;
            }
            ops = ops_for(v, k);
            for (taglen = 16; taglen <= 32; taglen += 16) {
                for (i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
                    uint8_t st[AEGISGO_STATE_BYTES], key[32], nonce[32], tag[32], rtag[32];
                    ref_state rs;
                    rnd_fill(key, sizeof key);
                    rnd_fill(nonce, sizeof nonce);
                    ops->inc_init(st, NULL, 0, nonce, key);
                    memcpy(st + lenpos, &pairs[i].ad, 8);
                    memcpy(st + lenpos + 8, &pairs[i].m, 8);
                    ops->inc_final(st, tag, taglen);
                    ref_init(&rs, v, key, nonce);
                    ref_final(&rs, rtag, taglen, pairs[i].ad, pairs[i].m);
                    check(same(tag, rtag, taglen),
                          "%s/%s tag%zu: incremental final with %llu, %llu bytes differs from the reference (%zu-bit size_t)",
                          kernel_names[k], vi->name, taglen, (unsigned long long)pairs[i].ad,
                          (unsigned long long)pairs[i].m, sizeof(size_t) * 8);

                    /* AEGISMAC with D = 1 is Finalize(|data|, tag bits). */
                    if (vi->d == 1) {
                        ops->inc_init(st, NULL, 0, nonce, key);
                        memcpy(st + lenpos + 8, &pairs[i].m, 8);
                        ops->mac_final(st, tag, taglen);
                        ref_init(&rs, v, key, nonce);
                        ref_final(&rs, rtag, taglen, pairs[i].m, taglen);
                        check(same(tag, rtag, taglen),
                              "%s/%s tag%zu: MAC final of %llu bytes differs from the reference (%zu-bit size_t)",
                              kernel_names[k], vi->name, taglen, (unsigned long long)pairs[i].m,
                              sizeof(size_t) * 8);
                    }
                }
            }
        }
    }
}

/* The vperm round against the reference round, so that a wrong entry of
 * its tables shows as the byte it breaks, not only as a wrong tag: every
 * byte value at every position of the block (256 blocks), the spec's
 * AESRound vector, and random blocks. */
static void test_vperm_round(void)
{
    uint8_t in[16], rk[16], out[16], want[16];
    int n, rot, b, i;

    if (!have_base) {
        printf("test_vperm_round: skipped: no kernel in this build (-DAEGISGO_CTEST_NO_KERNELS)\n");
        return;
    }
    check(aegisgo_test_vperm_round != NULL,
          "vperm runs, but the build has no aegisgo_test_vperm_round (testhooks.c): its round is not checked");
    if (aegisgo_test_vperm_round == NULL) {
        return;
    }
    for (rot = 0; rot < 16; rot++) {
        for (n = 0; n < 16; n++) {
            for (b = 0; b < 16; b++) {
                in[b] = (uint8_t)(16 * n + (b + rot) % 16);
            }
            rnd_fill(rk, sizeof rk);
            aegisgo_test_vperm_round(out, in, rk);
            ref_aesround(want, in, rk);
            check(same(out, want, 16), "vperm AESRound: bytes %#04x..%#04x rotated by %d differ from the reference",
                  16 * n, 16 * n + 15, rot);
        }
    }
    hex_decode(in, aesround_in);
    hex_decode(rk, aesround_rk);
    hex_decode(want, aesround_out);
    aegisgo_test_vperm_round(out, in, rk);
    check(same(out, want, 16), "vperm AESRound differs from the spec's vector");
    for (i = 0; i < 10000; i++) {
        rnd_fill(in, sizeof in);
        rnd_fill(rk, sizeof rk);
        aegisgo_test_vperm_round(out, in, rk);
        ref_aesround(want, in, rk);
        check(same(out, want, 16), "vperm AESRound differs from the reference on random block %d", i);
    }
}

/* ------------------------------------------------------------------ */

#ifdef AEGISGO_CTEST_NO_KERNELS
/* A build told that its target has no kernel has none: every table of
 * every variant is NULL, as the Go side, which then runs soft, expects. */
static void test_no_kernels(void)
{
    int v, k;
    for (v = 0; v < AEGISGO_NVARIANTS; v++) {
        for (k = 0; k < AEGISGO_NKERNELS; k++) {
            check(ops_for(v, k) == NULL,
                  "%s/%s: a kernel in a build for a target that has none (-DAEGISGO_CTEST_NO_KERNELS)",
                  kernel_names[k], variants[v].name);
        }
    }
}
#endif

int main(void)
{
    const char *seed = getenv("AEGISGO_SEED");
    int k, v;

    if (seed != NULL && *seed != 0) {
        rng_state = strtoull(seed, NULL, 0);
    }
    kernels_here = kernels_from_env();
    printf("size_t: %zu bits; seed %#llx; kernels:", sizeof(size_t) * 8,
           (unsigned long long)rng_state);
    for (k = 0; k < AEGISGO_NKERNELS; k++) {
        if (kernel_runs(AEGISGO_128L, k)) {
            printf(" %s", kernel_names[k]);
        }
    }
    printf("\n");
    build_sbox();

#ifdef AEGISGO_CTEST_NO_KERNELS
    /* A build for a target where the C core has no kernel at all (i386,
     * for a 32-bit size_t): the build must indeed have none, and what
     * needs none runs. */
    have_base = 0;
    (void)v;
    printf("no kernel in this build, as this target has none: checking the empty tables, the reference "
           "and the lengths block only\n");
#else
    /* Everything below compares the kernels with vperm: without it there
     * is nothing to compare them with, which is a failure, not a pass. */
    have_base = 1;
    for (v = 0; v < AEGISGO_NVARIANTS; v++) {
        if (!kernel_runs(v, BASE_KERNEL)) {
            have_base = 0;
        }
    }
    if (!have_base) {
        printf("FAIL: " BASE_NAME ", the kernel that the others are compared with, is %s: nothing to "
               "compare them with. (It is in every build for x86-64 and little-endian arm64 but one with "
               "-DAEGISGO_NO_VPERM; a build for a target where the C core has no kernel at all is "
               "built with -DAEGISGO_CTEST_NO_KERNELS.)\n",
               ops_for(AEGISGO_128L, BASE_KERNEL) == NULL ? "not in this build"
                                                         : "not run by this CPU (AEGISGO_KERNELS)");
        printf("0 passed, 1 failed\n");
        return 1;
    }
#endif

#define SECTION(f) do {                                              \
        unsigned long f0 = failed, p0 = passed;                      \
        clock_t t0 = clock();                                        \
        f();                                                         \
        printf("%-18s %8lu passed, %lu failed (%.1fs)\n", #f,        \
               passed - p0, failed - f0,                             \
               (double)(clock() - t0) / CLOCKS_PER_SEC);             \
        fflush(stdout);                                              \
    } while (0)
#ifdef AEGISGO_CTEST_NO_KERNELS
    SECTION(test_no_kernels);
#endif
    SECTION(test_ref_vectors);
    SECTION(test_lengths);
    /* Without a kernel (AEGISGO_CTEST_NO_KERNELS), those that walk the
     * kernels find none, and those that need vperm say they skip. */
    SECTION(test_vperm_round);
    SECTION(test_inc_lengths);
    SECTION(test_vectors);
    SECTION(test_mac_vectors);
    SECTION(test_align);
    SECTION(test_incremental);
    SECTION(test_cross);
    SECTION(test_batch);

    printf("%lu passed, %lu failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
