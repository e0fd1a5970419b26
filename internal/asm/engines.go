// SPDX-License-Identifier: MIT

package asm

// Engines is what one variant's package (internal/engines/<variant>)
// hands internal/core: every piece of code that computes that variant,
// and nothing of the others, so that a program links the variants it
// imports. Each field is indexed by kernel number; an entry is zero where
// the build has no such code.
type Engines struct {
	// C holds the C core's tables (csrc/aegis.h's aegisgo_ops, as
	// addresses in C static memory), in cgo builds.
	C [NumKernels]uintptr
	// Lanes holds how many messages of a batch each C table runs side by
	// side (its lanes field; 0: one at a time).
	Lanes [NumKernels]int
	// OneShot holds the assembly's one-message Seal and Open, which
	// short messages take in every build.
	OneShot *[NumKernels]OneShot
	// State holds the assembly's state-level functions, on which the Go
	// engine composes the rest of the API in builds without cgo (nil in
	// cgo builds, where the C core has it).
	State *[NumKernels]Funcs
	// Soft holds the constant-time Go kernel (internal/soft) as
	// state-level functions: the kernel of every build, and the only one
	// on CPUs and GOARCHes without another.
	Soft Funcs
}
