// SPDX-License-Identifier: MIT

/*
 * floor.c: what the CPU allows an AEGIS update, measured without any of
 * our code. It times, in core cycles:
 *
 *   - a chain of dependent AES rounds (the AES latency);
 *   - a chain of AES round, XOR, AES round, ... (the cost of an XOR between
 *     two AES rounds, bypass included);
 *   - the AEGIS-128L/128X state ring with no message: 8 AES rounds an
 *     update, each fed by the previous one, the floor of any update;
 *   - the update with a message, as the kernels write it (S0' =
 *     AESRound(S7, M0) ^ S0) and as the spec writes it (S0' =
 *     AESRound(S7, S0 ^ M0));
 *   - the AEGIS-256 update (6 AES rounds);
 *   - a whole Enc step of each family, as the kernels' loops do it: load
 *     the message, compute the keystream, store the ciphertext, update
 *     (over an 8 KiB buffer, in L1), with AVX-512 ternary logic where the
 *     CPU has AVX-512VL, as the avx512 kernel, else with AND and XOR;
 *
 * on 128-bit registers (AES-NI), and on 256- and 512-bit ones (VAES) where
 * the CPU has them. The clock comes from a chain of dependent register
 * additions (one cycle each), so the figures hold whatever the frequency;
 * a chain of dependent multiplications (three cycles each on every x86-64
 * core since Nehalem and Zen) checks it. The additions add a register, not
 * an immediate: recent Intel cores fold chains of additions of constants
 * in the renamer, which made an `add $1` chain read a clock several times
 * too fast. cmd/aegis-speed estimates its clock from register additions
 * too, so the two can be held against each other.
 *
 * Build and run (x86-64 only; gcc or clang):
 *
 *   cc -O2 internal/testing/ctest/floor.c -o /tmp/floor && /tmp/floor
 *
 * BENCHMARKS.md compares the kernels' cycles per update with these.
 */
#if !defined(__x86_64__)
#include <stdio.h>
int main(void)
{
    puts("floor: x86-64 only");
    return 0;
}
#else
#include <cpuid.h>
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#define ITERS 20000000L

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Seconds per cycle, best of 5: sixteen dependent additions of a register
 * (one cycle each) an iteration, or with mul set sixteen dependent
 * multiplications (three cycles each). */
static double cycle_seconds(int mul)
{
    double best = 1;
    for (int r = 0; r < 5; r++) {
        uint64_t x = 1, y = 3;
        double t0 = now();
        for (long i = 0; i < ITERS / 4; i++) {
            if (mul) {
                __asm__ volatile("imul %1, %0\n\timul %1, %0\n\timul %1, %0\n\timul %1, %0\n\t"
                                 "imul %1, %0\n\timul %1, %0\n\timul %1, %0\n\timul %1, %0\n\t"
                                 "imul %1, %0\n\timul %1, %0\n\timul %1, %0\n\timul %1, %0\n\t"
                                 "imul %1, %0\n\timul %1, %0\n\timul %1, %0\n\timul %1, %0"
                                 : "+r"(x) : "r"(y));
            } else {
                __asm__ volatile("add %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\t"
                                 "add %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\t"
                                 "add %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\t"
                                 "add %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0"
                                 : "+r"(x) : "r"(y));
            }
        }
        double t = (now() - t0) / ((mul ? 3.0 : 1.0) * 16.0 * (ITERS / 4));
        if (t < best) {
            best = t;
        }
    }
    return best;
}

/* The kernels, written once per register width. Each runs ITERS steps
 * over a state in memory and writes it back, so nothing can be dropped.
 * form: 0 the chain of AES rounds, 1 AES, XOR, AES..., 2 the 128 ring with
 * no message, 3 the 128 update with AESRound(S7, M0) ^ S0, 4 the same with
 * AESRound(S7, S0 ^ M0), 5 the 256 update with AESRound(S5, M) ^ S0, 6 the
 * 128 Enc step, 7 the 256 Enc step. XOR3(a, b, c) is a^b^c, XAND(a, b, c)
 * a^(b&c). */
#define BUF 8192

/* The AEGIS-128 update as the kernels write it, with message blocks x0 and
 * x1, and the AEGIS-256 update with x, on the state s0... in scope. */
#define UPD128(AES, XOR, x0, x1)                                              \
    do {                                                                      \
        const __typeof__(s7) t_ = s7;                                         \
        s7 = AES(s6, s7); s6 = AES(s5, s6); s5 = AES(s4, s5);                 \
        s4 = XOR(AES(s3, x1), s4); s3 = AES(s2, s3);                          \
        s2 = AES(s1, s2); s1 = AES(s0, s1); s0 = XOR(AES(t_, x0), s0);        \
    } while (0)
#define UPD256(AES, XOR, x)                                                   \
    do {                                                                      \
        const __typeof__(s5) t_ = s5;                                         \
        s5 = AES(s4, s5); s4 = AES(s3, s4); s3 = AES(s2, s3);                 \
        s2 = AES(s1, s2); s1 = AES(s0, s1); s0 = XOR(AES(t_, x), s0);         \
    } while (0)
static uint8_t buf_in[BUF] __attribute__((aligned(64)));
static uint8_t buf_out[BUF] __attribute__((aligned(64)));

#define KERNELS(NAME, T, AES, XOR, XOR3, XAND, LOAD, STORE, TARGET)          \
    __attribute__((target(TARGET), noinline)) static void NAME(void *mem, int form) \
    {                                                                           \
        T *p = (T *)mem;                                                        \
        T s0 = p[0], s1 = p[1], s2 = p[2], s3 = p[3];                           \
        T s4 = p[4], s5 = p[5], s6 = p[6], s7 = p[7];                           \
        const T m0 = p[8], m1 = p[9];                                           \
        long i;                                                                 \
        switch (form) {                                                         \
        case 0:                                                                 \
            for (i = 0; i < ITERS; i++) {                                       \
                s0 = AES(s0, m0);                                               \
            }                                                                   \
            break;                                                              \
        case 1:                                                                 \
            for (i = 0; i < ITERS; i++) {                                       \
                s0 = XOR(AES(s0, m0), m1);                                      \
            }                                                                   \
            break;                                                              \
        case 2:                                                                 \
            for (i = 0; i < ITERS; i++) {                                       \
                T t = s7;                                                       \
                s7 = AES(s6, s7); s6 = AES(s5, s6); s5 = AES(s4, s5);           \
                s4 = AES(s3, s4); s3 = AES(s2, s3); s2 = AES(s1, s2);           \
                s1 = AES(s0, s1); s0 = AES(t, s0);                              \
            }                                                                   \
            break;                                                              \
        case 3:                                                                 \
            for (i = 0; i < ITERS; i++) {                                       \
                UPD128(AES, XOR, m0, m1);                                       \
            }                                                                   \
            break;                                                              \
        case 4:                                                                 \
            for (i = 0; i < ITERS; i++) {                                       \
                T t = s7;                                                       \
                s7 = AES(s6, s7); s6 = AES(s5, s6); s5 = AES(s4, s5);           \
                s4 = AES(s3, XOR(s4, m1)); s3 = AES(s2, s3);                    \
                s2 = AES(s1, s2); s1 = AES(s0, s1); s0 = AES(t, XOR(s0, m0));   \
            }                                                                   \
            break;                                                              \
        case 5:                                                                 \
            for (i = 0; i < ITERS; i++) {                                       \
                UPD256(AES, XOR, m0);                                           \
            }                                                                   \
            break;                                                              \
        case 6:                                                                 \
            for (i = 0; i < ITERS; i++) {                                       \
                const size_t o = ((size_t)i * 2 * sizeof(T)) % BUF;             \
                const T a = LOAD(buf_in + o), b = LOAD(buf_in + o + sizeof(T)); \
                STORE(buf_out + o, XAND(XOR3(a, s1, s6), s2, s3));              \
                STORE(buf_out + o + sizeof(T), XAND(XOR3(b, s2, s5), s6, s7));  \
                UPD128(AES, XOR, a, b);                                         \
            }                                                                   \
            break;                                                              \
        case 7:                                                                 \
            for (i = 0; i < ITERS; i++) {                                       \
                const size_t o = ((size_t)i * sizeof(T)) % BUF;                 \
                const T a = LOAD(buf_in + o);                                   \
                STORE(buf_out + o, XOR(XAND(XOR3(a, s1, s4), s2, s3), s5));     \
                UPD256(AES, XOR, a);                                            \
            }                                                                   \
            break;                                                              \
        }                                                                       \
        p[0] = s0; p[1] = s1; p[2] = s2; p[3] = s3;                             \
        p[4] = s4; p[5] = s5; p[6] = s6; p[7] = s7;                             \
    }

/* The operations of the Enc steps, with and without ternary logic. */
#define X3_128(a, b, c) _mm_xor_si128(_mm_xor_si128(a, b), c)
#define XA_128(a, b, c) _mm_xor_si128(a, _mm_and_si128(b, c))
#define X3_256(a, b, c) _mm256_xor_si256(_mm256_xor_si256(a, b), c)
#define XA_256(a, b, c) _mm256_xor_si256(a, _mm256_and_si256(b, c))
#define X3T_128(a, b, c) _mm_ternarylogic_epi64(a, b, c, 0x96)
#define XAT_128(a, b, c) _mm_ternarylogic_epi64(a, b, c, 0x78)
#define X3T_256(a, b, c) _mm256_ternarylogic_epi64(a, b, c, 0x96)
#define XAT_256(a, b, c) _mm256_ternarylogic_epi64(a, b, c, 0x78)
#define X3T_512(a, b, c) _mm512_ternarylogic_epi64(a, b, c, 0x96)
#define XAT_512(a, b, c) _mm512_ternarylogic_epi64(a, b, c, 0x78)
#define LD_128(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define ST_128(p, v) _mm_storeu_si128((__m128i *)(void *)(p), v)
#define LD_256(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define ST_256(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), v)
#define LD_512(p) _mm512_loadu_si512((const void *)(p))
#define ST_512(p, v) _mm512_storeu_si512((void *)(p), v)

KERNELS(run128, __m128i, _mm_aesenc_si128, _mm_xor_si128, X3_128, XA_128, LD_128, ST_128,
        "aes,avx")
KERNELS(run256, __m256i, _mm256_aesenc_epi128, _mm256_xor_si256, X3_256, XA_256, LD_256, ST_256,
        "vaes,avx2")
KERNELS(run128t, __m128i, _mm_aesenc_si128, _mm_xor_si128, X3T_128, XAT_128, LD_128, ST_128,
        "aes,avx512f,avx512vl")
KERNELS(run256t, __m256i, _mm256_aesenc_epi128, _mm256_xor_si256, X3T_256, XAT_256, LD_256,
        ST_256, "vaes,avx512f,avx512vl")
KERNELS(run512, __m512i, _mm512_aesenc_epi128, _mm512_xor_si512, X3T_512, XAT_512, LD_512,
        ST_512, "vaes,avx512f")

typedef void (*runner)(void *, int);

static const char *const forms[] = {
    "AES round chain (latency)",
    "AES round, XOR chain",
    "128 ring, no message",
    "128 update, AESRound(S7,M0)^S0",
    "128 update, AESRound(S7,S0^M0)",
    "256 update, AESRound(S5,M)^S0",
    "128 Enc step (load, keystream, store)",
    "256 Enc step (load, keystream, store)",
};
#define NFORMS 8

/* Cycles a step of form f: best of 3. */
static double measure(runner run, int f, double cyc)
{
    static uint8_t mem[10 * 64] __attribute__((aligned(64)));
    double best = 1e9;
    for (int i = 0; i < (int)sizeof mem; i++) {
        mem[i] = (uint8_t)(i * 37 + 1);
    }
    for (int r = 0; r < 3; r++) {
        double t0 = now();
        run(mem, f);
        double c = (now() - t0) / (double)ITERS / cyc;
        if (c < best) {
            best = c;
        }
    }
    return best;
}

/* Which widths the CPU and the OS allow: 1 xmm, 2 also ymm, 3 also zmm
 * (0 none), and 4 also zmm with AVX-512VL (ternary logic on xmm and ymm,
 * as the avx512 kernel uses it). From CPUID and XCR0, as the library's
 * dispatch reads them. */
static int widths(void)
{
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) {
        return 0;
    }
    const int aes = (c >> 25) & 1, avx = (c >> 28) & 1, osx = (c >> 27) & 1;
    if (!aes || !avx || !osx) {
        return 0;
    }
    uint32_t lo, hi;
    __asm__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    if ((lo & 6) != 6) {
        return 0;
    }
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) {
        return 1;
    }
    const int avx2 = (b >> 5) & 1, avx512f = (b >> 16) & 1, vaes = (c >> 9) & 1;
    if (!vaes || !avx2) {
        return 1;
    }
    if (!avx512f || (lo & 0xe6) != 0xe6) {
        return 2;
    }
    return (b >> 31) & 1 ? 4 : 3;
}

int main(void)
{
    const int w = widths();
    if (w == 0) {
        puts("floor: this CPU has no AES-NI with AVX");
        return 0;
    }
    const int have256 = w >= 2, have512 = w >= 3, havevl = w >= 4;
    double cyc = cycle_seconds(0);
    const double cyc_mul = cycle_seconds(1);
    printf("clock %.2f GHz (dependent additions), %.2f GHz (dependent multiplications)\n",
           1e-9 / cyc, 1e-9 / cyc_mul);
    if (cyc / cyc_mul > 1.15 || cyc_mul / cyc > 1.15) {
        puts("floor: WARNING: the two clock estimates disagree; the cycle counts below are doubtful");
    }
    printf("%-38s %8s %8s %8s\n", "cycles per step", "xmm", "ymm", "zmm");
    for (int f = 0; f < NFORMS; f++) {
        /* The Enc steps use ternary logic on every width where it exists. */
        const int tern = f >= 6 && havevl;
        printf("%-38s %8.2f", forms[f], measure(tern ? run128t : run128, f, cyc));
        if (have256) {
            printf(" %8.2f", measure(tern ? run256t : run256, f, cyc));
        } else {
            printf(" %8s", "-");
        }
        if (have512) {
            printf(" %8.2f", measure(run512, f, cyc));
        } else {
            printf(" %8s", "-");
        }
        printf("\n");
    }
    printf("Enc steps: %s\n", havevl ? "with ternary logic (AVX-512VL)" : "with AND and XOR");
    return 0;
}
#endif
