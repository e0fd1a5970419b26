// SPDX-License-Identifier: MIT

#ifndef AEGISGO_SOFT_AES_H
#define AEGISGO_SOFT_AES_H
#include <stddef.h>
#include <stdint.h>
/* out[i] = MixColumns(ShiftRows(SubBytes(in[i]))) ^ rk[i] for each of the n
 * 16-byte blocks (1 <= n <= 4), i.e. exactly x86 AESENC semantics / the AESRound
 * function of the AEGIS spec. in, rk and out are each n*16 bytes, any alignment;
 * out may alias in or rk exactly. Constant time: no branch and no memory index
 * depends on in or rk. */
void aegisgo_soft_aesround(uint8_t *out, const uint8_t *in, const uint8_t *rk, size_t n);
#endif
