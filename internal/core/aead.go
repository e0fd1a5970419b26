// SPDX-License-Identifier: MIT

package core

import (
	"sync/atomic"
	"unsafe"

	"github.com/aegisgo/aegis/common"
	"github.com/aegisgo/aegis/internal/asm"
)

// KeyArray is the storage of an AEAD's key: 16 bytes hold the keys of the
// AEGIS-128 family, 32 bytes those of every variant.
type KeyArray interface{ [16]byte | [32]byte }

// AEADOf is the state behind every variant's AEAD type: a private copy of
// the key in a K, and the index of its header, which says the rest (the
// variant, the kernel's engine and assembly, the tag length). The key is
// the last KeySize bytes of K, right before the index (keyAt): a 16-byte
// key in an AEAD takes its second half.
//
// It holds no pointer, so that New's allocation is of the cheaper kind and
// the garbage collector never scans it, and it is as small as its key
// allows: the key and four bytes, in 24 bytes with a 16-byte key (the
// AEGIS-128 family's AEAD16) and 48 with a 32-byte one (AEAD), the
// smallest size classes that hold them. The key comes first: Go puts
// objects of 48 bytes at multiples of 16, so a 32-byte key never splits
// a cache line; objects of 24 bytes at multiples of 8, so a 16-byte key
// splits one in one AEAD of eight, which costs the first load of Init a
// few cycles.
//
// Seal and Open read it only, so one AEAD serves any number of goroutines.
// Wipe writes it and must not run concurrently with them.
type AEADOf[K KeyArray] struct {
	key K
	// h is 1 + the index of the AEAD's header in hdrs (asm.go), 0
	// before New; Wipe sets its top bit (wipedBit), which keeps the
	// variant for the panics that follow. Atomic after Init.
	h uint32
}

// wipedBit marks a wiped AEAD's header index.
const wipedBit = 1 << 31

// header is what an AEAD is but for its key: one for each path, variant,
// kernel and tag length in hdrs, which register.go fills.
//
// Seal and Open read all they need from it, in one place: they are the
// hot path of a short message, where each dependent load and call shows.
type header struct {
	_      noCompare
	ops    uintptr     // the engine's table (engine.go); 0 where the kernel cannot run here
	v      *Variant    // the variant; nil in the zero header
	asm    asm.OneShot // the assembly's Seal and Open, where asmMax >= 0
	asmMax int16       // the most bytes of ad and message that go to the assembly; -1 for none
	kernel Kernel
	tagLen uint8 // 16 or 32
	vid    uint8 // the variant's ID plus one
}

// noHeader is the header of an AEAD before New.
var noHeader header

// AEAD holds a key of any variant: raf, the tests and the benchmarks use
// it where the variant is chosen at run time.
type AEAD = AEADOf[[32]byte]

// AEAD16 holds the 16-byte key of the AEGIS-128 family, in 24 bytes.
type AEAD16 = AEADOf[[16]byte]

// keyAt returns the first byte of the key of the AEAD whose header index
// is at hp, for the kernels, which read the variant's KeySize bytes: the
// key is the last KeySize bytes of K, which Init checked that K holds, and
// h follows K (checked below). A pointer to h is then all that the
// functions that are not generic (see sealTo) need of an AEAD, whatever
// its K.
func keyAt(hp *uint32, v *Variant) *byte {
	return (*byte)(unsafe.Add(unsafe.Pointer(hp), -v.KeySize))
}

var (
	_ = [1]struct{}{}[unsafe.Offsetof(AEAD{}.h)-32]
	_ = [1]struct{}{}[unsafe.Offsetof(AEAD16{}.h)-16]
)

// Init makes a ready for variant v with the default kernel, copying key.
func (a *AEADOf[K]) Init(v *Variant, key []byte, tagLen int) error {
	h := defaultHeaders[v.ID]
	if h == 0 {
		mustRegistered(v)
		return common.ErrNotAvailable
	}
	return a.init(v, key, tagLen, int(h-1))
}

// InitKernel is Init with a given kernel, for tests and benchmarks that
// compare kernels. It fails with common.ErrNotAvailable when the kernel
// cannot run here.
func (a *AEADOf[K]) InitKernel(v *Variant, key []byte, tagLen int, kernel Kernel) error {
	return a.InitPath(v, key, tagLen, kernel, PathAuto)
}

// InitPath is InitKernel with a given path (asm.go): tests and benchmarks
// run the assembly and the other engines apart with it.
func (a *AEADOf[K]) InitPath(v *Variant, key []byte, tagLen int, kernel Kernel, p Path) error {
	if kernel < 0 || kernel >= numKernels || p < 0 || p > PathAsm {
		return common.ErrNotAvailable
	}
	return a.init(v, key, tagLen, headerIndex(p, v.ID, kernel))
}

// Init16 is Init for New of the AEGIS-128 family's variants, which have
// 16-byte keys and AEAD16s: id is the variant's ID in Variants (ID128L
// ...), a constant in New. It checks, copies and stores what Init does,
// with the same errors, and is small enough to be inlined, and New with
// it: New then makes no call but its allocation, as a caller's own
// new([16]byte) and copy of the key would.
//
// id must be a variant with 16-byte keys: the generator picks Init16 or
// Init32 by the key size, and the variant's tests, which check New's
// ciphertexts, would catch another variant's ID. A variant package
// registers its variant as it initializes, before anything can call its
// New, so no default header here means a build without AEGIS, where
// Init also returns common.ErrNotAvailable.
func Init16(a *AEAD16, id int, key []byte, tagLen int) error {
	h := defaultHeaders[id]
	if h == 0 {
		return common.ErrNotAvailable
	}
	if len(key) != 16 {
		return common.ErrBadKeyLength
	}
	// tagLen is 16 or 32: tagLen-16 is 0 or 16, unsigned too. One
	// comparison, where two would take New over the inlining budget.
	if uint(tagLen-16)&^16 != 0 {
		return common.ErrBadTagLength
	}
	a.key = [16]byte(key)
	// As in init, a plain store: nothing else can see a yet.
	a.h = h + uint32(tagLen>>5)
	return nil
}

// Init32 is Init16 for the AEGIS-256 family's variants, which have 32-byte
// keys and AEADs.
func Init32(a *AEAD, id int, key []byte, tagLen int) error {
	h := defaultHeaders[id]
	if h == 0 {
		return common.ErrNotAvailable
	}
	if len(key) != 32 {
		return common.ErrBadKeyLength
	}
	if uint(tagLen-16)&^16 != 0 { // 16 or 32, as in Init16
		return common.ErrBadTagLength
	}
	a.key = [32]byte(key)
	a.h = h + uint32(tagLen>>5)
	return nil
}

// init makes a ready with the headers at i (16-byte tags) and i+1 (32),
// whose ops are 0 where their kernel cannot run here.
func (a *AEADOf[K]) init(v *Variant, key []byte, tagLen int, i int) error {
	if hdrs[i].ops == 0 {
		mustRegistered(v)
		return common.ErrNotAvailable
	}
	if len(key) != v.KeySize {
		return common.ErrBadKeyLength
	}
	if tagLen != 16 && tagLen != 32 {
		return common.ErrBadTagLength
	}
	if len(key) > len(a.key) {
		panic("core: " + v.Name + "'s key does not fit this AEAD type")
	}
	// Copies of constant size, which compile to moves, not a call, to
	// the end of K (keyAt): a 16-byte key in an AEAD's 32 bytes goes to
	// the second half.
	if len(key) == 16 {
		*(*[16]byte)(unsafe.Pointer(keyAt(&a.h, v))) = [16]byte(key)
	} else {
		*(*[32]byte)(unsafe.Pointer(keyAt(&a.h, v))) = [32]byte(key)
	}
	// A plain store: the AEAD is not shared before Init returns (and New
	// returns it), and an atomic one costs New a locked instruction.
	a.h = uint32(i+1) + uint32(tagLen>>5)
	return nil
}

// hdr returns the AEAD's header, wiped or not; the zero header before
// New.
func (a *AEADOf[K]) hdr() *header {
	i := atomic.LoadUint32(&a.h) &^ wipedBit
	if i == 0 {
		return &noHeader
	}
	return &hdrs[i-1]
}

// NonceSize returns the variant's nonce size.
func (a *AEADOf[K]) NonceSize() int { return a.variant().NonceSize }

// Overhead returns the tag length.
func (a *AEADOf[K]) Overhead() int { return int(a.hdr().tagLen) }

// Kernel returns the kernel this AEAD runs.
func (a *AEADOf[K]) Kernel() Kernel { return a.hdr().kernel }

func (a *AEADOf[K]) variant() *Variant { return variantAt(&a.h) }

// variantAt returns the variant of the AEAD whose header index is at hp,
// wiped or not, and panics before New (see sealTo for why it takes hp).
func variantAt(hp *uint32) *Variant {
	i := atomic.LoadUint32(hp) &^ wipedBit
	if i == 0 {
		panic("aegis: AEAD used without New")
	}
	return hdrs[i-1].v
}

// live returns the AEAD's header, and panics unless the AEAD was made by
// New and not wiped since. Each call reads the header's index once, here:
// a Wipe that runs concurrently (a misuse) can then make the call compute
// garbage from a half-zeroed key, but never hand an engine a null table.
// It is small enough to be inlined.
func (a *AEADOf[K]) live() (*header, *Variant) { return liveAt(&a.h) }

// liveAt is live of the AEAD whose header index is at hp, for the
// functions that take the AEAD as that pointer (see sealTo).
func liveAt(hp *uint32) (*header, *Variant) {
	i := atomic.LoadUint32(hp)
	if i-1 >= uint32(len(hdrs)) {
		dead(i)
	}
	h := &hdrs[i-1]
	return h, h.v
}

// dead panics for an AEAD whose header index is i, which live refused.
func dead(i uint32) {
	i &^= wipedBit
	if i == 0 {
		panic("aegis: AEAD used without New")
	}
	panic(hdrs[i-1].v.Name + ": AEAD used after Wipe")
}

// nonceArg checks the nonce and returns a pointer to the NonceSize bytes
// that the C core and the Go engine read: the caller's own bytes when the
// nonce has the full size and out does not overlap it, which is the usual
// case and costs no copy, else the nonce zero-padded into pad, as
// go-libaegis does (an empty nonce is the all-zero nonce). Only a nonce
// longer than NonceSize panics.
//
// The nonce may lie in the output region (cipher.AEAD sets no rule for
// it, and Go's AES-GCM reads it before it writes), but a kernel may read
// it after its first output: one that runs lanes in groups reloads it for
// each group. Copied aside, it is read from pad, which no output reaches.
// The kernels only read the bytes, during the call. The usual case is
// small enough to be inlined.
func nonceArg(v *Variant, nonce, out []byte, pad *[32]byte) *byte {
	// common.AnyOverlap, written for a nonce known not to be empty.
	n, o := uintptr(unsafe.Pointer(unsafe.SliceData(nonce))), uintptr(unsafe.Pointer(unsafe.SliceData(out)))
	if len(nonce) == v.NonceSize && (len(out) == 0 || o >= n+uintptr(len(nonce)) || n >= o+uintptr(len(out))) {
		return unsafe.SliceData(nonce)
	}
	return padNonce(v, nonce, pad)
}

// padNonce is nonceArg's other case: the nonce checked, then copied into
// pad.
func padNonce(v *Variant, nonce []byte, pad *[32]byte) *byte {
	checkNonce(v, nonce)
	copy(pad[:], nonce)
	return &pad[0]
}

// checkNonce panics for a nonce longer than NonceSize.
func checkNonce(v *Variant, nonce []byte) {
	if len(nonce) > v.NonceSize {
		panic(v.Name + ": incorrect nonce length given to AEAD")
	}
}

// The panics of Seal's and Open's overlap rules, after the variant's name
// (the batches and the streaming API give the same).
const (
	errOverlapInput = ": invalid buffer overlap of output and input"
	errOverlapTag   = ": invalid buffer overlap of output and tag"
	errOverlapAD    = ": invalid buffer overlap of output and additional data"
)

// Seal implements cipher.AEAD.
func (a *AEADOf[K]) Seal(dst, nonce, plaintext, additionalData []byte) []byte {
	return sealTo(&a.h, dst, nonce, plaintext, additionalData)
}

// SealDetached is Seal with the tag apart: the ciphertext is appended to
// dst and returned with its capacity clipped, and the tag is the tagLen
// bytes that follow it in the same array (so appending to ciphertext
// cannot overwrite the tag). Nothing is allocated when dst has room for
// len(plaintext)+tagLen more bytes.
func (a *AEADOf[K]) SealDetached(dst, nonce, plaintext, additionalData []byte) (ciphertext, tag []byte) {
	ret := sealTo(&a.h, dst, nonce, plaintext, additionalData)
	ctEnd := len(dst) + len(plaintext)
	return ret[:ctEnd:ctEnd], ret[ctEnd:len(ret):len(ret)]
}

// sealTo holds every check of Seal and SealDetached, of the AEAD whose
// header index is at hp. It appends the ciphertext and the tag to dst.
// It and the functions like it take the AEAD as a pointer to its header
// index, which leads to its key too (keyAt), not as an *AEADOf, so that a
// program has one copy of them, not one for each K: AEADOf's methods,
// which are generic, only call them, and are small enough to be inlined.
func sealTo(hp *uint32, dst, nonce, plaintext, additionalData []byte) []byte {
	h, v := liveAt(hp)
	key := keyAt(hp, v)
	ret, out := common.GrowSlice(dst, len(plaintext)+int(h.tagLen))
	var pad [32]byte
	n := nonceArg(v, nonce, out, &pad)
	if common.InexactOverlap(out, plaintext) {
		panic(v.Name + errOverlapInput)
	}
	if common.AnyOverlap(out, additionalData) {
		panic(v.Name + errOverlapAD)
	}
	mlen := len(plaintext)
	if h.asmTakes(mlen, len(additionalData), false, 1) {
		// h.asmSeal's call, in line.
		h.asm.Seal(noescape(key), noescape(n),
			noescape(unsafe.SliceData(out)), noescape(unsafe.SliceData(plaintext)), mlen,
			noescape(unsafe.SliceData(additionalData)), len(additionalData), int(h.tagLen))
	} else {
		seal(h.ops, out[:mlen], out[mlen:], plaintext, additionalData, n, key)
	}
	return ret
}

// Open implements cipher.AEAD. On failure it returns common.ErrAuth (or
// common.ErrTruncated for input shorter than a tag), and the part of dst
// it would have filled holds zeros, not plaintext.
func (a *AEADOf[K]) Open(dst, nonce, ciphertext, additionalData []byte) ([]byte, error) {
	return openTo(&a.h, dst, nonce, ciphertext, nil, additionalData, true)
}

// OpenDetached is Open with the tag apart. A tag of another length than
// tagLen is refused with common.ErrBadTagLength, as Decrypter.Final
// refuses one.
func (a *AEADOf[K]) OpenDetached(dst, nonce, ciphertext, tag, additionalData []byte) ([]byte, error) {
	return openTo(&a.h, dst, nonce, ciphertext, tag, additionalData, false)
}

// openTo holds every check of Open and OpenDetached, in this order: the
// AEAD is live, the nonce has a valid length, the tag (at the end of
// ciphertext when attached, else in tag) has the right length, the buffers
// do not overlap. The C core reads the tag after it has written the
// plaintext, so the output may not overlap the tag at all.
func openTo(hp *uint32, dst, nonce, ciphertext, tag, additionalData []byte, attached bool) ([]byte, error) {
	h, v := liveAt(hp)
	key := keyAt(hp, v)
	checkNonce(v, nonce)
	// in is what the output may share only exactly: the ciphertext, with
	// its tag when attached, so that one check covers both rules there.
	in := ciphertext
	if attached {
		if len(ciphertext) < int(h.tagLen) {
			return nil, common.ErrTruncated
		}
		clen := len(ciphertext) - int(h.tagLen)
		ciphertext, tag = ciphertext[:clen], ciphertext[clen:]
	} else if len(tag) != int(h.tagLen) {
		return nil, common.ErrBadTagLength
	}
	ret, out := common.GrowSlice(dst, len(ciphertext))
	var pad [32]byte
	n := nonceArg(v, nonce, out, &pad)
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
	var ok bool
	if h.asmTakes(len(ciphertext), len(additionalData), false, 1) {
		// h.asmOpen's call, in line.
		ok = h.asm.Open(noescape(key), noescape(n),
			noescape(unsafe.SliceData(out)), noescape(unsafe.SliceData(ciphertext)), len(ciphertext),
			noescape(unsafe.SliceData(additionalData)), len(additionalData), noescape(unsafe.SliceData(tag)), len(tag))
		if !ok {
			clear(out)
		}
	} else {
		ok = open(h.ops, out, ciphertext, tag, additionalData, n, key)
	}
	if !ok {
		// Open's one branch on the tag check; both paths have cleared
		// the output.
		return nil, common.ErrAuth
	}
	return ret, nil
}

// StartEncrypter starts e on one message under a's key, kernel and tag
// length: what Seal would encrypt, taken in pieces, so that the output
// may lie in pieces too (raf's records that straddle two blocks of a
// MemStore). The nonce is zero-padded as Seal pads it.
func (a *AEADOf[K]) StartEncrypter(e *Encrypter, nonce, additionalData []byte) {
	startInc(&a.h, &e.s, nonce, additionalData)
}

// StartDecrypter is StartEncrypter for Open.
func (a *AEADOf[K]) StartDecrypter(d *Decrypter, nonce, additionalData []byte) {
	startInc(&a.h, &d.s, nonce, additionalData)
}

// startInc starts s for the AEAD whose header index is at hp (see sealTo).
func startInc(hp *uint32, s *incState, nonce, additionalData []byte) {
	h, v := liveAt(hp)
	checkNonce(v, nonce)
	key := unsafe.Slice(keyAt(hp, v), v.KeySize)
	if err := s.init(v, h.kernel, key, nonce, additionalData, int(h.tagLen)); err != nil {
		panic("core: " + v.Name + ": " + err.Error()) // a live AEAD's parameters are valid
	}
}

// Wipe disables the AEAD, then zeroes the key copy: any Seal or Open that
// starts later panics. It must not run concurrently with Seal or Open; if
// it does, a call already past its check may return garbage (computed from
// a partly zeroed key), but it cannot crash the process.
func (a *AEADOf[K]) Wipe() {
	atomic.OrUint32(&a.h, wipedBit)
	var zero K
	a.key = zero
}
