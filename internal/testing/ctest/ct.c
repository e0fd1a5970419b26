// SPDX-License-Identifier: MIT

/*
 * ct.c: constant-time check of one kernel, run under valgrind's memcheck
 * (internal/testing/ctest/run.sh does it).
 *
 * The method: memcheck reports a conditional jump, a conditional move or a
 * memory address that depends on undefined bytes. So the secrets are
 * marked undefined before each call (VALGRIND_MAKE_MEM_UNDEFINED): the
 * key, the nonce, the message and the associated data, and for decryption
 * the ciphertext and the tag as well (they are public, but the stricter
 * marking costs nothing). Any branch or table index that depends on them
 * is then a report. Results are marked defined again before this program
 * looks at them: those are its own branches, not the library's.
 *
 *   ct --list      prints the kernels that this build has and the CPU
 *                  runs (AEGISGO_KERNELS, kernels.h), one per line
 *   ct KERNEL      runs every variant of KERNEL: one-shot encryption and
 *                  decryption (a good tag and a bad one), the incremental
 *                  entry points, the MAC and the keystream
 *
 * Every kernel of the C core that the CPU runs is checked, vperm included
 * (its table lookups are byte shuffles of registers, which memcheck
 * follows as data, not as addresses); run.sh fails if vperm, the C core's
 * kernel for CPUs without AES instructions, is not among them or valgrind
 * cannot run it. (soft is Go code, internal/soft, with no C table: --list
 * leaves it out.)
 *
 * Outside valgrind the client requests do nothing, so the program also runs
 * natively (as a plain round-trip test).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <valgrind/memcheck.h>

#include "aegis.h"

/* kernel_names[] and ops_for: internal/core's list and a lookup in the
 * engines' tables, generated. */
#include "tables_gen.h"
#include "kernels.h"

/* Lengths that reach every path: empty, partial blocks, whole blocks of
 * every rate (16 to 128 bytes), two-block steps, and tails after them; and
 * one long enough for the kernels that run the lanes of an X variant one
 * group after another (aesni, vperm: AEGISGO_GROUP_MIN and two passes of
 * AEGISGO_GROUP_CHUNK, csrc/internal.h). */
#define MAXLEN 4500
static const size_t lens[] = {0, 1, 15, 16, 17, 33, 64, 95, 128, 200, 257, MAXLEN};
static const size_t adlens[] = {0, 3, 16, 70, 129};

static unsigned long failures;

static void expect(int ok, const char *what, const char *kernel, int v, size_t taglen, size_t mlen)
{
    if (!ok) {
        failures++;
        printf("FAIL: %s/%d tag%zu mlen %zu: %s\n", kernel, v, taglen, mlen, what);
    }
}

static void secret(const void *p, size_t n)
{
    if (n > 0) {
        VALGRIND_MAKE_MEM_UNDEFINED(p, n);
    }
}

static void public(const void *p, size_t n)
{
    if (n > 0) {
        VALGRIND_MAKE_MEM_DEFINED(p, n);
    }
}

static void fill(uint8_t *p, size_t n, uint32_t *seed)
{
    size_t i;
    for (i = 0; i < n; i++) {
        *seed = *seed * 1103515245u + 12345u;
        p[i] = (uint8_t)(*seed >> 16);
    }
}

static void one_shot(const aegisgo_ops *ops, const char *kn, int v, size_t taglen,
                     size_t mlen, size_t adlen, uint32_t *seed)
{
    uint8_t key[32], nonce[32], msg[MAXLEN], ad[300], ct[MAXLEN], pt[MAXLEN], tag[32];
    int r;

    fill(key, sizeof key, seed);
    fill(nonce, sizeof nonce, seed);
    fill(msg, mlen, seed);
    fill(ad, adlen, seed);

    secret(key, sizeof key);
    secret(nonce, sizeof nonce);
    secret(msg, mlen);
    secret(ad, adlen);
    ops->encrypt(ct, tag, taglen, msg, mlen, ad, adlen, nonce, key);

    secret(ct, mlen);
    secret(tag, taglen);
    r = ops->decrypt(pt, ct, mlen, tag, taglen, ad, adlen, nonce, key);
    /* Whether the tag matched is public (the caller acts on it), so its
     * definedness is restored here, where this program branches on it. */
    public(&r, sizeof r);
    public(pt, mlen);
    public(msg, mlen);
    expect(r == 0 && (mlen == 0 || memcmp(pt, msg, mlen) == 0), "round trip", kn, v, taglen, mlen);

    public(tag, taglen);
    tag[0] ^= 1;
    secret(tag, taglen);
    r = ops->decrypt(pt, ct, mlen, tag, taglen, ad, adlen, nonce, key);
    public(&r, sizeof r);
    public(pt, mlen);
    expect(r == -1, "a changed tag was accepted", kn, v, taglen, mlen);
    if (mlen > 0) {
        size_t i;
        uint8_t d = 0;
        for (i = 0; i < mlen; i++) {
            d |= pt[i];
        }
        expect(d == 0, "failed decryption left output", kn, v, taglen, mlen);
    }
}

/* The incremental entry points: message in two pieces (split at a public
 * point), MAC and keystream. Nothing here is checked for correctness (the
 * sanitizer driver does that); memcheck looks at how the results are made. */
static void incremental(const aegisgo_ops *ops, const char *kn, int v, size_t taglen,
                        size_t mlen, size_t adlen, uint32_t *seed)
{
    uint8_t st[AEGISGO_STATE_BYTES];
    uint8_t key[32], nonce[32], msg[MAXLEN], ad[300], ct[MAXLEN], pt[MAXLEN], tag[32];
    const size_t cut = mlen / 3;
    int r;

    fill(key, sizeof key, seed);
    fill(nonce, sizeof nonce, seed);
    fill(msg, mlen, seed);
    fill(ad, adlen, seed);
    secret(key, sizeof key);
    secret(nonce, sizeof nonce);
    secret(msg, mlen);
    secret(ad, adlen);

    ops->inc_init(st, ad, adlen, nonce, key);
    ops->inc_update(st, ct, msg, cut, AEGISGO_ENCRYPT);
    ops->inc_update(st, ct + cut, msg + cut, mlen - cut, AEGISGO_ENCRYPT);
    ops->inc_final(st, tag, taglen);

    ops->inc_init(st, ad, adlen, nonce, key);
    ops->inc_update(st, pt, ct, cut, AEGISGO_DECRYPT);
    ops->inc_update(st, pt + cut, ct + cut, mlen - cut, AEGISGO_DECRYPT);
    r = aegisgo_inc_verify((aegisgo_ref)ops, st, tag, taglen);
    public(&r, sizeof r); /* public, as in one_shot */
    expect(r == 0, "incremental round trip", kn, v, taglen, mlen);

    ops->inc_init(st, NULL, 0, nonce, key);
    ops->mac_update(st, msg, cut);
    ops->mac_update(st, msg + cut, mlen - cut);
    ops->mac_final(st, tag, taglen);

    ops->inc_init(st, NULL, 0, nonce, key);
    ops->inc_update(st, ct, NULL, cut, AEGISGO_KEYSTREAM);
    ops->inc_update(st, ct + cut, msg + cut, mlen - cut, AEGISGO_KEYSTREAM);
    if (mlen > 0) {
        aegisgo_keystream((aegisgo_ref)ops, ct, mlen, nonce, key);
    }
}

int main(int argc, char **argv)
{
    uint32_t have = kernels_from_env();
    uint32_t seed = 1;
    int k, v, found = -1;
    size_t i, j, taglen;

    if (argc == 2 && strcmp(argv[1], "--list") == 0) {
        for (k = 0; k < AEGISGO_NKERNELS; k++) {
            if ((have & (1u << k)) && ops_for(0, k) != NULL) {
                printf("%s\n", kernel_names[k]);
            }
        }
        return 0;
    }
    for (k = 0; argc == 2 && k < AEGISGO_NKERNELS; k++) {
        if (strcmp(argv[1], kernel_names[k]) == 0) {
            found = k;
        }
    }
    if (found < 0) {
        fprintf(stderr, "usage: ct --list | ct KERNEL\n");
        return 2;
    }
    if (!(have & (1u << found))) {
        fprintf(stderr, "ct: this CPU does not run %s\n", argv[1]);
        return 3;
    }
    if (ops_for(AEGISGO_128L, found) == NULL) {
        fprintf(stderr, "ct: the C core has no %s kernel in this build\n", argv[1]);
        return 3;
    }

    for (v = 0; v < AEGISGO_NVARIANTS; v++) {
        const aegisgo_ops *ops = ops_for(v, found);
        if (ops == NULL) {
            /* Each kernel's package instantiates it for every variant: one
             * missing is a broken build, not one to pass unchecked. */
            printf("FAIL: %s: variant %d not in this build\n", argv[1], v);
            failures++;
            continue;
        }
        for (taglen = 16; taglen <= 32; taglen += 16) {
            for (i = 0; i < sizeof lens / sizeof lens[0]; i++) {
                for (j = 0; j < sizeof adlens / sizeof adlens[0]; j++) {
                    one_shot(ops, argv[1], v, taglen, lens[i], adlens[j], &seed);
                }
                incremental(ops, argv[1], v, taglen, lens[i], adlens[i % 5], &seed);
            }
        }
    }
    printf("ct %s: %s\n", argv[1], failures == 0 ? "ran" : "FAILED");
    return failures == 0 ? 0 : 1;
}
