// SPDX-License-Identifier: MIT

package cpuid

import (
	"runtime"
	"testing"

	"golang.org/x/sys/cpu"
)

// TestReadAgreesWithXSys checks the words read here against what
// golang.org/x/sys/cpu reads with its own assembly, bit by bit where it
// reports the same features.
func TestReadAgreesWithXSys(t *testing.T) {
	r, ok := Read()
	if ok != (runtime.GOARCH == "amd64") {
		t.Fatalf("Read reports %v on %s", ok, runtime.GOARCH)
	}
	if !ok {
		return
	}
	for _, c := range []struct {
		name string
		got  bool
		want bool
	}{
		{"AES", r.Leaf1ECX&(1<<25) != 0, cpu.X86.HasAES},
		{"OSXSAVE", r.Leaf1ECX&OSXSAVE != 0, cpu.X86.HasOSXSAVE},
		{"AVX2", r.Leaf7EBX&(1<<5) != 0 && r.XCR0&6 == 6 && r.Leaf1ECX&(1<<28) != 0, cpu.X86.HasAVX2},
		// darwin's XCR0 lacks the AVX-512 state until a thread uses it,
		// and x/sys/cpu asks the kernel instead.
		{"AVX512F", r.Leaf7EBX&(1<<16) != 0 && r.XCR0&0xe6 == 0xe6, cpu.X86.HasAVX512F},
		{"BMI2", r.Leaf7EBX&(1<<8) != 0, cpu.X86.HasBMI2},
	} {
		if c.name == "AVX512F" && runtime.GOOS == "darwin" {
			continue
		}
		if c.got != c.want {
			t.Errorf("%s: %v from Read, %v from x/sys/cpu (words %+v)", c.name, c.got, c.want, r)
		}
	}
}
