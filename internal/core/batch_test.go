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
// whole and allocating nothing, whatever order they come in: sorted, a
// few ascending runs that do not interleave (as successive allocations
// leave them), many runs, runs that interleave, descending, shuffled; with
// an even and an odd number of merge passes.
func TestSortSpans(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{2, 3, 17, 300, 5000} {
		for _, order := range []string{"sorted", "runs", "many runs", "interleaved", "descending", "shuffled"} {
			perm := r.Perm(n) // distinct addresses: the order is then unique
			var want []span
			for k := range n {
				lo := uintptr(perm[k]) << 8
				want = append(want, span{lo, lo + 1 + uintptr(r.IntN(100)), k})
			}
			slices.SortFunc(want, byStart)
			in := slices.Clone(want)
			switch order {
			case "runs", "many runs": // cut at a few places, the pieces shuffled
				pieces := 1 + r.IntN(16)
				if order == "many runs" {
					pieces = 17 + r.IntN(20)
				}
				var cut [][]span
				for k := range pieces {
					cut = append(cut, in[k*n/pieces:(k+1)*n/pieces])
				}
				r.Shuffle(len(cut), func(i, j int) { cut[i], cut[j] = cut[j], cut[i] })
				in = slices.Concat(cut...)
			case "interleaved": // the odd spans after the even ones
				in = in[:0:0]
				for k := 0; k < n; k += 2 {
					in = append(in, want[k])
				}
				for k := 1; k < n; k += 2 {
					in = append(in, want[k])
				}
			case "descending":
				slices.Reverse(in)
			case "shuffled":
				r.Shuffle(len(in), func(i, j int) { in[i], in[j] = in[j], in[i] })
			}
			got, tmp := make([]span, n), make([]span, n)
			if allocs := testing.AllocsPerRun(2, func() { copy(got, in); sortSpans(got, tmp) }); allocs != 0 {
				t.Errorf("n=%d %s: %v allocations", n, order, allocs)
			}
			if !slices.Equal(got, want) {
				t.Fatalf("n=%d %s: sortSpans = %v, want %v", n, order, got, want)
			}
		}
	}
}

// TestCheckBatchOutputs: checkBatch panics exactly when two outputs
// overlap, with the outputs in random order, for batches that keep their
// spans on the stack (up to BatchGroup) and for pooled ones.
func TestCheckBatchOutputs(t *testing.T) {
	var a AEAD
	if err := a.Init(AEGIS128L, make([]byte, 16), 16); err != nil {
		t.Skip(err)
	}
	r := rand.New(rand.NewPCG(5, 6))
	outArena, inArena := make([]byte, 1<<16), make([]byte, 1<<16)
	seen := map[bool]int{}
	for round := range 2000 {
		n := 1 + r.IntN(2*BatchGroup+8)
		dst, nonces, ins := make([][]byte, n), make([][]byte, n), make([][]byte, n)
		at, end, want := 0, 0, false
		for k, i := range r.Perm(n) {
			nonces[i] = inArena[100*i : 100*i+16]
			ins[i] = inArena[100*i+16 : 100*i+16+r.IntN(60)]
			need := len(ins[i]) + 16
			// Now and then an output starts inside the one before it
			// (which has at least 16 bytes).
			if k > 0 && r.IntN(3*n) == 0 {
				at = end - 1 - r.IntN(16)
				want = true
			}
			dst[i] = outArena[at : at : at+need]
			end = at + need
			at = end + r.IntN(3)
		}
		got := func() (panicked bool) {
			defer func() { panicked = recover() != nil }()
			a.checkBatch(dst, nonces, ins, nil, true)
			return false
		}()
		if got != want {
			t.Fatalf("round %d, %d messages: checkBatch panicked: %v, want %v", round, n, got, want)
		}
		seen[want]++
	}
	if seen[true] < 200 || seen[false] < 200 {
		t.Fatalf("outcomes %v: too few of one", seen)
	}
}

// TestCheckAcross: checkAcross against a test of every input (nonce,
// input, ad, dst prefix) against every output, on random layouts in one
// arena, with the inputs in increasing, decreasing and random order (the
// search then gallops, starts over, or both), for seal and open: the
// panic, if any, must be the first that the rules give, in the order of
// the kinds, then of the messages, then of the outputs by address.
func TestCheckAcross(t *testing.T) {
	const tagLen, rounds = 16, 10000
	r := rand.New(rand.NewPCG(3, 4))
	arena := make([]byte, 1<<16)
	base := uintptr(unsafe.Pointer(&arena[0]))
	seen := map[string]int{}
	var across [4]int // layouts whose first panic is errAcross, by list
	for round := range rounds {
		seal := round%2 == 0
		n := 1 + r.IntN(40)
		// Disjoint outputs, the messages' in increasing, decreasing or
		// random order.
		order := r.Perm(n)
		switch round % 3 {
		case 0:
			slices.Sort(order)
		case 1:
			slices.Sort(order)
			slices.Reverse(order)
		}
		spans := make([]span, 0, n)
		at := r.IntN(64)
		for _, i := range order {
			l := 1 + r.IntN(200)
			spans = append(spans, span{base + uintptr(at), base + uintptr(at+l), i})
			at += l
			if r.IntN(4) != 0 {
				at += tagLen + r.IntN(100)
			}
		}
		byMsg := make([]span, n)
		for _, s := range spans {
			byMsg[s.msg] = s
		}
		sorted := slices.Clone(spans)
		slices.SortFunc(sorted, func(x, y span) int { return cmp.Compare(x.lo, y.lo) })
		// Inputs: in the gaps between outputs, at the start of the
		// message's own output (in place), and for one kind, with a
		// chance that varies by round, anywhere or inside the message's
		// own output. An open's input holds at least a tag.
		// The lists in checkAcross's order, and the kind of each.
		wild, wildKind := []int{0, 30, 300}[r.IntN(3)], r.IntN(4)
		kinds := [4][][]byte{make([][]byte, n), make([][]byte, n), nil, nil}
		kindOf := [4]int{kindRead, kindInput, kindAD, kindRead}
		if r.IntN(2) == 0 {
			kinds[2] = make([][]byte, n)
		}
		if r.IntN(2) == 0 {
			kinds[3] = make([][]byte, n)
		}
		for list, xs := range kinds {
			kind := kindOf[list]
			for i := range xs {
				l := r.IntN(3) * r.IntN(60)
				if kind == kindInput && !seal {
					l += tagLen
				}
				var lo int
				c := r.IntN(1000)
				if list != wildKind {
					c = max(c, wild)
				}
				switch {
				case c < wild/2:
					lo = int(byMsg[i].lo-base) + r.IntN(int(byMsg[i].hi-byMsg[i].lo))
				case c < wild:
					lo = r.IntN(at + 100)
				case c < 300 && kind != kindAD:
					lo = int(byMsg[i].lo - base)
					l = min(l, int(byMsg[i].hi-byMsg[i].lo))
					if kind == kindInput && !seal {
						// In place: the ciphertext where the
						// plaintext goes, the tag after it.
						l = int(byMsg[i].hi-byMsg[i].lo) + tagLen
					}
				default:
					// A gap after output k (or before the first),
					// the input shortened to fit it: the gap after
					// the message's own output unless the order is
					// random.
					k := r.IntN(len(sorted) + 1)
					if round%3 != 2 {
						k = 1 + slices.Index(order, i)
					}
					glo, ghi := 0, int(sorted[0].lo-base)
					if k > 0 {
						glo, ghi = int(sorted[k-1].hi-base), len(arena)
						if k < len(sorted) {
							ghi = int(sorted[k].lo - base)
						}
					}
					l = min(l, ghi-glo)
					lo = glo + r.IntN(ghi-glo-l+1)
				}
				xs[i] = arena[lo : lo+l]
			}
		}
		want := ""
		// overlap reports whether [alo, ahi) and [blo, bhi), both
		// nonempty, share a byte.
		overlap := func(alo, ahi, blo, bhi uintptr) bool { return alo < bhi && blo < ahi }
	search:
		for list, xs := range kinds {
			kind := kindOf[list]
			for i, x := range xs {
				if len(x) == 0 {
					continue
				}
				lo, hi := spanOf(x)
				end := hi // of the plaintext or ciphertext, then the tag
				if !seal && kind == kindInput {
					end -= tagLen
				}
				for _, s := range sorted {
					if !overlap(s.lo, s.hi, lo, hi) {
						continue
					}
					switch {
					case s.msg != i:
						want = "test" + errAcross
						across[list]++
					case kind == kindAD:
						want = "test" + errOverlapAD
					case kind == kindInput && lo < end && overlap(s.lo, s.hi, lo, end) && s.lo != lo:
						want = "test" + errOverlapInput
					case kind == kindInput && end < hi && overlap(s.lo, s.hi, end, hi):
						want = "test" + errOverlapTag
					default:
						continue
					}
					break search
				}
			}
		}
		got := func() (msg string) {
			defer func() {
				if e := recover(); e != nil {
					msg = e.(string)
				}
			}()
			checkAcross("test", sorted, kinds[0], kinds[1], kinds[2], kinds[3], seal, tagLen)
			return ""
		}()
		if got != want {
			t.Fatalf("round %d (seal %v): checkAcross panicked with %q, want %q", round, seal, got, want)
		}
		seen[want]++
	}
	// Each outcome must be common for the test to mean anything.
	for _, w := range []string{"", "test" + errAcross, "test" + errOverlapInput, "test" + errOverlapTag, "test" + errOverlapAD} {
		if seen[w] < 50 {
			t.Errorf("%d of %d layouts gave %q", seen[w], rounds, w)
		}
	}
	for list, c := range across {
		if c < 50 {
			t.Errorf("%d of %d layouts panicked first on an input of list %d over another message's output", c, rounds, list)
		}
	}
	t.Logf("outcomes: %v; %q by list: %v", seen, errAcross, across)
}

// BenchmarkCheckBatch: the checks of a SealBatch of 256 messages of 64
// bytes, each argument allocated on its own as BenchmarkBatch does.
func BenchmarkCheckBatch(b *testing.B) {
	a, dst, nonces, ins, ads := checkBatchBench(b)
	for b.Loop() {
		a.checkBatch(dst, nonces, ins, ads, true)
	}
}

// BenchmarkCheckBatchLayouts: BenchmarkCheckBatch with the outputs out of
// address order, which checkBatch must sort: in four blocks, each later
// one at lower addresses (as an allocator that reuses memory leaves
// them), in two ascending runs that interleave, or shuffled; and with a
// 12-byte prefix in every dst[i], which it must check too.
func BenchmarkCheckBatchLayouts(b *testing.B) {
	for _, layout := range []string{"blocks", "interleaved", "shuffled", "prefixed"} {
		b.Run(layout, func(b *testing.B) {
			a, dst, nonces, ins, ads := checkBatchBench(b)
			n := len(dst)
			switch layout {
			case "blocks":
				q := n / 4
				copy(dst, slices.Concat(dst[3*q:], dst[2*q:3*q], dst[q:2*q], dst[:q]))
			case "interleaved":
				q := n / 4
				copy(dst, slices.Concat(dst[q:2*q], dst[3*q:], dst[:q], dst[2*q:3*q]))
			case "shuffled":
				r := rand.New(rand.NewPCG(1, 2))
				r.Shuffle(n, func(i, j int) { dst[i], dst[j] = dst[j], dst[i] })
			case "prefixed":
				for i := range dst {
					dst[i] = make([]byte, 12, 12+80)
				}
			}
			for b.Loop() {
				a.checkBatch(dst, nonces, ins, ads, true)
			}
		})
	}
}

func checkBatchBench(b *testing.B) (a *AEAD, dst, nonces, ins, ads [][]byte) {
	a = new(AEAD)
	if err := a.Init(AEGIS128L, make([]byte, 16), 16); err != nil {
		b.Skip(err)
	}
	const n = 256
	dst, nonces, ins, ads = make([][]byte, n), make([][]byte, n), make([][]byte, n), make([][]byte, n)
	for i := range n {
		nonces[i] = make([]byte, 16)
		ins[i] = make([]byte, 64)
		ads[i] = make([]byte, 13)
	}
	for i := range n {
		dst[i] = make([]byte, 0, 80)
	}
	return a, dst, nonces, ins, ads
}
