// SPDX-License-Identifier: MIT

// Package cpuid reads the x86 registers that the kernel choice of
// internal/core decodes: CPUID leaves 1 and 7.0, and XCR0. It is a package
// of its own because a package that uses cgo, as internal/core does,
// cannot hold Go assembly; it only reads, and decides nothing.
package cpuid

// X86 holds the words that the kernel choice needs.
type X86 struct {
	Leaf1ECX, Leaf7EBX, Leaf7ECX uint32
	XCR0                         uint64 // 0 where OSXSAVE says XGETBV may not run
}

// OSXSAVE is CPUID leaf 1's ECX bit that says XGETBV may run.
const OSXSAVE = 1 << 27
