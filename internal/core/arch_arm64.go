//go:build cgo && !without_aegis && arm64

package core

import "golang.org/x/sys/cpu"

// archKernels adds the kernels that the Go side detects. On arm64 the AES
// instructions are announced by HWCAP, which x/sys/cpu reads; on darwin
// they are always there.
func archKernels() uint32 {
	if cpu.ARM64.HasAES {
		return 1 << KernelNEON
	}
	return 0
}
