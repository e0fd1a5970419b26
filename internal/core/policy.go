package core

// kernelChain lists, for each kernel, the kernels at or below it in the
// order of preference (best first). AEGIS_IMPL=name caps the choice to that
// chain; soft ends every chain.
var kernelChain = [numKernels][]int{
	KernelSoft:   {KernelSoft},
	KernelAESNI:  {KernelAESNI, KernelSoft},
	KernelAVX2:   {KernelAVX2, KernelAESNI, KernelSoft},
	KernelAVX512: {KernelAVX512, KernelAVX2, KernelAESNI, KernelSoft},
	KernelNEON:   {KernelNEON, KernelSoft},
}

// best is the order in which kernels are tried with no cap.
var best = []int{KernelAVX512, KernelAVX2, KernelAESNI, KernelNEON, KernelSoft}

// chooseKernel picks the kernel for one variant: the first kernel, in order
// of preference, that the CPU runs (bit k of cpu) and that has code for the
// variant (has(k)). capName is AEGIS_IMPL: empty means no cap; a kernel
// name limits the choice to that kernel and those below it. A name that is
// unknown is ignored (ok is false, so the caller can report it); a name of
// a kernel this CPU lacks can only lower the choice, never raise it: on x86,
// AEGIS_IMPL=neon leaves only soft.
func chooseKernel(cpu uint32, has func(k int) bool, capName string) (k int, ok bool) {
	order := best
	ok = true
	if capName != "" {
		if c := KernelByName(capName); c >= 0 {
			order = kernelChain[c]
		} else {
			ok = false
		}
	}
	for _, k := range order {
		if cpu&(1<<k) != 0 && has(k) {
			return k, ok
		}
	}
	return KernelSoft, ok
}
