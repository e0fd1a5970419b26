// SPDX-License-Identifier: MIT

package core

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"
)

// TestSortSpans: sortSpans orders spans by address, keeping each span
// whole, whatever runs the spans come in: sorted, a few ascending runs (as
// successive allocations leave them), descending, and shuffled.
func TestSortSpans(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	b := new(spanBuf) // reused, as the pool reuses it
	for _, n := range []int{0, 1, 2, 3, 17, 300, 5000} {
		for _, order := range []string{"sorted", "runs", "descending", "shuffled"} {
			perm := r.Perm(n) // distinct addresses: the order is then unique
			var want []span
			for k := range n {
				lo := uintptr(perm[k]) << 8
				want = append(want, span{lo, lo + uintptr(r.IntN(100)), k})
			}
			slices.SortFunc(want, func(x, y span) int { return cmp.Compare(x.lo, y.lo) })
			in := slices.Clone(want)
			switch order {
			case "runs": // cut at a few places, the pieces shuffled
				var pieces [][]span
				for rest := in; len(rest) > 0; {
					c := min(len(rest), 1+r.IntN(max(1, n/3)))
					pieces, rest = append(pieces, rest[:c]), rest[c:]
				}
				r.Shuffle(len(pieces), func(i, j int) { pieces[i], pieces[j] = pieces[j], pieces[i] })
				in = slices.Concat(pieces...)
			case "descending":
				slices.Reverse(in)
			case "shuffled":
				r.Shuffle(len(in), func(i, j int) { in[i], in[j] = in[j], in[i] })
			}
			b.spans = in
			sortSpans(b)
			if !slices.Equal(b.spans, want) {
				t.Fatalf("n=%d %s: sortSpans = %v, want %v", n, order, b.spans, want)
			}
			if len(b.tmp) > 0 && len(b.spans) > 0 && &b.tmp[:1][0] == &b.spans[0] {
				t.Fatalf("n=%d %s: the merge buffer is the spans' own memory", n, order)
			}
		}
	}
}

// TestCheckAcross: checkAcross against a test of every input against every
// output, on random layouts in one arena, with the inputs in increasing,
// decreasing and random order (the search then gallops, starts over, or
// both).
func TestCheckAcross(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	arena := make([]byte, 1<<16)
	base := uintptr(unsafe.Pointer(&arena[0]))
	for round := range 3000 {
		n := 1 + r.IntN(40)
		// Disjoint outputs, in a random order of messages.
		spans := make([]span, 0, n)
		at := r.IntN(64)
		for _, i := range r.Perm(n) {
			l := 1 + r.IntN(200)
			spans = append(spans, span{base + uintptr(at), base + uintptr(at+l), i})
			at += l + r.IntN(3)*r.IntN(100)
		}
		byMsg := make([]span, n)
		for _, s := range spans {
			byMsg[s.msg] = s
		}
		// Inputs: mostly in gaps or in the message's own output, some
		// anywhere.
		kinds := [3][][]byte{make([][]byte, n), make([][]byte, n), nil}
		if r.IntN(2) == 0 {
			kinds[2] = make([][]byte, n)
		}
		for _, xs := range kinds {
			for i := range xs {
				var lo int
				switch r.IntN(4) {
				case 0:
					lo = int(byMsg[i].lo-base) + r.IntN(int(byMsg[i].hi-byMsg[i].lo))
				case 1:
					lo = r.IntN(at + 100)
				default:
					lo = int(spans[r.IntN(n)].hi-base) + r.IntN(2)
				}
				l := r.IntN(3) * r.IntN(60)
				if r.IntN(50) == 0 {
					l = 0
				}
				xs[i] = arena[lo : lo+l]
			}
			switch round % 3 {
			case 0:
				slices.SortStableFunc(xs, func(x, y []byte) int {
					return cmp.Compare(uintptr(unsafe.Pointer(unsafe.SliceData(x))), uintptr(unsafe.Pointer(unsafe.SliceData(y))))
				})
			case 1:
				slices.SortStableFunc(xs, func(x, y []byte) int {
					return cmp.Compare(uintptr(unsafe.Pointer(unsafe.SliceData(y))), uintptr(unsafe.Pointer(unsafe.SliceData(x))))
				})
			}
		}
		want := false
		for _, xs := range kinds {
			for i, x := range xs {
				lo, hi := spanOf(x)
				for _, s := range spans {
					if len(x) > 0 && s.msg != i && lo < s.hi && s.lo < hi {
						want = true
					}
				}
			}
		}
		sorted := slices.Clone(spans)
		slices.SortFunc(sorted, func(x, y span) int { return cmp.Compare(x.lo, y.lo) })
		got := func() (panicked bool) {
			defer func() { panicked = recover() != nil }()
			checkAcross("test", sorted, kinds[0], kinds[1], kinds[2])
			return false
		}()
		if got != want {
			t.Fatalf("round %d: checkAcross panicked: %v, want %v", round, got, want)
		}
	}
}

// BenchmarkCheckBatch: the checks of a SealBatch of 256 messages of 64
// bytes, each argument allocated on its own as BenchmarkBatch does.
func BenchmarkCheckBatch(b *testing.B) {
	var a AEAD
	if err := a.Init(AEGIS128L, make([]byte, 16), 16); err != nil {
		b.Skip(err)
	}
	const n = 256
	dst, nonces, ins, ads := make([][]byte, n), make([][]byte, n), make([][]byte, n), make([][]byte, n)
	for i := range n {
		nonces[i] = make([]byte, 16)
		ins[i] = make([]byte, 64)
		ads[i] = make([]byte, 13)
	}
	for i := range n {
		dst[i] = make([]byte, 0, 80)
	}
	for b.Loop() {
		a.checkBatch(dst, nonces, ins, ads, true)
	}
}
