// SPDX-License-Identifier: MIT

// Package aegis is the root of github.com/aegisgo/aegis: AEGIS
// authenticated encryption (AEGIS-128L, 128X2, 128X4, 256, 256X2 and
// 256X4, from draft-irtf-cfrg-aegis-aead) for Go, computed by the module's
// own C library through cgo, or, in builds without cgo, by its Go assembly
// and constant-time Go. This package has no API; import a variant:
//
//	github.com/aegisgo/aegis/aegis128l   AEGIS-128L
//	github.com/aegisgo/aegis/aegis128x2  AEGIS-128X2
//	github.com/aegisgo/aegis/aegis128x4  AEGIS-128X4
//	github.com/aegisgo/aegis/aegis256    AEGIS-256
//	github.com/aegisgo/aegis/aegis256x2  AEGIS-256X2
//	github.com/aegisgo/aegis/aegis256x4  AEGIS-256X4
//	github.com/aegisgo/aegis/common      Available and the errors
//	github.com/aegisgo/aegis/raf         random-access encrypted files
//
// Each New returns a crypto/cipher.AEAD. The packages, identifiers and
// bytes are those of github.com/aegis-aead/go-libaegis, so a program can
// switch with a change of import path or a replace directive; SWITCHING.md,
// at the root of the repository, lists where the two differ.
//
// # Random nonces
//
// A nonce must never repeat under one key. Nonces drawn at random repeat
// by chance: among q messages with n-bit random nonces, two share a nonce
// with probability about q^2/2^(n+1) (the birthday bound). Kept below
// 2^-32, which it reaches at q = 2^((n-31)/2), that allows:
//
//	AEGIS-128L, 128X2, 128X4  128-bit nonces  2^48 messages per key  (2^-32 at 2^48.5)
//	AEGIS-256, 256X2, 256X4   256-bit nonces  2^112 messages per key (2^-32 at 2^112.5)
//
// At 2^48 or 2^112 messages the probability is about 2^-33. (AES-GCM's
// 96-bit nonces allow 2^32.) For random nonces, pick the AEGIS-256
// family: no practical use reaches its limit. Each variant's
// NewWithRandomNonce draws the nonces itself, as
// crypto/cipher.NewGCMWithRandomNonce does: Seal puts a fresh nonce from
// crypto/rand in front of the ciphertext, and Open takes it back off.
//
// # Build tags
//
// The C core is compiled when cgo is on (CGO_ENABLED=1 and a C compiler).
// With cgo off, the Go engine (internal/core/goengine.go) runs the whole
// API on the Go assembly's state-level functions (amd64 and arm64), or on
// the constant-time Go kernel of internal/soft, with the same results;
// batches then run message by message. With
//
//	go build -tags without_aegis
//
// no AEGIS is compiled: the packages keep their API, common.Available is
// false, and every New returns common.ErrNotAvailable, so callers can fall
// back to another cipher. The tag purego leaves the Go assembly out, so
// the C core (or, without cgo, the Go kernel) runs every call. build_tags.go, beside this file, is the one
// home of the tags: what each turns off, the rule of the cgo and no-cgo
// files, and what each build has.
//
// Short one-message calls (Seal, Open, SealDetached, OpenDetached) run in
// Go assembly, under the same kernel choice as the C core, because a cgo
// call costs as much as the whole computation of a short message. The
// assembly is generated from a description of each family of its own
// (internal/gen/asm), written in the C body's vocabulary: a second
// transcription of the specification, checked against the C core and the
// specification's vectors. The sizes it takes are internal/core/asm.go's
// crossovers.
//
// # Kernels and AEGIS_IMPL
//
// At start-up the module detects the CPU (in Go) and picks, per variant,
// the best of its kernels: avx512 (VAES on 512-bit registers), avx2 (VAES
// on 256-bit registers), aesni (AES-NI), neonsha3 (ARMv8 AES with FEAT_SHA3's
// three-way xor, EOR3), neon (ARMv8 AES), vperm (for CPUs
// without AES instructions: a constant-time AES round by vector permutes,
// SSSE3 on x86-64 and Advanced SIMD on arm64, in the C core only), soft
// (portable, constant-time C with cgo, bitsliced Go without). Each
// variant's Implementation function names its choice. The environment
// variable AEGIS_IMPL, set to one of these names, caps the choice to that
// kernel and those after it in this list: AEGIS_IMPL=soft forces the
// portable kernel, AEGIS_IMPL=vperm the vector-permute one (soft where the
// CPU or the build lacks it), AEGIS_IMPL=aesni keeps the wide-vector
// kernels out, and AEGIS_IMPL=neon keeps EOR3 out. Case does not matter
// (AEGIS_IMPL=AVX2 is avx2). It never picks a kernel the CPU lacks; a value
// that names no kernel is ignored, and the module's commands say so on
// standard error.
package aegis

//go:generate go run internal/gen/main.go
