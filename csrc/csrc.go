// SPDX-License-Identifier: MIT

//go:build cgo && !without_aegis

package csrc

// The kernels switch their instruction sets on per function with target
// pragmas, so the whole package compiles for the baseline CPU.

// #cgo CFLAGS: -O3 -g1 -Wall
import "C"
