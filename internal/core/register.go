// SPDX-License-Identifier: MIT

package core

import (
	"math"

	"github.com/aegisgo/aegis/internal/asm"
)

// Pay only for what you import: core names no variant's code. Each
// variant's package (aegis128l, ...) registers the code of its own
// variant, which its engines package (internal/engines/<variant>) lists:
// the C core's tables, the assembly's functions and internal/soft's. A
// program that imports one variant links that variant's code only.
//
// Registration happens while the variant packages initialize, before
// anything can use them, and fills the tables below once: they are read
// only after that, by any number of goroutines.

// registered says which variants registered.
var registered [len(Variants)]bool

// built holds, for each variant, the kernels its engines have in this
// build, whether or not the CPU runs them, as a bit mask.
var built [len(Variants)]uint32

// oneShots holds the assembly's Seal and Open of each variant and kernel
// that runs here, which newHeader copies into the headers.
var oneShots [len(Variants)][numKernels]asm.OneShot

// Register hands core the code of variant v and returns v. Each variant's
// package calls it once, at initialization. A kernel that the CPU does not
// run is left out; of those it runs, the C core takes every call that the
// assembly does not, where it has the kernel, and the Go engine the rest.
// It does nothing in a build without AEGIS (without_aegis), where every
// constructor then fails with common.ErrNotAvailable.
func Register(v *Variant, e asm.Engines) *Variant {
	if withoutAEGIS {
		return v
	}
	i := v.ID
	if registered[i] {
		panic("core: " + v.Name + " registered twice")
	}
	registered[i] = true
	for k := range numKernels {
		var f asm.Funcs
		switch {
		case k == KernelSoft:
			f = e.Soft
		case e.State != nil:
			f = e.State[k]
		}
		if f != nil || e.C[k] != 0 {
			built[i] |= 1 << k
		}
		if cpuKernels&(1<<k) == 0 {
			continue
		}
		if f != nil {
			goKernels[i*int(numKernels)+int(k)] = newGoKernel(v, k, f)
		}
		ops := e.C[k]
		if ops != 0 {
			lanesTable[i][k] = e.Lanes[k]
		} else if f != nil {
			ops = goHandle(i, k)
		}
		opsTable[i][k] = ops
		if ops != 0 && e.OneShot != nil && e.OneShot[k] != nil {
			oneShots[i][k] = e.OneShot[k]
		}
	}
	defaultKernel[i], _ = chooseKernel(cpuKernels, withOps(i), implEnv)
	for p := range PathAsm + 1 {
		for k := range numKernels {
			h := newHeader(i, k, p)
			j := headerIndex(p, i, k)
			hdrs[j], hdrs[j+1] = h, h
			hdrs[j].tagLen, hdrs[j+1].tagLen = 16, 32
		}
	}
	defaultHeaders[i] = uint32(headerIndex(PathAuto, i, defaultKernel[i]) + 1)
	return v
}

// newHeader returns the header of variant i on kernel k and path p: the
// table or handle of the engine (0 where the kernel cannot run here), and
// the range of sizes the assembly takes on the path (asmMax -1 where the
// engine runs everything: PathC, and kernels without assembly).
func newHeader(i int, k Kernel, p Path) header {
	h := header{ops: opsTable[i][k], v: &Variants[i], asmMax: -1, kernel: k, vid: uint8(i + 1)}
	lim := asmLimits[i][k]
	if lim.limit > math.MaxInt16 {
		panic("core: an assembly byte limit does not fit the AEAD's int16")
	}
	if oneShots[i][k] != nil && p != PathC {
		h.asm = oneShots[i][k]
		h.asmMax = int16(lim.crossover)
		if p == PathAsm {
			h.asmMax = int16(lim.limit)
		}
	}
	return h
}

// mustRegistered panics unless v's package registered it: a package of the
// module that takes a variant at run time (raf, the commands) imports
// every variant's package.
func mustRegistered(v *Variant) {
	if !withoutAEGIS && !registered[v.ID] {
		panic("core: " + v.Name + " used but its package is not linked (import github.com/aegisgo/aegis/" + v.Name + ")")
	}
}
