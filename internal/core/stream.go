// SPDX-License-Identifier: MIT

package core

import (
	"crypto/subtle"

	"github.com/aegisgo/aegis/common"
)

// StateSize is the size of an incremental state in bytes: room for the
// largest variant's (AEGIS-128X4's) in either engine, the C core's
// (cStateSize) and the Go engine's (goStateSize, goengine.go).
const StateSize = max(cStateSize, goStateSize)

// cStateSize is AEGISGO_STATE_BYTES in csrc/aegis.h: stream_cgo.go checks
// at compile time that the two agree.
const cStateSize = 656

// incState is what Encrypter, Decrypter, MAC and KeyStream share: the
// variant, the kernel, and the state itself as plain bytes in Go memory.
// The C core loads the state from st on every call and stores it back,
// without keeping a pointer, so a copy of an incState is an independent
// state that keeps working.
//
// It holds no pointer (the kernel's table is looked up in opsTable), so the
// garbage collector neither scans it nor needs its type to allocate it.
type incState struct {
	vid    int    // the variant's ID plus one; 0 in the zero value
	kernel Kernel // -1 after Final
	tagLen int
	st     [StateSize]byte
}

func (s *incState) variant() *Variant { return &Variants[s.vid-1] }

func (s *incState) ops() uintptr { return opsTable[s.vid-1][s.kernel] }

// init checks the parameters in the order of the AEAD's constructor (the
// kernel, the key, the nonce, the tag length) and starts the state,
// absorbing ad. A nonce shorter than the variant's is zero-padded, as
// go-libaegis does: an empty one is the all-zero nonce.
func (s *incState) init(v *Variant, kernel Kernel, key, nonce, ad []byte, tagLen int) error {
	ops := kernelOps(v.ID, kernel)
	if ops == 0 {
		mustRegistered(v)
		return common.ErrNotAvailable
	}
	if len(key) != v.KeySize {
		return common.ErrBadKeyLength
	}
	if len(nonce) > v.NonceSize {
		return common.ErrBadNonceLength
	}
	if tagLen != 16 && tagLen != 32 {
		return common.ErrBadTagLength
	}
	var k, n [32]byte
	copy(k[:], key)
	copy(n[:], nonce)
	s.vid, s.kernel, s.tagLen = v.ID+1, kernel, tagLen
	incInit(ops, &s.st, ad, &n, &k)
	clear(k[:])
	return nil
}

// live panics unless the state was started and not finished since, and
// returns the kernel's table.
func (s *incState) live(kind, ctor string) uintptr {
	if s.vid == 0 {
		panic("aegis: " + kind + " used without " + ctor)
	}
	if s.kernel < 0 {
		panic(s.variant().Name + ": " + kind + " used after Final")
	}
	return s.ops()
}

// finish marks the state as ended: any later use panics.
func (s *incState) finish() { s.kernel = -1 }

// Encrypter encrypts one message in pieces. See the variant packages for
// the contract.
type Encrypter struct{ s incState }

// Init starts e for variant v with the default kernel.
func (e *Encrypter) Init(v *Variant, key, nonce, additionalData []byte, tagLen int) error {
	return e.InitKernel(v, key, nonce, additionalData, tagLen, DefaultKernel(v))
}

// InitKernel is Init with a given kernel, for tests and benchmarks.
func (e *Encrypter) InitKernel(v *Variant, key, nonce, additionalData []byte, tagLen int, kernel Kernel) error {
	return e.s.init(v, kernel, key, nonce, additionalData, tagLen)
}

// Encrypt returns the encryption of the next len(p) bytes of the message
// in a new slice (nil for an empty p).
func (e *Encrypter) Encrypt(p []byte) []byte { return e.AppendEncrypt(nil, p) }

// EncryptTo writes the encryption of the next len(p) bytes of the message
// at the start of dst and returns dst[:len(p)], as go-libaegis does. When
// cap(dst) < len(p) it writes to a new slice instead. dst may start where
// p starts (in place); another overlap panics.
func (e *Encrypter) EncryptTo(dst, p []byte) []byte {
	return e.AppendEncrypt(dst[:0], p)
}

// AppendEncrypt appends the encryption of the next len(p) bytes of the
// message to dst, reusing its capacity. The output may start where p
// starts (dst = p[:0]); another overlap panics.
func (e *Encrypter) AppendEncrypt(dst, p []byte) []byte {
	ops := e.s.live("Encrypter", "NewEncrypter")
	ret, out := common.GrowSlice(dst, len(p))
	if common.InexactOverlap(out, p) {
		panic(e.s.variant().Name + errOverlapInput)
	}
	if len(p) > 0 {
		incEncrypt(ops, &e.s.st, out, p)
	}
	return ret
}

// Final returns the tag of the whole message, wipes the state and ends e.
func (e *Encrypter) Final() []byte {
	tag := make([]byte, e.s.tagLen)
	e.FinalTo(tag)
	return tag
}

// FinalTo is Final with the tag written to the start of tag, which must
// hold it: nothing is allocated.
func (e *Encrypter) FinalTo(tag []byte) {
	ops := e.s.live("Encrypter", "NewEncrypter")
	incFinal(ops, &e.s.st, tag[:e.s.tagLen])
	e.s.finish()
}

// Decrypter decrypts one message in pieces. See the variant packages for
// the contract.
type Decrypter struct{ s incState }

// Init starts d for variant v with the default kernel.
func (d *Decrypter) Init(v *Variant, key, nonce, additionalData []byte, tagLen int) error {
	return d.InitKernel(v, key, nonce, additionalData, tagLen, DefaultKernel(v))
}

// InitKernel is Init with a given kernel, for tests and benchmarks.
func (d *Decrypter) InitKernel(v *Variant, key, nonce, additionalData []byte, tagLen int, kernel Kernel) error {
	return d.s.init(v, kernel, key, nonce, additionalData, tagLen)
}

// Decrypt returns the decryption of the next len(c) bytes of ciphertext
// in a new slice (nil for an empty c).
func (d *Decrypter) Decrypt(c []byte) []byte { return d.AppendDecrypt(nil, c) }

// DecryptTo writes the decryption of the next len(c) bytes of ciphertext
// at the start of dst and returns dst[:len(c)], as go-libaegis does. When
// cap(dst) < len(c) it writes to a new slice instead. dst may start where
// c starts (in place); another overlap panics.
func (d *Decrypter) DecryptTo(dst, c []byte) []byte {
	return d.AppendDecrypt(dst[:0], c)
}

// AppendDecrypt appends the decryption of the next len(c) bytes of
// ciphertext to dst, reusing its capacity. The output may start where c
// starts (dst = c[:0]); another overlap panics.
func (d *Decrypter) AppendDecrypt(dst, c []byte) []byte {
	ops := d.s.live("Decrypter", "NewDecrypter")
	ret, out := common.GrowSlice(dst, len(c))
	if common.InexactOverlap(out, c) {
		panic(d.s.variant().Name + errOverlapInput)
	}
	if len(c) > 0 {
		incDecrypt(ops, &d.s.st, out, c)
	}
	return ret
}

// Final checks tag against the whole ciphertext in constant time, wipes
// the state and ends d. A tag of the wrong length is refused with
// common.ErrBadTagLength, as go-libaegis does.
func (d *Decrypter) Final(tag []byte) error {
	ops := d.s.live("Decrypter", "NewDecrypter")
	d.s.finish()
	if len(tag) != d.s.tagLen {
		clear(d.s.st[:])
		return common.ErrBadTagLength
	}
	if !incVerify(ops, &d.s.st, tag) {
		return common.ErrAuth
	}
	return nil
}

// MAC is AEGIS-MAC as a hash.Hash. It keeps its state as it was right
// after initialisation, so that Reset is a copy rather than a new
// initialisation through cgo; that state is as secret as the key.
type MAC struct {
	s     incState
	start [StateSize]byte
}

// Init starts m for variant v with the default kernel.
func (m *MAC) Init(v *Variant, key, nonce []byte, tagLen int) error {
	return m.InitKernel(v, key, nonce, tagLen, DefaultKernel(v))
}

// InitKernel is Init with a given kernel, for tests and benchmarks. An
// empty nonce is the all-zero nonce.
func (m *MAC) InitKernel(v *Variant, key, nonce []byte, tagLen int, kernel Kernel) error {
	if err := m.s.init(v, kernel, key, nonce, nil, tagLen); err != nil {
		return err
	}
	m.start = m.s.st
	return nil
}

func (m *MAC) live() uintptr { return m.s.live("MAC", "NewMAC") }

// Write absorbs p. It never fails.
func (m *MAC) Write(p []byte) (int, error) {
	ops := m.live()
	if len(p) > 0 {
		macUpdate(ops, &m.s.st, p)
	}
	return len(p), nil
}

// Sum appends the tag of the data written so far to b, leaving the state
// as it was.
func (m *MAC) Sum(b []byte) []byte {
	ops := m.live()
	ret, out := common.GrowSlice(b, m.s.tagLen)
	macFinal(ops, &m.s.st, out)
	return ret
}

// Verify reports, in constant time, whether tag is the tag of the data
// written so far.
func (m *MAC) Verify(tag []byte) bool {
	ops := m.live()
	var want [32]byte
	macFinal(ops, &m.s.st, want[:m.s.tagLen])
	ok := subtle.ConstantTimeCompare(tag, want[:m.s.tagLen]) == 1
	clear(want[:])
	return ok
}

// Reset restarts m with its key and nonce.
func (m *MAC) Reset() {
	m.live()
	m.s.st = m.start
}

// Wipe zeroes the state and the saved initial state, which are derived
// from the key; any later use panics.
func (m *MAC) Wipe() {
	clear(m.s.st[:])
	clear(m.start[:])
	m.s.finish()
}

// Size returns the tag length.
func (m *MAC) Size() int {
	m.live()
	return m.s.tagLen
}

// BlockSize returns the variant's rate: Writes of multiples of it avoid
// buffering a partial block.
func (m *MAC) BlockSize() int {
	m.live()
	return m.s.variant().Rate
}

// KeyStream is the spec's Stream as an io.Reader and a cipher.Stream.
type KeyStream struct{ s incState }

// Init starts k for variant v with the default kernel. An empty nonce is
// the all-zero nonce.
func (k *KeyStream) Init(v *Variant, key, nonce []byte) error {
	return k.InitKernel(v, key, nonce, DefaultKernel(v))
}

// InitKernel is Init with a given kernel, for tests and benchmarks.
func (k *KeyStream) InitKernel(v *Variant, key, nonce []byte, kernel Kernel) error {
	// A keystream has no tag: 16 only passes the check.
	return k.s.init(v, kernel, key, nonce, nil, 16)
}

// Read fills p with the next len(p) bytes of keystream. It never fails.
func (k *KeyStream) Read(p []byte) (int, error) {
	ops := k.s.live("KeyStream", "NewKeyStream")
	if len(p) > 0 {
		streamXOR(ops, &k.s.st, p, nil)
	}
	return len(p), nil
}

// XORKeyStream implements cipher.Stream.
func (k *KeyStream) XORKeyStream(dst, src []byte) {
	ops := k.s.live("KeyStream", "NewKeyStream")
	if len(dst) < len(src) {
		panic(k.s.variant().Name + ": output smaller than input")
	}
	dst = dst[:len(src)]
	if common.InexactOverlap(dst, src) {
		panic(k.s.variant().Name + errOverlapInput)
	}
	if len(src) > 0 {
		streamXOR(ops, &k.s.st, dst, src)
	}
}

// Stream fills dst with the keystream of key and nonce (an empty nonce is
// the all-zero nonce), with the default kernel.
func Stream(v *Variant, dst, key, nonce []byte) error {
	return StreamKernel(v, dst, key, nonce, DefaultKernel(v))
}

// StreamKernel is Stream with a given kernel, for tests and benchmarks.
func StreamKernel(v *Variant, dst, key, nonce []byte, kernel Kernel) error {
	ops := kernelOps(v.ID, kernel)
	if ops == 0 {
		mustRegistered(v)
		return common.ErrNotAvailable
	}
	if len(key) != v.KeySize {
		return common.ErrBadKeyLength
	}
	if len(nonce) > v.NonceSize {
		return common.ErrBadNonceLength
	}
	var k, n [32]byte
	copy(k[:], key)
	copy(n[:], nonce)
	if len(dst) > 0 {
		stream(ops, dst, &n, &k)
	}
	clear(k[:])
	return nil
}
