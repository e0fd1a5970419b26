// SPDX-License-Identifier: MIT

//go:build cgo && !without_aegis

/*
 * Constant-time software AES round (AESENC semantics) for up to 4 blocks.
 *
 * SubBytes is bitsliced: the 16*n input bytes are transposed into 8 bit
 * planes (uint64_t p[j], bit k = bit j of byte k), the S-box is evaluated as
 * a boolean circuit on the planes (inversion in GF(2^8) mod
 * x^8+x^4+x^3+x+1 computed as x^254, followed by the affine map with 0x63),
 * and the planes are transposed back. ShiftRows and MixColumns then work on
 * bytes with an arithmetic (branch-free) xtime. Nothing indexes memory or
 * branches on data; only byte loads/stores with explicit shifts are used, so
 * results do not depend on host endianness or alignment.
 */
#include "soft_aes.h"

/* Transpose an 8x8 bit matrix held in a uint64_t: bit 8r+c <-> bit 8c+r. */
static uint64_t transpose8x8(uint64_t x)
{
    uint64_t t;
    t = (x ^ (x >> 7)) & UINT64_C(0x00AA00AA00AA00AA);
    x ^= t ^ (t << 7);
    t = (x ^ (x >> 14)) & UINT64_C(0x0000CCCC0000CCCC);
    x ^= t ^ (t << 14);
    t = (x ^ (x >> 28)) & UINT64_C(0x00000000F0F0F0F0);
    x ^= t ^ (t << 28);
    return x;
}

/* r = a * b in GF(2^8) (bitsliced), reduction polynomial x^8+x^4+x^3+x+1. */
static void gf_mul(uint64_t r[8], const uint64_t a[8], const uint64_t b[8])
{
    uint64_t a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3];
    uint64_t a4 = a[4], a5 = a[5], a6 = a[6], a7 = a[7];
    uint64_t b0 = b[0], b1 = b[1], b2 = b[2], b3 = b[3];
    uint64_t b4 = b[4], b5 = b[5], b6 = b[6], b7 = b[7];
    uint64_t p0, p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14;

    /* schoolbook product: p_k = XOR over i+j=k of a_i & b_j */
    p0 = a0 & b0;
    p1 = (a0 & b1) ^ (a1 & b0);
    p2 = (a0 & b2) ^ (a1 & b1) ^ (a2 & b0);
    p3 = (a0 & b3) ^ (a1 & b2) ^ (a2 & b1) ^ (a3 & b0);
    p4 = (a0 & b4) ^ (a1 & b3) ^ (a2 & b2) ^ (a3 & b1) ^ (a4 & b0);
    p5 = (a0 & b5) ^ (a1 & b4) ^ (a2 & b3) ^ (a3 & b2) ^ (a4 & b1) ^
         (a5 & b0);
    p6 = (a0 & b6) ^ (a1 & b5) ^ (a2 & b4) ^ (a3 & b3) ^ (a4 & b2) ^
         (a5 & b1) ^ (a6 & b0);
    p7 = (a0 & b7) ^ (a1 & b6) ^ (a2 & b5) ^ (a3 & b4) ^ (a4 & b3) ^
         (a5 & b2) ^ (a6 & b1) ^ (a7 & b0);
    p8 = (a1 & b7) ^ (a2 & b6) ^ (a3 & b5) ^ (a4 & b4) ^ (a5 & b3) ^
         (a6 & b2) ^ (a7 & b1);
    p9 = (a2 & b7) ^ (a3 & b6) ^ (a4 & b5) ^ (a5 & b4) ^ (a6 & b3) ^
         (a7 & b2);
    p10 = (a3 & b7) ^ (a4 & b6) ^ (a5 & b5) ^ (a6 & b4) ^ (a7 & b3);
    p11 = (a4 & b7) ^ (a5 & b6) ^ (a6 & b5) ^ (a7 & b4);
    p12 = (a5 & b7) ^ (a6 & b6) ^ (a7 & b5);
    p13 = (a6 & b7) ^ (a7 & b6);
    p14 = a7 & b7;

    /* fold x^k = x^(k-8) * (x^4 + x^3 + x + 1) from k = 14 down to 8 */
    p10 ^= p14; p9 ^= p14; p7 ^= p14; p6 ^= p14;
    p9 ^= p13;  p8 ^= p13; p6 ^= p13; p5 ^= p13;
    p8 ^= p12;  p7 ^= p12; p5 ^= p12; p4 ^= p12;
    p7 ^= p11;  p6 ^= p11; p4 ^= p11; p3 ^= p11;
    p6 ^= p10;  p5 ^= p10; p3 ^= p10; p2 ^= p10;
    p5 ^= p9;   p4 ^= p9;  p2 ^= p9;  p1 ^= p9;
    p4 ^= p8;   p3 ^= p8;  p1 ^= p8;  p0 ^= p8;

    r[0] = p0; r[1] = p1; r[2] = p2; r[3] = p3;
    r[4] = p4; r[5] = p5; r[6] = p6; r[7] = p7;
}

/*
 * r = a^2 (linear map). a^2 = sum a_i x^(2i); reduced:
 * x^8 = 0x1b, x^10 = 0x6c, x^12 = 0xab, x^14 = 0x9a.
 */
static void gf_sqr(uint64_t r[8], const uint64_t a[8])
{
    uint64_t a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3];
    uint64_t a4 = a[4], a5 = a[5], a6 = a[6], a7 = a[7];
    uint64_t a46 = a4 ^ a6, a67 = a6 ^ a7;

    r[0] = a0 ^ a46;
    r[1] = a46 ^ a7;
    r[2] = a1 ^ a5;
    r[3] = a4 ^ a5 ^ a67;
    r[4] = a2 ^ a4 ^ a7;
    r[5] = a5 ^ a6;
    r[6] = a3 ^ a5;
    r[7] = a67;
}

/* In-place bitsliced AES S-box on 8 planes. */
static void sbox_planes(uint64_t x[8])
{
    uint64_t x2[8], x3[8], x12[8], x14[8], x15[8], t[8], y[8];

    /* inverse as x^254 = x^240 * x^14, with x^0 -> 0 automatically */
    gf_sqr(x2, x);          /* x^2   */
    gf_mul(x3, x2, x);      /* x^3   */
    gf_sqr(t, x3);          /* x^6   */
    gf_sqr(x12, t);         /* x^12  */
    gf_mul(x15, x12, x3);   /* x^15  */
    gf_mul(x14, x12, x2);   /* x^14  */
    gf_sqr(t, x15);         /* x^30  */
    gf_sqr(y, t);           /* x^60  */
    gf_sqr(t, y);           /* x^120 */
    gf_sqr(y, t);           /* x^240 */
    gf_mul(t, y, x14);      /* x^254 */

    /* affine: s_i = b_i ^ b_(i-1) ^ b_(i-2) ^ b_(i-3) ^ b_(i-4) ^ c_i with
     * indices mod 8 and c = 0x63 (bits 0,1,5,6). Unused byte lanes are
     * don't-care. */
    {
        uint64_t b0 = t[0], b1 = t[1], b2 = t[2], b3 = t[3];
        uint64_t b4 = t[4], b5 = t[5], b6 = t[6], b7 = t[7];
        uint64_t u = b4 ^ b5 ^ b6 ^ b7, v = b0 ^ b1 ^ b2 ^ b3;

        x[0] = ~(b0 ^ u);
        x[1] = ~(b0 ^ b1 ^ b5 ^ b6 ^ b7);
        x[2] = b0 ^ b1 ^ b2 ^ b6 ^ b7;
        x[3] = v ^ b7;
        x[4] = v ^ b4;
        x[5] = ~(v ^ b4 ^ b5 ^ b0);
        x[6] = ~(b2 ^ b3 ^ b4 ^ b5 ^ b6);
        x[7] = b3 ^ u;
    }
}

static uint8_t xtime(uint8_t b)
{
    return (uint8_t)((b << 1) ^ (0x1b & -(b >> 7)));
}

void aegisgo_soft_aesround(uint8_t *out, const uint8_t *in, const uint8_t *rk, size_t n)
{
    uint64_t pl[8] = { 0, 0, 0, 0, 0, 0, 0, 0 };
    uint8_t s[64];
    size_t g, groups, blk;

    if (n > 4) /* contract says 1 <= n <= 4; never overrun the planes */
        n = 4;
    groups = 2 * n;

    /* pack: 8 bytes at a time, transpose, scatter rows into planes */
    for (g = 0; g < groups; g++) {
        const uint8_t *q = in + 8 * g;
        unsigned sh;
        uint64_t w = (uint64_t)q[0] | ((uint64_t)q[1] << 8) |
                     ((uint64_t)q[2] << 16) | ((uint64_t)q[3] << 24) |
                     ((uint64_t)q[4] << 32) | ((uint64_t)q[5] << 40) |
                     ((uint64_t)q[6] << 48) | ((uint64_t)q[7] << 56);
        w = transpose8x8(w);
        sh = 8 * (unsigned)g;
        pl[0] |= (w & 0xff) << sh;
        pl[1] |= ((w >> 8) & 0xff) << sh;
        pl[2] |= ((w >> 16) & 0xff) << sh;
        pl[3] |= ((w >> 24) & 0xff) << sh;
        pl[4] |= ((w >> 32) & 0xff) << sh;
        pl[5] |= ((w >> 40) & 0xff) << sh;
        pl[6] |= ((w >> 48) & 0xff) << sh;
        pl[7] |= (w >> 56) << sh;
    }

    sbox_planes(pl);

    /* unpack into s[] */
    for (g = 0; g < groups; g++) {
        unsigned sh = 8 * (unsigned)g;
        uint8_t *q = s + 8 * g;
        uint64_t w = ((pl[0] >> sh) & 0xff) |
                     (((pl[1] >> sh) & 0xff) << 8) |
                     (((pl[2] >> sh) & 0xff) << 16) |
                     (((pl[3] >> sh) & 0xff) << 24) |
                     (((pl[4] >> sh) & 0xff) << 32) |
                     (((pl[5] >> sh) & 0xff) << 40) |
                     (((pl[6] >> sh) & 0xff) << 48) |
                     (((pl[7] >> sh) & 0xff) << 56);
        w = transpose8x8(w);
        q[0] = (uint8_t)w;
        q[1] = (uint8_t)(w >> 8);
        q[2] = (uint8_t)(w >> 16);
        q[3] = (uint8_t)(w >> 24);
        q[4] = (uint8_t)(w >> 32);
        q[5] = (uint8_t)(w >> 40);
        q[6] = (uint8_t)(w >> 48);
        q[7] = (uint8_t)(w >> 56);
    }

    /* ShiftRows + MixColumns + AddRoundKey, per block.
     * State byte (row r, column c) is at index 4c + r. */
    for (blk = 0; blk < n; blk++) {
        const uint8_t *b = s + 16 * blk;
        const uint8_t *k = rk + 16 * blk;
        uint8_t *o = out + 16 * blk;
        uint8_t tmp[16];
        int c;

        for (c = 0; c < 4; c++) {
            uint8_t a0 = b[4 * c + 0];
            uint8_t a1 = b[4 * ((c + 1) & 3) + 1];
            uint8_t a2 = b[4 * ((c + 2) & 3) + 2];
            uint8_t a3 = b[4 * ((c + 3) & 3) + 3];
            uint8_t all = (uint8_t)(a0 ^ a1 ^ a2 ^ a3);
            tmp[4 * c + 0] = (uint8_t)(a0 ^ all ^ xtime((uint8_t)(a0 ^ a1)));
            tmp[4 * c + 1] = (uint8_t)(a1 ^ all ^ xtime((uint8_t)(a1 ^ a2)));
            tmp[4 * c + 2] = (uint8_t)(a2 ^ all ^ xtime((uint8_t)(a2 ^ a3)));
            tmp[4 * c + 3] = (uint8_t)(a3 ^ all ^ xtime((uint8_t)(a3 ^ a0)));
        }
        for (c = 0; c < 16; c++)
            o[c] = (uint8_t)(tmp[c] ^ k[c]);
    }
}
