// SPDX-License-Identifier: MIT

// This file is the one home of the module's build tags: what each tag
// turns off, the rule that the cgo and no-cgo files follow, and what each
// build runs on each CPU. build_tags_test.go builds each combination and
// checks that it reports what the tables below say. The kernels
// themselves (names, instructions, engines) are the README's kernel
// table.
//
// # Tags
//
//	cgo            on by default where a C compiler is found; CGO_ENABLED=0
//	               turns it off (and plain cross-compiling does so silently).
//	               With it, the C library (csrc/) is compiled and runs every
//	               call of its kernels that the assembly does not take.
//	               Without it, the Go engine (internal/core/goengine.go)
//	               runs the whole API on the assembly's state-level
//	               functions, or on the constant-time Go of internal/soft.
//	purego         leaves the Go assembly out (internal/asm): with cgo the
//	               C library runs every call of its kernels, short ones too;
//	               without cgo the soft kernel in Go does.
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
// # What each build runs
//
// On a CPU with AES instructions (x86-64 with AES-NI; arm64 with the ARMv8
// AES instructions, an optional extension that Neoverse, Apple's M and A
// chips and most phone SoCs have, and the Raspberry Pi 3 and 4 lack), on
// the best kernel the CPU allows:
//
//	build                    common.Available  short calls  the rest                   batches
//	cgo (the default)        true              Go assembly  C library                  C library, in lanes
//	cgo, -tags purego        true              C library    C library                  C library, in lanes
//	CGO_ENABLED=0            true              Go assembly  Go engine on the assembly  one by one
//	CGO_ENABLED=0, purego    true              Go engine on soft, every call           one by one
//	-tags without_aegis      false             none: every constructor returns common.ErrNotAvailable
//
// "Short calls" are Seal, Open, SealDetached and OpenDetached of messages
// up to the crossover of internal/core/asm.go; "the rest" is longer
// messages, Encrypter and Decrypter, MAC, the keystream and raf. Batches
// run in the lanes of one register for AEGIS-128L and AEGIS-256 with the
// avx512, avx2 and neon kernels, from 16 messages on; other batches go
// one message at a time.
//
// Without AES instructions, and on every other GOARCH:
//
//	CPU                                            cgo builds                    builds without cgo
//	x86-64 with SSSE3 but no AES-NI (Core 2,       vperm, in the C library,      soft, in the Go engine
//	  Atom before Silvermont, AMD Bobcat)          every call
//	arm64 without the AES instructions (the        vperm, in the C library,      soft, in the Go engine
//	  Cortex-A72 of a Raspberry Pi 4)              every call
//	x86-64 without SSSE3; 386, riscv64, ppc64le,   soft, in the Go engine,       soft, in the Go engine
//	  s390x, loong64, mips, wasm and the rest      every call
//
// The soft kernel is constant-time Go (internal/soft), the same code in
// every build; vperm is C only. AEGIS_IMPL (see the package doc) caps the
// choice: AEGIS_IMPL=soft runs the Go engine on soft in every build, and
// AEGIS_IMPL=vperm the C library's vperm where cgo is on. Each variant's
// Implementation names the kernel New takes ("none" with without_aegis).
//
// # Building with care
//
// Cross-compiling turns cgo off: when GOOS or GOARCH names another target,
// go build sets CGO_ENABLED=0 unless told otherwise, and the build runs
// on the Go assembly or constant-time Go. For the C library, set
// CGO_ENABLED=1 and a cross compiler (go env CGO_ENABLED, with the same
// variables, tells which you get):
//
//	GOARCH=arm64 CGO_ENABLED=1 CC=aarch64-linux-gnu-gcc go build ./...                  # Debian: gcc-aarch64-linux-gnu
//	GOOS=windows GOARCH=amd64 CGO_ENABLED=1 CC=x86_64-w64-mingw32-gcc go build ./...    # Debian: gcc-mingw-w64-x86-64
//
// Without a C compiler, go build finds no gcc (or $CC) and turns cgo off
// by itself; forcing CGO_ENABLED=1 then fails with `cgo: C compiler "gcc"
// not found`.
//
// Static binaries, with glibc: link externally with -static, and let the
// tags netgo and osusergo replace the C lookups of net and os/user, which
// would otherwise need the shared glibc at run time. For musl (Debian:
// musl-tools), add CC=musl-gcc; CI does not build with musl.
//
//	go build -tags netgo,osusergo -ldflags '-linkmode external -extldflags -static' ./cmd/aegis-raf
//
// Windows: on x64, gcc cannot realign the stack for 32- and 64-byte
// spills (GCC bug 54412), so a gcc that spills with aligned moves can
// crash the avx2 and avx512 kernels. Debian's mingw-w64 gcc is patched to
// emit unaligned moves, which CI checks on the C library's objects
// (.ci/spills/check.sh), and CI runs the tests under wine once per x86
// kernel. With any other gcc for Windows, add the assembler flag that makes
// aligned moves unaligned (cgo refuses it in a #cgo line, and -O2 -g is
// the default that CGO_CFLAGS replaces):
//
//	CGO_CFLAGS="-O2 -g -Wa,-muse-unaligned-vector-move" GOOS=windows GOARCH=amd64 CGO_ENABLED=1 CC=x86_64-w64-mingw32-gcc go build ./...
//
// # Leaving a C kernel out
//
// CGO_CFLAGS=-DAEGISGO_NO_AVX512 (or _NO_AVX2, _NO_AESNI, _NO_NEON,
// _NO_NEONSHA3, _NO_VPERM) compiles the C library without that kernel
// (csrc/internal.h): for an old assembler, or to test the fallbacks.
// Leaving aesni out leaves the VAES kernels out too, and leaving neon out
// leaves neonsha3 out. The Go assembly keeps its kernels; purego removes
// them all.

package aegis
