// SPDX-License-Identifier: MIT

package cpuid

// cpuid runs CPUID with EAX = leaf and ECX = sub.
//
//go:noescape
func cpuid(leaf, sub uint32) (eax, ebx, ecx, edx uint32)

// xgetbv0 reads XCR0. It may run only where CPUID leaf 1 has OSXSAVE.
//
//go:noescape
func xgetbv0() (eax, edx uint32)

// Read returns this CPU's words, and true: the one reading of the x86
// registers.
func Read() (X86, bool) {
	var r X86
	maxLeaf, _, _, _ := cpuid(0, 0)
	if maxLeaf >= 1 {
		_, _, r.Leaf1ECX, _ = cpuid(1, 0)
	}
	if maxLeaf >= 7 {
		_, r.Leaf7EBX, r.Leaf7ECX, _ = cpuid(7, 0)
	}
	if r.Leaf1ECX&OSXSAVE != 0 {
		lo, hi := xgetbv0()
		r.XCR0 = uint64(hi)<<32 | uint64(lo)
	}
	return r, true
}
