// Package core is the cgo boundary of the module: the one place that calls
// the C core, the kernel choice, and the AEAD type that the six variant
// packages wrap. The variant packages hold declarations only.
//
// Files tagged `cgo && !without_aegis` call C; files tagged
// `!cgo || without_aegis` replace them with a stub whose constructors
// return common.ErrNotAvailable. The rest builds everywhere.
package core

// Variant describes one AEGIS variant. The ID is the C core's variant
// number (AEGISGO_128L ... in csrc/aegis.h).
type Variant struct {
	ID        int
	Name      string // the Go package name, which also starts every panic message
	Title     string // the specification's name
	KeySize   int
	NonceSize int
	Rate      int // bytes absorbed per state update
}

// The variants, indexed by ID.
var Variants = [...]Variant{
	{0, "aegis128l", "AEGIS-128L", 16, 16, 32},
	{1, "aegis128x2", "AEGIS-128X2", 16, 16, 64},
	{2, "aegis128x4", "AEGIS-128X4", 16, 16, 128},
	{3, "aegis256", "AEGIS-256", 32, 32, 16},
	{4, "aegis256x2", "AEGIS-256X2", 32, 32, 32},
	{5, "aegis256x4", "AEGIS-256X4", 32, 32, 64},
}

// Kernel numbers, as in csrc/aegis.h.
const (
	KernelSoft   = 0
	KernelAESNI  = 1
	KernelAVX2   = 2
	KernelAVX512 = 3
	KernelNEON   = 4
	numKernels   = 5
)

// KernelNames are the names used by AEGIS_IMPL and Implementation.
var KernelNames = [numKernels]string{"soft", "aesni", "avx2", "avx512", "neon"}

// KernelByName returns the number of a kernel name, or -1.
func KernelByName(name string) int {
	for i, n := range KernelNames {
		if n == name {
			return i
		}
	}
	return -1
}
