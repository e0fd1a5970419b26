// SPDX-License-Identifier: MIT

/* Standalone test for csrc/soft_aes.c (plain C program, not part of the Go build).
 * Build: gcc -O2 -Wall -Wextra -std=c99 -I csrc csrc/soft_aes.c \
 *        internal/ctest/softaestest/soft_aes_test.c -o /tmp/sat && /tmp/sat */
#include <stdio.h>
#include <string.h>
#include "soft_aes.h"

static unsigned passed, failed;
static uint8_t SBOX[256];

static void check(int ok, const char *what)
{
    if (ok) {
        passed++;
    } else {
        failed++;
        if (failed <= 20)
            printf("FAIL: %s\n", what);
    }
}

static uint8_t gmul(uint8_t a, uint8_t b)
{
    uint8_t r = 0;
    int i;
    for (i = 0; i < 8; i++) {
        if (b & 1)
            r ^= a;
        a = (uint8_t)((a << 1) ^ ((a & 0x80) ? 0x1b : 0));
        b >>= 1;
    }
    return r;
}

static void build_sbox(void)
{
    int x, y, i;
    for (x = 0; x < 256; x++) {
        uint8_t inv = 0, b, s;
        for (y = 1; y < 256; y++)
            if (x != 0 && gmul((uint8_t)x, (uint8_t)y) == 1) {
                inv = (uint8_t)y;
                break;
            }
        b = inv;
        s = 0x63;
        for (i = 0; i < 5; i++)
            s ^= (uint8_t)((b << i) | (b >> ((8 - i) & 7)));
        SBOX[x] = s;
    }
}

static void ref_round(uint8_t out[16], const uint8_t in[16], const uint8_t rk[16])
{
    uint8_t s[16], t[16];
    int r, c;
    for (c = 0; c < 4; c++)
        for (r = 0; r < 4; r++)
            s[4 * c + r] = SBOX[in[4 * ((c + r) % 4) + r]];
    for (c = 0; c < 4; c++) {
        uint8_t *a = s + 4 * c;
        t[4 * c + 0] = (uint8_t)(gmul(2, a[0]) ^ gmul(3, a[1]) ^ a[2] ^ a[3]);
        t[4 * c + 1] = (uint8_t)(a[0] ^ gmul(2, a[1]) ^ gmul(3, a[2]) ^ a[3]);
        t[4 * c + 2] = (uint8_t)(a[0] ^ a[1] ^ gmul(2, a[2]) ^ gmul(3, a[3]));
        t[4 * c + 3] = (uint8_t)(gmul(3, a[0]) ^ a[1] ^ a[2] ^ gmul(2, a[3]));
    }
    for (c = 0; c < 16; c++)
        out[c] = (uint8_t)(t[c] ^ rk[c]);
}

static uint64_t rng = 0x9e3779b97f4a7c15ULL;
static uint8_t rnd8(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint8_t)(rng >> 24);
}

int main(void)
{
    static const uint8_t vin[16] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 };
    static const uint8_t vrk[16] = { 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31 };
    static const uint8_t vout[16] = { 0x7a, 0x7b, 0x4e, 0x56, 0x38, 0x78, 0x25, 0x46,
                                      0xa8, 0xc0, 0x47, 0x7a, 0x3b, 0x81, 0x3f, 0x43 };
    uint8_t in[64 + 1], rk[64 + 1], out[64 + 2], ref[64], buf[64 + 1];
    size_t n, i;
    int it, v;

    build_sbox();
    check(SBOX[0x00] == 0x63, "sbox(00) == 63");
    check(SBOX[0x53] == 0xed, "sbox(53) == ed");

    /* spec vector */
    aegisgo_soft_aesround(out, vin, vrk, 1);
    check(memcmp(out, vout, 16) == 0, "spec vector (impl)");
    ref_round(ref, vin, vrk);
    check(memcmp(ref, vout, 16) == 0, "spec vector (reference)");

    /* every byte value through every lane position: full S-box coverage */
    for (v = 0; v < 256; v++) {
        memset(in, v, 64);
        memset(rk, 0, 64);
        aegisgo_soft_aesround(out, in, rk, 4);
        for (i = 0; i < 4; i++)
            ref_round(ref + 16 * i, in + 16 * i, rk + 16 * i);
        check(memcmp(out, ref, 64) == 0, "constant-byte input");
    }

    /* random, n = 1..4, misaligned pointers, guard bytes past the end */
    for (it = 0; it < 20000; it++) {
        n = (size_t)(it % 4) + 1;
        for (i = 0; i < 64; i++) {
            in[1 + i] = rnd8();
            rk[1 + i] = rnd8();
        }
        memset(out, 0xA5, sizeof out);
        aegisgo_soft_aesround(out + 1, in + 1, rk + 1, n);
        for (i = 0; i < n; i++)
            ref_round(ref + 16 * i, in + 1 + 16 * i, rk + 1 + 16 * i);
        check(memcmp(out + 1, ref, 16 * n) == 0, "random vs reference");
        check(out[0] == 0xA5 && out[1 + 16 * n] == 0xA5, "no write outside out");

        /* aliasing: out == in */
        memcpy(buf, in + 1, 16 * n);
        aegisgo_soft_aesround(buf, buf, rk + 1, n);
        check(memcmp(buf, ref, 16 * n) == 0, "alias out == in");
        /* aliasing: out == rk */
        memcpy(buf, rk + 1, 16 * n);
        aegisgo_soft_aesround(buf, in + 1, buf, n);
        check(memcmp(buf, ref, 16 * n) == 0, "alias out == rk");
    }

    printf("%u passed, %u failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
