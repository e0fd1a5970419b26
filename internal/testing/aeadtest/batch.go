// SPDX-License-Identifier: MIT

package aeadtest

import (
	"bytes"
	"crypto/cipher"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/aegisgo/aegis/common"
	"github.com/aegisgo/aegis/internal/core"
)

// Batcher is the batch API of every variant type (and of core.AEAD).
type Batcher interface {
	cipher.AEAD
	SealBatch(dst, nonces, plaintexts, additionalData [][]byte) [][]byte
	OpenBatch(dst, nonces, ciphertexts, additionalData [][]byte) ([][]byte, error)
}

func (v Variant) batcher(t testing.TB, key []byte, tagLen int) Batcher {
	t.Helper()
	a, err := v.New(key, tagLen)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	b, ok := a.(Batcher)
	if !ok {
		t.Fatalf("%T has no SealBatch and OpenBatch", a)
	}
	return b
}

// RunBatch runs the tests of SealBatch and OpenBatch.
func RunBatch(t *testing.T, v Variant) {
	if !common.Available {
		// The methods compile; no AEAD exists to call them on.
		if a, err := v.New(make([]byte, v.V.KeySize), 16); a != nil || !errors.Is(err, common.ErrNotAvailable) {
			t.Fatalf("New without the C core = %v, %v", a, err)
		}
		if _, ok := v.ZeroValue().(Batcher); !ok {
			t.Fatalf("%T has no batch methods", v.ZeroValue())
		}
		return
	}
	t.Run("EqualsSealOpen", v.testBatchEquals)
	t.Run("NilAD", v.testBatchNilAD)
	t.Run("InPlace", v.testBatchInPlace)
	t.Run("NonceInOutput", v.testBatchNonceInOutput)
	t.Run("Allocs", v.testBatchAllocs)
	t.Run("Panics", v.testBatchPanics)
	t.Run("Prefixes", v.testBatchPrefixes)
	t.Run("Failures", v.testBatchFailures)
	t.Run("Lanes", v.testBatchLanes)
	t.Run("Wiped", v.testBatchWiped)
}

// batchCase is a random batch: messages of mixed lengths (0 included),
// nonces of every valid length, ad per message or nil for all.
type batchCase struct {
	nonces, msgs, ads [][]byte
}

func (v Variant) randomBatch(r *rand.Rand, n int, withAD bool) batchCase {
	var c batchCase
	lens := []int{0, 1, 15, 16, 17, v.V.Rate - 1, v.V.Rate, v.V.Rate + 1, 3*v.V.Rate + 5, 1000, 4096}
	for range n {
		ml := lens[r.IntN(len(lens))]
		if r.IntN(3) == 0 {
			ml = r.IntN(300)
		}
		nl := v.V.NonceSize
		if r.IntN(4) == 0 {
			nl = r.IntN(v.V.NonceSize + 1)
		}
		c.nonces = append(c.nonces, random(r, nl))
		c.msgs = append(c.msgs, random(r, ml))
		if withAD {
			c.ads = append(c.ads, random(r, r.IntN(3)*r.IntN(40)))
		}
	}
	return c
}

// randomDst returns dst elements of every kind: nil, a prefix with room,
// a prefix without room, an empty slice with room.
func randomDst(r *rand.Rand, n, need int) [][]byte {
	dst := make([][]byte, n)
	for i := range dst {
		switch r.IntN(4) {
		case 0:
		case 1:
			p := random(r, r.IntN(9))
			dst[i] = append(make([]byte, 0, len(p)+need+r.IntN(5)), p...)
		case 2:
			dst[i] = random(r, 1+r.IntN(5))
		case 3:
			dst[i] = make([]byte, 0, need)
		}
	}
	return dst
}

func cloneAll(bs [][]byte) [][]byte {
	if bs == nil {
		return nil
	}
	out := make([][]byte, len(bs))
	for i, b := range bs {
		if b != nil {
			out[i] = append(make([]byte, 0, cap(b)), b...)
		}
	}
	return out
}

func at(bs [][]byte, i int) []byte {
	if bs == nil {
		return nil
	}
	return bs[i]
}

// testBatchEquals: under every implementation (each kernel through the C
// core alone, and with its assembly taking the messages it is given),
// out[i] is Seal's and Open's result for each message, dst is returned,
// and ciphertext of one kernel opens.
func (v Variant) testBatchEquals(t *testing.T) {
	r := rand.New(rand.NewPCG(21, uint64(v.V.ID)))
	for _, k := range core.Impls(v.V) {
		// Groups of up to 4 and of 16 messages take different entry
		// points; a batch of one is Seal.
		for _, n := range []int{0, 1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 20, 40} {
			for _, tagLen := range []int{16, 32} {
				key := random(r, v.V.KeySize)
				a := v.withImpl(t, k, key, tagLen)
				c := v.randomBatch(r, n, r.IntN(2) == 0)
				if n == 17 {
					// Long messages: groups end by size before they are full.
					for i := range c.msgs {
						c.msgs[i] = random(r, 9000+r.IntN(20000))
					}
				}
				name := fmt.Sprintf("%s/n=%d/tag%d", k, n, tagLen)
				dst := randomDst(r, n, 29000+tagLen)
				want := make([][]byte, n)
				for i := range want {
					want[i] = a.Seal(slices.Clone(dst[i]), c.nonces[i], c.msgs[i], at(c.ads, i))
				}
				got := a.SealBatch(dst, c.nonces, c.msgs, c.ads)
				if n > 0 && &got[0] != &dst[0] {
					t.Fatalf("%s: SealBatch did not return dst", name)
				}
				for i := range want {
					if !bytes.Equal(got[i], want[i]) {
						t.Fatalf("%s: message %d (%d bytes): SealBatch = %x, Seal = %x", name, i, len(c.msgs[i]), got[i], want[i])
					}
				}
				cts := make([][]byte, n)
				prefix := make([]int, n)
				for i := range cts {
					prefix[i] = len(want[i]) - len(c.msgs[i]) - tagLen
					cts[i] = want[i][prefix[i]:]
				}
				odst := randomDst(r, n, 29000)
				owant := make([][]byte, n)
				for i := range owant {
					var err error
					owant[i], err = a.Open(slices.Clone(odst[i]), c.nonces[i], cts[i], at(c.ads, i))
					if err != nil {
						t.Fatalf("%s: Open of message %d: %v", name, i, err)
					}
				}
				pts, err := a.OpenBatch(odst, c.nonces, cts, c.ads)
				if err != nil {
					t.Fatalf("%s: OpenBatch: %v", name, err)
				}
				for i := range owant {
					if !bytes.Equal(pts[i], owant[i]) {
						t.Fatalf("%s: message %d: OpenBatch = %x, Open = %x", name, i, pts[i], owant[i])
					}
				}
			}
		}
	}
	// The variant type gives the same bytes as core.AEAD.
	key := random(r, v.V.KeySize)
	b := v.batcher(t, key, 16)
	c := v.randomBatch(r, 12, true)
	got := b.SealBatch(make([][]byte, 12), c.nonces, c.msgs, c.ads)
	for i := range got {
		if want := b.Seal(nil, c.nonces[i], c.msgs[i], c.ads[i]); !bytes.Equal(got[i], want) {
			t.Fatalf("%s.SealBatch: message %d differs from Seal", v.V.Name, i)
		}
	}
}

// testBatchNilAD: nil additionalData is no ad for every message, and empty
// ad elements are the same.
func (v Variant) testBatchNilAD(t *testing.T) {
	r := rand.New(rand.NewPCG(22, uint64(v.V.ID)))
	a := v.batcher(t, random(r, v.V.KeySize), 16)
	c := v.randomBatch(r, 10, false)
	got := a.SealBatch(make([][]byte, 10), c.nonces, c.msgs, nil)
	empty := make([][]byte, 10)
	for i := range empty {
		if i%2 == 0 {
			empty[i] = []byte{}
		}
	}
	same := a.SealBatch(make([][]byte, 10), c.nonces, c.msgs, empty)
	for i := range got {
		want := a.Seal(nil, c.nonces[i], c.msgs[i], nil)
		if !bytes.Equal(got[i], want) || !bytes.Equal(same[i], want) {
			t.Fatalf("message %d: nil ad %x, empty ad %x, Seal %x", i, got[i], same[i], want)
		}
	}
	pts, err := a.OpenBatch(make([][]byte, 10), c.nonces, got, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range pts {
		if !bytes.Equal(pts[i], c.msgs[i]) {
			t.Fatalf("message %d does not round-trip with nil ad", i)
		}
	}
}

// testBatchInPlace: plaintexts[i][:0] as dst[i], and ciphertexts[i][:0].
func (v Variant) testBatchInPlace(t *testing.T) {
	r := rand.New(rand.NewPCG(23, uint64(v.V.ID)))
	a := v.batcher(t, random(r, v.V.KeySize), 16)
	const n = 20
	c := v.randomBatch(r, n, true)
	bufs, dst := make([][]byte, n), make([][]byte, n)
	want := make([][]byte, n)
	for i := range bufs {
		bufs[i] = append(make([]byte, 0, len(c.msgs[i])+16), c.msgs[i]...)
		dst[i] = bufs[i][:0]
		want[i] = a.Seal(nil, c.nonces[i], c.msgs[i], c.ads[i])
	}
	got := a.SealBatch(dst, c.nonces, bufs, c.ads)
	for i := range got {
		if !bytes.Equal(got[i], want[i]) || &got[i][0] != &bufs[i][:1][0] {
			t.Fatalf("message %d: in-place SealBatch = %x, want %x in the same buffer", i, got[i], want[i])
		}
	}
	// One [][]byte as both dst and plaintexts: each message is read before
	// its element is replaced.
	both := make([][]byte, n)
	for i := range both {
		both[i] = append(make([]byte, 0, 2*len(c.msgs[i])+16), c.msgs[i]...)
	}
	a.SealBatch(both, c.nonces, both, c.ads)
	for i := range both {
		if want := append(slices.Clone(c.msgs[i]), want[i]...); !bytes.Equal(both[i], want) {
			t.Fatalf("message %d: dst and plaintexts the same [][]byte: %x, want %x", i, both[i], want)
		}
	}
	odst := make([][]byte, n)
	for i := range odst {
		odst[i] = got[i][:0]
	}
	pts, err := a.OpenBatch(odst, c.nonces, got, c.ads)
	if err != nil {
		t.Fatal(err)
	}
	for i := range pts {
		if !bytes.Equal(pts[i], c.msgs[i]) {
			t.Fatalf("message %d: in-place OpenBatch = %x, want %x", i, pts[i], c.msgs[i])
		}
	}
}

// testBatchAllocs: nothing is allocated when every dst[i] has room, with
// short nonces too, for small batches and for large ones.
func (v Variant) testBatchAllocs(t *testing.T) {
	if testing.Short() {
		t.Skip("allocation counts are checked in full runs")
	}
	if raceEnabled {
		t.Skip("the race detector makes sync.Pool allocate")
	}
	r := rand.New(rand.NewPCG(24, uint64(v.V.ID)))
	a := v.batcher(t, random(r, v.V.KeySize), 16)
	for _, n := range []int{3, 8, 40} {
		c := v.randomBatch(r, n, true)
		dst, odst := make([][]byte, n), make([][]byte, n)
		bufs := make([][]byte, n)
		for i := range dst {
			bufs[i] = make([]byte, 0, len(c.msgs[i])+16)
			odst[i] = make([]byte, 0, len(c.msgs[i]))
		}
		cts := a.SealBatch(make([][]byte, n), c.nonces, c.msgs, c.ads)
		if got := testing.AllocsPerRun(50, func() {
			copy(dst, bufs)
			a.SealBatch(dst, c.nonces, c.msgs, c.ads)
		}); got != 0 {
			t.Errorf("SealBatch of %d messages with room: %v allocations, want 0", n, got)
		}
		if got := testing.AllocsPerRun(50, func() {
			for i := range odst {
				odst[i] = odst[i][:0]
			}
			if _, err := a.OpenBatch(odst, c.nonces, cts, c.ads); err != nil {
				panic(err)
			}
		}); got != 0 {
			t.Errorf("OpenBatch of %d messages with room: %v allocations, want 0", n, got)
		}
	}
}

// snapshot records every byte a batch could write (dst's whole capacity,
// the inputs) and the dst headers, to check that a panic left nothing.
type snapshot struct {
	heads [][]byte
	bytes [][]byte
}

func takeSnapshot(dst [][]byte, arenas ...[]byte) snapshot {
	var s snapshot
	s.heads = slices.Clone(dst)
	for _, d := range dst {
		s.bytes = append(s.bytes, slices.Clone(d[:cap(d)]))
	}
	for _, a := range arenas {
		s.bytes = append(s.bytes, slices.Clone(a))
	}
	return s
}

func (s snapshot) same(dst [][]byte, arenas ...[]byte) bool {
	for i, d := range dst {
		h := s.heads[i]
		if len(d) != len(h) || cap(d) != cap(h) || unsafe.SliceData(d) != unsafe.SliceData(h) {
			return false
		}
		if !bytes.Equal(d[:cap(d)], s.bytes[i]) {
			return false
		}
	}
	for j, a := range arenas {
		if !bytes.Equal(a, s.bytes[len(dst)+j]) {
			return false
		}
	}
	return true
}

// expectPanic runs f, which must panic with a message that starts with the
// package name and contains want, and leave every byte as it was.
func (v Variant) expectPanic(t *testing.T, name, want string, dst [][]byte, arena []byte, f func()) {
	t.Helper()
	snap := takeSnapshot(dst, arena)
	msg := func() (msg string) {
		defer func() {
			if e := recover(); e != nil {
				msg = fmt.Sprint(e)
			}
		}()
		f()
		return ""
	}()
	if msg == "" {
		t.Errorf("%s: no panic", name)
		return
	}
	if !strings.HasPrefix(msg, v.V.Name+":") || !strings.Contains(msg, want) {
		t.Errorf("%s: panic %q, want %q from %s", name, msg, want, v.V.Name)
	}
	if !snap.same(dst, arena) {
		t.Errorf("%s: the panic left partial output", name)
	}
}

// testBatchPanics: every misuse panics before anything is written. Each
// batch has valid messages before and after the bad one, all in one arena,
// with room in every dst, so a partial run would show.
func (v Variant) testBatchPanics(t *testing.T) {
	r := rand.New(rand.NewPCG(25, uint64(v.V.ID)))
	a := v.batcher(t, random(r, v.V.KeySize), 16)
	const n, ml, tl = 12, 40, 16
	ns := v.V.NonceSize
	// Message i: nonce at i*slot, input at +ns, ad (8 bytes) after, output
	// (room for ml+tl) after that.
	slot := ns + ml + 8 + ml + tl
	type batch struct {
		arena                 []byte
		dst, nonces, ins, ads [][]byte
	}
	fresh := func(open bool) batch {
		b := batch{arena: random(r, n*slot)}
		in, need := ml, ml+tl
		if open {
			in, need = ml+tl, ml
		}
		for i := range n {
			p := i * slot
			b.nonces = append(b.nonces, b.arena[p:p+ns])
			p += ns
			b.ins = append(b.ins, b.arena[p:p+in])
			p += in
			b.ads = append(b.ads, b.arena[p:p+8])
			p += 8
			b.dst = append(b.dst, b.arena[p:p:p+need])
		}
		return b
	}
	// offset is where b's slice s starts in the arena.
	offset := func(b batch, s []byte) int {
		return int(uintptr(unsafe.Pointer(unsafe.SliceData(s))) - uintptr(unsafe.Pointer(&b.arena[0])))
	}
	seal := func(b batch) func() { return func() { a.SealBatch(b.dst, b.nonces, b.ins, b.ads) } }
	open := func(b batch) func() { return func() { a.OpenBatch(b.dst, b.nonces, b.ins, b.ads) } }

	// The layout itself is valid: no panic, and each result equals Seal.
	b := fresh(false)
	out := a.SealBatch(b.dst, b.nonces, b.ins, b.ads)
	for i := range out {
		if !bytes.Equal(out[i], a.Seal(nil, b.nonces[i], b.ins[i], b.ads[i])) {
			t.Fatalf("valid arena layout: message %d differs from Seal", i)
		}
	}

	for _, op := range []struct {
		name string
		open bool
		run  func(batch) func()
	}{{"SealBatch", false, seal}, {"OpenBatch", true, open}} {
		b := fresh(op.open)
		b.nonces = b.nonces[:n-1]
		v.expectPanic(t, op.name+"/short nonces", "different lengths", b.dst, b.arena, op.run(b))
		b = fresh(op.open)
		b.ins = append(b.ins, nil)
		v.expectPanic(t, op.name+"/long inputs", "different lengths", b.dst, b.arena, op.run(b))
		b = fresh(op.open)
		b.ads = b.ads[:0]
		v.expectPanic(t, op.name+"/empty non-nil ad", "different lengths", b.dst, b.arena, op.run(b))
		b = fresh(op.open)
		b.nonces[n-1] = make([]byte, ns+1)
		v.expectPanic(t, op.name+"/long nonce", "nonce length", b.dst, b.arena, op.run(b))

		// Within a message: the output over its own ad, or shifted over its
		// own input.
		b = fresh(op.open)
		b.ads[n-1] = b.dst[n-1][:1]
		v.expectPanic(t, op.name+"/own ad", "output and additional data", b.dst, b.arena, op.run(b))
		b = fresh(op.open)
		b.dst[n-1] = b.ins[n-1][1:1]
		v.expectPanic(t, op.name+"/own input shifted", "overlap of output and", b.dst, b.arena, op.run(b))
		if op.open {
			// The output starting at its own tag, which is read after
			// the plaintext is written.
			b = fresh(op.open)
			b.dst[n-1] = b.ins[n-1][ml:ml]
			v.expectPanic(t, op.name+"/own tag", "output and tag", b.dst, b.arena, op.run(b))
		}

		// Across messages: message 3's output over message 8's input, ad,
		// nonce or output, and the reverse.
		for _, c := range []struct {
			name string
			set  func(b *batch)
		}{
			{"other input", func(b *batch) {
				p := offset(*b, b.dst[3]) + 5
				b.ins[8] = b.arena[p : p+len(b.ins[8])]
			}},
			{"other input's last byte", func(b *batch) {
				end := offset(*b, b.dst[3]) + 1
				b.ins[8] = b.arena[end-len(b.ins[8]) : end]
			}},
			{"other ad", func(b *batch) {
				d := b.dst[3][:cap(b.dst[3])]
				b.ads[8] = d[len(d)-1:]
			}},
			{"other nonce", func(b *batch) { b.nonces[8] = b.dst[3][:cap(b.dst[3])][2 : 2+ns] }},
			{"other output", func(b *batch) {
				// Message 8, 5 bytes shorter, writes inside message 3's
				// output and nowhere else.
				b.ins[8] = b.ins[8][:len(b.ins[8])-5]
				p := offset(*b, b.dst[3]) + 1
				b.dst[8] = b.arena[p:p:cap(b.arena)]
			}},
			{"earlier input", func(b *batch) {
				p := offset(*b, b.dst[9])
				b.ins[1] = b.arena[p : p+len(b.ins[1])]
			}},
		} {
			b = fresh(op.open)
			c.set(&b)
			v.expectPanic(t, op.name+"/"+c.name, "between messages", b.dst, b.arena, op.run(b))
		}
	}
}

// testBatchPrefixes: dst[i]'s prefix, which SealBatch and OpenBatch
// append to, is an input of message i: inside another message's output it
// panics, with or without room in dst[i], in a batch of one group and in
// one of two (the library runs a batch in groups, and a prefix without
// room is copied when its group starts: before or after the other message
// writes, by where the group boundary falls). Just outside, the batch is
// valid, and every result is the one of a loop of Seals or Opens.
func (v Variant) testBatchPrefixes(t *testing.T) {
	const tagLen = 16
	a := v.batcher(t, make([]byte, v.V.KeySize), tagLen)
	for _, open := range []bool{false, true} {
		for _, n := range []int{2, core.BatchGroup + 2} {
			nonces, ins := make([][]byte, n), make([][]byte, n)
			for i := range n {
				nonces[i] = make([]byte, v.V.NonceSize)
				nonces[i][0] = byte(i)
				ins[i] = []byte("hello")
				if open {
					ins[i] = a.Seal(nil, nonces[i], ins[i], nil)
				}
			}
			// Message 0 writes out bytes at the arena's start.
			out := 5 + tagLen
			op, run := "SealBatch", func(dst [][]byte) { a.SealBatch(dst, nonces, ins, nil) }
			if open {
				out = 5
				op, run = "OpenBatch", func(dst [][]byte) { a.OpenBatch(dst, nonces, ins, nil) }
			}
			for _, c := range []struct {
				name      string
				lo, hi, m int // the last message's dst: arena[lo:hi:m]
				valid     bool
			}{
				{"prefix in message 0's output, no room", 0, 4, 4, false},
				{"last prefix byte in message 0's output, no room", out - 1, out + 3, out + 3, false},
				{"prefix in message 0's output, room", out - 4, out, 2 * out, false},
				{"prefix after message 0's output, no room", out, out + 4, out + 4, true},
				{"prefix after message 0's output, room", out, out + 4, 2*out + 4, true},
			} {
				name := fmt.Sprintf("%s/n=%d/%s", op, n, c.name)
				arena := bytes.Repeat([]byte("P"), 64)
				dst := make([][]byte, n)
				dst[0] = arena[0:0:out]
				dst[n-1] = arena[c.lo:c.hi:c.m]
				if !c.valid {
					v.expectPanic(t, name, "between messages", dst, arena, func() { run(dst) })
					continue
				}
				// A loop of calls, on a copy of the arena, in order.
				arena2 := slices.Clone(arena)
				want := [][]byte{a.Seal(arena2[0:0:out], nonces[0], ins[0], nil)}
				last := arena2[c.lo:c.hi:c.m]
				if open {
					want[0], _ = a.Open(arena2[0:0:out], nonces[0], ins[0], nil)
					p, err := a.Open(last, nonces[n-1], ins[n-1], nil)
					if err != nil {
						t.Fatal(err)
					}
					want = append(want, p)
				} else {
					want = append(want, a.Seal(last, nonces[n-1], ins[n-1], nil))
				}
				run(dst)
				if !bytes.Equal(dst[0], want[0]) || !bytes.Equal(dst[n-1], want[1]) || !bytes.Equal(arena, arena2) {
					t.Errorf("%s: messages 0 and %d: %x, %x, want %x, %x", name, n-1, dst[0], dst[n-1], want[0], want[1])
				}
			}
		}
	}
}

// testBatchFailures: OpenBatch with tampered and truncated messages among
// good ones.
func (v Variant) testBatchFailures(t *testing.T) {
	r := rand.New(rand.NewPCG(26, uint64(v.V.ID)))
	a := v.batcher(t, random(r, v.V.KeySize), 16)
	const n = 30
	c := v.randomBatch(r, n, true)
	cts := a.SealBatch(make([][]byte, n), c.nonces, c.msgs, c.ads)
	bad := map[int]error{}
	for _, i := range []int{2, 9, 10, 17, 29} { // tampered: a bit of ciphertext or tag
		cts[i][r.IntN(len(cts[i]))] ^= 1 << r.IntN(8)
		bad[i] = common.ErrAuth
	}
	for _, i := range []int{5, 16, 23} {
		cts[i] = cts[i][:r.IntN(16)]
		bad[i] = common.ErrTruncated
	}
	dst := make([][]byte, n)
	for i := range dst {
		switch i % 3 {
		case 0: // nil
		case 1: // a prefix with room, filled with a pattern
			d := bytes.Repeat([]byte{0xa5}, 3+len(c.msgs[i]))
			dst[i] = d[:3]
		case 2: // a prefix without room
			dst[i] = []byte{1, 2}
		}
	}
	passed := slices.Clone(dst)
	out, err := a.OpenBatch(dst, c.nonces, cts, c.ads)
	var be *common.BatchError
	if !errors.As(err, &be) {
		t.Fatalf("OpenBatch with failures: %v, want a *common.BatchError", err)
	}
	want := slices.Sorted(func(yield func(int) bool) {
		for i := range bad {
			if !yield(i) {
				return
			}
		}
	})
	if !slices.Equal(be.Failed, want) {
		t.Fatalf("Failed = %v, want %v", be.Failed, want)
	}
	for k, i := range be.Failed {
		if be.Errs[k] != bad[i] {
			t.Errorf("message %d: error %v, want %v", i, be.Errs[k], bad[i])
		}
	}
	if !errors.Is(err, common.ErrAuth) || !errors.Is(err, common.ErrTruncated) {
		t.Errorf("errors.Is(err, ErrAuth) = %v, ErrTruncated = %v; want both", errors.Is(err, common.ErrAuth), errors.Is(err, common.ErrTruncated))
	}
	if err.Error() == "" {
		t.Error("empty error text")
	}
	for i := range out {
		if _, failed := bad[i]; failed {
			if unsafe.SliceData(out[i]) != unsafe.SliceData(passed[i]) || len(out[i]) != len(passed[i]) || cap(out[i]) != cap(passed[i]) {
				t.Errorf("failed message %d: out[i] is not dst[i] as passed", i)
			}
			if i%3 == 1 && bad[i] == common.ErrAuth {
				if area := passed[i][3:cap(passed[i])]; !bytes.Equal(area, make([]byte, len(area))) {
					t.Errorf("failed message %d: output area %x not zeroed", i, area)
				}
			}
			continue
		}
		if want := append(slices.Clone(passed[i]), c.msgs[i]...); !bytes.Equal(out[i], want) {
			t.Errorf("message %d: %x, want %x", i, out[i], want)
		}
	}
	// Only failed tags: ErrAuth but not ErrTruncated.
	cts2 := a.SealBatch(make([][]byte, 3), c.nonces[:3], c.msgs[:3], c.ads[:3])
	cts2[1][0] ^= 1
	if _, err := a.OpenBatch(make([][]byte, 3), c.nonces[:3], cts2, c.ads[:3]); !errors.Is(err, common.ErrAuth) || errors.Is(err, common.ErrTruncated) {
		t.Errorf("one tampered message: %v", err)
	}
	// A batch of one message, which is Open: the same error, dst[0] as
	// passed and its output area zeroed.
	const tagLen = 16 // a's
	for _, tc := range []struct {
		ct   []byte
		want error
	}{{cts2[1], common.ErrAuth}, {cts2[2][:tagLen-1], common.ErrTruncated}} {
		d := bytes.Repeat([]byte{0xa5}, 3+len(tc.ct))[:3]
		out, err := a.OpenBatch([][]byte{d}, c.nonces[1:2], [][]byte{tc.ct}, c.ads[1:2])
		if !errors.As(err, &be) || !slices.Equal(be.Failed, []int{0}) || len(be.Errs) != 1 || be.Errs[0] != tc.want {
			t.Errorf("batch of one, %v: error %v", tc.want, err)
		}
		if &out[0][:1][0] != &d[0] || len(out[0]) != 3 {
			t.Errorf("batch of one, %v: out[0] is not dst[0] as passed", tc.want)
		}
		if tc.want == common.ErrAuth && !bytes.Equal(d[3:cap(d)][:len(tc.ct)-tagLen], make([]byte, len(tc.ct)-tagLen)) {
			t.Errorf("batch of one: output area not zeroed")
		}
	}
}

func (v Variant) testBatchWiped(t *testing.T) {
	a := v.batcher(t, make([]byte, v.V.KeySize), 16)
	v.Wipe(a)
	dst := [][]byte{make([]byte, 0, 64)}
	v.expectPanic(t, "SealBatch after Wipe", "Wipe", dst, nil, func() {
		a.SealBatch(dst, [][]byte{nil}, [][]byte{[]byte("x")}, nil)
	})
}

// testBatchLanes: runs of messages of one shape (message and ad lengths),
// which the kernels with lanes seal and open side by side (csrc/lanes.h),
// mixed with messages of other shapes, some in place and some tampered,
// under every kernel: every result is Seal's or Open's, and exactly the
// tampered messages fail.
func (v Variant) testBatchLanes(t *testing.T) {
	r := rand.New(rand.NewPCG(27, uint64(v.V.ID)))
	rate := v.V.Rate
	shapes := [][2]int{
		{0, 0}, {1, 0}, {0, 1}, {15, 16}, {16, 15}, {17, 33},
		{rate - 1, rate}, {rate, rate - 1}, {rate + 1, rate + 1},
		{5*rate + 7, 13}, {64, 0}, {1400, 13}, {4096, 0},
	}
	for range 4 {
		shapes = append(shapes, [2]int{r.IntN(3000), r.IntN(200)})
	}
	for _, k := range core.Impls(v.V) {
		for _, tagLen := range []int{16, 32} {
			a := v.withImpl(t, k, random(r, v.V.KeySize), tagLen)
			for _, sh := range shapes {
				n := 1 + r.IntN(20)
				name := fmt.Sprintf("%s/tag%d/%d+%d bytes/n=%d", k, tagLen, sh[0], sh[1], n)
				var c batchCase
				for range n {
					ml, al := sh[0], sh[1]
					if r.IntN(5) == 0 { // another shape among them
						ml, al = r.IntN(3*rate), r.IntN(2)*r.IntN(rate)
					}
					c.nonces = append(c.nonces, random(r, v.V.NonceSize))
					c.msgs = append(c.msgs, random(r, ml))
					c.ads = append(c.ads, random(r, al))
				}
				want := make([][]byte, n)
				dst := make([][]byte, n)
				pts := make([][]byte, n)
				for i := range want {
					want[i] = a.Seal(nil, c.nonces[i], c.msgs[i], c.ads[i])
					pts[i] = c.msgs[i]
					if r.IntN(3) == 0 { // in place
						buf := make([]byte, len(c.msgs[i]), len(c.msgs[i])+tagLen)
						copy(buf, c.msgs[i])
						pts[i], dst[i] = buf, buf[:0]
					}
				}
				got := a.SealBatch(dst, c.nonces, pts, c.ads)
				for i := range want {
					if !bytes.Equal(got[i], want[i]) {
						t.Fatalf("%s: SealBatch of message %d (%d+%d bytes) = %x, Seal = %x",
							name, i, len(c.msgs[i]), len(c.ads[i]), got[i], want[i])
					}
				}
				bad := map[int]bool{}
				cts := make([][]byte, n)
				for i := range cts {
					cts[i] = slices.Clone(want[i])
					if r.IntN(4) == 0 {
						cts[i][r.IntN(len(cts[i]))] ^= 1 << r.IntN(8)
						bad[i] = true
					}
				}
				out, err := a.OpenBatch(make([][]byte, n), c.nonces, cts, c.ads)
				var failed []int
				if err != nil {
					var be *common.BatchError
					if !errors.As(err, &be) {
						t.Fatalf("%s: OpenBatch: %v", name, err)
					}
					failed = be.Failed
				}
				for i := range n {
					if bad[i] != slices.Contains(failed, i) {
						t.Fatalf("%s: message %d tampered %v, in Failed %v", name, i, bad[i], failed)
					}
					if !bad[i] && !bytes.Equal(out[i], c.msgs[i]) {
						t.Fatalf("%s: OpenBatch of message %d = %x, want %x", name, i, out[i], c.msgs[i])
					}
				}
			}
		}
	}
}
