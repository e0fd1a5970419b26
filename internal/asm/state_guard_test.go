// SPDX-License-Identifier: MIT

//go:build !purego && !without_aegis && (amd64 || arm64) && (linux || darwin || freebsd)

package asm_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime/debug"
	"testing"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/aegisgo/aegis/internal/asm"
)

// The state-level functions on buffers that end at, or start right after,
// a page that may not be touched: a read or write of one byte past either
// end of an argument faults (a panic, with SetPanicOnFault). The rest of
// each buffer's page holds a canary, so a stray write inside the page
// shows too. Every result is compared with the same call on ordinary
// memory.

// page is one read-write page between two PROT_NONE pages.
type page struct{ rw []byte }

func newPage(t *testing.T) *page {
	t.Helper()
	ps := os.Getpagesize()
	mem, err := unix.Mmap(-1, 0, 3*ps, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_PRIVATE)
	if err != nil {
		t.Fatalf("mmap: %v", err)
	}
	t.Cleanup(func() { unix.Munmap(mem) })
	if err := unix.Mprotect(mem[:ps], unix.PROT_NONE); err != nil {
		t.Fatal(err)
	}
	if err := unix.Mprotect(mem[2*ps:], unix.PROT_NONE); err != nil {
		t.Fatal(err)
	}
	return &page{rw: mem[ps : 2*ps : 2*ps]}
}

const canary = 0xa5

// place returns n bytes of the page that end at the upper guard (atEnd)
// or start at the lower one, holding src (zeros where src is nil), with
// the canary everywhere else in the page.
func (p *page) place(n int, atEnd bool, src []byte) []byte {
	for i := range p.rw {
		p.rw[i] = canary
	}
	off := 0
	if atEnd {
		off = len(p.rw) - n
	}
	b := p.rw[off : off+n : off+n]
	clear(b)
	copy(b, src)
	return b
}

// intact reports whether the page outside b still holds the canary.
func (p *page) intact(b []byte) bool {
	lo := 0
	if len(b) > 0 {
		lo = int(uintptr(unsafe.Pointer(&b[0])) - uintptr(unsafe.Pointer(&p.rw[0])))
	}
	for i, c := range p.rw {
		if (i < lo || i >= lo+len(b)) && c != canary {
			return false
		}
	}
	return true
}

// guardArena is one page per argument, so that none shares a page.
type guardArena struct{ st, in, out, key, nonce, tag, last *page }

// TestStateGuardPages runs every state-level function of every variant
// and kernel here with each of its buffers at a guard page, at its end
// and at its start: whole blocks (1 to 3, in place too), every partial
// length 0 to rate-1, KeyBlock's output, both tag sizes of Finalize and
// MACFinalize, and MACFinalize's last block.
func TestStateGuardPages(t *testing.T) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	ar := &guardArena{newPage(t), newPage(t), newPage(t), newPage(t), newPage(t), newPage(t), newPage(t)}
	forEach(t, func(t *testing.T, v variant, _ asm.OneShot, fn asm.Funcs, r *rand.Rand) {
		for _, atEnd := range []bool{true, false} {
			guardCase(t, ar, r, v, fn, atEnd)
		}
	})
}

func guardCase(t *testing.T, ar *guardArena, r *rand.Rand, v variant, fn asm.Funcs, atEnd bool) {
	size := asm.StateSize(v.ID)
	key, nonce := randBytes(r, v.KeySize), randBytes(r, v.NonceSize)
	check := func(what string, pages map[*page][]byte) {
		t.Helper()
		for p, b := range pages {
			if !p.intact(b) {
				t.Fatalf("atEnd %v: %s wrote outside its buffers", atEnd, what)
			}
		}
	}

	// Init, from a key and nonce at the guard into a state at the guard.
	want := make([]byte, size)
	fn.Init(ptr(want), ptr(key), ptr(nonce))
	st := ar.st.place(size, atEnd, nil)
	k, n := ar.key.place(v.KeySize, atEnd, key), ar.nonce.place(v.NonceSize, atEnd, nonce)
	fn.Init(ptr(st), ptr(k), ptr(n))
	check("Init", map[*page][]byte{ar.st: st, ar.key: k, ar.nonce: n})
	if !bytes.Equal(st, want) {
		t.Fatalf("atEnd %v: Init at the guard differs", atEnd)
	}
	st = want // the state between calls, in ordinary memory: place overwrites the page

	// run calls f on a copy of the state in ordinary memory, and on the
	// state at the guard with in at the guard and out at the guard or in
	// place; the states and outputs must agree.
	run := func(what string, inLen, outLen int, inPlace bool, f func(st, out, in *byte)) {
		t.Helper()
		base := bytes.Clone(st)
		src := randBytes(r, inLen)
		wantOut := make([]byte, outLen)
		wantIn := bytes.Clone(src)
		if inPlace {
			copy(wantOut, src)
			f(ptr(base), ptr(wantOut), ptr(wantOut))
		} else {
			f(ptr(base), ptr(wantOut), ptr(wantIn))
		}
		gst := ar.st.place(size, atEnd, st)
		in := ar.in.place(inLen, atEnd, src)
		out := in
		if !inPlace {
			out = ar.out.place(outLen, atEnd, nil)
		}
		f(ptr(gst), ptr(out), ptr(in))
		name := fmt.Sprintf("%s (in %d, out %d, in place %v, atEnd %v)", what, inLen, outLen, inPlace, atEnd)
		pages := map[*page][]byte{ar.st: gst, ar.in: in}
		if !inPlace {
			pages[ar.out] = out
		}
		check(name, pages)
		if !bytes.Equal(gst, base) || !bytes.Equal(out, wantOut) || (!inPlace && !bytes.Equal(in, src)) {
			t.Fatalf("%s: differs at the guard", name)
		}
		copy(st, gst)
	}

	for blocks := 1; blocks <= 3; blocks++ {
		b, nb := blocks*v.Rate, blocks
		run("Absorb", b, 0, false, func(st, _, in *byte) { fn.Absorb(st, in, nb) })
		for _, inPlace := range []bool{false, true} {
			run("Enc", b, b, inPlace, func(st, out, in *byte) { fn.Enc(st, out, in, nb) })
			run("Dec", b, b, inPlace, func(st, out, in *byte) { fn.Dec(st, out, in, nb) })
			run("Stream", b, b, inPlace, func(st, out, in *byte) { fn.Stream(st, out, in, nb) })
		}
	}
	for l := 0; l < v.Rate; l++ {
		for _, inPlace := range []bool{false, true} {
			run("EncPartial", l, l, inPlace, func(st, out, in *byte) { fn.EncPartial(st, out, in, l) })
			run("DecPartial", l, l, inPlace, func(st, out, in *byte) { fn.DecPartial(st, out, in, l) })
		}
	}
	run("KeyBlock", 0, v.Rate, false, func(st, z, _ *byte) { fn.KeyBlock(st, z) })
	for _, tagLen := range []int{16, 32} {
		adLen, mLen := uint64(r.IntN(1000)), uint64(r.IntN(1000))
		run("Finalize", 0, tagLen, false, func(st, tag, _ *byte) { fn.Finalize(st, tag, adLen, mLen, tagLen) })
		for _, dataLen := range []uint64{uint64(3 * v.Rate), uint64(3*v.Rate + 1 + r.IntN(v.Rate-1))} {
			// The last block at the guard, as in; the tag as out.
			run("MACFinalize", v.Rate, tagLen, false, func(st, tag, last *byte) {
				fn.MACFinalize(st, tag, last, dataLen, tagLen)
			})
		}
	}
}
