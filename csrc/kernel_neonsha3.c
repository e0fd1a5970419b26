// SPDX-License-Identifier: MIT

//go:build cgo && !without_aegis

/*
 * kernel_neonsha3.c: the neon kernel again, compiled for FEAT_SHA3 as well
 * as the AES instructions. The Neoverse N2, V1 and V2 and Apple's M1 and
 * later have it; it is optional from ARMv8.2 on, so the Go side enables
 * this kernel only where HWCAP (or darwin's sysctl) says so, and
 * AEGIS_IMPL=neon leaves it out.
 *
 * What it adds is EOR3, a xor of three registers in one instruction.
 * kernel_neon.c's loops write the triples whose middle result nothing
 * else reads with NEON_XOR3, which is EOR3 here under gcc (the
 * keystream's M ^ S1 ^ S6, and the message words' P ^ K ^ M); elsewhere,
 * with SHA3 switched on, gcc and clang fold pairs of xors into EOR3
 * themselves. Left to fold the loops' triples as well, gcc also folded
 * pairs whose middle result a later round reads again, and spilled.
 * With them written out and gcc's scheduling off as in the neon build,
 * an AEGIS-128L step models at 16.25 cycles on Neoverse N2 (llvm-mca-19)
 * against 18.4 (BENCHMARKS.md, arm64). BCAX (a ^ (b & ~c)) does not fit:
 * the body ands two state words, never one with a complement.
 */
#include "internal.h"

#ifdef AEGISGO_HAVE_NEONSHA3

#define NEON_SHA3 1
#include "kernel_neon.c"

/* The entry points, by variant (see instance.h). */
const aegisgo_ops aegisgo_neonsha3_ops[AEGISGO_NVARIANTS] = {
    [AEGISGO_128L] = {
        .encrypt = neonsha3_d1_encrypt128, .decrypt = neonsha3_d1_decrypt128,
        .inc_init = neonsha3_d1_inc128_init, .inc_update = neonsha3_d1_inc128_update,
        .inc_final = neonsha3_d1_inc128_final,
        .mac_update = neonsha3_d1_mac128_update, .mac_final = neonsha3_d1_mac128_final,
        .lanes = 2, .seal_lanes = neonsha3_seal128_2x1, .open_lanes = neonsha3_open128_2x1,
    },
    [AEGISGO_128X2] = {
        .encrypt = neonsha3_d2_encrypt128, .decrypt = neonsha3_d2_decrypt128,
        .inc_init = neonsha3_d2_inc128_init, .inc_update = neonsha3_d2_inc128_update,
        .inc_final = neonsha3_d2_inc128_final,
        .mac_update = neonsha3_d2_mac128_update, .mac_final = neonsha3_d2_mac128_final,
    },
    [AEGISGO_128X4] = {
        .encrypt = neonsha3_d4_encrypt128, .decrypt = neonsha3_d4_decrypt128,
        .inc_init = neonsha3_d4_inc128_init, .inc_update = neonsha3_d4_inc128_update,
        .inc_final = neonsha3_d4_inc128_final,
        .mac_update = neonsha3_d4_mac128_update, .mac_final = neonsha3_d4_mac128_final,
    },
    [AEGISGO_256] = {
        .encrypt = neonsha3_d1_encrypt256, .decrypt = neonsha3_d1_decrypt256,
        .inc_init = neonsha3_d1_inc256_init, .inc_update = neonsha3_d1_inc256_update,
        .inc_final = neonsha3_d1_inc256_final,
        .mac_update = neonsha3_d1_mac256_update, .mac_final = neonsha3_d1_mac256_final,
        .lanes = 2, .seal_lanes = neonsha3_seal256_2x1, .open_lanes = neonsha3_open256_2x1,
    },
    [AEGISGO_256X2] = {
        .encrypt = neonsha3_d2_encrypt256, .decrypt = neonsha3_d2_decrypt256,
        .inc_init = neonsha3_d2_inc256_init, .inc_update = neonsha3_d2_inc256_update,
        .inc_final = neonsha3_d2_inc256_final,
        .mac_update = neonsha3_d2_mac256_update, .mac_final = neonsha3_d2_mac256_final,
    },
    [AEGISGO_256X4] = {
        .encrypt = neonsha3_d4_encrypt256, .decrypt = neonsha3_d4_decrypt256,
        .inc_init = neonsha3_d4_inc256_init, .inc_update = neonsha3_d4_inc256_update,
        .inc_final = neonsha3_d4_inc256_final,
        .mac_update = neonsha3_d4_mac256_update, .mac_final = neonsha3_d4_mac256_final,
    },
};

#endif
