// SPDX-License-Identifier: MIT

package core

import (
	"crypto/rand"
	"encoding/binary"

	"github.com/aegisgo/aegis/common"
)

// RandomNonceAEAD is the AEAD behind every variant's NewWithRandomNonce:
// the contract of crypto/cipher.NewGCMWithRandomNonce, with AEGIS inside.
// Seal draws the nonce from crypto/rand and writes nonce || ciphertext ||
// tag; Open reads the nonce from there. NonceSize is 0, Overhead is the
// nonce and the tag, and the nonce argument must be empty.
//
// The bytes after the nonce are those of AEAD.Seal with that nonce, and
// both directions go through AEAD's sealTo and openTo, so the one-message
// path and its checks stay in one place.
type RandomNonceAEAD struct {
	a AEAD
	// read replaces crypto/rand.Read in tests (SetNonceReader); nil in
	// every AEAD that a variant package makes.
	read func([]byte) (int, error)
}

// Init makes r ready for variant v with the default kernel, copying key.
// Its errors are AEAD.Init's.
func (r *RandomNonceAEAD) Init(v *Variant, key []byte, tagLen int) error {
	return r.a.Init(v, key, tagLen)
}

// InitKernel is Init with a given kernel, for the tests that run every
// kernel.
func (r *RandomNonceAEAD) InitKernel(v *Variant, key []byte, tagLen int, kernel Kernel) error {
	return r.a.InitKernel(v, key, tagLen, kernel)
}

// SetNonceReader makes Seal take its nonces from read instead of
// crypto/rand.Read (nil restores it), so that tests can give Seal a source
// that fails, is short or returns zeros. Not safe while r is in use.
func (r *RandomNonceAEAD) SetNonceReader(read func([]byte) (int, error)) { r.read = read }

// NonceSize returns 0: Seal and Open take no nonce.
func (r *RandomNonceAEAD) NonceSize() int {
	r.a.variant()
	return 0
}

// Overhead returns the nonce size plus the tag length.
func (r *RandomNonceAEAD) Overhead() int { return r.a.variant().NonceSize + int(r.a.hdr().tagLen) }

// Kernel returns the kernel this AEAD runs.
func (r *RandomNonceAEAD) Kernel() Kernel { return r.a.hdr().kernel }

// The panics of RandomNonceAEAD, after the variant's name.
const (
	errNonceGiven  = ": non-empty nonce given to an AEAD with random nonces"
	errNonceSource = ": the random source gave no nonce: "
)

// Seal implements cipher.AEAD: it appends nonce || ciphertext || tag to
// dst.
//
// The overlap rules apply to the whole output, nonce included, as in the
// standard library: the output may start where plaintext starts (in
// place), nowhere else in it. In place, the nonce would land on the first
// bytes of the plaintext, so the plaintext first moves up by the nonce's
// size, to where its ciphertext goes, and is sealed there in place. The
// nonce is drawn after the checks and before anything is written: a panic
// of either leaves dst's memory as it was.
func (r *RandomNonceAEAD) Seal(dst, nonce, plaintext, additionalData []byte) []byte {
	a := &r.a
	h, v := a.live()
	if len(nonce) != 0 {
		panic(v.Name + errNonceGiven)
	}
	ns := v.NonceSize
	ret, out := common.GrowSlice(dst, ns+len(plaintext)+int(h.tagLen))
	if common.InexactOverlap(out, plaintext) {
		panic(v.Name + errOverlapInput)
	}
	if common.AnyOverlap(out, additionalData) {
		panic(v.Name + errOverlapAD)
	}
	var n [32]byte
	r.draw(n[:ns])
	body := out[ns:]
	if common.AnyOverlap(out, plaintext) {
		plaintext = body[:copy(body, plaintext)]
	}
	sealTo(&a.h, body[:0], n[:ns], plaintext, additionalData)
	copy(out, n[:ns])
	return ret
}

// draw fills n with a nonce and panics unless it got all of it. Since Go
// 1.24 crypto/rand.Read does not return an error (a failing system source
// stops the program); the checks are for any other source, and for the
// all-zero nonce, which a reader that writes nothing leaves behind and
// which crypto/rand gives with probability 2^-128 at most.
func (r *RandomNonceAEAD) draw(n []byte) {
	var k int
	var err error
	if r.read == nil {
		k, err = rand.Read(n)
	} else {
		// Through a copy: handing n to a function value would move it,
		// and with it every Seal's nonce, to the heap.
		b := make([]byte, len(n))
		k, err = r.read(b)
		copy(n, b)
	}
	name := r.a.variant().Name
	switch {
	case err != nil:
		panic(name + errNonceSource + err.Error())
	case k != len(n):
		panic(name + errNonceSource + "short read")
	}
	if allZero(n) {
		panic(name + errNonceSource + "all zeros")
	}
}

// allZero reports whether the nonce n (16 or 32 bytes) is all zeros, a
// word at a time: the nonce is public, so the early exit leaks nothing.
func allZero(n []byte) bool {
	for ; len(n) >= 8; n = n[8:] {
		if binary.LittleEndian.Uint64(n) != 0 {
			return false
		}
	}
	for _, c := range n {
		if c != 0 {
			return false
		}
	}
	return true
}

// Open implements cipher.AEAD: it splits the nonce off the front of
// ciphertext and opens the rest. Input shorter than Overhead gives
// common.ErrTruncated; a tag that does not match gives common.ErrAuth,
// with the output zeroed.
//
// In place (ciphertext[:0] as dst), the plaintext goes where the nonce
// is: the nonce is copied out, the rest moves down over it, and is opened
// there in place. The tag, moved with it, then ends where the plaintext
// ends, so the output never overlaps it.
func (r *RandomNonceAEAD) Open(dst, nonce, ciphertext, additionalData []byte) ([]byte, error) {
	a := &r.a
	h, v := a.live()
	if len(nonce) != 0 {
		panic(v.Name + errNonceGiven)
	}
	ns := v.NonceSize
	if len(ciphertext) < ns+int(h.tagLen) {
		return nil, common.ErrTruncated
	}
	ret, out := common.GrowSlice(dst, len(ciphertext)-ns-int(h.tagLen))
	if common.InexactOverlap(out, ciphertext) {
		panic(v.Name + errOverlapInput)
	}
	if common.AnyOverlap(out, additionalData) {
		panic(v.Name + errOverlapAD)
	}
	var n [32]byte
	copy(n[:], ciphertext[:ns])
	if common.AnyOverlap(out, ciphertext) {
		ciphertext = ciphertext[:copy(ciphertext, ciphertext[ns:])]
	} else {
		ciphertext = ciphertext[ns:]
	}
	// ret has room: openTo appends in the same memory.
	if _, err := openTo(&a.h, ret[:len(dst)], n[:ns], ciphertext, nil, additionalData, true); err != nil {
		return nil, err
	}
	return ret, nil
}

// Wipe is AEAD.Wipe.
func (r *RandomNonceAEAD) Wipe() { r.a.Wipe() }
