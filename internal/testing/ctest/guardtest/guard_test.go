// SPDX-License-Identifier: MIT

//go:build cgo && !without_aegis && (linux || darwin || freebsd)

package guardtest

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime/debug"
	"testing"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/aegisgo/aegis/common"
	"github.com/aegisgo/aegis/internal/core"
	"github.com/aegisgo/aegis/internal/testing/ref"
	_ "github.com/aegisgo/aegis/internal/variants" // registers the six variants with core
)

// maxLen is the longest message and associated data: past two blocks of the
// widest rate (128 bytes), so that every path of every variant (whole
// blocks, two-block steps, partial tails) touches the guard.
const maxLen = 300

// shortLens replace 0..maxLen under -short: the block edges of every rate.
var shortLens = []int{0, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 255, 256, 257, maxLen}

func lengths() []int {
	if testing.Short() {
		return shortLens
	}
	ls := make([]int, maxLen+1)
	for i := range ls {
		ls[i] = i
	}
	return ls
}

// guarded is one page-aligned read-write area between two PROT_NONE pages.
type guarded struct {
	rw []byte
}

func newGuarded(t testing.TB, size int) *guarded {
	t.Helper()
	ps := os.Getpagesize()
	n := (size + ps - 1) / ps * ps
	mem, err := unix.Mmap(-1, 0, n+2*ps, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_PRIVATE)
	if err != nil {
		t.Fatalf("mmap: %v", err)
	}
	t.Cleanup(func() { unix.Munmap(mem) })
	if err := unix.Mprotect(mem[:ps], unix.PROT_NONE); err != nil {
		t.Fatalf("mprotect: %v", err)
	}
	if err := unix.Mprotect(mem[ps+n:], unix.PROT_NONE); err != nil {
		t.Fatalf("mprotect: %v", err)
	}
	return &guarded{rw: mem[ps : ps+n : ps+n]}
}

// place returns n bytes of g that end at the upper guard page (atEnd) or
// start right after the lower one, holding a copy of src when it is not
// nil. The capacity is n, so an append moves the data out.
func (g *guarded) place(n int, atEnd bool, src []byte) []byte {
	var b []byte
	if atEnd {
		b = g.rw[len(g.rw)-n:]
	} else {
		b = g.rw[:n:n]
	}
	if src != nil {
		copy(b, src)
	} else {
		clear(b)
	}
	return b
}

// TestGuardWorks checks the mechanism itself: the byte after the area and
// the byte before it fault. A fault in Go code can be turned into a panic;
// in the C core it kills the process, which is how the other test fails.
func TestGuardWorks(t *testing.T) {
	g := newGuarded(t, 100)
	end := unsafe.Add(unsafe.Pointer(unsafe.SliceData(g.rw)), len(g.rw))
	before := unsafe.Add(unsafe.Pointer(unsafe.SliceData(g.rw)), -1)
	for name, p := range map[string]unsafe.Pointer{"after": end, "before": before} {
		if !faults(p) {
			t.Errorf("reading the byte %s the area did not fault", name)
		}
	}
	if faults(unsafe.Pointer(unsafe.SliceData(g.rw))) {
		t.Error("reading the area's first byte faulted")
	}
}

func faults(p unsafe.Pointer) (faulted bool) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() { faulted = recover() != nil }()
	sink = *(*byte)(p)
	return false
}

// sink keeps the load in faults from being optimized away.
var sink byte

// arena is one guarded area per buffer of a call, so that none of them
// shares a page with another.
type arena struct {
	msg, ad, nonce, key, out, ct, tag *guarded
}

func newArena(t testing.TB) *arena {
	const size = maxLen + 64
	return &arena{
		msg: newGuarded(t, size), ad: newGuarded(t, size), nonce: newGuarded(t, 32),
		key: newGuarded(t, 32), out: newGuarded(t, size), ct: newGuarded(t, size),
		tag: newGuarded(t, 32),
	}
}

// reference is what the results of one kernel are compared with, computed
// in ordinary memory: never that kernel's own code.
type reference struct {
	name string
	seal func(nonce, msg, ad []byte) []byte // ct || tag
	mac  func(nonce, data []byte) []byte
}

// referenceFor returns the reference for kernel k: soft, the Go engine on
// internal/soft, for the C core's kernels and their assembly; for soft
// itself, the spec's reference (internal/testing/ref), which shares no
// code with it.
func referenceFor(t testing.TB, v *core.Variant, k core.Kernel, key []byte, tagLen int) reference {
	t.Helper()
	if k != core.KernelSoft {
		var a core.AEAD
		if err := a.InitKernel(v, key, tagLen, core.KernelSoft); err != nil {
			t.Fatal(err)
		}
		return reference{
			name: "soft",
			seal: func(nonce, msg, ad []byte) []byte { return a.Seal(nil, nonce, msg, ad) },
			mac: func(nonce, data []byte) []byte {
				var m core.MAC
				if err := m.InitKernel(v, key, nonce, tagLen, core.KernelSoft); err != nil {
					t.Fatal(err)
				}
				m.Write(data)
				return m.Sum(nil)
			},
		}
	}
	fam128, d := v.KeySize == 16, v.Rate/16
	if fam128 {
		d = v.Rate / 32
	}
	return reference{
		name: "the reference",
		seal: func(nonce, msg, ad []byte) []byte { return ref.Seal(fam128, d, key, nonce, msg, ad, tagLen) },
		mac:  func(nonce, data []byte) []byte { return ref.MAC(fam128, d, key, nonce, data, tagLen) },
	}
}

// TestGuardPages runs every variant and every kernel that this machine
// runs, for every message length 0..maxLen (with short associated data)
// and every associated data length 0..maxLen (with a short message), with
// each buffer ending at a guard page and then starting right after one.
// Results are compared with another implementation's (referenceFor).
func TestGuardPages(t *testing.T) {
	ar := newArena(t)
	rng := rand.New(rand.NewPCG(1, 2))
	for vi := range core.Variants {
		v := &core.Variants[vi]
		t.Run(v.Name, func(t *testing.T) {
			kernels := core.Kernels(v)
			if len(kernels) == 0 {
				t.Fatal("no kernel")
			}
			for _, tagLen := range []int{16, 32} {
				for _, n := range lengths() {
					short := rng.IntN(3 * v.Rate)
					for _, atEnd := range []bool{true, false} {
						aeadCase(t, ar, rng, v, core.Impls(v), tagLen, n, short, atEnd)
						aeadCase(t, ar, rng, v, core.Impls(v), tagLen, short, n, atEnd)
						streamCase(t, ar, rng, v, kernels, tagLen, n, atEnd)
					}
				}
			}
		})
	}
}

func random(rng *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
	return b
}

// aeadCase covers Seal, Open, SealDetached and OpenDetached, in place too,
// and a refused Open, which must clear the output at the guard, on every
// implementation: each kernel through the C core and through its Go
// assembly. The race detector and cgocheck2 see neither's memory
// accesses, so the guard pages are the check of both.
func aeadCase(t *testing.T, ar *arena, rng *rand.Rand, v *core.Variant, impls []core.Impl, tagLen, mlen, adlen int, atEnd bool) {
	key, nonce := random(rng, v.KeySize), random(rng, v.NonceSize)
	msg, ad := random(rng, mlen), random(rng, adlen)
	wants := map[string][]byte{} // by reference: soft's serves every kernel but soft

	for _, k := range impls {
		r := referenceFor(t, v, k.Kernel, key, tagLen)
		want, ok := wants[r.name]
		if !ok {
			want = r.seal(nonce, msg, ad)
			wants[r.name] = want
		}
		name := fmt.Sprintf("%s/tag%d mlen %d adlen %d atEnd %v", k, tagLen, mlen, adlen, atEnd)
		var a core.AEAD
		if err := a.InitImpl(v, ar.key.place(v.KeySize, atEnd, key), tagLen, k); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		n := ar.nonce.place(v.NonceSize, atEnd, nonce)
		m := ar.msg.place(mlen, atEnd, msg)
		d := ar.ad.place(adlen, atEnd, ad)

		out := ar.out.place(mlen+tagLen, atEnd, nil)
		if got := a.Seal(out[:0], n, m, d); !bytes.Equal(got, want) || &got[0] != &out[0] {
			t.Fatalf("%s: Seal differs from %s or did not write in place", name, r.name)
		}

		c := ar.ct.place(mlen+tagLen, atEnd, want)
		pt := ar.out.place(mlen, atEnd, nil)
		if got, err := a.Open(pt[:0], n, c, d); err != nil || !bytes.Equal(got, msg) {
			t.Fatalf("%s: Open: %v", name, err)
		}

		out = ar.out.place(mlen+tagLen, atEnd, nil)
		ct, tag := a.SealDetached(out[:0], n, m, d)
		if !bytes.Equal(ct, want[:mlen]) || !bytes.Equal(tag, want[mlen:]) {
			t.Fatalf("%s: SealDetached differs from %s", name, r.name)
		}

		c = ar.ct.place(mlen, atEnd, want[:mlen])
		tg := ar.tag.place(tagLen, atEnd, want[mlen:])
		pt = ar.out.place(mlen, atEnd, nil)
		if got, err := a.OpenDetached(pt[:0], n, c, tg, d); err != nil || !bytes.Equal(got, msg) {
			t.Fatalf("%s: OpenDetached: %v", name, err)
		}

		// In place: the message in a buffer with room for the tag, then
		// the ciphertext decrypted where it lies.
		buf := ar.msg.place(mlen+tagLen, atEnd, msg)
		if got := a.Seal(buf[:0], n, buf[:mlen], d); !bytes.Equal(got, want) {
			t.Fatalf("%s: in-place Seal differs from %s", name, r.name)
		}
		if got, err := a.Open(buf[:0], n, buf, d); err != nil || !bytes.Equal(got, msg) {
			t.Fatalf("%s: in-place Open: %v", name, err)
		}

		// A changed tag: refused, and the output (at the guard) cleared.
		bad := bytes.Clone(want)
		bad[len(bad)-1] ^= 1
		c = ar.ct.place(mlen+tagLen, atEnd, bad)
		pt = ar.out.place(mlen, atEnd, msg)
		if _, err := a.Open(pt[:0], n, c, d); err != common.ErrAuth {
			t.Fatalf("%s: Open of a changed tag: %v", name, err)
		}
		if mlen > 0 && !bytes.Equal(pt, make([]byte, mlen)) {
			t.Fatalf("%s: refused Open left output", name)
		}
	}
}

// pieces splits b at up to two random points.
func pieces(rng *rand.Rand, b []byte) [][]byte {
	i, j := rng.IntN(len(b)+1), rng.IntN(len(b)+1)
	if i > j {
		i, j = j, i
	}
	return [][]byte{b[:i], b[i:j], b[j:]}
}

// streamCase covers the incremental types and the keystream: every piece
// of input, every piece of output and every tag at the guard. Their state
// lives in the Go value, not in guarded memory (the C test driver,
// internal/testing/ctest, checks the state in exact-size heap blocks).
func streamCase(t *testing.T, ar *arena, rng *rand.Rand, v *core.Variant, kernels []core.Kernel, tagLen, mlen int, atEnd bool) {
	key, nonce := random(rng, v.KeySize), random(rng, v.NonceSize)
	msg, ad := random(rng, mlen), random(rng, rng.IntN(2*v.Rate))
	zeros := make([]byte, mlen)

	for _, k := range kernels {
		r := referenceFor(t, v, k, key, tagLen)
		want := r.seal(nonce, msg, ad)
		wantKS := r.seal(nonce, zeros, nil)[:mlen]
		wantMAC := r.mac(nonce, msg)
		name := fmt.Sprintf("%s/tag%d mlen %d atEnd %v", k, tagLen, mlen, atEnd)
		n := ar.nonce.place(v.NonceSize, atEnd, nonce)
		kk := ar.key.place(v.KeySize, atEnd, key)
		d := ar.ad.place(len(ad), atEnd, ad)

		var e core.Encrypter
		if err := e.InitKernel(v, kk, n, d, tagLen, k); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var ct []byte
		for _, p := range pieces(rng, msg) {
			in := ar.msg.place(len(p), atEnd, p)
			out := ar.out.place(len(p), atEnd, nil)
			ct = append(ct, e.EncryptTo(out[:0], in)...)
		}
		if tag := e.Final(); !bytes.Equal(ct, want[:mlen]) || !bytes.Equal(tag, want[mlen:]) {
			t.Fatalf("%s: Encrypter differs from %s's Seal", name, r.name)
		}

		var dec core.Decrypter
		if err := dec.InitKernel(v, kk, n, d, tagLen, k); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var pt []byte
		for _, p := range pieces(rng, want[:mlen]) {
			in := ar.ct.place(len(p), atEnd, p)
			out := ar.out.place(len(p), atEnd, nil)
			pt = append(pt, dec.DecryptTo(out[:0], in)...)
		}
		if err := dec.Final(ar.tag.place(tagLen, atEnd, want[mlen:])); err != nil || !bytes.Equal(pt, msg) {
			t.Fatalf("%s: Decrypter: %v", name, err)
		}

		var mac core.MAC
		if err := mac.InitKernel(v, kk, n, tagLen, k); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, p := range pieces(rng, msg) {
			mac.Write(ar.msg.place(len(p), atEnd, p))
		}
		sum := ar.out.place(tagLen, atEnd, nil)
		if got := mac.Sum(sum[:0]); !bytes.Equal(got, wantMAC) {
			t.Fatalf("%s: MAC differs from %s's", name, r.name)
		}
		if !mac.Verify(ar.tag.place(tagLen, atEnd, wantMAC)) {
			t.Fatalf("%s: MAC.Verify refused the tag", name)
		}

		var ks core.KeyStream
		if err := ks.InitKernel(v, kk, n, k); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var stream []byte
		for _, p := range pieces(rng, zeros) {
			out := ar.out.place(len(p), atEnd, nil)
			ks.Read(out)
			stream = append(stream, out...)
		}
		if !bytes.Equal(stream, wantKS) {
			t.Fatalf("%s: KeyStream.Read differs from the encryption of zeros", name)
		}
		if err := ks.InitKernel(v, kk, n, k); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		stream = stream[:0]
		for _, p := range pieces(rng, msg) {
			in := ar.msg.place(len(p), atEnd, p)
			out := ar.out.place(len(p), atEnd, nil)
			ks.XORKeyStream(out, in)
			for i := range out {
				stream = append(stream, out[i]^p[i])
			}
		}
		if !bytes.Equal(stream, wantKS) {
			t.Fatalf("%s: KeyStream.XORKeyStream differs", name)
		}
		out := ar.out.place(mlen, atEnd, nil)
		if err := core.StreamKernel(v, out, kk, n, k); err != nil || !bytes.Equal(out, wantKS) {
			t.Fatalf("%s: Stream: %v", name, err)
		}
	}
}
