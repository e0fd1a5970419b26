// SPDX-License-Identifier: MIT

//go:build cgo && !without_aegis && !arm64

package core

// archKernels: outside arm64 the C core's detection, c, is all.
func archKernels(c uint32) uint32 { return c }
