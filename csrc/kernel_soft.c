// SPDX-License-Identifier: MIT

//go:build cgo && !without_aegis

/*
 * kernel_soft.c: portable C, for CPUs without AES instructions (and no
 * vperm) or with those kernels capped away by AEGIS_IMPL. It is the C twin
 * of the pure-Go kernel (internal/soft, whose package doc explains the
 * layout and why it is fast): the state stays bitsliced between updates,
 * a group of eight 64-bit planes holding four AES blocks, so that an
 * AEGIS-128L update is two four-block rounds, and only messages and
 * outputs are converted. The round is generated from the Go kernel's
 * circuit (soft_round_gen.h, by internal/gen/softround): one circuit for both.
 *
 * The bodies that the other kernels share (aegis128_body.h and
 * aegis256_body.h) hold the state as one block vector per state word, of
 * D lanes, and run one AES round per word; a round on four bitsliced
 * blocks costs as much as four, so with D = 1 or 2 they would leave most
 * of every round empty. This file has a body of its own instead, at the
 * level of the spec's functions, written once for both families and
 * every degree (the SOFT_* functions, with f and d constants where they
 * are inlined), and shares the byte helpers, the incremental walk
 * (aegisgo_partial, aegisgo_fill) and the table's contract with the
 * others.
 *
 * Constant time: no table, no branch on data and no shift by a data-
 * dependent amount; the shifts by sh move lanes by a count of blocks,
 * which is public. Bytes are loaded as little-endian words, so the results
 * do not depend on byte order or alignment.
 *
 * The state, plaintext and keystream sit in the frames of the calls,
 * where the other kernels keep them in registers: the tables ask the
 * callers to wipe the stack after each call (wipe_stack, aegis.h).
 */

/* gcc schedules before register allocation here, minding the pressure on
 * registers: a round is some 450 operations on 64-bit words with far more
 * of them live than x86-64 has registers, and in the order of the source
 * gcc's allocator adds a register copy or a spill to one operation in
 * three. With it, an AEGIS-128L update is 1038 instructions instead of
 * 1108, 148 of them to the stack instead of 172 (gcc 12, x86-64), and
 * the kernel runs 3-5% faster. clang and the other targets are left as
 * they were. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("schedule-insns", "sched-pressure")
#endif

#include "internal.h"

/* Four AES blocks, bitsliced: q[i] holds bit i of every byte of the four,
 * the bit of byte 4c+r (row r, column c) of block k at position 16r + 4c +
 * k (internal/soft's group). */
typedef struct {
    uint64_t q[8];
} soft_group;

/* Lane masks: lane (block) k is bit k of every nibble. */
#define SOFT_LANE0 UINT64_C(0x1111111111111111)
#define SOFT_LANE2 UINT64_C(0x4444444444444444)
#define SOFT_LANE01 UINT64_C(0x3333333333333333)
#define SOFT_LANE02 UINT64_C(0x5555555555555555)
#define SOFT_LANE12 UINT64_C(0x6666666666666666)
#define SOFT_LANE123 UINT64_C(0xeeeeeeeeeeeeeeee)
#define SOFT_ALL (~UINT64_C(0))

/* The helpers of the generated round (internal/soft/bitslice.go). */
AEGISGO_INLINE uint64_t soft_rotl(uint64_t x, int k)
{
    k &= 63; /* k is a constant of the circuit */
    return x << k | x >> ((64 - k) & 63);
}

/* ShiftRows on one plane: the nibbles of the 16-bit field of row r rotate
 * by r. */
AEGISGO_INLINE uint64_t soft_shift_rows(uint64_t x)
{
    uint64_t t;
    x = (x & UINT64_C(0x0000ffff0000ffff)) | ((x >> 4) & UINT64_C(0x0fff00000fff0000)) |
        ((x << 12) & UINT64_C(0xf0000000f0000000));
    t = (x ^ (x >> 8)) & UINT64_C(0x00ff00ff00000000);
    return x ^ t ^ (t << 8);
}

/* Lane moves of the input of group 0's round: soft_rot moves lane k to
 * k+1 and lane 3 to 0; soft_rot3 rotates lanes 0..2 the same way (lane 3
 * zero); soft_swap_halves swaps lanes 0, 1 with lanes 2, 3. */
AEGISGO_INLINE uint64_t soft_rot(uint64_t x)
{
    return ((x << 1) & SOFT_LANE123) | ((x >> 3) & SOFT_LANE0);
}
AEGISGO_INLINE uint64_t soft_rot3(uint64_t x)
{
    return ((x << 1) & SOFT_LANE12) | ((x >> 2) & SOFT_LANE0);
}
AEGISGO_INLINE uint64_t soft_swap_halves(uint64_t x)
{
    return ((x >> 2) & SOFT_LANE01) | ((x << 2) & ~SOFT_LANE01);
}

#include "soft_round_gen.h"

/* Little-endian words, whatever the host's byte order: the bitsliced
 * layout numbers bits from the words so loaded. */
AEGISGO_INLINE uint64_t soft_ld(const uint8_t *p)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
#else
    uint64_t v = 0;
    int i;
    for (i = 7; i >= 0; i--) {
        v = v << 8 | p[i];
    }
    return v;
#endif
}

AEGISGO_INLINE void soft_st(uint8_t *p, uint64_t v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(p, &v, 8);
#else
    int i;
    for (i = 0; i < 8; i++) {
        p[i] = (uint8_t)(v >> (8 * i));
    }
#endif
}

/* Exchanges the bits of *lo at the positions of m shifted up by s with the
 * bits of *hi at the positions of m. */
AEGISGO_INLINE void soft_swap_move(uint64_t *lo, uint64_t *hi, uint64_t m, unsigned s)
{
    const uint64_t t = ((*lo >> s) ^ *hi) & m;
    *lo ^= t << s;
    *hi ^= t;
}

/* The conversions of internal/soft/bitslice.go: eight words (words 2k and
 * 2k+1 the little-endian halves of block k) to a group, and back. */
AEGISGO_INLINE void soft_pack(soft_group *g)
{
    uint64_t w0 = g->q[0], w1 = g->q[1], w2 = g->q[2], w3 = g->q[3];
    uint64_t w4 = g->q[4], w5 = g->q[5], w6 = g->q[6], w7 = g->q[7];
    soft_swap_move(&w0, &w2, UINT64_C(0x5555555555555555), 1);
    soft_swap_move(&w1, &w3, UINT64_C(0x5555555555555555), 1);
    soft_swap_move(&w4, &w6, UINT64_C(0x5555555555555555), 1);
    soft_swap_move(&w5, &w7, UINT64_C(0x5555555555555555), 1);
    soft_swap_move(&w0, &w4, UINT64_C(0x3333333333333333), 2);
    soft_swap_move(&w1, &w5, UINT64_C(0x3333333333333333), 2);
    soft_swap_move(&w2, &w6, UINT64_C(0x3333333333333333), 2);
    soft_swap_move(&w3, &w7, UINT64_C(0x3333333333333333), 2);
    soft_swap_move(&w0, &w1, UINT64_C(0x00ff00ff00ff00ff), 8);
    soft_swap_move(&w2, &w3, UINT64_C(0x00ff00ff00ff00ff), 8);
    soft_swap_move(&w4, &w5, UINT64_C(0x00ff00ff00ff00ff), 8);
    soft_swap_move(&w6, &w7, UINT64_C(0x00ff00ff00ff00ff), 8);
    soft_swap_move(&w0, &w1, UINT64_C(0x0000ffff0000ffff), 16);
    soft_swap_move(&w2, &w3, UINT64_C(0x0000ffff0000ffff), 16);
    soft_swap_move(&w4, &w5, UINT64_C(0x0000ffff0000ffff), 16);
    soft_swap_move(&w6, &w7, UINT64_C(0x0000ffff0000ffff), 16);
    soft_swap_move(&w0, &w1, UINT64_C(0x00000000ffffffff), 32);
    soft_swap_move(&w2, &w3, UINT64_C(0x00000000ffffffff), 32);
    soft_swap_move(&w4, &w5, UINT64_C(0x00000000ffffffff), 32);
    soft_swap_move(&w6, &w7, UINT64_C(0x00000000ffffffff), 32);
    soft_swap_move(&w0, &w1, UINT64_C(0x0f0f0f0f0f0f0f0f), 4);
    soft_swap_move(&w2, &w3, UINT64_C(0x0f0f0f0f0f0f0f0f), 4);
    soft_swap_move(&w4, &w5, UINT64_C(0x0f0f0f0f0f0f0f0f), 4);
    soft_swap_move(&w6, &w7, UINT64_C(0x0f0f0f0f0f0f0f0f), 4);
    g->q[0] = w0; g->q[1] = w2; g->q[2] = w4; g->q[3] = w6;
    g->q[4] = w1; g->q[5] = w3; g->q[6] = w5; g->q[7] = w7;
}

AEGISGO_INLINE void soft_unpack(soft_group *g)
{
    uint64_t w0 = g->q[0], w2 = g->q[1], w4 = g->q[2], w6 = g->q[3];
    uint64_t w1 = g->q[4], w3 = g->q[5], w5 = g->q[6], w7 = g->q[7];
    soft_swap_move(&w0, &w1, UINT64_C(0x0f0f0f0f0f0f0f0f), 4);
    soft_swap_move(&w2, &w3, UINT64_C(0x0f0f0f0f0f0f0f0f), 4);
    soft_swap_move(&w4, &w5, UINT64_C(0x0f0f0f0f0f0f0f0f), 4);
    soft_swap_move(&w6, &w7, UINT64_C(0x0f0f0f0f0f0f0f0f), 4);
    soft_swap_move(&w0, &w1, UINT64_C(0x00000000ffffffff), 32);
    soft_swap_move(&w2, &w3, UINT64_C(0x00000000ffffffff), 32);
    soft_swap_move(&w4, &w5, UINT64_C(0x00000000ffffffff), 32);
    soft_swap_move(&w6, &w7, UINT64_C(0x00000000ffffffff), 32);
    soft_swap_move(&w0, &w1, UINT64_C(0x0000ffff0000ffff), 16);
    soft_swap_move(&w2, &w3, UINT64_C(0x0000ffff0000ffff), 16);
    soft_swap_move(&w4, &w5, UINT64_C(0x0000ffff0000ffff), 16);
    soft_swap_move(&w6, &w7, UINT64_C(0x0000ffff0000ffff), 16);
    soft_swap_move(&w0, &w1, UINT64_C(0x00ff00ff00ff00ff), 8);
    soft_swap_move(&w2, &w3, UINT64_C(0x00ff00ff00ff00ff), 8);
    soft_swap_move(&w4, &w5, UINT64_C(0x00ff00ff00ff00ff), 8);
    soft_swap_move(&w6, &w7, UINT64_C(0x00ff00ff00ff00ff), 8);
    soft_swap_move(&w0, &w4, UINT64_C(0x3333333333333333), 2);
    soft_swap_move(&w1, &w5, UINT64_C(0x3333333333333333), 2);
    soft_swap_move(&w2, &w6, UINT64_C(0x3333333333333333), 2);
    soft_swap_move(&w3, &w7, UINT64_C(0x3333333333333333), 2);
    soft_swap_move(&w0, &w2, UINT64_C(0x5555555555555555), 1);
    soft_swap_move(&w1, &w3, UINT64_C(0x5555555555555555), 1);
    soft_swap_move(&w4, &w6, UINT64_C(0x5555555555555555), 1);
    soft_swap_move(&w5, &w7, UINT64_C(0x5555555555555555), 1);
    g->q[0] = w0; g->q[1] = w1; g->q[2] = w2; g->q[3] = w3;
    g->q[4] = w4; g->q[5] = w5; g->q[6] = w6; g->q[7] = w7;
}

/* Block k of a group's words, before soft_pack or after soft_unpack. */
AEGISGO_INLINE void soft_load_block(soft_group *g, int k, const uint8_t *p)
{
    g->q[2 * k] = soft_ld(p);
    g->q[2 * k + 1] = soft_ld(p + 8);
}

/* Stores block k, xored with the 16 bytes at x unless x is NULL. */
AEGISGO_INLINE void soft_store_block(uint8_t *p, const uint8_t *x, const soft_group *g, int k)
{
    uint64_t a = g->q[2 * k], b = g->q[2 * k + 1];
    if (x != NULL) {
        a ^= soft_ld(x);
        b ^= soft_ld(x + 8);
    }
    soft_st(p, a);
    soft_st(p + 8, b);
}

/* The first nb (1 to 4) blocks at p, block k in lane k, the others zero. */
AEGISGO_INLINE void soft_load_n(soft_group *g, const uint8_t *p, int nb)
{
    int k;
    memset(g, 0, sizeof *g);
    for (k = 0; k < nb; k++) {
        soft_load_block(g, k, p + 16 * k);
    }
    soft_pack(g);
}

/* Unpacks g in place and stores its first nb lanes, xored with x unless x
 * is NULL. */
AEGISGO_INLINE void soft_store_n(uint8_t *p, const uint8_t *x, soft_group *g, int nb)
{
    int k;
    soft_unpack(g);
    for (k = 0; k < nb; k++) {
        soft_store_block(p + 16 * k, x != NULL ? x + 16 * k : NULL, g, k);
    }
}

/* Two rate blocks of AEGIS-128L, 64 bytes: the first in lanes 0 and 2,
 * the second in lanes 1 and 3 (where group 0 holds S0 and S4), so that
 * one conversion serves two updates. */
AEGISGO_INLINE void soft_load2(soft_group *g, const uint8_t *p)
{
    soft_load_block(g, 0, p);
    soft_load_block(g, 2, p + 16);
    soft_load_block(g, 1, p + 32);
    soft_load_block(g, 3, p + 48);
    soft_pack(g);
}

AEGISGO_INLINE void soft_store2(uint8_t *p, const uint8_t *x, soft_group *g)
{
    soft_unpack(g);
    soft_store_block(p, x, g, 0);
    soft_store_block(p + 16, x != NULL ? x + 16 : NULL, g, 2);
    soft_store_block(p + 32, x != NULL ? x + 32 : NULL, g, 1);
    soft_store_block(p + 48, x != NULL ? x + 48 : NULL, g, 3);
}

/* One rate block of AEGIS-128L, in lanes 0 and 2. */
AEGISGO_INLINE void soft_load1(soft_group *g, const uint8_t *p)
{
    memset(g, 0, sizeof *g);
    soft_load_block(g, 0, p);
    soft_load_block(g, 2, p + 16);
    soft_pack(g);
}

AEGISGO_INLINE void soft_store1(uint8_t *p, const uint8_t *x, soft_group *g)
{
    soft_unpack(g);
    soft_store_block(p, x, g, 0);
    soft_store_block(p + 16, x != NULL ? x + 16 : NULL, g, 2);
}

AEGISGO_INLINE void soft_xor(soft_group *r, const soft_group *a, const soft_group *b)
{
    int i;
    for (i = 0; i < 8; i++) {
        r->q[i] = a->q[i] ^ b->q[i];
    }
}

/*
 * The state: the 8D (AEGIS-128 family) or 6D (AEGIS-256 family) blocks
 * V[j,i] (state word j of lane i) in n groups, V[j,i] in lane i + D*(j/n)
 * of group j mod n, with n = 2D for the 128 family and 2, 3, 6 for the
 * 256 family (internal/soft's State128 and State256). Every update is
 * then one round per group, the input of each the group before it (the
 * last one, its lanes moved, for group 0).
 */
typedef struct {
    soft_group g[8];
} soft_state;

/* The family f (128 or 256) and degree d, constants wherever these are
 * used, give the shape. */
#define SOFT_NG(f, d) ((f) == 128 ? 2 * (d) : (d) == 1 ? 2 : (d) == 2 ? 3 : 6)
#define SOFT_NW(f) ((f) == 128 ? 8 : 6)
#define SOFT_RATE(f, d) ((size_t)((f) == 128 ? 32 * (d) : 16 * (d)))

/* The blocks of a state as bytes, v[j][i] block j of lane i. */
typedef uint8_t soft_blocks[8][4][16];

AEGISGO_INLINE void soft_from_blocks(soft_state *s, int f, int d, const soft_blocks v)
{
    const int n = SOFT_NG(f, d);
    int g, k;
    for (g = 0; g < n; g++) {
        soft_group w;
        memset(&w, 0, sizeof w);
        for (k = 0; k < 4; k++) {
            const int j = g + n * (k / d), i = k % d;
            if (j < SOFT_NW(f)) {
                soft_load_block(&w, k, v[j][i]);
            }
        }
        soft_pack(&w);
        s->g[g] = w;
    }
}

AEGISGO_INLINE void soft_to_blocks(soft_blocks v, int f, int d, const soft_state *s)
{
    const int n = SOFT_NG(f, d);
    int g, k;
    for (g = 0; g < n; g++) {
        soft_group w = s->g[g];
        soft_unpack(&w);
        for (k = 0; k < 4; k++) {
            const int j = g + n * (k / d), i = k % d;
            if (j < SOFT_NW(f)) {
                soft_store_block(v[j][i], NULL, &w, k);
            }
        }
    }
}

/*
 * The spec's Update, the message in the lanes of group 0 where V[0,*]
 * lies (and, for the 128 family, V[4,*]: lanes 0 and 2 at degree 1, 2 and
 * 3 at degree 2, group 4 at degree 4, w1), each moved down by sh lanes
 * first. Group 0 is computed first, from the old last group and the
 * message, then the others from the last down, each in place, so that
 * every round reads the old value of the group before it.
 */
AEGISGO_INLINE void soft_update(soft_state *s, int f, int d, const soft_group *w0,
                                const soft_group *w1, unsigned sh)
{
    soft_group *g = s->g;
    const soft_group c = g[0];
    if (f == 128 && d == 1) {
        soft_round_rot(&g[0], &g[1], &g[0], w0, sh, SOFT_LANE02); /* S7 S1 S3 S5 */
        soft_round(&g[1], &c, &g[1]);
    } else if (f == 128 && d == 2) {
        soft_round_swap(&g[0], &g[3], &g[0], w0, sh, SOFT_ALL); /* V[7,*] V[3,*] */
        soft_round(&g[3], &g[2], &g[3]);
        soft_round(&g[2], &g[1], &g[2]);
        soft_round(&g[1], &c, &g[1]);
    } else if (f == 128) {
        soft_round_msg(&g[0], &g[7], &g[0], w0, sh, SOFT_ALL);
        soft_round(&g[7], &g[6], &g[7]);
        soft_round(&g[6], &g[5], &g[6]);
        soft_round(&g[5], &g[4], &g[5]);
        soft_round_msg(&g[4], &g[3], &g[4], w1, sh, SOFT_ALL);
        soft_round(&g[3], &g[2], &g[3]);
        soft_round(&g[2], &g[1], &g[2]);
        soft_round(&g[1], &c, &g[1]);
    } else if (d == 1) {
        soft_round_rot3(&g[0], &g[1], &g[0], w0, sh, SOFT_LANE0); /* S5 S1 S3 */
        soft_round(&g[1], &c, &g[1]);
    } else if (d == 2) {
        soft_round_swap(&g[0], &g[2], &g[0], w0, sh, SOFT_LANE01); /* V[5,*] V[2,*] */
        soft_round(&g[2], &g[1], &g[2]);
        soft_round(&g[1], &c, &g[1]);
    } else {
        soft_round_msg(&g[0], &g[5], &g[0], w0, sh, SOFT_ALL);
        soft_round(&g[5], &g[4], &g[5]);
        soft_round(&g[4], &g[3], &g[4]);
        soft_round(&g[3], &g[2], &g[3]);
        soft_round(&g[2], &g[1], &g[2]);
        soft_round(&g[1], &c, &g[1]);
    }
}

/* The updates, one function per family and degree: two to eight rounds
 * each, which a call costs nothing against, and whose copies inline in
 * every loop would make this kernel most of the module's machine code. */
AEGISGO_NOINLINE void soft_update128_d1(soft_state *s, const soft_group *w, unsigned sh)
{
    soft_update(s, 128, 1, w, w, sh);
}
AEGISGO_NOINLINE void soft_update128_d2(soft_state *s, const soft_group *w, unsigned sh)
{
    soft_update(s, 128, 2, w, w, sh);
}
AEGISGO_NOINLINE void soft_update128_d4(soft_state *s, const soft_group *w0, const soft_group *w1)
{
    soft_update(s, 128, 4, w0, w1, 0);
}
AEGISGO_NOINLINE void soft_update256_d1(soft_state *s, const soft_group *w, unsigned sh)
{
    soft_update(s, 256, 1, w, w, sh);
}
AEGISGO_NOINLINE void soft_update256_d2(soft_state *s, const soft_group *w, unsigned sh)
{
    soft_update(s, 256, 2, w, w, sh);
}
AEGISGO_NOINLINE void soft_update256_d4(soft_state *s, const soft_group *w, unsigned sh)
{
    (void)sh;
    soft_update(s, 256, 4, w, w, 0);
}

/* Update with the message w0 (and w1: the 128 family at degree 4). */
AEGISGO_INLINE void soft_upd(soft_state *s, int f, int d, const soft_group *w0,
                             const soft_group *w1, unsigned sh)
{
    if (f == 128) {
        if (d == 1) {
            soft_update128_d1(s, w0, sh);
        } else if (d == 2) {
            soft_update128_d2(s, w0, sh);
        } else {
            soft_update128_d4(s, w0, w1);
        }
    } else if (d == 1) {
        soft_update256_d1(s, w0, sh);
    } else if (d == 2) {
        soft_update256_d2(s, w0, sh);
    } else {
        soft_update256_d4(s, w0, sh);
    }
}

/*
 * The keystream of the next rate block, in the lanes of the message (see
 * soft_update), moved up by sh lanes where the word is shared:
 *
 *   128, d = 1   ored into z: lane 0 of g1 ^ rot(g0) ^ (g0 & g1 down one
 *                lane) is S1 ^ S6 ^ (S2 & S3), lane 2 S5 ^ S2 ^ (S6 & S7)
 *   128, d = 2   z = g1 ^ swap(g2) ^ (g2 & g3)
 *   128, d = 4   z0, z1 from the groups V[j,*]
 *   256, d = 1   ored into z, lane sh: V1 ^ V4 ^ V5 ^ (V2 & V3)
 *   256, d = 2   ored into z, lanes sh and sh+1
 *   256, d = 4   z from the groups V[j,*]
 */
AEGISGO_INLINE void soft_ks(const soft_state *s, int f, int d, soft_group *z0, soft_group *z1,
                            unsigned sh)
{
    const soft_group *g = s->g;
    int i;
    sh &= 63;
    for (i = 0; i < 8; i++) {
        if (f == 128 && d == 1) {
            const uint64_t x = g[0].q[i], y = g[1].q[i];
            z0->q[i] |= ((y ^ (((x >> 3) & SOFT_LANE0) | ((x << 1) & SOFT_LANE2)) ^ ((x & y) >> 1)) &
                         SOFT_LANE02) << sh;
        } else if (f == 128 && d == 2) {
            z0->q[i] = g[1].q[i] ^ soft_swap_halves(g[2].q[i]) ^ (g[2].q[i] & g[3].q[i]);
        } else if (f == 128) {
            const uint64_t v2 = g[2].q[i], v6 = g[6].q[i];
            z0->q[i] = g[1].q[i] ^ v6 ^ (v2 & g[3].q[i]);
            z1->q[i] = v2 ^ g[5].q[i] ^ (v6 & g[7].q[i]);
        } else if (d == 1) {
            const uint64_t x = g[0].q[i], y = g[1].q[i];
            z0->q[i] |= ((y ^ ((x ^ y) >> 2) ^ ((x & y) >> 1)) & SOFT_LANE0) << sh;
        } else if (d == 2) {
            const uint64_t x = g[0].q[i], y = g[1].q[i], w = g[2].q[i];
            z0->q[i] |= ((y ^ ((y ^ w) >> 2) ^ (w & (x >> 2))) & SOFT_LANE01) << sh;
        } else {
            z0->q[i] = g[1].q[i] ^ g[4].q[i] ^ g[5].q[i] ^ (g[2].q[i] & g[3].q[i]);
        }
    }
}

/* What soft_crypt does with its input: the spec's Enc, Dec, Absorb, or
 * its Stream (the keystream, xored with src unless src is NULL). */
enum { SOFT_ENC = AEGISGO_ENCRYPT, SOFT_DEC = AEGISGO_DECRYPT, SOFT_STREAM = AEGISGO_KEYSTREAM,
       SOFT_ABSORB = 3 };

/*
 * Runs the updates of n bytes, a whole number of rate blocks, from src to
 * dst (mode constant: each caller's loop is its own). Each pass converts
 * 64 bytes (128 at degree 4 of the 128 family): several rate blocks where
 * the rate is below four blocks, rate block t then in the lanes that
 * soft_upd takes with sh = t (times D for the 256 family). dst may be src
 * exactly.
 */
AEGISGO_INLINE void soft_run(soft_state *s, int f, int d, uint8_t *dst, const uint8_t *src,
                             size_t n, int mode)
{
    soft_group w, w1, z, z1, zero;
    size_t i = 0;

    memset(&zero, 0, sizeof zero);
    memset(&w, 0, sizeof w);
    memset(&w1, 0, sizeof w1);
    if (f == 128 && d == 1) {
        for (; i + 64 <= n; i += 64) {
            if (src != NULL) {
                soft_load2(&w, src + i);
            }
            memset(&z, 0, sizeof z);
            switch (mode) {
            case SOFT_ABSORB:
                soft_upd(s, f, d, &w, &w, 0);
                soft_upd(s, f, d, &w, &w, 1);
                break;
            case SOFT_ENC:
                soft_ks(s, f, d, &z, &z, 0);
                soft_upd(s, f, d, &w, &w, 0);
                soft_ks(s, f, d, &z, &z, 1);
                soft_upd(s, f, d, &w, &w, 1);
                soft_xor(&w, &w, &z);
                soft_store2(dst + i, NULL, &w);
                break;
            case SOFT_DEC: {
                /* The plaintext of each rate block is its ciphertext
                 * xored with the keystream, lane by lane, before its
                 * update. */
                int k;
                memset(&z1, 0, sizeof z1);
                soft_ks(s, f, d, &z, &z, 0);
                soft_xor(&z, &z, &w);
                soft_upd(s, f, d, &z, &z, 0);
                soft_ks(s, f, d, &z1, &z1, 1);
                soft_xor(&z1, &z1, &w);
                soft_upd(s, f, d, &z1, &z1, 1);
                for (k = 0; k < 8; k++) {
                    z.q[k] = (z.q[k] & SOFT_LANE02) | (z1.q[k] & ~SOFT_LANE02);
                }
                soft_store2(dst + i, NULL, &z);
                break;
            }
            default:
                soft_ks(s, f, d, &z, &z, 0);
                soft_upd(s, f, d, &zero, &zero, 0);
                soft_ks(s, f, d, &z, &z, 1);
                soft_upd(s, f, d, &zero, &zero, 0);
                soft_store2(dst + i, src != NULL ? src + i : NULL, &z);
            }
        }
        if (i < n) {
            if (src != NULL) {
                soft_load1(&w, src + i);
            }
            memset(&z, 0, sizeof z);
            switch (mode) {
            case SOFT_ABSORB:
                soft_upd(s, f, d, &w, &w, 0);
                break;
            case SOFT_ENC:
                soft_ks(s, f, d, &z, &z, 0);
                soft_upd(s, f, d, &w, &w, 0);
                soft_xor(&w, &w, &z);
                soft_store1(dst + i, NULL, &w);
                break;
            case SOFT_DEC:
                soft_ks(s, f, d, &z, &z, 0);
                soft_xor(&z, &z, &w);
                soft_upd(s, f, d, &z, &z, 0);
                soft_store1(dst + i, NULL, &z);
                break;
            default:
                soft_ks(s, f, d, &z, &z, 0);
                soft_upd(s, f, d, &zero, &zero, 0);
                soft_store1(dst + i, src != NULL ? src + i : NULL, &z);
            }
        }
    } else if (f == 128) {
        /* d = 2: one rate block, four blocks, per pass; d = 4: two
         * groups of four, M0 and M1. */
        const size_t r = SOFT_RATE(f, d);
        for (; i < n; i += r) {
            if (src != NULL) {
                soft_load_n(&w, src + i, 4);
                if (d == 4) {
                    soft_load_n(&w1, src + i + 64, 4);
                }
            }
            switch (mode) {
            case SOFT_ABSORB:
                soft_upd(s, f, d, &w, &w1, 0);
                break;
            case SOFT_ENC:
                soft_ks(s, f, d, &z, &z1, 0);
                soft_upd(s, f, d, &w, &w1, 0);
                soft_xor(&w, &w, &z);
                soft_store_n(dst + i, NULL, &w, 4);
                if (d == 4) {
                    soft_xor(&w1, &w1, &z1);
                    soft_store_n(dst + i + 64, NULL, &w1, 4);
                }
                break;
            case SOFT_DEC:
                soft_ks(s, f, d, &z, &z1, 0);
                soft_xor(&w, &w, &z);
                if (d == 4) {
                    soft_xor(&w1, &w1, &z1);
                }
                soft_upd(s, f, d, &w, &w1, 0);
                soft_store_n(dst + i, NULL, &w, 4);
                if (d == 4) {
                    soft_store_n(dst + i + 64, NULL, &w1, 4);
                }
                break;
            default:
                soft_ks(s, f, d, &z, &z1, 0);
                soft_upd(s, f, d, &zero, &zero, 0);
                soft_store_n(dst + i, src != NULL ? src + i : NULL, &z, 4);
                if (d == 4) {
                    soft_store_n(dst + i + 64, src != NULL ? src + i + 64 : NULL, &z1, 4);
                }
            }
        }
    } else {
        /* 4/D rate blocks per pass, rate block t in lanes Dt to Dt+D-1. */
        const uint64_t lanes = SOFT_LANE0 * (uint64_t)((1 << d) - 1);
        for (; i < n; i += 64) {
            const int nb = (int)((n - i < 64 ? n - i : 64) / 16);
            int k, q;
            if (src != NULL) {
                soft_load_n(&w, src + i, nb);
            }
            memset(&z, 0, sizeof z);
            switch (mode) {
            case SOFT_ABSORB:
                for (k = 0; k < nb; k += d) {
                    soft_upd(s, f, d, &w, &w, (unsigned)k);
                }
                continue;
            case SOFT_ENC:
                for (k = 0; k < nb; k += d) {
                    soft_ks(s, f, d, &z, &z, (unsigned)k);
                    soft_upd(s, f, d, &w, &w, (unsigned)k);
                }
                soft_xor(&z, &z, &w);
                break;
            case SOFT_DEC:
                for (k = 0; k < nb; k += d) {
                    soft_ks(s, f, d, &z, &z, (unsigned)k);
                    for (q = 0; q < 8; q++) {
                        z.q[q] ^= w.q[q] & (lanes << k);
                    }
                    soft_upd(s, f, d, &z, &z, (unsigned)k);
                }
                break;
            default:
                for (k = 0; k < nb; k += d) {
                    soft_ks(s, f, d, &z, &z, (unsigned)k);
                    soft_upd(s, f, d, &zero, &zero, 0);
                }
                if (src != NULL) {
                    soft_xor(&z, &z, &w);
                }
            }
            soft_store_n(dst + i, NULL, &z, nb);
        }
    }
    aegisgo_wipe_local(&w, sizeof w);
    aegisgo_wipe_local(&w1, sizeof w1);
    aegisgo_wipe_local(&z, sizeof z);
    aegisgo_wipe_local(&z1, sizeof z1);
}

/* soft_run, one function per family and degree, each with its four loops. */
#define SOFT_RUN_FUNC(name, f, d)                                                              \
    AEGISGO_NOINLINE void name(soft_state *s, uint8_t *dst, const uint8_t *src, size_t n,      \
                               int mode)                                                       \
    {                                                                                          \
        switch (mode) {                                                                        \
        case SOFT_ENC:                                                                         \
            soft_run(s, f, d, dst, src, n, SOFT_ENC);                                          \
            break;                                                                             \
        case SOFT_DEC:                                                                         \
            soft_run(s, f, d, dst, src, n, SOFT_DEC);                                          \
            break;                                                                             \
        case SOFT_ABSORB:                                                                      \
            soft_run(s, f, d, dst, src, n, SOFT_ABSORB);                                       \
            break;                                                                             \
        default:                                                                               \
            soft_run(s, f, d, dst, src, n, SOFT_STREAM);                                       \
        }                                                                                      \
    }
SOFT_RUN_FUNC(soft_run128_d1, 128, 1)
SOFT_RUN_FUNC(soft_run128_d2, 128, 2)
SOFT_RUN_FUNC(soft_run128_d4, 128, 4)
SOFT_RUN_FUNC(soft_run256_d1, 256, 1)
SOFT_RUN_FUNC(soft_run256_d2, 256, 2)
SOFT_RUN_FUNC(soft_run256_d4, 256, 4)

AEGISGO_INLINE void soft_crypt(soft_state *s, int f, int d, uint8_t *dst, const uint8_t *src,
                               size_t n, int mode)
{
    if (n == 0) {
        return;
    }
    if (f == 128) {
        if (d == 1) {
            soft_run128_d1(s, dst, src, n, mode);
        } else if (d == 2) {
            soft_run128_d2(s, dst, src, n, mode);
        } else {
            soft_run128_d4(s, dst, src, n, mode);
        }
    } else if (d == 1) {
        soft_run256_d1(s, dst, src, n, mode);
    } else if (d == 2) {
        soft_run256_d2(s, dst, src, n, mode);
    } else {
        soft_run256_d4(s, dst, src, n, mode);
    }
}

/* Absorbs the rate block rb: the message of one update. */
AEGISGO_INLINE void soft_absorb_block(soft_state *s, int f, int d, const uint8_t *rb)
{
    soft_crypt(s, f, d, NULL, rb, SOFT_RATE(f, d), SOFT_ABSORB);
}

/* Absorbs n bytes, zero-padded to the rate. */
AEGISGO_INLINE void soft_absorb(soft_state *s, int f, int d, const uint8_t *a, size_t n)
{
    const size_t r = SOFT_RATE(f, d), whole = n - n % r;
    soft_crypt(s, f, d, NULL, a, whole, SOFT_ABSORB);
    if (whole < n) {
        uint8_t b[128];
        memset(b, 0, sizeof b);
        memcpy(b, a + whole, n - whole);
        soft_absorb_block(s, f, d, b);
    }
}

/* The keystream of the next rate block, as bytes, leaving s as it is:
 * what soft_run's Stream stores for its first rate block, without the
 * update after it (and with no copy of the state to update). */
AEGISGO_INLINE void soft_ks_bytes(const soft_state *s, int f, int d, uint8_t *z)
{
    soft_group z0, z1;
    memset(&z0, 0, sizeof z0);
    memset(&z1, 0, sizeof z1);
    soft_ks(s, f, d, &z0, &z1, 0);
    if (f == 128 && d == 1) {
        soft_store1(z, NULL, &z0);
    } else if (f == 128) {
        soft_store_n(z, NULL, &z0, 4);
        if (d == 4) {
            soft_store_n(z + 64, NULL, &z1, 4);
        }
    } else {
        soft_store_n(z, NULL, &z0, d);
    }
    aegisgo_wipe_local(&z0, sizeof z0);
    aegisgo_wipe_local(&z1, sizeof z1);
}

/* The message of an update whose rate block is rb, in the lanes that
 * soft_upd takes with sh = 0: packed once for the updates of Init and
 * Finalize, which repeat it. */
AEGISGO_INLINE void soft_pack_msg(int f, int d, const uint8_t *rb, soft_group *m0,
                                  soft_group *m1)
{
    if (f == 128 && d == 1) {
        soft_load1(m0, rb);
    } else if (f == 128) {
        soft_load_n(m0, rb, 4);
        if (d == 4) {
            soft_load_n(m1, rb + 64, 4);
        }
    } else {
        soft_load_n(m0, rb, d);
    }
}

/* The rate block whose words are x (and y, for the 128 family) in lanes 0
 * to lanes-1, zeros elsewhere, as a message (soft_pack_msg). */
AEGISGO_INLINE void soft_words_msg(int f, int d, const uint8_t *x, const uint8_t *y, int lanes,
                                   soft_group *m0, soft_group *m1)
{
    uint8_t rb[128];
    int i;
    memset(rb, 0, sizeof rb);
    for (i = 0; i < lanes; i++) {
        memcpy(rb + 16 * i, x, 16);
        if (f == 128) {
            memcpy(rb + 16 * (d + i), y, 16);
        }
    }
    soft_pack_msg(f, d, rb, m0, m1);
    aegisgo_wipe_local(rb, sizeof rb);
}

/* Absorbs the rate block of soft_words_msg. */
AEGISGO_INLINE void soft_absorb_words(soft_state *s, int f, int d, const uint8_t *x,
                                      const uint8_t *y, int lanes)
{
    soft_group m0, m1;
    soft_words_msg(f, d, x, y, lanes, &m0, &m1);
    soft_upd(s, f, d, &m0, &m1, 0);
    aegisgo_wipe_local(&m0, sizeof m0);
    aegisgo_wipe_local(&m1, sizeof m1);
}

AEGISGO_INLINE void soft_xor16(uint8_t *r, const uint8_t *a, const uint8_t *b)
{
    int i;
    for (i = 0; i < 16; i++) {
        r[i] = a[i] ^ b[i];
    }
}

/* The constants of the initial state at degree 1, in its two groups:
 * AEGIS-128L's S0..S7 (C1 in S1, S3, S6; C0 in S2, S5, S7) and
 * AEGIS-256's S0..S5 (C1 in S2, S5; C0 in S3, S4), the other blocks zero,
 * packed (internal/soft's init128 and init256). Packing them on each call
 * cost as much as a third of an update, and their blocks a kilobyte of
 * stack that every call must then wipe. A wrong word here fails every
 * known answer. */
static const soft_group soft_init128[2] = {
    {{UINT64_C(0x82a82a82a82a82a8), UINT64_C(0x2802028002808028), UINT64_C(0x8028028080280280),
      UINT64_C(0x8220a0a820080088), UINT64_C(0x82882a088808a208), UINT64_C(0x2080aa80a2088880),
      UINT64_C(0xaa88200020808088), UINT64_C(0x80800000a0802008)}},
    {{UINT64_C(0x3cf3cf3cf3cf3cf3), UINT64_C(0xc30c0c300c3030c3), UINT64_C(0x30c30c3030c30c30),
      UINT64_C(0x3cc0f0f3c0030033), UINT64_C(0x3c33cf033303fc03), UINT64_C(0xc030ff30fc033330),
      UINT64_C(0xff33c000c0303033), UINT64_C(0x30300000f030c003)}},
};
static const soft_group soft_init256[2] = {
    {{UINT64_C(0x2462462462462462), UINT64_C(0x4204042004202042), UINT64_C(0x2042042020420420),
      UINT64_C(0x2440606240020022), UINT64_C(0x2422460222026402), UINT64_C(0x4020662064022220),
      UINT64_C(0x6622400040202022), UINT64_C(0x2020000060204002)}},
    {{UINT64_C(0x4264264264264264), UINT64_C(0x2402024002404024), UINT64_C(0x4024024040240240),
      UINT64_C(0x4220606420040044), UINT64_C(0x4244260444046204), UINT64_C(0x2040664062044440),
      UINT64_C(0x6644200020404044), UINT64_C(0x4040000060402004)}},
};

/* Init at degree 1 from one packed group (internal/soft's init1): every
 * block of the state is a lane mask of the key and the nonce, xored with
 * the packed constants, and the messages are lanes of that group. Short
 * messages are mostly Init and Finalize, and this way they convert no
 * block of bytes. AEGIS-128L: w = N, N, K, K; g0 = S0 S2 S4 S6 = K^N, C0,
 * K^N, K^C1; g1 = S1 S3 S5 S7 = C1, C1, K^C0, K^C0; M0 = N and M1 = K are
 * lanes 0 and 2 of w. AEGIS-256: w = k0, k1, n0, n1; g0 = S0 S2 S4 =
 * k0^n0, C1, k0^C0; g1 = S1 S3 S5 = k1^n1, C0, k1^C1; the messages k0, k1,
 * k0^n0, k1^n1 are lanes 0 and 1 of w and of w ^ (w down two lanes). */
AEGISGO_INLINE void soft_init1(soft_state *s, int f, const uint8_t *k, const uint8_t *n)
{
    const soft_group *c = f == 128 ? soft_init128 : soft_init256;
    soft_group w, x;
    int i, r;

    if (f == 128) {
        soft_load_block(&w, 0, n);
        soft_load_block(&w, 1, n);
        soft_load_block(&w, 2, k);
        soft_load_block(&w, 3, k);
    } else {
        soft_load_block(&w, 0, k);
        soft_load_block(&w, 1, k + 16);
        soft_load_block(&w, 2, n);
        soft_load_block(&w, 3, n + 16);
    }
    soft_pack(&w);
    for (i = 0; i < 8; i++) {
        const uint64_t q = w.q[i];
        if (f == 128) {
            uint64_t nn = q & SOFT_LANE01, kk = q & ~SOFT_LANE01;
            nn |= nn << 2;
            kk |= kk >> 2;
            s->g[0].q[i] = (kk & UINT64_C(0xdddddddddddddddd)) ^ (nn & SOFT_LANE02) ^ c[0].q[i];
            s->g[1].q[i] = (kk & ~SOFT_LANE01) ^ c[1].q[i];
        } else {
            const uint64_t k0 = q & SOFT_LANE0, k1 = (q >> 1) & SOFT_LANE0;
            s->g[0].q[i] = (k0 | k0 << 2) ^ ((q >> 2) & SOFT_LANE0) ^ c[0].q[i];
            s->g[1].q[i] = (k1 | k1 << 2) ^ ((q >> 3) & SOFT_LANE0) ^ c[1].q[i];
            x.q[i] = q ^ (q >> 2);
        }
    }
    if (f == 128) {
        for (r = 0; r < 10; r++) {
            soft_upd(s, f, 1, &w, &w, 0);
        }
    } else {
        for (r = 0; r < 4; r++) {
            soft_upd(s, f, 1, &w, &w, 0);
            soft_upd(s, f, 1, &w, &w, 1);
            soft_upd(s, f, 1, &x, &x, 0);
            soft_upd(s, f, 1, &x, &x, 1);
        }
        aegisgo_wipe_local(&x, sizeof x);
    }
    aegisgo_wipe_local(&w, sizeof w);
}

/* Init of the spec, with the context of each lane xored into V[3,*] and
 * V[7,*] (V[5,*] for the 256 family) before every update where d > 1. */
AEGISGO_INLINE void soft_init(soft_state *s, int f, int d, const uint8_t *k, const uint8_t *n)
{
    soft_blocks v, cv;
    soft_state c;
    soft_group m[4];
    const int ng = SOFT_NG(f, d), j3 = 3 % ng, jc = (f == 128 ? 7 : 5) % ng;
    int i, r, t;

    if (d == 1) {
        soft_init1(s, f, k, n);
        return;
    }
    memset(v, 0, sizeof v);
    memset(cv, 0, sizeof cv);
    for (i = 0; i < d; i++) {
        if (f == 128) {
            soft_xor16(v[0][i], k, n);
            memcpy(v[1][i], aegisgo_c1, 16);
            memcpy(v[2][i], aegisgo_c0, 16);
            memcpy(v[3][i], aegisgo_c1, 16);
            memcpy(v[4][i], v[0][i], 16);
            soft_xor16(v[5][i], k, aegisgo_c0);
            soft_xor16(v[6][i], k, aegisgo_c1);
            memcpy(v[7][i], v[5][i], 16);
        } else {
            soft_xor16(v[0][i], k, n);
            soft_xor16(v[1][i], k + 16, n + 16);
            memcpy(v[2][i], aegisgo_c1, 16);
            memcpy(v[3][i], aegisgo_c0, 16);
            soft_xor16(v[4][i], k, aegisgo_c0);
            soft_xor16(v[5][i], k + 16, aegisgo_c1);
        }
        cv[3][i][0] = (uint8_t)i;
        cv[3][i][1] = (uint8_t)(d - 1);
        memcpy(cv[f == 128 ? 7 : 5][i], cv[3][i], 16);
    }
    soft_from_blocks(s, f, d, v);
    if (d > 1) {
        soft_from_blocks(&c, f, d, cv);
    }
    memset(m, 0, sizeof m);
    if (f == 128) {
        soft_words_msg(f, d, n, k, d, &m[0], &m[1]);
    } else {
        /* k0, k1, k0 ^ n0, k1 ^ n1 */
        for (t = 0; t < 4; t++) {
            soft_words_msg(f, d, t < 2 ? k + 16 * t : v[t - 2][0], NULL, d, &m[t], &m[t]);
        }
    }
    for (r = 0; r < (f == 128 ? 10 : 4); r++) {
        for (t = 0; t < (f == 128 ? 1 : 4); t++) {
            if (d > 1) {
                soft_xor(&s->g[j3], &s->g[j3], &c.g[j3]);
                if (jc != j3) {
                    soft_xor(&s->g[jc], &s->g[jc], &c.g[jc]);
                }
            }
            soft_upd(s, f, d, &m[f == 128 ? 0 : t], &m[1], 0);
        }
    }
    aegisgo_wipe_local(v, sizeof v);
    aegisgo_wipe_local(m, sizeof m);
}

/* The seven updates of Finalize: the message t = V[2,i] ^ u (V[3,i] for
 * the 256 family) in every lane, or in lane 0 only. */
AEGISGO_INLINE void soft_final_rounds(soft_state *s, int f, int d, const uint8_t u[16],
                                      int lanes)
{
    soft_blocks v;
    soft_group m0, m1;
    uint8_t t[4][16], rb[128];
    int i;

    soft_to_blocks(v, f, d, s);
    memset(rb, 0, sizeof rb);
    for (i = 0; i < lanes; i++) {
        soft_xor16(t[i], v[f == 128 ? 2 : 3][i], u);
        memcpy(rb + 16 * i, t[i], 16);
        if (f == 128) {
            memcpy(rb + 16 * (d + i), t[i], 16);
        }
    }
    soft_pack_msg(f, d, rb, &m0, &m1);
    for (i = 0; i < 7; i++) {
        soft_upd(s, f, d, &m0, &m1, 0);
    }
    aegisgo_wipe_local(v, sizeof v);
    aegisgo_wipe_local(t, sizeof t);
    aegisgo_wipe_local(rb, sizeof rb);
    aegisgo_wipe_local(&m0, sizeof m0);
    aegisgo_wipe_local(&m1, sizeof m1);
}

/* The tags of the lanes after Finalize's updates: a[i] the 16-byte tag of
 * lane i, or with 32-byte tags its halves a[i] and b[i]. */
AEGISGO_INLINE void soft_lane_tags(const soft_state *s, int f, int d, size_t taglen,
                                   uint8_t a[4][16], uint8_t b[4][16])
{
    soft_blocks v;
    const int nw = SOFT_NW(f), half = nw / 2;
    int i, j, x;

    soft_to_blocks(v, f, d, s);
    memset(a, 0, 64);
    memset(b, 0, 64);
    for (i = 0; i < d; i++) {
        for (j = 0; j < nw; j++) {
            for (x = 0; x < 16; x++) {
                if (taglen == 16) {
                    if (j < nw - (f == 128)) { /* S0..S6, or S0..S5 */
                        a[i][x] ^= v[j][i][x];
                    }
                } else if (j < half) {
                    a[i][x] ^= v[j][i][x];
                } else {
                    b[i][x] ^= v[j][i][x];
                }
            }
        }
    }
    aegisgo_wipe_local(v, sizeof v);
}

/* Finalize at degree 1 on the groups themselves (internal/soft's
 * lengths and tag at degree 1): the message t = S2 ^ u (AEGIS-128L: S2 is
 * lane 1 of g0, moved to lanes 0 and 2) or S3 ^ u (AEGIS-256: lane 1 of
 * g1, moved to lane 0), and the tag folded from g0 ^ g1 down to lane 0
 * (and lane 2, or 1, for the second half of a 32-byte tag). */
AEGISGO_INLINE void soft_final1(soft_state *s, int f, uint8_t *tag, size_t taglen,
                                const uint8_t u[16])
{
    soft_group m, a;
    int i;

    memset(&m, 0, sizeof m);
    soft_load_block(&m, 0, u);
    if (f == 128) {
        soft_load_block(&m, 2, u);
    }
    soft_pack(&m);
    for (i = 0; i < 8; i++) {
        const uint64_t g0 = s->g[0].q[i], g1 = s->g[1].q[i];
        m.q[i] ^= f == 128 ? ((g0 >> 1) & SOFT_LANE0) | ((g0 << 1) & SOFT_LANE2)
                           : (g1 >> 1) & SOFT_LANE0;
    }
    for (i = 0; i < 7; i++) {
        soft_upd(s, f, 1, &m, &m, 0);
    }
    for (i = 0; i < 8; i++) {
        const uint64_t g0 = s->g[0].q[i], g1 = s->g[1].q[i];
        uint64_t x;
        if (f == 128) {
            /* S0^S1, S2^S3, S4^S5, S6^S7; a 16-byte tag leaves S7 out. */
            x = g0 ^ g1;
            if (taglen == 16) {
                x ^= g1 & ~(SOFT_LANE0 | SOFT_LANE12);
                x ^= x >> 2;
            }
            a.q[i] = x ^ (x >> 1);
        } else {
            x = (g0 ^ g1) & (SOFT_LANE01 | SOFT_LANE2);
            if (taglen == 16) {
                x ^= x >> 2;
                a.q[i] = (x ^ (x >> 1)) & SOFT_LANE0;
            } else {
                a.q[i] = ((x ^ (g0 >> 1)) & SOFT_LANE0) | ((g1 ^ (x >> 1)) & (SOFT_LANE01 & ~SOFT_LANE0));
            }
        }
    }
    soft_unpack(&a);
    soft_store_block(tag, NULL, &a, 0);
    if (taglen == 32) {
        soft_store_block(tag + 16, NULL, &a, f == 128 ? 2 : 1);
    }
    aegisgo_wipe_local(&m, sizeof m);
    aegisgo_wipe_local(&a, sizeof a);
}

/* Finalize: the tag, the lanes' tags xored together where d > 1. */
AEGISGO_INLINE void soft_final(soft_state *s, int f, int d, uint8_t *tag, size_t taglen,
                               uint64_t adlen, uint64_t mlen)
{
    uint8_t u[16], a[4][16], b[4][16];
    int i;

    aegisgo_lengths_block(u, adlen, mlen);
    if (d == 1) {
        soft_final1(s, f, tag, taglen, u);
        return;
    }
    soft_final_rounds(s, f, d, u, d);
    soft_lane_tags(s, f, d, taglen, a, b);
    for (i = 1; i < d; i++) {
        soft_xor16(a[0], a[0], a[i]);
        soft_xor16(b[0], b[0], b[i]);
    }
    memcpy(tag, a[0], 16);
    if (taglen == 32) {
        memcpy(tag + 16, b[0], 16);
    }
    aegisgo_wipe_local(a, sizeof a);
    aegisgo_wipe_local(b, sizeof b);
}

/* FinalizeMac of the spec: Finalize(|data|, tag bits) at degree 1; where
 * d > 1 the lanes' tags are absorbed into lane 0, which alone gives the
 * tag. */
AEGISGO_INLINE void soft_final_mac(soft_state *s, int f, int d, uint8_t *tag, size_t taglen,
                                   uint64_t len)
{
    uint8_t u[16], a[4][16], b[4][16], zero[16];
    int i;

    if (d == 1) {
        soft_final(s, f, d, tag, taglen, len, (uint64_t)taglen);
        return;
    }
    memset(zero, 0, sizeof zero);
    aegisgo_lengths_block(u, len, (uint64_t)taglen);
    soft_final_rounds(s, f, d, u, d);
    soft_lane_tags(s, f, d, taglen, a, b);
    if (f == 128 && taglen == 16) {
        /* Every lane's tag, lane 0 included, two per update. */
        for (i = 0; i < d; i += 2) {
            soft_absorb_words(s, f, d, a[i], a[i + 1], 1);
        }
    } else if (f == 128) {
        /* Lanes 1..D-1, a 256-bit tag each: one update each. */
        for (i = 1; i < d; i++) {
            soft_absorb_words(s, f, d, a[i], b[i], 1);
        }
    } else {
        for (i = 1; i < d; i++) {
            soft_absorb_words(s, f, d, a[i], zero, 1);
            if (taglen == 32) {
                soft_absorb_words(s, f, d, b[i], zero, 1);
            }
        }
    }
    aegisgo_le64x2(u, (uint64_t)d, (uint64_t)taglen * 8);
    soft_final_rounds(s, f, d, u, 1);
    soft_lane_tags(s, f, d, taglen, a, b);
    memcpy(tag, a[0], 16);
    if (taglen == 32) {
        memcpy(tag + 16, b[0], 16);
    }
    aegisgo_wipe_local(a, sizeof a);
    aegisgo_wipe_local(b, sizeof b);
}

/* The function of family f and degree d (constants) of the six that
 * name##128_d1 to name##256_d4 are: a direct call once inlined. */
#define SOFT_PICK(name, f, d)                                                        \
    ((f) == 128 ? ((d) == 1 ? name##128_d1 : (d) == 2 ? name##128_d2 : name##128_d4) \
                : ((d) == 1 ? name##256_d1 : (d) == 2 ? name##256_d2 : name##256_d4))

/* Init, Finalize and FinalizeMac out of line, one function each per
 * family and degree: they run once a message, and their conversions
 * inlined into every entry point would double this kernel's code. They
 * are
 *
 *   soft_initialize128_d1 soft_finalize128_d1 soft_finalize_mac128_d1
 *   soft_initialize128_d2 soft_finalize128_d2 soft_finalize_mac128_d2
 *   soft_initialize128_d4 soft_finalize128_d4 soft_finalize_mac128_d4
 *   soft_initialize256_d1 soft_finalize256_d1 soft_finalize_mac256_d1
 *   soft_initialize256_d2 soft_finalize256_d2 soft_finalize_mac256_d2
 *   soft_initialize256_d4 soft_finalize256_d4 soft_finalize_mac256_d4
 */
#define SOFT_COLD(f, d)                                                                       \
    AEGISGO_NOINLINE void soft_initialize##f##_d##d(soft_state *s, const uint8_t *k,         \
                                                     const uint8_t *n)                        \
    {                                                                                         \
        soft_init(s, f, d, k, n);                                                             \
    }                                                                                         \
    AEGISGO_NOINLINE void soft_finalize##f##_d##d(soft_state *s, uint8_t *tag, size_t taglen, \
                                                   uint64_t adlen, uint64_t mlen)             \
    {                                                                                         \
        soft_final(s, f, d, tag, taglen, adlen, mlen);                                        \
    }                                                                                         \
    AEGISGO_NOINLINE void soft_finalize_mac##f##_d##d(soft_state *s, uint8_t *tag,           \
                                                       size_t taglen, uint64_t len)          \
    {                                                                                         \
        soft_final_mac(s, f, d, tag, taglen, len);                                            \
    }
SOFT_COLD(128, 1)
SOFT_COLD(128, 2)
SOFT_COLD(128, 4)
SOFT_COLD(256, 1)
SOFT_COLD(256, 2)
SOFT_COLD(256, 4)

/* Enc of the last n < rate bytes: the block zero-padded, as a whole one. */
AEGISGO_INLINE void soft_enc_tail(soft_state *s, int f, int d, uint8_t *dst, const uint8_t *src,
                                  size_t n)
{
    uint8_t b[128];
    memset(b, 0, sizeof b);
    memcpy(b, src, n);
    soft_crypt(s, f, d, b, b, SOFT_RATE(f, d), SOFT_ENC);
    memcpy(dst, b, n);
    aegisgo_wipe_local(b, sizeof b);
}

/* DecPartial: the keystream xored into the last n < rate bytes, then the
 * plaintext, zero-padded, absorbed. */
AEGISGO_INLINE void soft_dec_tail(soft_state *s, int f, int d, uint8_t *dst, const uint8_t *src,
                                  size_t n)
{
    uint8_t z[128];
    size_t i;
    memset(z, 0, sizeof z);
    soft_ks_bytes(s, f, d, z);
    for (i = 0; i < n; i++) {
        z[i] ^= src[i];
    }
    memset(z + n, 0, sizeof z - n);
    memcpy(dst, z, n);
    soft_absorb_block(s, f, d, z);
    aegisgo_wipe_local(z, sizeof z);
}

AEGISGO_INLINE void soft_encrypt(int f, int d, uint8_t *c, uint8_t *tag, size_t taglen,
                                 const uint8_t *m, size_t mlen, const uint8_t *ad, size_t adlen,
                                 const uint8_t *npub, const uint8_t *k)
{
    soft_state s;
    const size_t whole = mlen - mlen % SOFT_RATE(f, d);

    SOFT_PICK(soft_initialize, f, d)(&s, k, npub);
    soft_absorb(&s, f, d, ad, adlen);
    soft_crypt(&s, f, d, c, m, whole, SOFT_ENC);
    if (whole < mlen) {
        soft_enc_tail(&s, f, d, c + whole, m + whole, mlen - whole);
    }
    SOFT_PICK(soft_finalize, f, d)(&s, tag, taglen, adlen, mlen);
    aegisgo_wipe_local(&s, sizeof s);
}

AEGISGO_INLINE int soft_decrypt(int f, int d, uint8_t *m, const uint8_t *c, size_t clen,
                                const uint8_t *tag, size_t taglen, const uint8_t *ad,
                                size_t adlen, const uint8_t *npub, const uint8_t *k)
{
    soft_state s;
    uint8_t want[32];
    const size_t whole = clen - clen % SOFT_RATE(f, d);
    int ok;

    SOFT_PICK(soft_initialize, f, d)(&s, k, npub);
    soft_absorb(&s, f, d, ad, adlen);
    soft_crypt(&s, f, d, m, c, whole, SOFT_DEC);
    if (whole < clen) {
        soft_dec_tail(&s, f, d, m + whole, c + whole, clen - whole);
    }
    SOFT_PICK(soft_finalize, f, d)(&s, want, taglen, adlen, clen);
    aegisgo_wipe_local(&s, sizeof s);
    ok = aegisgo_ct_verify(want, tag, taglen);
    aegisgo_wipe_local(want, sizeof want);
    aegisgo_declassify(&ok, sizeof ok);
    if (ok != 0 && clen > 0) {
        memset(m, 0, clen);
    }
    return ok;
}

/*
 * The incremental state (aegis.h): plain bytes, with the partial block and
 * the lengths where aegis128_inc.h and aegis256_inc.h keep them (the C
 * tests set the lengths there), and the groups in place of the blocks:
 *
 *   [0, 64n)         the n groups, each as eight words in the host's order
 *                    (a state never leaves the process that made it);
 *                    AEGIS-256's two groups are larger than its six blocks,
 *                    and lie after the lengths, at [128, 256)
 *   [P, P + R)       the current partial block, zeros after its bytes;
 *                    P = 128D (128 family) or 96D (256 family)
 *   [P + R, +8)      the associated data length in bytes
 *   [P + R + 8, +8)  the message (or MAC data, or keystream) length
 */
#define SOFT_PEND(f, d) ((size_t)((f) == 128 ? 128 * (d) : 96 * (d)))
#define SOFT_ADLEN(f, d) (SOFT_PEND(f, d) + SOFT_RATE(f, d))
#define SOFT_MLEN(f, d) (SOFT_ADLEN(f, d) + 8)
#define SOFT_GROUPS(f, d) ((size_t)((f) == 256 && (d) == 1 ? 128 : 0))
typedef char soft_inc_fits[SOFT_MLEN(128, 4) + 8 <= AEGISGO_STATE_BYTES &&
                                   SOFT_GROUPS(256, 1) >= SOFT_MLEN(256, 1) + 8
                               ? 1
                               : -1];

AEGISGO_INLINE void soft_inc_load(soft_state *s, int f, int d, const uint8_t *st)
{
    memcpy(s->g, st + SOFT_GROUPS(f, d), 64 * (size_t)SOFT_NG(f, d));
}

AEGISGO_INLINE void soft_inc_store(uint8_t *st, int f, int d, const soft_state *s)
{
    memcpy(st + SOFT_GROUPS(f, d), s->g, 64 * (size_t)SOFT_NG(f, d));
}

/* Absorbs the partial block, if any: its bytes are already zero-padded. */
AEGISGO_INLINE void soft_inc_flush(soft_state *s, int f, int d, const uint8_t *st)
{
    if (aegisgo_get64(st + SOFT_MLEN(f, d)) % SOFT_RATE(f, d) != 0) {
        soft_absorb_block(s, f, d, st + SOFT_PEND(f, d));
    }
}

AEGISGO_INLINE void soft_mac_update(int f, int d, uint8_t *st, const uint8_t *a, size_t n)
{
    soft_state s;
    const size_t r = SOFT_RATE(f, d);
    uint8_t *pend = st + SOFT_PEND(f, d);
    const uint64_t len = aegisgo_get64(st + SOFT_MLEN(f, d));
    const size_t pos = (size_t)(len % r);
    size_t i = 0, whole;

    if (n == 0) {
        return;
    }
    aegisgo_put64(st + SOFT_MLEN(f, d), len + (uint64_t)n);
    if (pos + n < r) {
        memcpy(pend + pos, a, n);
        return;
    }
    soft_inc_load(&s, f, d, st);
    if (pos > 0) {
        i = aegisgo_fill(r, pos, n);
        memcpy(pend + pos, a, i);
        soft_absorb_block(&s, f, d, pend);
        memset(pend, 0, r);
    }
    whole = (n - i) - (n - i) % r;
    soft_crypt(&s, f, d, NULL, a + i, whole, SOFT_ABSORB);
    i += whole;
    memcpy(pend, a + i, n - i);
    soft_inc_store(st, f, d, &s);
    aegisgo_wipe_local(&s, sizeof s);
}

AEGISGO_INLINE void soft_inc_init(int f, int d, uint8_t *st, const uint8_t *ad, size_t adlen,
                                  const uint8_t *npub, const uint8_t *k)
{
    soft_state s;
    SOFT_PICK(soft_initialize, f, d)(&s, k, npub);
    soft_absorb(&s, f, d, ad, adlen);
    soft_inc_store(st, f, d, &s);
    memset(st + SOFT_PEND(f, d), 0, SOFT_RATE(f, d));
    aegisgo_put64(st + SOFT_ADLEN(f, d), (uint64_t)adlen);
    aegisgo_put64(st + SOFT_MLEN(f, d), 0);
    aegisgo_wipe_local(&s, sizeof s);
}

/* Finish the partial block left by the previous call, run whole blocks,
 * start a new partial block with what remains. out may be in exactly. */
AEGISGO_INLINE void soft_inc_update(int f, int d, uint8_t *st, uint8_t *out, const uint8_t *in,
                                    size_t n, aegisgo_dir dir)
{
    soft_state s;
    const size_t r = SOFT_RATE(f, d);
    uint8_t *pend = st + SOFT_PEND(f, d);
    const uint64_t mlen = aegisgo_get64(st + SOFT_MLEN(f, d));
    const size_t pos = (size_t)(mlen % r);
    size_t i = 0, whole;
    uint8_t z[128];

    if (n == 0) {
        return;
    }
    soft_inc_load(&s, f, d, st);
    if (pos > 0) {
        i = aegisgo_fill(r, pos, n);
        soft_ks_bytes(&s, f, d, z);
        aegisgo_partial(pend + pos, out, in, z + pos, i, dir);
        if (pos + i == r) {
            soft_absorb_block(&s, f, d, pend);
            memset(pend, 0, r);
        }
    }
    whole = (n - i) - (n - i) % r;
    soft_crypt(&s, f, d, out + i, in != NULL ? in + i : NULL, whole, (int)dir);
    i += whole;
    if (i < n) {
        /* A new partial block: pend is all zeros here. */
        soft_ks_bytes(&s, f, d, z);
        aegisgo_partial(pend, out + i, in != NULL ? in + i : NULL, z, n - i, dir);
    }
    aegisgo_wipe(z, sizeof z);
    soft_inc_store(st, f, d, &s);
    aegisgo_wipe_local(&s, sizeof s);
    aegisgo_put64(st + SOFT_MLEN(f, d), mlen + (uint64_t)n);
}

AEGISGO_INLINE void soft_inc_final(int f, int d, uint8_t *st, uint8_t *tag, size_t taglen)
{
    soft_state s;
    soft_inc_load(&s, f, d, st);
    soft_inc_flush(&s, f, d, st);
    SOFT_PICK(soft_finalize, f, d)(&s, tag, taglen, aegisgo_get64(st + SOFT_ADLEN(f, d)),
                                   aegisgo_get64(st + SOFT_MLEN(f, d)));
    aegisgo_wipe_local(&s, sizeof s);
    aegisgo_wipe(st, AEGISGO_STATE_BYTES);
}

AEGISGO_INLINE void soft_mac_final(int f, int d, const uint8_t *st, uint8_t *tag, size_t taglen)
{
    soft_state s;
    soft_inc_load(&s, f, d, st);
    soft_inc_flush(&s, f, d, st);
    SOFT_PICK(soft_finalize_mac, f, d)(&s, tag, taglen, aegisgo_get64(st + SOFT_MLEN(f, d)));
    aegisgo_wipe_local(&s, sizeof s);
}

/* The entry points of one variant, named as the table below names them:
 * soft_d1_encrypt128 and the rest. */
#define SOFT_ENTRIES(f, d)                                                                      \
    static void soft_d##d##_encrypt##f(uint8_t *c, uint8_t *tag, size_t taglen,                 \
                                        const uint8_t *m, size_t mlen, const uint8_t *ad,      \
                                        size_t adlen, const uint8_t *npub, const uint8_t *k)   \
    {                                                                                           \
        soft_encrypt(f, d, c, tag, taglen, m, mlen, ad, adlen, npub, k);                        \
    }                                                                                           \
    static int soft_d##d##_decrypt##f(uint8_t *m, const uint8_t *c, size_t clen,                \
                                       const uint8_t *tag, size_t taglen, const uint8_t *ad,    \
                                       size_t adlen, const uint8_t *npub, const uint8_t *k)     \
    {                                                                                           \
        return soft_decrypt(f, d, m, c, clen, tag, taglen, ad, adlen, npub, k);                 \
    }                                                                                           \
    static void soft_d##d##_inc##f##_init(uint8_t *st, const uint8_t *ad, size_t adlen,          \
                                          const uint8_t *npub, const uint8_t *k)                \
    {                                                                                           \
        soft_inc_init(f, d, st, ad, adlen, npub, k);                                            \
    }                                                                                           \
    static void soft_d##d##_inc##f##_update(uint8_t *st, uint8_t *out, const uint8_t *in,        \
                                            size_t n, aegisgo_dir dir)                          \
    {                                                                                           \
        soft_inc_update(f, d, st, out, in, n, dir);                                             \
    }                                                                                           \
    static void soft_d##d##_inc##f##_final(uint8_t *st, uint8_t *tag, size_t taglen)             \
    {                                                                                           \
        soft_inc_final(f, d, st, tag, taglen);                                                  \
    }                                                                                           \
    static void soft_d##d##_mac##f##_update(uint8_t *st, const uint8_t *a, size_t n)             \
    {                                                                                           \
        soft_mac_update(f, d, st, a, n);                                                        \
    }                                                                                           \
    static void soft_d##d##_mac##f##_final(const uint8_t *st, uint8_t *tag, size_t taglen)       \
    {                                                                                           \
        soft_mac_final(f, d, st, tag, taglen);                                                  \
    }
SOFT_ENTRIES(128, 1)
SOFT_ENTRIES(128, 2)
SOFT_ENTRIES(128, 4)
SOFT_ENTRIES(256, 1)
SOFT_ENTRIES(256, 2)
SOFT_ENTRIES(256, 4)

/* The stack that the callers wipe after each call (wipe_stack), by
 * degree: about three times the deepest chain of frames that gcc 12 and
 * clang 14 give an entry point and the C caller between -O1 and -O3 on
 * x86-64, found by filling the stack and calling the entry points of
 * internal/testing/ctest/stackwipe's checks without the wipe: 2.4 KiB at degree 1,
 * 4.1 KiB at degrees 2 and 4 (Init with the lanes' contexts). A wipe of
 * 12 KiB takes some 90 ns (x86-64, glibc's memset), a tenth of a call of
 * AEGIS-128L on 16 bytes; 6 KiB half that. */
#define SOFT_WIPE1 6144
#define SOFT_WIPE AEGISGO_STACK_WIPE

/* The entry points, by variant. */
const aegisgo_ops aegisgo_soft_ops[AEGISGO_NVARIANTS] = {
    [AEGISGO_128L] = {
        .encrypt = soft_d1_encrypt128, .decrypt = soft_d1_decrypt128,
        .inc_init = soft_d1_inc128_init, .inc_update = soft_d1_inc128_update,
        .inc_final = soft_d1_inc128_final,
        .mac_update = soft_d1_mac128_update, .mac_final = soft_d1_mac128_final,
        .wipe_stack = SOFT_WIPE1,
    },
    [AEGISGO_128X2] = {
        .encrypt = soft_d2_encrypt128, .decrypt = soft_d2_decrypt128,
        .inc_init = soft_d2_inc128_init, .inc_update = soft_d2_inc128_update,
        .inc_final = soft_d2_inc128_final,
        .mac_update = soft_d2_mac128_update, .mac_final = soft_d2_mac128_final,
        .wipe_stack = SOFT_WIPE,
    },
    [AEGISGO_128X4] = {
        .encrypt = soft_d4_encrypt128, .decrypt = soft_d4_decrypt128,
        .inc_init = soft_d4_inc128_init, .inc_update = soft_d4_inc128_update,
        .inc_final = soft_d4_inc128_final,
        .mac_update = soft_d4_mac128_update, .mac_final = soft_d4_mac128_final,
        .wipe_stack = SOFT_WIPE,
    },
    [AEGISGO_256] = {
        .encrypt = soft_d1_encrypt256, .decrypt = soft_d1_decrypt256,
        .inc_init = soft_d1_inc256_init, .inc_update = soft_d1_inc256_update,
        .inc_final = soft_d1_inc256_final,
        .mac_update = soft_d1_mac256_update, .mac_final = soft_d1_mac256_final,
        .wipe_stack = SOFT_WIPE1,
    },
    [AEGISGO_256X2] = {
        .encrypt = soft_d2_encrypt256, .decrypt = soft_d2_decrypt256,
        .inc_init = soft_d2_inc256_init, .inc_update = soft_d2_inc256_update,
        .inc_final = soft_d2_inc256_final,
        .mac_update = soft_d2_mac256_update, .mac_final = soft_d2_mac256_final,
        .wipe_stack = SOFT_WIPE,
    },
    [AEGISGO_256X4] = {
        .encrypt = soft_d4_encrypt256, .decrypt = soft_d4_decrypt256,
        .inc_init = soft_d4_inc256_init, .inc_update = soft_d4_inc256_update,
        .inc_final = soft_d4_inc256_final,
        .mac_update = soft_d4_mac256_update, .mac_final = soft_d4_mac256_final,
        .wipe_stack = SOFT_WIPE,
    },
};
