// SPDX-License-Identifier: MIT

// Package aegis is the root of github.com/aegisgo/aegis: AEGIS
// authenticated encryption (AEGIS-128L, 128X2, 128X4, 256, 256X2 and
// 256X4, from draft-irtf-cfrg-aegis-aead) for Go, computed by the module's
// own C library through cgo. This package has no API; import a variant:
//
//	github.com/aegisgo/aegis/aegis128l   AEGIS-128L
//	github.com/aegisgo/aegis/aegis128x2  AEGIS-128X2
//	github.com/aegisgo/aegis/aegis128x4  AEGIS-128X4
//	github.com/aegisgo/aegis/aegis256    AEGIS-256
//	github.com/aegisgo/aegis/aegis256x2  AEGIS-256X2
//	github.com/aegisgo/aegis/aegis256x4  AEGIS-256X4
//	github.com/aegisgo/aegis/common      Available and the errors
//
// Each New returns a crypto/cipher.AEAD. The packages, identifiers and
// bytes are those of github.com/aegis-aead/go-libaegis, so a program can
// switch with a change of import path or a replace directive.
//
// # Build tags
//
// The C core is compiled when cgo is on (CGO_ENABLED=1 and a C compiler).
// With cgo off, or with
//
//	go build -tags without_aegis
//
// no C is compiled: the packages keep their API, common.Available is
// false, and every New returns common.ErrNotAvailable, so callers can fall
// back to another cipher. Go files that call C carry the constraint
// `cgo && !without_aegis`, and their replacements `!cgo || without_aegis`.
//
// # Kernels and AEGIS_IMPL
//
// At start-up the C core detects the CPU and picks, per variant, the best of
// its kernels: avx512 (VAES on 512-bit registers), avx2 (VAES on 256-bit
// registers), aesni (AES-NI), neon (ARMv8 AES), soft (portable,
// constant-time C). Each variant's Implementation function names its
// choice. The environment variable AEGIS_IMPL, set to one of these names,
// caps the choice: AEGIS_IMPL=soft forces the portable kernel, and
// AEGIS_IMPL=aesni keeps the wide-vector kernels out. It never picks a
// kernel the CPU lacks; an unknown name is ignored.
package aegis

//go:generate go run internal/gen/main.go
