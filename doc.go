// SPDX-License-Identifier: MIT

// Package aegis is the root of github.com/aegisgo/aegis: AEGIS
// authenticated encryption for Go, the six variants of RFC 10032
// (draft-irtf-cfrg-aegis-aead before its publication): AEGIS-128L, 128X2,
// 128X4, 256, 256X2 and 256X4, with AEGIS-MAC. This package has no API;
// import a variant:
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
// Each New returns a crypto/cipher.AEAD. A program links only the
// variants it imports. The packages, identifiers and bytes are those of
// github.com/aegis-aead/go-libaegis, so a program can switch with a change
// of import path or a replace directive; SWITCHING.md, at the root of the
// repository, lists where the two differ.
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
// family: no practical use reaches its limit. Each variant's NonceSize
// states its limit, and its NewWithRandomNonce draws the nonces itself,
// as crypto/cipher.NewGCMWithRandomNonce does: Seal puts a fresh nonce
// from crypto/rand in front of the ciphertext, and Open takes it back off.
//
// # Builds
//
// Every Go build has AEGIS. The module's C library (through cgo), its Go
// assembly (amd64 and arm64) and its constant-time Go compute the same
// bytes; which of them runs a call depends on the build and the CPU.
// build_tags.go, beside this file, is the one home of the tags (cgo,
// purego, without_aegis) and of what each build runs where. With
//
//	go build -tags without_aegis
//
// no AEGIS is compiled: the packages keep their API, common.Available is
// false, and every New returns common.ErrNotAvailable, so callers can fall
// back to another cipher.
//
// # Kernels and AEGIS_IMPL
//
// At start-up the module detects the CPU, once, in Go, and picks for each
// variant the fastest kernel that the CPU and the build have; the
// kernels, with the instructions each needs, are the table in README.md.
// Each variant's Implementation function names its choice.
//
// The environment variable AEGIS_IMPL, read once at start-up, caps that
// choice. Set to a kernel's name, it allows that kernel and the slower
// ones of its line: avx512, then avx2, then aesni on x86-64; neonsha3,
// then neon on arm64; then, on both, vperm, then soft. So AEGIS_IMPL=soft
// forces the constant-time Go kernel, AEGIS_IMPL=vperm the vector-permute
// one (soft where the CPU or the build lacks it), AEGIS_IMPL=aesni keeps
// the wide-vector kernels out, AEGIS_IMPL=avx2 keeps AVX-512 out, and
// AEGIS_IMPL=neon keeps EOR3 out. Case does not matter (AEGIS_IMPL=AVX2 is
// avx2). It never picks a kernel that the CPU lacks; a value that names no
// kernel is ignored, and the module's commands, aegis-speed and
// aegis-raf, say so on standard error.
package aegis

//go:generate go run internal/gen/main.go
