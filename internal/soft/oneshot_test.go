// SPDX-License-Identifier: MIT

package soft

import "crypto/subtle"

// One-shot functions built on the states, for the tests: the reference
// one-message calls. Keys and nonces have the variant's full sizes (16
// bytes for the 128 family, 32 for the 256 family); d is the degree.
// Outputs may be their inputs exactly and must not overlap them otherwise.
// The two families' copies differ in their types only: a generic version
// would call the states' methods through a dictionary and move the state
// to the heap.

// Seal128 encrypts msg with ad into dst[:len(msg)] and writes the tag
// (16 or 32 bytes: len(tag)).
func Seal128(d int, dst, tag, key, nonce, msg, ad []byte) {
	checkTag(tag)
	checkDst(dst, msg)
	var s State128
	s.Init(d, key, nonce)
	r := s.Rate()
	n := len(ad) - len(ad)%r
	s.Absorb(ad[:n])
	if n < len(ad) {
		s.AbsorbPartial(ad[n:])
	}
	n = len(msg) - len(msg)%r
	s.Enc(dst[:n], msg[:n])
	if n < len(msg) {
		s.EncPartial(dst[n:], msg[n:])
	}
	s.Finalize(8*uint64(len(ad)), 8*uint64(len(msg)), tag)
}

// Open128 decrypts ct with ad into dst[:len(ct)] and reports whether tag
// (16 or 32 bytes) is its tag, compared in constant time. When it is not,
// dst[:len(ct)] is cleared.
func Open128(d int, dst, key, nonce, ct, tag, ad []byte) bool {
	checkTag(tag)
	checkDst(dst, ct)
	var s State128
	s.Init(d, key, nonce)
	r := s.Rate()
	n := len(ad) - len(ad)%r
	s.Absorb(ad[:n])
	if n < len(ad) {
		s.AbsorbPartial(ad[n:])
	}
	n = len(ct) - len(ct)%r
	s.Dec(dst[:n], ct[:n])
	if n < len(ct) {
		s.DecPartial(dst[n:], ct[n:])
	}
	var want [32]byte
	s.Finalize(8*uint64(len(ad)), 8*uint64(len(ct)), want[:len(tag)])
	ok := subtle.ConstantTimeCompare(want[:len(tag)], tag) //ct:public the tag check's result is the output
	wipe(want[:])
	if ok != 1 {
		clear(dst[:len(ct)])
		return false
	}
	return true
}

// MAC128 writes the AEGIS-MAC tag (16 or 32 bytes: len(tag)) of data.
func MAC128(d int, tag, key, nonce, data []byte) {
	checkTag(tag)
	var s State128
	s.Init(d, key, nonce)
	r := s.Rate()
	n := len(data) - len(data)%r
	s.Absorb(data[:n])
	if n < len(data) {
		s.AbsorbPartial(data[n:])
	}
	s.FinalizeMAC(8*uint64(len(data)), tag)
}

// Stream128 writes len(dst) bytes of the spec's Stream for key and nonce
// to dst.
func Stream128(d int, dst, key, nonce []byte) {
	var s State128
	s.Init(d, key, nonce)
	r := s.Rate()
	n := len(dst) - len(dst)%r
	s.KeyStream(dst[:n], nil)
	if n < len(dst) {
		var b [128]byte
		s.KeyStream(b[:r], nil)
		copy(dst[n:], b[:])
		wipe(b[:])
	}
	s.Wipe()
}

// Seal256 encrypts msg with ad into dst[:len(msg)] and writes the tag
// (16 or 32 bytes: len(tag)).
func Seal256(d int, dst, tag, key, nonce, msg, ad []byte) {
	checkTag(tag)
	checkDst(dst, msg)
	var s State256
	s.Init(d, key, nonce)
	r := s.Rate()
	n := len(ad) - len(ad)%r
	s.Absorb(ad[:n])
	if n < len(ad) {
		s.AbsorbPartial(ad[n:])
	}
	n = len(msg) - len(msg)%r
	s.Enc(dst[:n], msg[:n])
	if n < len(msg) {
		s.EncPartial(dst[n:], msg[n:])
	}
	s.Finalize(8*uint64(len(ad)), 8*uint64(len(msg)), tag)
}

// Open256 decrypts ct with ad into dst[:len(ct)] and reports whether tag
// (16 or 32 bytes) is its tag, compared in constant time. When it is not,
// dst[:len(ct)] is cleared.
func Open256(d int, dst, key, nonce, ct, tag, ad []byte) bool {
	checkTag(tag)
	checkDst(dst, ct)
	var s State256
	s.Init(d, key, nonce)
	r := s.Rate()
	n := len(ad) - len(ad)%r
	s.Absorb(ad[:n])
	if n < len(ad) {
		s.AbsorbPartial(ad[n:])
	}
	n = len(ct) - len(ct)%r
	s.Dec(dst[:n], ct[:n])
	if n < len(ct) {
		s.DecPartial(dst[n:], ct[n:])
	}
	var want [32]byte
	s.Finalize(8*uint64(len(ad)), 8*uint64(len(ct)), want[:len(tag)])
	ok := subtle.ConstantTimeCompare(want[:len(tag)], tag) //ct:public the tag check's result is the output
	wipe(want[:])
	if ok != 1 {
		clear(dst[:len(ct)])
		return false
	}
	return true
}

// MAC256 writes the AEGIS-MAC tag (16 or 32 bytes: len(tag)) of data.
func MAC256(d int, tag, key, nonce, data []byte) {
	checkTag(tag)
	var s State256
	s.Init(d, key, nonce)
	r := s.Rate()
	n := len(data) - len(data)%r
	s.Absorb(data[:n])
	if n < len(data) {
		s.AbsorbPartial(data[n:])
	}
	s.FinalizeMAC(8*uint64(len(data)), tag)
}

// Stream256 writes len(dst) bytes of the spec's Stream for key and nonce
// to dst.
func Stream256(d int, dst, key, nonce []byte) {
	var s State256
	s.Init(d, key, nonce)
	r := s.Rate()
	n := len(dst) - len(dst)%r
	s.KeyStream(dst[:n], nil)
	if n < len(dst) {
		var b [64]byte
		s.KeyStream(b[:r], nil)
		copy(dst[n:], b[:])
		wipe(b[:])
	}
	s.Wipe()
}
