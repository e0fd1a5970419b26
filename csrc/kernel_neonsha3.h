// SPDX-License-Identifier: MIT

/*
 * kernel_neonsha3.h: the neon kernel again, compiled for FEAT_SHA3 as well
 * as the AES instructions. The Neoverse N2, V1 and V2 and Apple's M1 and
 * later have it; it is optional from ARMv8.2 on, so the Go side enables
 * this kernel only where HWCAP (or darwin's sysctl) says so, and
 * AEGIS_IMPL=neon leaves it out.
 *
 * What it adds is EOR3, a xor of three registers in one instruction.
 * kernel_neon.h's loops write the triples whose middle result nothing
 * else reads with NEON_XOR3, which is EOR3 here under gcc (the
 * keystream's M ^ S1 ^ S6, and the message words' P ^ K ^ M); elsewhere,
 * with SHA3 switched on, gcc and clang fold pairs of xors into EOR3
 * themselves. Left to fold the loops' triples as well, gcc also folded
 * pairs whose middle result a later round reads again, and spilled.
 * With them written out and gcc's scheduling off as in the neon build,
 * an AEGIS-128L step models at 16.25 cycles on Neoverse N2 (llvm-mca-19)
 * against 18.4 (BENCHMARKS.md, arm64). BCAX (a ^ (b & ~c)) does not fit:
 * the body ands two state words, never one with a complement.
 *
 * Its functions are neon's under KERNEL neonsha3: the entry points, which
 * the engines' tables name, and what neon takes out of line (see
 * kernel_neon.h), here neonsha3_d2_groups128, neonsha3_d4_groups128,
 * neonsha3_d2_groups256, neonsha3_d4_groups256, neonsha3_d2_groups_ad128,
 * neonsha3_d4_groups_ad128, neonsha3_d2_groups_ad256 and
 * neonsha3_d4_groups_ad256.
 */
#include "internal.h"

#ifdef AEGISGO_HAVE_NEONSHA3

#define NEON_SHA3 1
#include "kernel_neon.h"


#endif
