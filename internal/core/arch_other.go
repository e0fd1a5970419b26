//go:build cgo && !without_aegis && !arm64

package core

// archKernels: on other architectures the C core detects what it needs.
func archKernels() uint32 { return 0 }
