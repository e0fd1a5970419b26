// SPDX-License-Identifier: MIT

//go:build !amd64

package cpuid

// Read returns false: this is no x86-64 CPU.
func Read() (X86, bool) { return X86{}, false }
