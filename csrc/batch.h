// SPDX-License-Identifier: MIT

/*
 * batch.h: the loop behind the batch entry points. batch.c defines it, the
 * generated entry points (batch_gen.c) and the C tests (internal/testing/ctest)
 * call it. Not part of the interface.
 */
#ifndef AEGISGO_BATCH_H
#define AEGISGO_BATCH_H

#include "aegis.h"

/* Seal or Open (dir) of the n <= 32 messages of msg; returns Open's bit
 * mask of the messages whose tag did not match (bit j for msg[j]). */
uint32_t aegisgo_batch_run(const aegisgo_ops *ops, aegisgo_dir dir, const uint8_t *k,
                           size_t taglen, const aegisgo_batch_msg *msg, size_t n);

#endif
