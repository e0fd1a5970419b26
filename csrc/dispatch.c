// SPDX-License-Identifier: MIT

//go:build cgo && !without_aegis

/*
 * dispatch.c: the one-call entry points of Seal and Open. Which kernel
 * runs is the Go side's choice (internal/core/detect.go, the module's one
 * CPU detection); it hands each call the table of that kernel for its
 * variant, which the variant's own package instantiates and lists
 * (internal/engines/<variant>). The C core reads no CPU feature registers
 * of its own.
 */
#include "internal.h"

void aegisgo_seal(aegisgo_ref ref, uint8_t *c, uint8_t *tag,
                  size_t taglen, const uint8_t *m, size_t mlen,
                  const uint8_t *ad, size_t adlen, const uint8_t *npub,
                  const uint8_t *k)
{
    const aegisgo_ops *ops = (const aegisgo_ops *)ref;
    ops->encrypt(c, tag, taglen, m, mlen, ad, adlen, npub, k);
}

void aegisgo_open(aegisgo_ref ref, int *res, uint8_t *m, const uint8_t *c,
                  size_t clen, const uint8_t *tag, size_t taglen,
                  const uint8_t *ad, size_t adlen, const uint8_t *npub,
                  const uint8_t *k)
{
    const aegisgo_ops *ops = (const aegisgo_ops *)ref;
    *res = ops->decrypt(m, c, clen, tag, taglen, ad, adlen, npub, k);
}

/* A volatile function pointer: the compiler cannot prove the call is
 * memset, so it cannot drop it as a dead store. */
static void *(*const volatile aegisgo_memset)(void *, int, size_t) = memset;

void aegisgo_wipe(void *p, size_t n)
{
    aegisgo_memset(p, 0, n);
}
