// SPDX-License-Identifier: MIT

//go:build !purego && !without_aegis && (amd64 || arm64) && !(arm64 && (darwin || ios))

package asm_test

// sysctlSHA3 is darwin's word on FEAT_SHA3; elsewhere x/sys/cpu has it.
func sysctlSHA3() bool { return false }
