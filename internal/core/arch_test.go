// SPDX-License-Identifier: MIT

//go:build !without_aegis && (arm64 || s390x || riscv64 || ppc64le || wasm)

package core

import (
	"os"
	"runtime"
	"slices"
	"testing"

	"golang.org/x/sys/cpu"
)

// TestArchKernel checks the kernel that New picks on the architectures
// that CI runs under emulation: neonsha3 on arm64 CPUs with the AES and
// SHA3 instructions (qemu's -cpu max), neon on those with AES alone (-cpu
// cortex-a72), vperm on the others (in builds with the C core), soft on
// s390x (big-endian), riscv64, ppc64le and wasm (under node), which have
// no kernel of their own. AEGIS_IMPL may only lower the choice.
//
// AEGISGO_WANT_KERNEL, when set, names the kernel that must be chosen
// whatever the CPU reports: CI sets it so that a detection that silently
// falls back to soft under qemu fails here instead of leaving neon
// untested.
func TestArchKernel(t *testing.T) {
	// The kernels this CPU should run, in the order of preference; the
	// build may lack some: without cgo, purego leaves the assembly, and
	// so neon, out, and vperm is C only.
	var here []Kernel
	if runtime.GOARCH == "arm64" {
		hasAES := cpu.ARM64.HasAES || runtime.GOOS == "darwin" || runtime.GOOS == "ios"
		t.Logf("arm64: x/sys/cpu HasAES=%v, SHA3 %v, GOOS=%s", cpu.ARM64.HasAES, hasSHA3Here(), runtime.GOOS)
		if hasAES && hasSHA3Here() {
			here = append(here, KernelNEONSHA3)
		}
		if hasAES {
			here = append(here, KernelNEON)
		}
		here = append(here, KernelVperm)
	}
	chain := KernelChain(os.Getenv("AEGIS_IMPL"))
	want := "soft"
	for _, k := range here {
		if built[0]&(1<<k) != 0 && (chain == nil || slices.Contains(chain, k)) {
			want = k.String()
			break
		}
	}
	if forced := os.Getenv("AEGISGO_WANT_KERNEL"); forced != "" {
		if forced != want {
			t.Errorf("AEGISGO_WANT_KERNEL=%s, but this CPU and AEGIS_IMPL=%q call for %s",
				forced, os.Getenv("AEGIS_IMPL"), want)
		}
		want = forced
	}
	if want == "neon" && cpuKernels&(1<<KernelNEON) == 0 {
		t.Errorf("the CPU has the AES instructions but the neon kernel is not enabled (kernels mask %#x)", cpuKernels)
	}
	if want == "neonsha3" && cpuKernels&(1<<KernelNEONSHA3) == 0 {
		t.Errorf("the CPU has the AES and SHA3 instructions but the neonsha3 kernel is not enabled (kernels mask %#x)", cpuKernels)
	}
	if runtime.GOARCH == "arm64" && built[0]&(1<<KernelVperm) != 0 && cpuKernels&(1<<KernelVperm) == 0 {
		t.Errorf("the build has vperm, which every arm64 CPU runs, but it is not enabled (kernels mask %#x)", cpuKernels)
	}
	for i := range Variants {
		v := &Variants[i]
		if got := Implementation(v); got != want {
			t.Errorf("%s: Implementation() = %s, want %s", v.Name, got, want)
		}
	}
}
