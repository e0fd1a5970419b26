package core

// DefaultKernel returns the kernel that New uses for variant v.
func DefaultKernel(v *Variant) int { return defaultKernel[v.ID] }

// Implementation returns the name of the kernel that New uses for v, or
// "none" when the module was built without its C core.
func Implementation(v *Variant) string {
	if cpuKernels == 0 {
		return "none"
	}
	return KernelNames[defaultKernel[v.ID]]
}

// Kernels returns the kernels that can run variant v on this machine, best
// last, whatever AEGIS_IMPL says: tests walk them all.
func Kernels(v *Variant) []int {
	var ks []int
	for k := 0; k < numKernels; k++ {
		if kernelOps(v.ID, k) != 0 {
			ks = append(ks, k)
		}
	}
	return ks
}

// ImplEnvOK reports whether AEGIS_IMPL was empty or named a kernel. An
// unknown name is ignored; tools can use this to warn about it.
func ImplEnvOK() bool { return implEnvOK }

// KernelChain returns the kernels that AEGIS_IMPL=name allows, best first,
// or nil for an unknown name.
func KernelChain(name string) []int {
	if k := KernelByName(name); k >= 0 {
		return kernelChain[k]
	}
	return nil
}
