// SPDX-License-Identifier: MIT

/*
 * kernels.h: the kernels that the C test programs run, as the library
 * learns them: from the module's one CPU detection, in Go. The C core
 * reads no CPU feature registers, so run.sh runs internal/testing/ctest/kernels
 * (go run) and passes its answer in AEGISGO_KERNELS, kernel names
 * separated by spaces. Include it after tables_gen.h (kernel_names).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* kernels_from_env returns AEGISGO_KERNELS as a bit mask of kernel
 * numbers. A program that is not told is stopped (exit status 2) rather
 * than left to test soft alone and pass. */
static uint32_t kernels_from_env(void)
{
    const char *env = getenv("AEGISGO_KERNELS");
    uint32_t mask = 0;
    int k;

    if (env == NULL || *env == 0) {
        fprintf(stderr, "AEGISGO_KERNELS is not set: it names the kernels this CPU runs "
                        "(AEGISGO_KERNELS=\"$(go run ./internal/testing/ctest/kernels)\"; run.sh sets it)\n");
        exit(2);
    }
    while (*env != 0) {
        size_t n = strcspn(env, " ");
        if (n > 0) {
            for (k = 0; k < AEGISGO_NKERNELS; k++) {
                if (strlen(kernel_names[k]) == n && strncmp(env, kernel_names[k], n) == 0) {
                    break;
                }
            }
            if (k == AEGISGO_NKERNELS) {
                fprintf(stderr, "AEGISGO_KERNELS: unknown kernel %.*s\n", (int)n, env);
                exit(2);
            }
            mask |= 1u << k;
        }
        env += n;
        env += *env == ' ';
    }
    return mask;
}
