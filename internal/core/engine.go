// SPDX-License-Identifier: MIT

package core

// An AEAD's table (header.ops, opsTable) names the engine of its kernel:
// the address of a C core's table (csrc/aegis.h's aegisgo_ops, in C
// static memory, so even), or a handle of the Go engine, which is odd.
// The C core exists in cgo builds only (the *_cgo.go files); the Go
// engine, in every build, runs the soft kernel everywhere and every
// kernel without cgo (the *_nocgo.go files).

// goHandle returns the Go engine's handle of variant i on kernel k.
func goHandle(i int, k Kernel) uintptr { return uintptr(i*int(numKernels)+int(k))<<1 | 1 }

// isGo reports whether a table is a handle of the Go engine.
func isGo(ops uintptr) bool { return ops&1 != 0 }

// goEngine returns the Go engine of a handle.
func goEngine(ops uintptr) *goKernel { return &goKernels[ops>>1] }
