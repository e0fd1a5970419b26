// SPDX-License-Identifier: MIT

/*
 * testhooks.c: entry points for the C test driver (internal/testing/ctest) into
 * what the interface hides: the lengths block, the vperm kernel's AES
 * round alone, and Init followed by Finalize of both algorithm bodies
 * with lengths no test could afford to process (above 4 GiB, up to
 * 2^61 - 1 bytes).
 *
 * It lives here, not in csrc/, so that no user's build ever sees it; it
 * compiles only with -DAEGISGO_TEST_HOOKS, which run.sh gives this file
 * and driver.c alone (the engines' instances of the kernels are compiled
 * as the library compiles them).
 */
#ifdef AEGISGO_TEST_HOOKS

/*
 * The vperm kernel, instantiated once more in this translation unit, so
 * that its Init and Finalize, functions of their own there
 * (NOINLINE_INIT_FINAL: vperm_d1_initialize128, vperm_d1_finalize128, ...),
 * can be called directly; the compiler keeps only what the hooks call.
 * It is the same source, compiled with the same flags, as the instances
 * in internal/engines/<variant>/tables.c. With AEGISGO_TEST_HOOKS
 * it also defines aegisgo_test_vperm_round, the driver's view of its
 * round. vperm, not a hardware kernel, because it is in every build for
 * x86-64 and little-endian arm64, and runs on nearly every CPU of those:
 * it needs SSSE3 or Advanced SIMD only.
 */
#include "kernel_vperm.h"

void aegisgo_test_lengths_block(uint8_t out[16], uint64_t adlen, uint64_t mlen);
int aegisgo_test_init_final(int variant, uint8_t *tag, size_t taglen,
                            const uint8_t *npub, const uint8_t *k,
                            size_t adlen, size_t mlen);

/* The block that Finalize absorbs: LE64(adlen bits) || LE64(mlen bits). */
void aegisgo_test_lengths_block(uint8_t out[16], uint64_t adlen, uint64_t mlen)
{
    aegisgo_lengths_block(out, adlen, mlen);
}

#ifdef AEGISGO_HAVE_VPERM

#define AEGISGO_TEST_INIT_FINAL(d, fam) do {                                  \
    vperm_d##d##_st##fam s_;                                                  \
    vperm_d##d##_initialize##fam(&s_, k, npub);                               \
    vperm_d##d##_finalize##fam(&s_, tag, taglen, adlen, mlen);                \
    aegisgo_wipe(&s_, sizeof s_);                                             \
} while (0)

/* The tag of a variant's state right after Init, finalized as if adlen
 * bytes of associated data and mlen bytes of message had been absorbed:
 * the lengths reach the tag only through Finalize's lengths block. The
 * lengths are size_t, as the one-shot entry points pass them on.
 * Returns -1 for an unknown variant, and in a build without vperm. */
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

#else

/* No vperm in this build (a target where the C core has no kernel): the
 * driver, told so, does not call it. */
int aegisgo_test_init_final(int variant, uint8_t *tag, size_t taglen,
                            const uint8_t *npub, const uint8_t *k,
                            size_t adlen, size_t mlen)
{
    (void)variant, (void)tag, (void)taglen, (void)npub, (void)k, (void)adlen, (void)mlen;
    return -1;
}

#endif

#endif
