// SPDX-License-Identifier: MIT

package core

import (
	"crypto/subtle"
	"encoding/binary"
	"math"
	"unsafe"

	"github.com/aegisgo/aegis/internal/asm"
)

// The Go engine: the whole API (Seal and Open of any length, the
// incremental types, MAC, keystream) composed from the state-level
// functions of one kernel (asm.Funcs), either internal/asm's for the
// assembly kernels or internal/soft's constant-time Go for KernelSoft.
// Builds without the C core run everything on it, and cgo builds run the
// soft kernel on it: its handle takes the place of a C table (register.go,
// engine.go).
//
// Every assembly call stays under its kernel's byte limit (asmByteLimit):
// the assembly has no preemption point, and long data goes in chunks,
// between which the goroutine can be preempted. Go code needs no chunks.

// goKernelBytes is the room of a kernel state in the Go engine: an
// assembly state (asm.StateSize) or a soft.State128 or State256 value,
// rounded up to whole uint64s.
const goKernelBytes = (max(asm.MaxStateSize, softStateBytes) + 7) &^ 7

// softStateBytes is soft.StateBytes, which TestSoftStateBytes holds to
// it: core does not import internal/soft, whose code reaches a program
// through the variants' packages only. A soft.State128 is eight groups of
// eight uint64s and its degree, an int (4 bytes on 32-bit targets).
const softStateBytes = 8*8*8 + unsafe.Sizeof(int(0))

// The Go engine's incremental state in incState.st: the kernel state,
// then the partial block (the plaintext of a block not yet complete, or
// the keystream left of the last block of a KeyStream), then the length
// of the additional data and the bytes processed since (of message, MAC
// data or keystream), both little-endian. The partial block holds
// bytes processed modulo the rate.
const (
	goBufOff    = goKernelBytes
	goADLenOff  = goBufOff + maxRate
	goCountOff  = goADLenOff + 8
	goStateSize = goCountOff + 8
	maxRate     = 128 // AEGIS-128X4's
)

// The soft states are read in place in incState.st, so st must sit at a
// multiple of a uint64's alignment: this index is out of range otherwise,
// and the build fails.
var _ = [1]struct{}{}[unsafe.Offsetof(incState{}.st)%unsafe.Alignof(uint64(0))]

// goKernel is the Go engine of one variant on one kernel: the kernel's
// state-level functions (asm.Funcs), from the variant's package.
type goKernel struct {
	_         noCompare
	f         asm.Funcs // nil where the variant has no such kernel here
	rate      int
	maxBlocks int // rate blocks per call: the assembly's byte limit (asmByteLimit)
	nonceSize int
	keySize   int
}

// goKernels holds the Go engines of the registered variants, by variant
// and kernel (register.go fills it).
var goKernels [len(Variants) * int(numKernels)]goKernel

// goKernelFor returns the Go engine of a variant on a kernel, or nil where
// this build has none (the CPU may still lack the kernel).
func goKernelFor(variant int, kernel Kernel) *goKernel {
	if variant < 0 || variant >= len(Variants) || kernel < 0 || kernel >= numKernels {
		return nil
	}
	g := &goKernels[variant*int(numKernels)+int(kernel)]
	if g.f == nil {
		return nil
	}
	return g
}

// newGoKernel returns the Go engine of variant v on kernel k with the
// functions f.
func newGoKernel(v *Variant, k Kernel, f asm.Funcs) goKernel {
	g := goKernel{f: f, rate: v.Rate, nonceSize: v.NonceSize, keySize: v.KeySize,
		maxBlocks: math.MaxInt32 / v.Rate}
	if lim := asmByteLimit[k]; lim > 0 {
		g.maxBlocks = lim / v.Rate
	}
	return g
}

// kstate is a kernel state on the stack, aligned for the soft states.
type kstate [goKernelBytes / 8]uint64

// noescape returns p, hidden from escape analysis. The kernels' functions
// are func values, one table per variant (so that a program links only
// the variants it imports), and escape analysis cannot see through a call
// of a func value: it would move every buffer handed to one to the heap,
// the callers' included. The functions keep no pointer after they return
// (internal/asm's contract, and internal/soft's), so none escapes. The
// pointer travels through a uintptr for one statement, with no call in
// between, so no stack move can stale it.
func noescape(p *byte) *byte {
	u := *(*uintptr)(unsafe.Pointer(&p))
	return *(**byte)(unsafe.Pointer(&u))
}

// The kernel's primitives. Lengths are whole rate blocks unless said
// otherwise, and none is called with nothing to do. Each call stays
// under the assembly's byte limit: it has no preemption point.

func (g *goKernel) kInit(st, k, n *byte) {
	g.f.Init(noescape(st), noescape(k), noescape(n))
}

func (g *goKernel) kAbsorb(st *byte, ad []byte) {
	for len(ad) > 0 {
		n := min(len(ad)/g.rate, g.maxBlocks)
		g.f.Absorb(noescape(st), noescape(&ad[0]), n)
		ad = ad[n*g.rate:]
	}
}

func (g *goKernel) kEnc(st *byte, out, in []byte) {
	for len(in) > 0 {
		n := min(len(in)/g.rate, g.maxBlocks)
		g.f.Enc(noescape(st), noescape(&out[0]), noescape(&in[0]), n)
		in, out = in[n*g.rate:], out[n*g.rate:]
	}
}

func (g *goKernel) kDec(st *byte, out, in []byte) {
	for len(in) > 0 {
		n := min(len(in)/g.rate, g.maxBlocks)
		g.f.Dec(noescape(st), noescape(&out[0]), noescape(&in[0]), n)
		in, out = in[n*g.rate:], out[n*g.rate:]
	}
}

// kEncPartial and kDecPartial take 0 < len(in) < rate bytes: the last
// block of a message.
func (g *goKernel) kEncPartial(st *byte, out, in []byte) {
	g.f.EncPartial(noescape(st), noescape(&out[0]), noescape(&in[0]), len(in))
}

func (g *goKernel) kDecPartial(st *byte, out, in []byte) {
	g.f.DecPartial(noescape(st), noescape(&out[0]), noescape(&in[0]), len(in))
}

// kStream writes the keystream of len(out) bytes to out, xored with in
// unless in is nil (in may be out exactly).
func (g *goKernel) kStream(st *byte, out, in []byte) {
	if in == nil {
		clear(out)
		in = out
	}
	for len(out) > 0 {
		n := min(len(out)/g.rate, g.maxBlocks)
		g.f.Stream(noescape(st), noescape(&out[0]), noescape(&in[0]), n)
		in, out = in[n*g.rate:], out[n*g.rate:]
	}
}

// kKeyBlock writes the keystream of the next block (rate bytes) to z,
// leaving the state as it is.
func (g *goKernel) kKeyBlock(st *byte, z []byte) {
	g.f.KeyBlock(noescape(st), noescape(&z[0]))
}

// kFinalize writes the tag of a message; the state is left unusable.
func (g *goKernel) kFinalize(st *byte, tag []byte, adLen, mLen uint64) {
	g.f.Finalize(noescape(st), noescape(&tag[0]), adLen, mLen, len(tag))
}

// kMACFinalize writes the MAC tag of dataLen bytes, the last dataLen mod
// rate of which are zero-padded in last (rate bytes), and leaves the
// state as it is.
func (g *goKernel) kMACFinalize(st *byte, tag, last []byte, dataLen uint64) {
	g.f.MACFinalize(noescape(st), noescape(&tag[0]), noescape(&last[0]), dataLen, len(tag))
}

// absorbAD absorbs additional data of any length: its whole blocks, then
// its last partial block zero-padded.
func (g *goKernel) absorbAD(st *byte, ad []byte) {
	whole := len(ad) / g.rate * g.rate
	if whole > 0 {
		g.kAbsorb(st, ad[:whole])
	}
	if rest := ad[whole:]; len(rest) > 0 {
		var b [maxRate]byte
		copy(b[:], rest)
		g.kAbsorb(st, b[:g.rate])
		clear(b[:])
	}
}

// seal encrypts m to c (len(m) bytes) and writes the tag.
func (g *goKernel) seal(c, tag, m, ad []byte, n, k *byte) {
	var ks kstate
	st := (*byte)(unsafe.Pointer(&ks))
	g.kInit(st, k, n)
	g.absorbAD(st, ad)
	whole := len(m) / g.rate * g.rate
	if whole > 0 {
		g.kEnc(st, c[:whole], m[:whole])
	}
	if len(m) > whole {
		g.kEncPartial(st, c[whole:len(m)], m[whole:])
	}
	g.kFinalize(st, tag, uint64(len(ad)), uint64(len(m)))
	clear(ks[:])
}

// open decrypts c to m and checks tag in constant time; when it does not
// match, m is cleared and open returns false.
func (g *goKernel) open(m, c, tag, ad []byte, n, k *byte) bool {
	var ks kstate
	st := (*byte)(unsafe.Pointer(&ks))
	g.kInit(st, k, n)
	g.absorbAD(st, ad)
	whole := len(c) / g.rate * g.rate
	if whole > 0 {
		g.kDec(st, m[:whole], c[:whole])
	}
	if len(c) > whole {
		g.kDecPartial(st, m[whole:len(c)], c[whole:])
	}
	var want [32]byte
	g.kFinalize(st, want[:len(tag)], uint64(len(ad)), uint64(len(c)))
	clear(ks[:])
	ok := subtle.ConstantTimeCompare(want[:len(tag)], tag) == 1
	clear(want[:])
	if !ok {
		clear(m[:len(c)])
	}
	return ok
}

// The incremental state's fields in st.

func (g *goKernel) stPtr(st *[StateSize]byte) *byte { return &st[0] }

func goBuf(st *[StateSize]byte) []byte { return st[goBufOff : goBufOff+maxRate] }

func goCount(st *[StateSize]byte) uint64 {
	return binary.LittleEndian.Uint64(st[goCountOff:])
}

func setGoCount(st *[StateSize]byte, n uint64) {
	binary.LittleEndian.PutUint64(st[goCountOff:], n)
}

func goADLen(st *[StateSize]byte) uint64 {
	return binary.LittleEndian.Uint64(st[goADLenOff:])
}

// incInit starts st with key k and nonce n, and absorbs ad.
func (g *goKernel) incInit(st *[StateSize]byte, ad []byte, n, k *[32]byte) {
	clear(st[:])
	g.kInit(g.stPtr(st), &k[0], &n[0])
	g.absorbAD(g.stPtr(st), ad)
	binary.LittleEndian.PutUint64(st[goADLenOff:], uint64(len(ad)))
}

// incCrypt encrypts (decrypt false) or decrypts the next len(in) bytes of
// a message to out. The bytes of a block not yet complete are the input
// xored with the block's keystream (kKeyBlock), and their plaintext waits
// in the partial block; once the block is complete, absorbing that
// plaintext is the Enc (Dec) of the block. out may be in exactly.
func (g *goKernel) incCrypt(st *[StateSize]byte, out, in []byte, decrypt bool) {
	p, buf, r := g.stPtr(st), goBuf(st), g.rate
	count := goCount(st)
	setGoCount(st, count+uint64(len(in)))
	var z [maxRate]byte
	if off := int(count % uint64(r)); off > 0 {
		take := min(r-off, len(in))
		g.kKeyBlock(p, z[:r])
		g.xorPartial(buf[off:off+take], out[:take], in[:take], z[off:off+take], decrypt)
		in, out = in[take:], out[take:]
		if off+take == r {
			g.kAbsorb(p, buf[:r])
		}
	}
	whole := len(in) / r * r
	if whole > 0 {
		if decrypt {
			g.kDec(p, out[:whole], in[:whole])
		} else {
			g.kEnc(p, out[:whole], in[:whole])
		}
	}
	if rest := len(in) - whole; rest > 0 {
		g.kKeyBlock(p, z[:r])
		g.xorPartial(buf[:rest], out[whole:whole+rest], in[whole:], z[:rest], decrypt)
	}
	clear(z[:])
}

// xorPartial xors in with the keystream z to out, and keeps the
// plaintext in pt. out may be in exactly.
func (g *goKernel) xorPartial(pt, out, in, z []byte, decrypt bool) {
	for i := range in {
		x := in[i]
		y := x ^ z[i]
		if decrypt {
			pt[i] = y
		} else {
			pt[i] = x
		}
		out[i] = y
	}
}

// incTag absorbs the partial block, zero-padded, and writes the tag of
// the message; st is cleared.
func (g *goKernel) incTag(st *[StateSize]byte, tag []byte) {
	p, buf, count := g.stPtr(st), goBuf(st), goCount(st)
	if off := int(count % uint64(g.rate)); off > 0 {
		clear(buf[off:g.rate])
		g.kAbsorb(p, buf[:g.rate])
	}
	g.kFinalize(p, tag, goADLen(st), count)
	clear(st[:])
}

func (g *goKernel) incFinal(st *[StateSize]byte, tag []byte) { g.incTag(st, tag) }

func (g *goKernel) incVerify(st *[StateSize]byte, tag []byte) bool {
	var want [32]byte
	g.incTag(st, want[:len(tag)])
	ok := subtle.ConstantTimeCompare(want[:len(tag)], tag) == 1
	clear(want[:])
	return ok
}

// macUpdate absorbs data: whole blocks at once, the rest in the partial
// block until it is complete.
func (g *goKernel) macUpdate(st *[StateSize]byte, data []byte) {
	p, buf, r := g.stPtr(st), goBuf(st), g.rate
	count := goCount(st)
	setGoCount(st, count+uint64(len(data)))
	if off := int(count % uint64(r)); off > 0 {
		take := copy(buf[off:r], data)
		data = data[take:]
		if off+take < r {
			return
		}
		g.kAbsorb(p, buf[:r])
	}
	whole := len(data) / r * r
	if whole > 0 {
		g.kAbsorb(p, data[:whole])
	}
	copy(buf, data[whole:])
}

// macFinal writes the tag of the data so far, leaving st as it is, so
// that more data may follow.
func (g *goKernel) macFinal(st *[StateSize]byte, tag []byte) {
	buf, count := goBuf(st), goCount(st)
	clear(buf[count%uint64(g.rate) : g.rate])
	g.kMACFinalize(g.stPtr(st), tag, buf[:g.rate], count)
}

// streamXOR writes the next len(out) bytes of keystream to out, xored
// with in unless in is nil. The rest of a block that a call stops within
// waits in the partial block for the next call.
func (g *goKernel) streamXOR(st *[StateSize]byte, out, in []byte) {
	p, buf, r := g.stPtr(st), goBuf(st), g.rate
	count := goCount(st)
	setGoCount(st, count+uint64(len(out)))
	if off := int(count % uint64(r)); off > 0 {
		take := min(r-off, len(out))
		xorInto(out[:take], in, buf[off:off+take])
		clear(buf[off : off+take])
		out = out[take:]
		if in != nil {
			in = in[take:]
		}
	}
	whole := len(out) / r * r
	if whole > 0 {
		var src []byte
		if in != nil {
			src = in[:whole]
		}
		g.kStream(p, out[:whole], src)
	}
	if rest := len(out) - whole; rest > 0 {
		g.kStream(p, buf[:r], nil)
		var src []byte
		if in != nil {
			src = in[whole:]
		}
		xorInto(out[whole:], src, buf[:rest])
		clear(buf[:rest])
	}
}

// xorInto writes z to out, xored with in unless in is nil.
func xorInto(out, in, z []byte) {
	if in == nil {
		copy(out, z)
		return
	}
	subtle.XORBytes(out, in[:len(out)], z)
}

// stream fills out with the keystream of key k and nonce n.
func (g *goKernel) stream(out []byte, n, k *[32]byte) {
	var ks kstate
	st := (*byte)(unsafe.Pointer(&ks))
	g.kInit(st, &k[0], &n[0])
	whole := len(out) / g.rate * g.rate
	if whole > 0 {
		g.kStream(st, out[:whole], nil)
	}
	if rest := len(out) - whole; rest > 0 {
		var z [maxRate]byte
		g.kKeyBlock(st, z[:g.rate])
		copy(out[whole:], z[:rest])
		clear(z[:])
	}
	clear(ks[:])
}

// runGroup seals or opens a batch group's messages one by one (the Go
// engine has no lanes), under runGroup's contract (batch_cgo.go): for an
// open, the bit mask of the messages whose tag did not match.
func (g *goKernel) runGroup(gr *group, k *byte, tagLen int, open bool) uint32 {
	var failed uint32
	for j := range gr.n {
		inLen, adLen := int(gr.lens[2*j]), int(gr.lens[2*j+1])
		ad := unsafe.Slice(gr.ad[j], adLen)
		n := gr.noncePtr(j)
		if open {
			in := unsafe.Slice(gr.in[j], inLen+tagLen)
			out := unsafe.Slice(gr.out[j], inLen)
			if !g.open(out, in[:inLen], in[inLen:], ad, n, k) {
				failed |= 1 << j
			}
		} else {
			out := unsafe.Slice(gr.out[j], inLen+tagLen)
			g.seal(out[:inLen], out[inLen:], unsafe.Slice(gr.in[j], inLen), ad, n, k)
		}
	}
	return failed
}
