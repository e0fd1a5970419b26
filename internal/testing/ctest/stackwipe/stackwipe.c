// SPDX-License-Identifier: MIT

/* The soft kernel leaves no key and no plaintext on the stack (plain C
 * program, not part of the Go build; .ci/run builds and runs it):
 *
 *   gcc -O2 -Wall -Wextra -Werror -Icsrc csrc/?*.c \
 *       internal/testing/ctest/stackwipe/stackwipe.c -o /tmp/sw && /tmp/sw
 *
 * Its blocks are byte arrays in memory, so every call leaves the key, the
 * state, plaintext and keystream in its frames; the entry points that the
 * Go side calls zero the stack below them after each call into the kernel
 * (wipe_stack in csrc/aegis.h). Each check here makes such calls from a
 * function that then calls scan, whose frame lies where theirs were, and
 * which reads what they left there: no 12-byte run of the key or of the
 * plaintext may be found, and at most DIRTY_MAX bytes of anything (the
 * bitsliced kernel holds key and data in a form that no byte run shows),
 * where the same call without the wipe must leave more.
 * A control that leaves the key on the stack on purpose must be found, or
 * the scan proves nothing. (Reading memory that nothing wrote is what this
 * program is for; it is built without sanitizers, which would move the
 * frames.) */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "batch.h"

#define SCAN 32768
#define RUN 12

static const uint8_t key[32] = {
    0x5a, 0xa5, 0x3c, 0xc3, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xab, 0xcd, 0xef,
    0x0f, 0x1e, 0x2d, 0x3c, 0x4b, 0x5a, 0x69, 0x78, 0x87, 0x96, 0xa5, 0xb4, 0xc3, 0xd2, 0xe1, 0xf0,
};
static uint8_t nonce[32], msg[300], ct[340], tag[32], out[340], st[AEGISGO_STATE_BYTES];

/* The number of places in the SCAN bytes of stack below the caller's frame
 * where one of the first RUN bytes of the key, or RUN bytes of the
 * plaintext (all PT), lie. */
#define PT 0xe7
/* clear_stack fills the stack with FILL; scan counts in dirty the bytes
 * that hold neither FILL nor 0: what the calls wrote and no wipe cleared.
 * The key and plaintext runs are the direct check, but the soft kernel
 * keeps them bitsliced, in a form no byte run shows: a kernel that left
 * its frames unwiped shows as thousands of dirty bytes instead. */
#define FILL 0xc5
#define DIRTY_MAX 256
static size_t dirty;
__attribute__((noinline)) static int scan(void)
{
    uint8_t buf[SCAN];
    /* Through a pointer the compiler cannot follow: it reads what is
     * there, not what C says an unwritten array holds. */
    volatile uint8_t *p = buf;
    int hits = 0;
    size_t i, j;
    __asm__ __volatile__("" : "+r"(p));
    dirty = 0;
    for (i = 0; i < SCAN; i++) {
        dirty += p[i] != FILL && p[i] != 0;
    }
    for (i = 0; i + RUN <= SCAN; i++) {
        for (j = 0; j < RUN && p[i + j] == key[j]; j++) {
        }
        hits += j == RUN;
        for (j = 0; j < RUN && p[i + j] == PT; j++) {
        }
        hits += j == RUN;
    }
    return hits;
}

/* Clears the stack that scan reads, so that a check sees only what its
 * entry point left. */
__attribute__((noinline)) static void clear_stack(void)
{
    volatile uint8_t buf[SCAN + 4096];
    size_t i;
    for (i = 0; i < sizeof buf; i++) {
        buf[i] = FILL;
    }
}

/* The control: what a function that keeps the key on its stack leaves. */
__attribute__((noinline)) static void leak(void)
{
    uint8_t b[64];
    memcpy(b, key, sizeof key);
    __asm__ __volatile__("" : : "r"(b) : "memory");
}

enum { SEAL, OPEN, INC_ENCRYPT, INC_DECRYPT, MAC, KEYSTREAM, BATCH, NCALLS };
static const char *const call_names[NCALLS] = {
    "aegisgo_seal", "aegisgo_open", "aegisgo_inc_init, _encrypt, _final",
    "aegisgo_inc_init, _decrypt, _verify", "aegisgo_inc_init, aegisgo_mac_update, _final",
    "aegisgo_keystream_xor", "aegisgo_batch_run (seal)",
};

/* Runs one call, as the Go side makes it (internal/core's cgo files), of
 * the soft kernel's table o on a message of n bytes with 21 bytes of ad. */
__attribute__((noinline)) static void call(const aegisgo_ops *o, int which, size_t n)
{
    static const uint8_t ad[21];
    const aegisgo_ref r = (aegisgo_ref)o;
    int res;
    aegisgo_batch_msg b[2];
    switch (which) {
    case SEAL:
        aegisgo_seal(r, ct, ct + n, 16, msg, n, ad, sizeof ad, nonce, key);
        break;
    case OPEN:
        aegisgo_open(r, &res, out, ct, n, ct + n, 16, ad, sizeof ad, nonce, key);
        if (res != 0) {
            printf("FAIL: aegisgo_open refused its own ciphertext\n");
        }
        break;
    case INC_ENCRYPT:
        aegisgo_inc_init(r, st, ad, sizeof ad, nonce, key);
        aegisgo_inc_encrypt(r, st, out, msg, n);
        aegisgo_inc_final(r, st, tag, 16);
        break;
    case INC_DECRYPT:
        aegisgo_inc_init(r, st, ad, sizeof ad, nonce, key);
        aegisgo_inc_decrypt(r, st, out, ct, n);
        if (aegisgo_inc_verify(r, st, ct + n, 16) != 0) {
            printf("FAIL: aegisgo_inc_verify refused its own ciphertext\n");
        }
        break;
    case MAC:
        aegisgo_inc_init(r, st, NULL, 0, nonce, key);
        aegisgo_mac_update(r, st, msg, n);
        aegisgo_mac_final(r, st, tag, 16);
        break;
    case KEYSTREAM:
        aegisgo_inc_init(r, st, NULL, 0, nonce, key);
        aegisgo_keystream_xor(r, st, out, msg, n);
        break;
    case BATCH:
        memset(b, 0, sizeof b);
        b[0].out = out, b[0].in = msg, b[0].inlen = n, b[0].ad = ad, b[0].adlen = sizeof ad, b[0].npub = nonce;
        b[1] = b[0];
        b[1].out = ct;
        aegisgo_batch_run(o, AEGISGO_ENCRYPT, key, 16, b, 2);
        break;
    }
}

int main(void)
{
    static const size_t lens[] = {37, 299};
    int v, c, failed = 0;
    size_t l, most = 0, least = SIZE_MAX;
    aegisgo_ops nowipe;

    memset(msg, PT, sizeof msg);
    /* Every call once first: the dynamic linker resolves each C library
     * function on its first call, on this stack, and that is not the
     * kernel's to wipe. */
    for (c = 0; c < NCALLS; c++) {
        call(aegisgo_ops_for(AEGISGO_128L, AEGISGO_SOFT), c, lens[0]);
    }
    clear_stack();
    leak();
    if (scan() == 0) {
        printf("FAIL: the control: the scan does not see a key left on the stack\n");
        return 1;
    }
    for (v = 0; v < AEGISGO_NVARIANTS; v++) {
        const aegisgo_ops *o = aegisgo_ops_for(v, AEGISGO_SOFT);
        for (l = 0; l < sizeof lens / sizeof lens[0]; l++) {
            for (c = 0; c < NCALLS; c++) {
                int hits;
                size_t wiped;
                if (c == OPEN || c == INC_DECRYPT) {
                    call(o, SEAL, lens[l]);
                }
                clear_stack();
                call(o, c, lens[l]);
                hits = scan();
                wiped = dirty;
                /* The control: the same call of a table that asks for
                 * no wipe must leave more than DIRTY_MAX, or a clean
                 * count proves nothing. */
                nowipe = *o;
                nowipe.wipe_stack = 0;
                clear_stack();
                call(&nowipe, c, lens[l]);
                scan();
                if (wiped > DIRTY_MAX || dirty <= DIRTY_MAX) {
                    printf("FAIL: variant %d, %s of %zu bytes: %zu bytes left on the stack with the wipe, %zu without (at most %d with it, more without)\n",
                           v, call_names[c], lens[l], wiped, dirty, DIRTY_MAX);
                    failed++;
                }
                most = wiped > most ? wiped : most;
                least = dirty < least ? dirty : least;
                if (hits != 0) {
                    printf("FAIL: variant %d, %s of %zu bytes: %d runs of the key or plaintext left on the stack\n",
                           v, call_names[c], lens[l], hits);
                    failed++;
                }
            }
        }
    }
    if (failed != 0) {
        return 1;
    }
    printf("stackwipe: the soft kernel left no key or plaintext on the stack (%d variants, %d calls each), "
           "and at most %zu bytes of anything, against at least %zu without the wipe\n",
           AEGISGO_NVARIANTS, NCALLS * (int)(sizeof lens / sizeof lens[0]), most, least);
    return 0;
}
