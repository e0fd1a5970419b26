// SPDX-License-Identifier: MIT

// Package asm holds the Go-assembly kernels of AEGIS: the one-message
// Seal and Open, which internal/core runs for short messages (a cgo call
// costs as much as the whole AES chain of a short message, and assembly
// pays no such toll), and the state-level functions, from which the rest
// of the API can be composed without the C core. The assembly is
// generated, from one description of each family, by the program in
// internal/gen/asm (a module of its own, so that users never download
// its generator); the build tag purego turns it off, and none.go then
// holds tables without functions.
//
// The package only holds the functions. Which one runs, and for which
// sizes, is internal/core's choice (asm.go there), made from the module's
// CPU detection (detect.go there): the package detects nothing itself.
//
// # Tables
//
// Each variant's functions are reached through its two tables, indexed
// by kernel: OneShot128L and Funcs128L for AEGIS-128L, and so on to
// OneShot256X4 and Funcs256X4. Their entries are values of a type per
// variant and kernel (aesni128L, ...) whose methods call the assembly;
// an entry of a kernel without assembly in this build (soft, vperm, the
// other architecture's) is nil. The linker keeps the methods that some
// code calls through the interfaces, of the types that some code names. Only the
// code of a variant names that variant's tables, so a program that uses
// one variant links that variant's assembly and no other's: that is why
// there is no dispatcher that takes a variant number. Lookup, which
// names them all, is for tests and tools.
//
// A call through an interface hides the callee from escape analysis,
// which then lets every pointer argument escape to the heap. The
// functions keep no pointer after they return, so internal/core hides
// the pointers it passes from escape analysis in turn (its noescape),
// and no buffer moves to the heap for a call.
//
// # One-shot Seal and Open
//
// Seal(k, n, out, m, mlen, ad, adlen, taglen) encrypts the mlen bytes
// at m to out and writes the taglen-byte tag (16 or 32) right after them.
// Open(k, n, out, c, clen, ad, adlen, tag, taglen) decrypts the clen
// bytes at c to out and checks the taglen bytes at tag in constant time;
// it returns false when they do not match, and then out holds plaintext
// that the caller must clear. k points to the variant's key (16 or 32
// bytes), n to its full nonce (NonceSize bytes). out may be m or c
// exactly, but overlap them in no other way, nor ad, tag, the key or the
// nonce: the functions that run lanes in groups read the key and the
// nonce again for each group, after output has been written. Both read
// and write nothing outside
// those lengths, and keep no pointer. Pointers and lengths, rather than
// slices: fewer words to pass.
//
// # State-level functions
//
// The spec's building blocks, one call each (Funcs holds them), on a
// state st that the caller owns: StateSize(variant) bytes (MaxStateSize
// at most) of plain bytes, loaded and stored by every call with
// unaligned accesses, so it may live anywhere in Go memory and be
// copied; it is as secret as the key, and the caller wipes it. Its
// layout is the variant's block vectors in the spec's order, S0 to S7 in
// the 128 family (AEGIS-128L, 128X2, 128X4) and S0 to S5 in the 256
// family, 16*D bytes each, lanes side by side as a register of all D
// lanes holds them: byte b of lane i of Sj is st[16*(D*j+i) + b]. (It is
// also the start of the C core's incremental state, csrc/aegis128_inc.h,
// whose other fields the C core adds.)
//
// The rate R is the bytes of one block of data: 32*D in the 128 family,
// 16*D in the 256 family (internal/core's Variant.Rate). A block of data
// is, per lane group, laid out as the state: in the 128 family its first
// 16*D bytes are M0 of the D lanes and the next 16*D M1.
//
//	Init(st, k, n)                   the spec's Init (ctx included) of key k and nonce n
//	Absorb(st, ad, blocks)           Absorb of blocks whole blocks at ad
//	Enc(st, out, in, blocks)         Enc of blocks whole blocks at in, to out
//	Dec(st, out, in, blocks)         Dec of blocks whole blocks
//	EncPartial(st, out, in, inlen)   Enc of the zero-padded last block of a message, inlen < R bytes out
//	DecPartial(st, out, in, inlen)   the spec's DecPartial of the last inlen < R bytes
//	Stream(st, out, in, blocks)      out = in ^ the keystream of blocks whole blocks (Enc of zero blocks)
//	KeyBlock(st, z)                  the R bytes of keystream of the next block to z; st unchanged
//	Finalize(st, tag, adlen, mlen, taglen)          the spec's Finalize; st unchanged
//	MACFinalize(st, tag, last, datalen, taglen)     the spec's FinalizeMac, X variants' reduction included; st unchanged
//
// The contract, which the functions do not check:
//
//   - The functions are a table's entry for a kernel that the CPU runs.
//   - A call reads and writes exactly the bytes its lengths give (blocks
//     whole blocks, inlen bytes, R bytes of z and last, taglen bytes of
//     tag: 16 or 32), and nothing of a pointer whose count is 0. No
//     argument overlaps another, except out == in exactly; st overlaps
//     none of them (the functions that run lanes in groups read k, n and
//     the data again for each group, after st or out has been written).
//   - Each call runs to its end without a preemption point, so the
//     caller keeps it under the kernel's byte limit (internal/core's
//     asmByteLimit): it splits long data into calls of at most
//     limit / R blocks. The functions process what they are given.
//   - Associated data, and AEGIS-MAC's data, go through Absorb: the
//     whole blocks in any split, then a partial last block zero-padded
//     by the caller into R bytes, as one block. Finalize takes the ad
//     and message lengths in bytes.
//   - A message in one piece, or in pieces of whole blocks: Enc (Dec) of
//     the whole blocks in any split, then EncPartial (DecPartial) of the
//     partial last block, if any; inlen 0 does nothing. After it, only
//     Finalize.
//   - A message in pieces of any length (Encrypter, Decrypter): the
//     bytes of a block that is not yet complete are the input xored with
//     KeyBlock's keystream at their offset in the block, and the caller
//     keeps their plaintext; when the block is complete, Absorb of that
//     plaintext is the Enc (Dec) of the block. At the end, a partial
//     block's plaintext, zero-padded, is absorbed as one block, which is
//     what EncPartial and DecPartial do to the state.
//   - The spec's Stream: Stream of whole blocks (in may be zeros, or out
//     itself after clearing it); a keystream that stops within a block
//     takes its bytes from Stream of one zero block into the caller's
//     buffer, or, at its very end, from KeyBlock.
//   - AEGIS-MAC: Init, Absorb of the whole blocks, then MACFinalize with
//     the partial block zero-padded at last (read only when datalen is
//     not a multiple of R); since st is left as it is, more data can be
//     absorbed after it.
//
// All of them are constant time in the key, the nonce, the state and the
// data: no branch or address depends on them (TestConstantTime scans the
// generated assembly), only on lengths and pointers.
//
// The numbers of the variants and kernels (ids.go) are internal/core's:
// the generator writes them from core's tables, and core checks at
// compile time that they have not gone stale.
package asm

// The generator is a module of its own (it needs avo, which users of this
// module never download), outside the workspace.
//
//go:generate env GOWORK=off go run -C ../gen/asm .

// OneShot is one kernel's one-message Seal and Open of one variant (see
// the package doc).
type OneShot interface {
	// Seal encrypts the mlen bytes at m to out, and writes the
	// taglen-byte tag right after them.
	Seal(k, n, out, m *byte, mlen int, ad *byte, adlen, taglen int)
	// Open decrypts the clen bytes at c to out and reports whether the
	// taglen bytes at tag are their tag; where they are not, out holds
	// plaintext, which the caller clears.
	Open(k, n, out, c *byte, clen int, ad *byte, adlen int, tag *byte, taglen int) bool
}

// Funcs is one kernel's state-level functions of one variant (see the
// package doc for their contract).
type Funcs interface {
	// Init writes the state of key k and nonce n to st: the spec's Init.
	Init(st, k, n *byte)
	// Absorb absorbs blocks whole rate blocks at ad (associated data,
	// or AEGIS-MAC's data).
	Absorb(st, ad *byte, blocks int)
	// Enc encrypts blocks whole rate blocks at in to out: the spec's Enc,
	// block by block.
	Enc(st, out, in *byte, blocks int)
	// Dec decrypts them: the spec's Dec, block by block.
	Dec(st, out, in *byte, blocks int)
	// EncPartial encrypts the last inlen < rate bytes of a message, at
	// in, to out: Enc of the zero-padded block, of whose output only
	// inlen bytes are written.
	EncPartial(st, out, in *byte, inlen int)
	// DecPartial decrypts the last inlen < rate bytes of a ciphertext:
	// the spec's DecPartial.
	DecPartial(st, out, in *byte, inlen int)
	// Stream xors blocks whole rate blocks of keystream into the bytes
	// at in, to out: the spec's Stream, which is Enc of zero blocks.
	Stream(st, out, in *byte, blocks int)
	// KeyBlock writes to z the rate bytes of keystream that Enc would
	// xor into the next block, and leaves st as it is.
	KeyBlock(st, z *byte)
	// Finalize writes the taglen-byte tag (16 or 32) of a state that
	// absorbed adlen bytes of associated data and encrypted or
	// decrypted mlen bytes: the spec's Finalize. st is left unusable.
	Finalize(st, tag *byte, adlen, mlen uint64, taglen int)
	// MACFinalize writes the taglen-byte AEGIS-MAC tag (16 or 32) of
	// datalen bytes of data: the rate block at last (the data's partial
	// block, zero-padded) is absorbed first where datalen is not a
	// multiple of the rate, then the spec's FinalizeMac. st is left as
	// it is.
	MACFinalize(st, tag, last *byte, datalen uint64, taglen int)
}

// StateSize returns the bytes of a variant's state for the state-level
// functions.
func StateSize(variant int) int { return stateSizes[variant] }
