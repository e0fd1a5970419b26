// SPDX-License-Identifier: MIT

package core

import (
	"sync/atomic"
	"unsafe"

	"github.com/aegisgo/aegis/common"
	"github.com/aegisgo/aegis/internal/asm"
)

// AEAD is the state behind every variant's AEAD type: the variant, the
// kernel's table in the C core and its assembly, and a private copy of the
// key.
//
// It holds no pointer, so that New's allocation is of the cheaper kind and
// the garbage collector never scans it, and it fits 48 bytes. The key
// comes first: Go puts objects of 48 bytes at multiples of 16, so the
// kernels' 16-byte loads of the key, on the path of Init's first update,
// never split a cache line (at offset 8, one object in two would).
//
// Seal and Open read it only, so one AEAD serves any number of goroutines.
// Wipe writes it and must not run concurrently with them.
type AEAD struct {
	key    [32]byte
	ops    uintptr // the kernel's table (aegisgo_ref: C static memory); 0 before New and after Wipe; atomic after Init
	asmMax int16   // the most bytes of ad and message that go to the assembly; -1 for none
	asmID  int16   // the assembly's functions (asm.ID)
	kernel Kernel
	tagLen uint8 // 16 or 32
	vid    uint8 // the variant's ID plus one; 0 before New
}

// Init makes a ready for variant v with the default kernel, copying key.
func (a *AEAD) Init(v *Variant, key []byte, tagLen int) error {
	return a.InitPath(v, key, tagLen, DefaultKernel(v), PathAuto)
}

// InitKernel is Init with a given kernel, for tests and benchmarks that
// compare kernels. It fails with common.ErrNotAvailable when the kernel
// cannot run here (or the module has no C core).
func (a *AEAD) InitKernel(v *Variant, key []byte, tagLen int, kernel Kernel) error {
	return a.InitPath(v, key, tagLen, kernel, PathAuto)
}

// InitPath is InitKernel with a given path (asm.go): tests and benchmarks
// run the assembly and the C core apart with it.
func (a *AEAD) InitPath(v *Variant, key []byte, tagLen int, kernel Kernel, p Path) error {
	ops := kernelOps(v.ID, kernel)
	if ops == 0 {
		return common.ErrNotAvailable
	}
	if len(key) != v.KeySize {
		return common.ErrBadKeyLength
	}
	if tagLen != 16 && tagLen != 32 {
		return common.ErrBadTagLength
	}
	a.vid, a.kernel, a.tagLen = uint8(v.ID+1), kernel, uint8(tagLen)
	a.asmID, a.asmMax = 0, -1
	if k := asmFor(v, kernel, p); k != nil {
		a.asmID, a.asmMax = int16(k.id), int16(k.max)
	}
	// Copies of constant size, which compile to moves, not a call.
	if len(key) == 16 {
		*(*[16]byte)(a.key[:]) = [16]byte(key)
	} else {
		a.key = [32]byte(key)
	}
	// A plain store: the AEAD is not shared before Init returns (and
	// New returns it), and an atomic one costs New a locked instruction.
	a.ops = ops
	return nil
}

// NonceSize returns the variant's nonce size.
func (a *AEAD) NonceSize() int { return a.variant().NonceSize }

// Overhead returns the tag length.
func (a *AEAD) Overhead() int { return int(a.tagLen) }

// Kernel returns the kernel this AEAD runs.
func (a *AEAD) Kernel() Kernel { return a.kernel }

func (a *AEAD) variant() *Variant {
	if a.vid == 0 {
		panic("aegis: AEAD used without New")
	}
	return &Variants[a.vid-1]
}

// live returns the kernel's table, and panics unless the AEAD was made by
// New and not wiped since. Each call reads the table once, here, and passes
// that value to C: a Wipe that runs concurrently (a misuse) can then make
// the call compute garbage from a half-zeroed key, but never hand C a null
// table.
func (a *AEAD) live() (uintptr, *Variant) {
	v := a.variant()
	ops := atomic.LoadUintptr(&a.ops)
	if ops == 0 {
		panic(v.Name + ": AEAD used after Wipe")
	}
	return ops, v
}

// nonceArg checks the nonce and returns a pointer to the NonceSize bytes
// the C core reads: the caller's own bytes when the nonce has the full
// size, which is the usual case and costs no copy, else the nonce
// zero-padded into pad, as go-libaegis does (an empty nonce is the
// all-zero nonce). Only a nonce longer than NonceSize panics. C only reads
// the bytes, during the call.
func nonceArg(v *Variant, nonce []byte, pad *[32]byte) *byte {
	ns := v.NonceSize
	if len(nonce) == ns {
		return &nonce[0]
	}
	if len(nonce) > ns {
		panic(v.Name + ": incorrect nonce length given to AEAD")
	}
	copy(pad[:], nonce)
	return &pad[0]
}

// The panics of Seal's and Open's overlap rules, after the variant's name
// (the batches and the streaming API give the same).
const (
	errOverlapInput = ": invalid buffer overlap of output and input"
	errOverlapTag   = ": invalid buffer overlap of output and tag"
	errOverlapAD    = ": invalid buffer overlap of output and additional data"
)

// useAsm reports whether the assembly takes a one-message call with n
// bytes of additional data and message (else the C core does).
func (a *AEAD) useAsm(n int) bool { return n <= int(a.asmMax) }

// Seal implements cipher.AEAD.
func (a *AEAD) Seal(dst, nonce, plaintext, additionalData []byte) []byte {
	ret, _ := a.sealTo(dst, nonce, plaintext, additionalData)
	return ret
}

// SealDetached is Seal with the tag apart: the ciphertext is appended to
// dst and returned with its capacity clipped, and the tag is the tagLen
// bytes that follow it in the same array (so appending to ciphertext
// cannot overwrite the tag). Nothing is allocated when dst has room for
// len(plaintext)+tagLen more bytes.
func (a *AEAD) SealDetached(dst, nonce, plaintext, additionalData []byte) (ciphertext, tag []byte) {
	ret, ctEnd := a.sealTo(dst, nonce, plaintext, additionalData)
	return ret[:ctEnd:ctEnd], ret[ctEnd:len(ret):len(ret)]
}

// sealTo holds every check of Seal and SealDetached. It appends the
// ciphertext and the tag to dst, and says where the ciphertext ends.
func (a *AEAD) sealTo(dst, nonce, plaintext, additionalData []byte) (ret []byte, ctEnd int) {
	ops, v := a.live()
	var pad [32]byte
	n := nonceArg(v, nonce, &pad)
	ret, out := common.GrowSlice(dst, len(plaintext)+int(a.tagLen))
	if common.InexactOverlap(out, plaintext) {
		panic(v.Name + errOverlapInput)
	}
	if common.AnyOverlap(out, additionalData) {
		panic(v.Name + errOverlapAD)
	}
	mlen := len(plaintext)
	if a.useAsm(mlen + len(additionalData)) {
		asm.Seal(int(a.asmID), &a.key, n, unsafe.SliceData(out), unsafe.SliceData(plaintext), mlen,
			unsafe.SliceData(additionalData), len(additionalData), int(a.tagLen))
	} else {
		seal(ops, out[:mlen], out[mlen:], plaintext, additionalData, n, &a.key)
	}
	return ret, len(dst) + mlen
}

// Open implements cipher.AEAD. On failure it returns common.ErrAuth (or
// common.ErrTruncated for input shorter than a tag), and the part of dst
// it would have filled holds zeros, not plaintext.
func (a *AEAD) Open(dst, nonce, ciphertext, additionalData []byte) ([]byte, error) {
	return a.openTo(dst, nonce, ciphertext, nil, additionalData, true)
}

// OpenDetached is Open with the tag apart. A tag of another length than
// tagLen cannot match: the result is common.ErrAuth.
func (a *AEAD) OpenDetached(dst, nonce, ciphertext, tag, additionalData []byte) ([]byte, error) {
	return a.openTo(dst, nonce, ciphertext, tag, additionalData, false)
}

// openTo holds every check of Open and OpenDetached, in this order: the
// AEAD is live, the nonce has a valid length, the tag (at the end of
// ciphertext when attached, else in tag) has the right length, the buffers
// do not overlap. The C core reads the tag after it has written the
// plaintext, so the output may not overlap the tag at all.
func (a *AEAD) openTo(dst, nonce, ciphertext, tag, additionalData []byte, attached bool) ([]byte, error) {
	ops, v := a.live()
	var pad [32]byte
	n := nonceArg(v, nonce, &pad)
	// in is what the output may share only exactly: the ciphertext, with
	// its tag when attached, so that one check covers both rules there.
	in := ciphertext
	if attached {
		if len(ciphertext) < int(a.tagLen) {
			return nil, common.ErrTruncated
		}
		clen := len(ciphertext) - int(a.tagLen)
		ciphertext, tag = ciphertext[:clen], ciphertext[clen:]
	} else if len(tag) != int(a.tagLen) {
		return nil, common.ErrAuth
	}
	ret, out := common.GrowSlice(dst, len(ciphertext))
	if common.InexactOverlap(out, in) {
		if common.InexactOverlap(out, ciphertext) {
			panic(v.Name + errOverlapInput)
		}
		panic(v.Name + errOverlapTag)
	}
	if !attached && common.AnyOverlap(out, tag) {
		panic(v.Name + errOverlapTag)
	}
	if common.AnyOverlap(out, additionalData) {
		panic(v.Name + errOverlapAD)
	}
	if a.useAsm(len(ciphertext) + len(additionalData)) {
		if !asm.Open(int(a.asmID), &a.key, n, unsafe.SliceData(out), unsafe.SliceData(ciphertext), len(ciphertext),
			unsafe.SliceData(additionalData), len(additionalData), unsafe.SliceData(tag), len(tag)) {
			// Open's one branch on the tag check; the C core clears
			// the output itself.
			clear(out)
			return nil, common.ErrAuth
		}
	} else if !open(ops, out, ciphertext, tag, additionalData, n, &a.key) {
		return nil, common.ErrAuth
	}
	return ret, nil
}

// Wipe disables the AEAD, then zeroes the key copy: any Seal or Open that
// starts later panics. It must not run concurrently with Seal or Open; if
// it does, a call already past its check may return garbage (computed from
// a partly zeroed key), but it cannot crash the process.
func (a *AEAD) Wipe() {
	atomic.StoreUintptr(&a.ops, 0)
	clear(a.key[:])
}
