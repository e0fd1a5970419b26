// SPDX-License-Identifier: MIT

//go:build !without_aegis && amd64

package core

import (
	"os"
	"testing"
)

// TestWantKernelX86 is TestArchKernel's AEGISGO_WANT_KERNEL check for
// x86-64: when CI sets it beside AEGIS_IMPL (as .ci/cross.sh does for the
// windows build under wine), every variant that has code in that kernel
// must run it by default. A run meant for one kernel that
// quietly ran another (the cap lost on its way into the emulator, or a
// detection that sees less there) fails here instead of passing.
func TestWantKernelX86(t *testing.T) {
	want := os.Getenv("AEGISGO_WANT_KERNEL")
	if want == "" {
		t.Skip("AEGISGO_WANT_KERNEL is not set")
	}
	k, ok := KernelByName(want)
	if !ok {
		t.Fatalf("AEGISGO_WANT_KERNEL=%q names no kernel", want)
	}
	n := 0
	for i := range Variants {
		v := &Variants[i]
		if kernelOps(v.ID, k) == 0 {
			continue // no code there: it runs a kernel below
		}
		n++
		if got := Implementation(v); got != want {
			t.Errorf("%s: Implementation() = %s with AEGIS_IMPL=%q; want %s (kernels mask %#x)",
				v.Name, got, os.Getenv("AEGIS_IMPL"), want, cpuKernels)
		}
	}
	if n == 0 {
		t.Fatalf("no variant has code in %s", want)
	}
}
