// SPDX-License-Identifier: MIT

//go:build cgo && !without_aegis && arm64

package core

import (
	"runtime"

	"golang.org/x/sys/cpu"
)

// archKernels adds to the C core's kernels c those that the Go side
// detects. On arm64 the AES instructions are announced by HWCAP, which
// x/sys/cpu reads. Every arm64 CPU that darwin runs on (Apple A7 and
// later) has them, but x/sys/cpu reads no feature registers there and
// reports only the minimal set, so darwin and ios count as having them.
func archKernels(c uint32) uint32 {
	if cpu.ARM64.HasAES || runtime.GOOS == "darwin" || runtime.GOOS == "ios" {
		return c | 1<<KernelNEON
	}
	return c
}
