// SPDX-License-Identifier: MIT

/*
 * testhooks.c: entry points for the C test driver (internal/testing/ctest) into
 * what the interface hides: the lengths block, and Init followed by
 * Finalize of both algorithm bodies with lengths no test could afford to
 * process (above 4 GiB, up to 2^61 - 1 bytes).
 *
 * It lives here, not in csrc/, so that no user's build ever sees it; it
 * compiles only with -DAEGISGO_TEST_HOOKS, which the driver's build sets.
 */
#ifdef AEGISGO_TEST_HOOKS

/*
 * The soft kernel, in this translation unit, so that its static body
 * functions (soft_initialize128_d1, soft_finalize128_d1, ...) can be called
 * directly. A build with the hooks compiles this file in place of
 * csrc/kernel_soft.c (internal/testing/ctest/run.sh leaves that one out): the kernel is
 * the same source, compiled once, and aegisgo_soft_ops is defined once.
 */
#include "kernel_soft.c"

void aegisgo_test_lengths_block(uint8_t out[16], uint64_t adlen, uint64_t mlen);
int aegisgo_test_init_final(int variant, uint8_t *tag, size_t taglen,
                            const uint8_t *npub, const uint8_t *k,
                            size_t adlen, size_t mlen);

/* The block that Finalize absorbs: LE64(adlen bits) || LE64(mlen bits). */
void aegisgo_test_lengths_block(uint8_t out[16], uint64_t adlen, uint64_t mlen)
{
    aegisgo_lengths_block(out, adlen, mlen);
}

#define AEGISGO_TEST_INIT_FINAL(d, fam) do {                            \
    soft_state s_;                                                      \
    soft_initialize##fam##_d##d(&s_, k, npub);                          \
    soft_finalize##fam##_d##d(&s_, tag, taglen, adlen, mlen);           \
    aegisgo_wipe(&s_, sizeof s_);                                       \
} while (0)

/* The tag of a variant's state right after Init, finalized as if adlen
 * bytes of associated data and mlen bytes of message had been absorbed:
 * the lengths reach the tag only through Finalize's lengths block.
 * Returns -1 for an unknown variant. */
int aegisgo_test_init_final(int variant, uint8_t *tag, size_t taglen,
                            const uint8_t *npub, const uint8_t *k,
                            size_t adlen, size_t mlen)
{
    switch (variant) {
    case AEGISGO_128L:
        AEGISGO_TEST_INIT_FINAL(1, 128);
        return 0;
    case AEGISGO_128X2:
        AEGISGO_TEST_INIT_FINAL(2, 128);
        return 0;
    case AEGISGO_128X4:
        AEGISGO_TEST_INIT_FINAL(4, 128);
        return 0;
    case AEGISGO_256:
        AEGISGO_TEST_INIT_FINAL(1, 256);
        return 0;
    case AEGISGO_256X2:
        AEGISGO_TEST_INIT_FINAL(2, 256);
        return 0;
    case AEGISGO_256X4:
        AEGISGO_TEST_INIT_FINAL(4, 256);
        return 0;
    default:
        return -1;
    }
}

#endif
