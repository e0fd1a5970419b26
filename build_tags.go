// SPDX-License-Identifier: MIT

// This file is the one home of the module's build tags: what each tag
// turns off, the rule that the cgo and no-cgo files follow, and what each
// build has. build_tags_test.go builds each combination and checks that
// it reports what the table below says.
//
// # Tags
//
//	cgo            on by default where a C compiler is found; CGO_ENABLED=0
//	               turns it off (and plain cross-compiling does so silently).
//	               With it, the C core (csrc/) is compiled and runs every
//	               call that the assembly does not take. Without it, the Go
//	               engine (internal/core/goengine.go) runs the whole API on
//	               the assembly's state-level functions, or on the
//	               constant-time Go of internal/soft.
//	purego         leaves the Go assembly out (internal/asm): with cgo the
//	               C core runs every call, short ones too; without cgo the
//	               soft kernel in Go does.
//	without_aegis  removes AEGIS: no C is compiled and no assembly is
//	               linked; the packages keep their API, common.Available is
//	               false, and every constructor returns
//	               common.ErrNotAvailable, so a caller can fall back.
//
// # The cgo and no-cgo files
//
// A Go file that imports "C" carries the constraint
//
//	//go:build cgo && !without_aegis
//
// and is named *_cgo.go; its replacement, *_nocgo.go beside it, carries the
// exact complement
//
//	//go:build !cgo || without_aegis
//
// so that every build compiles exactly one of the two. The assembly's
// files carry !purego && !without_aegis and the architecture, and
// internal/asm/none.go the complement.
//
// # What each build has
//
//	build                    common.Available  kernels                          short calls  the rest                  batches
//	cgo (the default)        true              soft, aesni, avx2, avx512, neon, Go assembly  C core                    C lanes
//	                                           neonsha3, vperm
//	cgo, -tags purego        true              the same                         C core       C core                    C lanes
//	CGO_ENABLED=0            true              soft (Go), aesni, avx2, avx512,  Go assembly  Go engine on the assembly one by one
//	                                           neon, neonsha3
//	CGO_ENABLED=0, purego    true              soft (Go)                        Go engine    Go engine on soft         one by one
//	-tags without_aegis      false             none: ErrNotAvailable            -            -                         -
//
// The kernels are those that the CPU runs, capped by AEGIS_IMPL; each
// variant's Implementation names the one New takes ("none" with
// without_aegis). The assembly exists for amd64 (aesni, avx2, avx512) and
// arm64 (neon, neonsha3); on other architectures the C core runs every call with
// cgo, and the soft kernel in Go without it. vperm (C only: SSSE3 on
// amd64, Advanced SIMD on arm64) runs every call in the C core, short ones
// included; without cgo, its CPUs run soft.

package aegis
