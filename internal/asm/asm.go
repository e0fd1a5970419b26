// SPDX-License-Identifier: MIT

// Package asm holds the Go-assembly kernels of the one-message Seal and
// Open, which internal/core runs for short messages: a cgo call costs as
// much as the whole AES chain of a short message, and assembly pays no
// such toll. The assembly is generated, from one description of each
// family, by the program in _asm (a module of its own, so that users
// never download its generator); the build tag purego turns it off.
//
// The package only holds the functions. Which one runs, and for which
// sizes, is internal/core's choice (asm.go there), made from the module's
// CPU detection (detect.go there): the package detects nothing itself.
//
// Seal(id, k, n, out, m, mlen, ad, adlen, taglen) encrypts the mlen bytes
// at m to out and writes the taglen-byte tag (16 or 32) right after them.
// Open(id, k, n, out, c, clen, ad, adlen, tag, taglen) decrypts the clen
// bytes at c to out and checks the taglen bytes at tag in constant time;
// it returns false when they do not match, and then out holds plaintext
// that the caller must clear. k points to the variant's key (16 or 32
// bytes), and n to its full nonce. out may be m or c exactly, but overlap
// them in no other way, nor ad, tag or the nonce: the functions that run
// lanes in groups read the nonce again for each group, after output has
// been written (internal/core copies a nonce that out overlaps aside). Both read and write
// nothing outside those lengths, and keep no pointer. Pointers and
// lengths, rather than slices: the arguments then travel in registers.
//
// The numbers of the variants and kernels (ids.go) are internal/core's:
// the generator writes them from core's tables, and core checks at
// compile time that they have not gone stale.
package asm

// ID returns the number of the functions of a variant on a kernel, for
// Seal and Open, or -1 where this build has none.
func ID(variant, kernel int) int {
	if variant < 0 || variant >= NumVariants || kernel < 0 || kernel >= NumKernels || !has[variant][kernel] {
		return -1
	}
	return variant*NumKernels + kernel
}
