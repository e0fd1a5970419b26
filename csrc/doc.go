// SPDX-License-Identifier: MIT

// Package csrc is the C core of the module: the AEGIS algorithm bodies
// (one per family), the kernels that instantiate them (kernel_*.h; the
// list is internal/core's table of kernels) and the glue that the Go side
// calls through cgo (dispatch.c, incremental.c, batch.c).
//
// It has no Go API. The kernels are headers: each variant's package,
// internal/engines/<variant>, compiles them for that variant alone, so a
// program links the C of the variants it imports; this package compiles
// the glue once, and keeps the C sources in a package, so that
// `go mod vendor` keeps them. The C files carry the build constraint
// `cgo && !without_aegis`, the same as the Go files that use them, so a
// build without cgo or with the tag without_aegis compiles no C at all.
//
// # From Seal to the instruction
//
// One call of aegis128l's Seal of a long message (above the crossover of
// internal/core/asm.go, with its associated data) on a CPU with AVX-512
// and VAES, file by file:
//
//  1. aegis128l/aegis128l.go: the AEAD wraps a core.AEAD16 (the AEAD of
//     a 16-byte key) for the variant AEGIS-128L, which the package
//     registered with core at initialization, with its code in each
//     engine (internal/engines/aegis128l; core's register.go).
//  2. internal/core/aead.go: (*AEADOf).Seal calls sealTo, which makes
//     every check, sizes the output, and calls seal with the table of
//     entry points in the AEAD's header (hdrs in internal/core/asm.go,
//     which New points the AEAD at: the kernel chosen at registration,
//     from the CPU detection of detect.go). A short message leaves the path here:
//     asmTakes says the Go assembly takes it (internal/core/asm.go), and
//     sealTo calls the header's entry of asm.OneShot128L for the kernel,
//     which runs avx512Seal128L (internal/asm), generated from
//     internal/gen/asm/desc.go, with no cgo call.
//  3. internal/core/core_cgo.go: seal is the one cgo call,
//     C.aegisgo_seal (a table of the soft kernel is a handle of the Go
//     engine instead, and goes there: internal/core/engine.go).
//  4. csrc/dispatch.c: aegisgo_seal calls ops->encrypt, the .encrypt entry
//     of the table: here aegisgo_avx512_128l in
//     internal/engines/aegis128l/kernels.c, avx512_d1_encrypt128.
//  5. That name is FN(encrypt128) of csrc/aegis128_body.h, instantiated by
//     csrc/instance.h for KERNEL avx512 and D = 1 (kernel_avx512.h): FN(x)
//     (csrc/internal.h) pastes KERNEL_dD_x. Every function that a profiler
//     shows is named in full in a table of internal/engines or beside the
//     knob that takes it out of line, so grep finds it
//     (TestNamesAreLiteral); the rest is inlined into it.
//  6. encrypt128 runs init128, absorb128, then bulk128 over the whole
//     blocks: run128 calls enc128 for each 32-byte block. enc128 XORs the
//     message with the keystream (Z128_ENC) and calls upd128, the spec's
//     Update, which is update128 with the state's own S3 and S7.
//  7. update128 is eight blk_aes_round; kernel_avx512.h defines
//     blk_aes_round for D = 1 as _mm_aesenc_si128, which is the
//     instruction VAESENC (its VEX form: the file is compiled for avx512f,
//     avx512vl, avx512bw, avx2, aes and vaes by a target pragma).
//
// The other kernels differ only in step 4's table and step 7's block
// operations (kernel_aesni.h: AESENC on one register per lane;
// kernel_vperm.h: vperm_aesround, some 33 byte shuffles and XORs on one
// register, with the update a function of its own, vperm_d1_update128).
// The table of block operations and knobs is at the top of
// aegis128_body.h. The AEGIS-256 family follows the same path through
// aegis256_body.h, and the incremental API through incremental.c and
// aegis128_inc.h or aegis256_inc.h.
package csrc
