// SPDX-License-Identifier: MIT

/*
 * aegis.h: the interface of the C core of github.com/aegisgo/aegis.
 *
 * The core computes the six AEGIS variants of RFC 10032 with several
 * kernels (AES-NI, VAES on 256 and 512-bit registers, ARMv8 AES without
 * and with FEAT_SHA3's EOR3, and a vector-permute AES round on SSSE3 or
 * NEON for CPUs without AES instructions): internal/core's table of
 * kernels names them. Each variant's package (internal/engines/<variant>)
 * instantiates the kernels for that variant into one table of entry
 * points per kernel; the Go side picks a table once and calls through it.
 *
 * Rules every entry point follows:
 *   - it never allocates and never keeps a pointer after it returns;
 *   - a NULL pointer is allowed wherever the matching length is zero;
 *   - output may alias input exactly (in place), never partially;
 *   - a failed tag check clears the whole output and returns -1.
 */
#ifndef AEGISGO_H
#define AEGISGO_H

#include <stddef.h>
#include <stdint.h>

/* Variants, in the order of the Go packages. */
enum {
    AEGISGO_128L = 0,
    AEGISGO_128X2 = 1,
    AEGISGO_128X4 = 2,
    AEGISGO_256 = 3,
    AEGISGO_256X2 = 4,
    AEGISGO_256X4 = 5,
    AEGISGO_NVARIANTS = 6
};

/* Kernels. The numbers are fixed: the Go side names them. */
enum {
    AEGISGO_SOFT = 0,
    AEGISGO_AESNI = 1,
    AEGISGO_AVX2 = 2,
    AEGISGO_AVX512 = 3,
    AEGISGO_NEON = 4,
    AEGISGO_VPERM = 5,
    AEGISGO_NEONSHA3 = 6,
    AEGISGO_NKERNELS = 7
};

/* What the incremental update does to the bytes it is given. */
typedef enum aegisgo_dir {
    AEGISGO_ENCRYPT = 0,   /* Enc: plaintext in, ciphertext out */
    AEGISGO_DECRYPT = 1,   /* Dec: ciphertext in, plaintext out */
    AEGISGO_KEYSTREAM = 2  /* the spec's Stream: keystream out, xored with
                            * the input unless it is NULL; the state must
                            * come from inc_init with no ad */
} aegisgo_dir;

/* One message of a batch (see aegisgo_batch below). */
typedef struct aegisgo_batch_msg {
    uint8_t *out;       /* inlen bytes, then the tag when sealing */
    const uint8_t *in;  /* inlen bytes, then the tag when opening */
    size_t inlen;
    const uint8_t *ad;
    size_t adlen;
    const uint8_t *npub;
} aegisgo_batch_msg;

/* The entry points of one variant in one kernel. */
typedef struct aegisgo_ops {
    /* Encrypts mlen bytes of m into c and writes the taglen-byte tag
     * (16 or 32) to tag. npub is the variant's full nonce, k its key. */
    void (*encrypt)(uint8_t *c, uint8_t *tag, size_t taglen,
                    const uint8_t *m, size_t mlen,
                    const uint8_t *ad, size_t adlen,
                    const uint8_t *npub, const uint8_t *k);
    /* Decrypts clen bytes of c into m and checks tag in constant time.
     * Returns 0, or -1 with m cleared. */
    int (*decrypt)(uint8_t *m, const uint8_t *c, size_t clen,
                   const uint8_t *tag, size_t taglen,
                   const uint8_t *ad, size_t adlen,
                   const uint8_t *npub, const uint8_t *k);

    /* Incremental use. st is AEGISGO_STATE_BYTES of plain bytes that the
     * caller owns: the state is loaded from it and stored back on every
     * call, with unaligned accesses and no pointer kept, so it can live
     * anywhere (Go memory included) and be copied. */

    /* Starts an encryption or decryption: Init, then absorbs all of ad.
     * With ad NULL it starts a MAC or a keystream instead. */
    void (*inc_init)(uint8_t *st, const uint8_t *ad, size_t adlen,
                     const uint8_t *npub, const uint8_t *k);
    /* Encrypts, decrypts or writes keystream (dir) for the next n bytes:
     * n bytes of in to out. Any split of the message gives the bytes of
     * encrypt (decrypt). out may be in exactly. */
    void (*inc_update)(uint8_t *st, uint8_t *out, const uint8_t *in, size_t n,
                       aegisgo_dir dir);
    /* Writes the tag of the message encrypted or decrypted so far, and
     * wipes st. (aegisgo_inc_verify compares it in constant time.) */
    void (*inc_final)(uint8_t *st, uint8_t *tag, size_t taglen);
    /* AEGIS-MAC on a state from inc_init with no ad: absorbs data, and
     * writes the tag of what was absorbed so far, leaving st as it was. */
    void (*mac_update)(uint8_t *st, const uint8_t *data, size_t len);
    void (*mac_final)(const uint8_t *st, uint8_t *tag, size_t taglen);

    /* Batches (see below), where the kernel runs several messages in the
     * lanes of one register: lanes messages at a time, under one key, of
     * any lengths. open_lanes returns the bit mask of the messages whose
     * tag did not match (their output cleared). NULL and 0 otherwise. */
    int lanes;
    void (*seal_lanes)(const aegisgo_batch_msg *msg, const uint8_t *k,
                       size_t taglen);
    uint32_t (*open_lanes)(const aegisgo_batch_msg *msg, const uint8_t *k,
                           size_t taglen);

} aegisgo_ops;

/* The size of an incremental state, for every variant (the largest is
 * AEGIS-128X4's: 8 blocks of 64 bytes, a 128-byte partial block and two
 * 64-bit lengths). */
#define AEGISGO_STATE_BYTES 656

/* The tables of one variant, by kernel: NULL where this build has no such
 * kernel. Each variant's package (internal/engines/<variant>) defines its
 * own, aegisgo_tables_128l and so on, and nothing else names them: a
 * program links the variants it imports. They say nothing about the
 * running CPU: the Go side detects the CPU (internal/core/detect.go) and
 * uses only the kernels it runs. */
#define AEGISGO_TABLES(v) const aegisgo_ops *const aegisgo_tables_##v[AEGISGO_NKERNELS]
extern AEGISGO_TABLES(128l);
extern AEGISGO_TABLES(128x2);
extern AEGISGO_TABLES(128x4);
extern AEGISGO_TABLES(256);
extern AEGISGO_TABLES(256x2);
extern AEGISGO_TABLES(256x4);

/* The table of a variant in a kernel as an integer, as the one-call
 * wrappers take it. cgo checks every pointer argument at run time for
 * pointers into Go memory, which costs a few nanoseconds a call; a table in
 * C's static memory can never be one, so it travels as an integer. */
typedef uintptr_t aegisgo_ref;

/* One-call wrappers, so the Go side makes exactly one cgo call per
 * operation. ref is a table of a variant's aegisgo_tables_*, as an integer.
 *
 * aegisgo_open writes decrypt's result to *res: 0 when the tag matches,
 * -1 when it does not (m then holds zeros). It returns nothing because cgo
 * wraps a C function that returns a value in two more calls into the Go
 * runtime (to find the caller's stack again), which cost a short Open a
 * few nanoseconds. */
void aegisgo_seal(aegisgo_ref ref, uint8_t *c, uint8_t *tag,
                  size_t taglen, const uint8_t *m, size_t mlen,
                  const uint8_t *ad, size_t adlen, const uint8_t *npub,
                  const uint8_t *k);
void aegisgo_open(aegisgo_ref ref, int *res, uint8_t *m, const uint8_t *c,
                  size_t clen, const uint8_t *tag, size_t taglen,
                  const uint8_t *ad, size_t adlen, const uint8_t *npub,
                  const uint8_t *k);

/* One-call wrappers of the incremental entry points (incremental.c). */
void aegisgo_inc_init(aegisgo_ref ref, uint8_t *st, const uint8_t *ad,
                      size_t adlen, const uint8_t *npub, const uint8_t *k);
void aegisgo_inc_encrypt(aegisgo_ref ref, uint8_t *st, uint8_t *c,
                         const uint8_t *m, size_t mlen);
void aegisgo_inc_decrypt(aegisgo_ref ref, uint8_t *st, uint8_t *m,
                         const uint8_t *c, size_t clen);
void aegisgo_inc_final(aegisgo_ref ref, uint8_t *st, uint8_t *tag,
                       size_t taglen);
int aegisgo_inc_verify(aegisgo_ref ref, uint8_t *st,
                       const uint8_t *tag, size_t taglen);
void aegisgo_mac_update(aegisgo_ref ref, uint8_t *st,
                        const uint8_t *data, size_t len);
void aegisgo_mac_final(aegisgo_ref ref, const uint8_t *st,
                       uint8_t *tag, size_t taglen);
/* The next len bytes of the keystream of st (from aegisgo_inc_init with no
 * ad) to out, xored with in unless in is NULL. */
void aegisgo_keystream_xor(aegisgo_ref ref, uint8_t *st, uint8_t *out,
                           const uint8_t *in, size_t len);
/* The spec's Stream in one call: len bytes of keystream for npub and k. */
void aegisgo_keystream(aegisgo_ref ref, uint8_t *out, size_t len,
                       const uint8_t *npub, const uint8_t *k);

/* Batches: many messages under one key in one call (batch.c).
 *
 * The Go side passes a group of up to AEGISGO_BATCH_GROUP messages per
 * call. cgo forbids Go memory handed to C to hold Go pointers unless they
 * are pinned, and pinning costs more than sealing a short message, so the
 * pointers travel as arguments, four per message: oj, ij, aj and nj for
 * message j's out, in, ad and npub. The array lens (2 * AEGISGO_BATCH_GROUP
 * entries, no pointers) gives the lengths: lens[2j] is message j's input
 * length (the plaintext, or the ciphertext without its tag), lens[2j+1]
 * its ad length. Slots from n on are ignored.
 *
 * With dir AEGISGO_ENCRYPT, message j's ciphertext goes to oj and its tag
 * right after it; with AEGISGO_DECRYPT, the tag is read right after the
 * ciphertext ij, the plaintext goes to oj, and a message whose tag does
 * not match has oj cleared and bit j set in the result (0 when sealing).
 * Each message follows the one-message rules (aegis.h above), and no
 * message's output may overlap another message's input or output.
 *
 * aegisgo_batch has AEGISGO_BATCH_GROUP slots; the same entry point with
 * AEGISGO_BATCH_SMALL slots, named after that count, serves shorter
 * groups: each argument costs the call a little, and a batch's last group
 * is often short. Their declarations, with every slot spelled out, are
 * generated from one count by internal/gen.
 *
 * Inside, the arguments become an array of aegisgo_batch_msg. Where the
 * ops table has seal_lanes and open_lanes, they take the messages lanes at
 * a time (lanes.h); the one-message entry points take the rest. */
#include "batch_gen.h"

#endif
