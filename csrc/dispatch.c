// SPDX-License-Identifier: MIT

//go:build cgo && !without_aegis

/*
 * dispatch.c: which kernels this build has and this CPU can run, the
 * per-variant tables, and the one-call entry points the Go side uses.
 */
#include "internal.h"

#if defined(AEGISGO_X86)
#include <cpuid.h>
#endif

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
    default:
        return NULL;
    }
    return &t[variant];
}

/* Bits of the CPUID and XCR0 words that the kernels need. */
static const uint32_t L1C_SSSE3 = 1u << 9;
static const uint32_t L1C_AES = 1u << 25;
static const uint32_t L1C_OSXSAVE = 1u << 27;
static const uint32_t L1C_AVX = 1u << 28;
static const uint32_t L7B_AVX2 = 1u << 5;
static const uint32_t L7B_AVX512F = 1u << 16;
static const uint32_t L7B_AVX512BW = 1u << 30;
static const uint32_t L7B_AVX512VL = 1u << 31;
static const uint32_t L7C_VAES = 1u << 9;
static const uint64_t XCR0_YMM = 0x06;  /* SSE and AVX state */
static const uint64_t XCR0_ZMM = 0xe6;  /* plus opmask, ZMM_Hi256 and Hi16_ZMM state */

uint32_t aegisgo_x86_kernels(uint32_t leaf1_ecx, uint32_t leaf7_ebx,
                             uint32_t leaf7_ecx, uint64_t xcr0, int os_avx512)
{
    uint32_t k = 1u << AEGISGO_SOFT;
    int os_ymm, os_zmm;

    /* vperm's byte shuffle (PSHUFB) is SSSE3, which every CPU with AES-NI
     * also has; SSE state is always saved on x86-64. */
    if (leaf1_ecx & L1C_SSSE3) {
        k |= 1u << AEGISGO_VPERM;
    }
    if (!(leaf1_ecx & L1C_AES)) {
        return k;
    }
    k |= 1u << AEGISGO_AESNI;

    /* The wide kernels also need the OS to save the wide registers on a
     * context switch: CPUID says what the CPU has, XCR0 what the OS
     * enabled. Without OSXSAVE, XCR0 cannot be read and means nothing.
     * Where the OS has its own word on the AVX-512 state, it stands in for
     * XCR0's opmask and ZMM bits; the AVX state is still XCR0's. */
    os_ymm = (leaf1_ecx & L1C_OSXSAVE) && (xcr0 & XCR0_YMM) == XCR0_YMM;
    switch (os_avx512) {
    case AEGISGO_OS_AVX512_YES:
        os_zmm = os_ymm;
        break;
    case AEGISGO_OS_AVX512_NO:
        os_zmm = 0;
        break;
    default:
        os_zmm = os_ymm && (xcr0 & XCR0_ZMM) == XCR0_ZMM;
        break;
    }

    /* VAES with AVX2 but no AVX-512 exists (Zen 3, Alder Lake): test the
     * VAES bit itself, not an AVX-512 flavour of it. */
    if (!(os_ymm && (leaf1_ecx & L1C_AVX) && (leaf7_ebx & L7B_AVX2) &&
          (leaf7_ecx & L7C_VAES))) {
        return k;
    }
    k |= 1u << AEGISGO_AVX2;

    /* F for the 512-bit registers and ternary logic, VL for their 128 and
     * 256-bit forms, BW for byte-masked loads and stores of partial
     * blocks. Every CPU with VAES and AVX-512 so far has all three. */
    if (os_zmm && (leaf7_ebx & L7B_AVX512F) && (leaf7_ebx & L7B_AVX512VL) &&
        (leaf7_ebx & L7B_AVX512BW)) {
        k |= 1u << AEGISGO_AVX512;
    }
    return k;
}

static uint32_t aegisgo_compiled_kernels(void)
{
    uint32_t k = 1u << AEGISGO_SOFT;
#ifdef AEGISGO_HAVE_AESNI
    k |= 1u << AEGISGO_AESNI;
#endif
#ifdef AEGISGO_HAVE_AVX2
    k |= 1u << AEGISGO_AVX2;
#endif
#ifdef AEGISGO_HAVE_AVX512
    k |= 1u << AEGISGO_AVX512;
#endif
#ifdef AEGISGO_HAVE_NEON
    k |= 1u << AEGISGO_NEON;
#endif
#ifdef AEGISGO_HAVE_VPERM
    k |= 1u << AEGISGO_VPERM;
#endif
    return k;
}

/* The one reading of the x86 registers: CPUID leaves 1 and 7.0, and XCR0
 * where OSXSAVE says XGETBV may run. */
uint32_t aegisgo_cpu_kernels(int os_avx512)
{
    uint32_t k = 1u << AEGISGO_SOFT;
#if defined(AEGISGO_X86)
    unsigned int a, b, c, d;
    uint32_t l1c = 0, l7b = 0, l7c = 0;
    uint64_t xcr0 = 0;

    if (__get_cpuid(1, &a, &b, &c, &d)) {
        l1c = c;
    }
    if (__get_cpuid_max(0, NULL) >= 7) {
        __cpuid_count(7, 0, a, b, c, d);
        l7b = b;
        l7c = c;
    }
    if (l1c & L1C_OSXSAVE) {
        uint32_t lo, hi;
        __asm__ __volatile__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
        xcr0 = ((uint64_t)hi << 32) | lo;
    }
    k = aegisgo_x86_kernels(l1c, l7b, l7c, xcr0, os_avx512);
#else
    (void)os_avx512;
#if defined(__aarch64__)
    /* Advanced SIMD is part of every arm64 CPU. */
    k |= 1u << AEGISGO_VPERM;
#endif
#endif
    /* On arm64 the Go side detects the AES instructions (HWCAP, or always
     * on darwin) and enables neon itself. */
    return k & aegisgo_compiled_kernels();
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
void aegisgo_wipe_stack(void)
{
    uint8_t b[AEGISGO_STACK_WIPE];
    aegisgo_wipe_local(b, sizeof b);
}
