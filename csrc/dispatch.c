// SPDX-License-Identifier: MIT

//go:build cgo && !without_aegis

/*
 * dispatch.c: the kernels' per-variant tables, and the one-call entry
 * points the Go side uses. Which kernel runs is the Go side's choice
 * (internal/core/detect.go, the module's one CPU detection): it asks here
 * for the tables of the kernels it chose, and the C core reads no CPU
 * feature registers of its own.
 */
#include "internal.h"

extern const aegisgo_ops aegisgo_soft_ops[AEGISGO_NVARIANTS];
#ifdef AEGISGO_HAVE_AESNI
extern const aegisgo_ops aegisgo_aesni_ops[AEGISGO_NVARIANTS];
#endif
#ifdef AEGISGO_HAVE_AVX2
extern const aegisgo_ops aegisgo_avx2_ops[AEGISGO_NVARIANTS];
#endif
#ifdef AEGISGO_HAVE_AVX512
extern const aegisgo_ops aegisgo_avx512_ops[AEGISGO_NVARIANTS];
#endif
#ifdef AEGISGO_HAVE_NEON
extern const aegisgo_ops aegisgo_neon_ops[AEGISGO_NVARIANTS];
#endif
#ifdef AEGISGO_HAVE_VPERM
extern const aegisgo_ops aegisgo_vperm_ops[AEGISGO_NVARIANTS];
#endif
#ifdef AEGISGO_HAVE_NEONSHA3
extern const aegisgo_ops aegisgo_neonsha3_ops[AEGISGO_NVARIANTS];
#endif

const aegisgo_ops *aegisgo_ops_for(int variant, int kernel)
{
    const aegisgo_ops *t = NULL;

    if (variant < 0 || variant >= AEGISGO_NVARIANTS) {
        return NULL;
    }
    switch (kernel) {
    case AEGISGO_SOFT:
        t = aegisgo_soft_ops;
        break;
#ifdef AEGISGO_HAVE_AESNI
    case AEGISGO_AESNI:
        t = aegisgo_aesni_ops;
        break;
#endif
#ifdef AEGISGO_HAVE_AVX2
    case AEGISGO_AVX2:
        t = aegisgo_avx2_ops;
        break;
#endif
#ifdef AEGISGO_HAVE_AVX512
    case AEGISGO_AVX512:
        t = aegisgo_avx512_ops;
        break;
#endif
#ifdef AEGISGO_HAVE_NEON
    case AEGISGO_NEON:
        t = aegisgo_neon_ops;
        break;
#endif
#ifdef AEGISGO_HAVE_VPERM
    case AEGISGO_VPERM:
        t = aegisgo_vperm_ops;
        break;
#endif
#ifdef AEGISGO_HAVE_NEONSHA3
    case AEGISGO_NEONSHA3:
        t = aegisgo_neonsha3_ops;
        break;
#endif
    default:
        return NULL;
    }
    return &t[variant];
}

void aegisgo_seal(aegisgo_ref ref, uint8_t *c, uint8_t *tag,
                  size_t taglen, const uint8_t *m, size_t mlen,
                  const uint8_t *ad, size_t adlen, const uint8_t *npub,
                  const uint8_t *k)
{
    const aegisgo_ops *ops = (const aegisgo_ops *)ref;
    ops->encrypt(c, tag, taglen, m, mlen, ad, adlen, npub, k);
    AEGISGO_WIPE_AFTER(ops);
}

void aegisgo_open(aegisgo_ref ref, int *res, uint8_t *m, const uint8_t *c,
                  size_t clen, const uint8_t *tag, size_t taglen,
                  const uint8_t *ad, size_t adlen, const uint8_t *npub,
                  const uint8_t *k)
{
    const aegisgo_ops *ops = (const aegisgo_ops *)ref;
    *res = ops->decrypt(m, c, clen, tag, taglen, ad, adlen, npub, k);
    AEGISGO_WIPE_AFTER(ops);
}

/* A volatile function pointer: the compiler cannot prove the call is
 * memset, so it cannot drop it as a dead store. */
static void *(*const volatile aegisgo_memset)(void *, int, size_t) = memset;

void aegisgo_wipe(void *p, size_t n)
{
    aegisgo_memset(p, 0, n);
}

/* Out of line, in another file than its callers, so that its frame is a
 * new one below theirs. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
void aegisgo_wipe_stack(size_t n)
{
    /* The top of b is next to the caller's frame on every target this
     * builds for (their stacks grow down): its last n bytes are the n
     * below the caller. */
    uint8_t b[AEGISGO_STACK_WIPE];
    n = n < sizeof b ? n : sizeof b;
    aegisgo_wipe(b + sizeof b - n, n);
}
