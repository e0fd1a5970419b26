// SPDX-License-Identifier: MIT

package core

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"

	"github.com/aegisgo/aegis/common"
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
			a.hdr().checkBatch(dst, nonces, ins, nil, true)
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

// BenchmarkCheckBatch: checkBatch's time per message (ns/msg), for seals
// of 2, 8, 64 and 256 messages of 64 bytes with 13 bytes of ad, on
// layouts that its fast check (checkTwo for two messages, else
// checkLinear) passes (path=fast), on the same with checkSorted alone
// (path=sorted), and on layouts that checkLinear leaves to checkSorted,
// which sorts them (path=fallback). The inputs lie in buffers of their own
// kind ("apart"), in place ("inplace"), in one buffer per message in front
// of its output ("slots"), or, for the second half of the messages,
// between the outputs of the two halves ("gap"); the fallback's are
// "apart" with the outputs in four blocks of ascending order, each later
// one at lower addresses, as an allocator that reuses memory leaves them
// ("blocks"), or shuffled ("shuffled").
func BenchmarkCheckBatch(b *testing.B) {
	for _, n := range []int{2, 8, 64, 256} {
		for _, c := range []struct{ layout, path string }{
			{"apart", "fast"}, {"apart", "sorted"},
			{"inplace", "fast"}, {"inplace", "sorted"},
			{"slots", "fast"}, {"slots", "sorted"},
			{"gap", "fast"}, {"gap", "sorted"},
			{"blocks", "fallback"}, {"shuffled", "fallback"},
		} {
			b.Run(fmt.Sprintf("n=%d/layout=%s/path=%s", n, c.layout, c.path), func(b *testing.B) {
				a, dst, nonces, ins, ads := checkBatchBench(n, c.layout)
				fast := checkLinear(dst, nonces, ins, ads, a.variant().NonceSize, int(a.hdr().tagLen))
				if n == 2 {
					if c.path == "fallback" {
						b.Skip("checkTwo passes every valid layout of two messages")
					}
					fast = checkTwo(dst, nonces, ins, ads, a.variant().NonceSize, int(a.hdr().tagLen))
				}
				if fast != (c.path != "fallback") {
					b.Fatalf("the fast check = %v", fast)
				}
				check := func() { a.hdr().checkBatch(dst, nonces, ins, ads, true) }
				if c.path == "sorted" {
					check = func() { a.hdr().checkSorted(dst, nonces, ins, ads, true) }
				}
				for b.Loop() {
					check()
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/msg")
			})
		}
	}
}

// checkBatchBench returns an AEGIS-128L AEAD and a batch of n seals of 64
// bytes with 13 bytes of ad in the layout that BenchmarkCheckBatch names.
func checkBatchBench(n int, layout string) (a *AEAD, dst, nonces, ins, ads [][]byte) {
	c := checksAEAD(16)
	a = &c
	const ns, ml, al, tl = 16, 64, 13, 16
	dst, nonces, ins, ads = make([][]byte, n), make([][]byte, n), make([][]byte, n), make([][]byte, n)
	const slot = ns + ml + al + ml + tl
	outs, in, slots := make([]byte, n*(ml+tl)), make([]byte, n*(ns+ml+al)), make([]byte, n*slot)
	for i := range n {
		o, p := outs[i*(ml+tl):(i+1)*(ml+tl)], in[i*(ns+ml+al):(i+1)*(ns+ml+al)]
		dst[i], nonces[i], ins[i], ads[i] = o[:0], p[:ns], p[ns:ns+ml], p[ns+ml:]
		switch layout {
		case "inplace":
			ins[i] = o[:ml]
		case "slots":
			s := slots[i*slot : (i+1)*slot]
			nonces[i], ins[i], ads[i], dst[i] = s[:ns], s[ns:ns+ml], s[ns+ml:ns+ml+al], s[ns+ml+al:ns+ml+al]
		case "gap":
			// The second half's inputs between the two halves'
			// outputs, as Go's allocator leaves allocations of two
			// sizes made in turn: on pages of their own, the pages
			// in the order they were taken.
			h, b, c := n/2, n/2*(ml+tl), n/2*(ml+tl)+(n-n/2)*ml
			if i < h {
				dst[i] = slots[i*(ml+tl) : i*(ml+tl) : (i+1)*(ml+tl)]
			} else {
				p, q := b+(i-h)*ml, c+(i-h)*(ml+tl)
				ins[i], dst[i] = slots[p:p+ml], slots[q:q:q+ml+tl]
			}
		}
	}
	switch layout {
	case "blocks":
		q := max(n/4, 1)
		var blocks [][][]byte
		for k := 0; k < n; k += q {
			blocks = append(blocks, dst[k:min(k+q, n)])
		}
		slices.Reverse(blocks)
		copy(dst, slices.Concat(blocks...))
	case "shuffled":
		r := rand.New(rand.NewPCG(1, 2))
		for slices.IsSortedFunc(dst, func(x, y []byte) int {
			return cmp.Compare(uintptr(unsafe.Pointer(&x[:1][0])), uintptr(unsafe.Pointer(&y[:1][0])))
		}) {
			r.Shuffle(n, func(i, j int) { dst[i], dst[j] = dst[j], dst[i] })
		}
	}
	return a, dst, nonces, ins, ads
}

// Where randomLayout puts an input.
const (
	atApart   = iota // a buffer of its own kind, away from the outputs
	atSlot           // in front of its message's output
	atOther          // in front of another message's output
	atInPlace        // the input at its output's start (ins only)
	atOwn            // somewhere in its own output
	atWild           // anywhere among the outputs
	atTag            // an open's input with its tag, not its ciphertext, under its output
)

// randomLayout returns a random batch of 1 to 40 messages carved from
// arena, as checkBatch takes it: the outputs in ascending, descending or
// random order, each message's dst nil, with room after a prefix or
// without, and each input (nonce, input, ad, a prefix without room) in a
// buffer of its own kind, in front of its output or of another one, in
// place, inside its output or anywhere. wild is the chance, in 1000, of
// the last two, which break a rule or not; with it, now and then an output
// starts inside the one before it or a nonce is too long. ads is nil now
// and then.
func randomLayout(r *rand.Rand, arena []byte, n int, seal bool, tagLen, nonceSize, wild int) (dst, nonces, ins, ads [][]byte) {
	half := len(arena) / 2
	grow := tagLen
	if !seal {
		grow = -tagLen
	}
	order := r.Perm(n)
	switch r.IntN(5) {
	case 0, 1, 2:
		slices.Sort(order)
	case 3:
		slices.Sort(order)
		slices.Reverse(order)
	}
	// The inputs, by kind (nonce, input, ad, prefix) and message: length
	// and place.
	const nonceK, inK, adK, prefixK = 0, 1, 2, 3
	var lens, where, other [4][]int
	for k := range 4 {
		lens[k], where[k], other[k] = make([]int, n), make([]int, n), make([]int, n)
	}
	room, prefix, extra := make([]bool, n), make([]int, n), make([]int, n)
	withAD, anyOther := r.IntN(4) != 0, r.IntN(4) == 0
	pick := func(kind int) int {
		c := r.IntN(1000)
		switch {
		case c < wild/3 && kind == inK && !seal:
			return atTag
		case c < wild*5/6:
			return atOwn
		case c < wild:
			return atWild
		}
		switch c = r.IntN(100); {
		case c < 40:
			return atApart
		case c < 70:
			return atSlot
		case c < 80:
			return atOther
		case kind == inK:
			return atInPlace
		}
		return atSlot
	}
	for i := range n {
		lens[nonceK][i] = nonceSize
		if r.IntN(10) == 0 {
			lens[nonceK][i] = r.IntN(nonceSize)
		}
		l := r.IntN(3) * r.IntN(50)
		if !seal {
			l += tagLen
			if r.IntN(10) == 0 {
				l = r.IntN(tagLen + 1) // no output
			}
		}
		lens[inK][i] = l
		if withAD {
			lens[adK][i] = r.IntN(3) * r.IntN(20)
		}
		switch r.IntN(5) {
		case 0: // nil
		case 1: // a prefix without room
			lens[prefixK][i] = 1 + r.IntN(8)
		default:
			room[i] = true
			prefix[i] = r.IntN(3) * r.IntN(5)
			extra[i] = r.IntN(3)
		}
		for k := range 4 {
			where[k][i] = pick(k)
			// The next message's, which comes after this one in
			// ascending layouts, or any.
			other[k][i] = min(i+1, n-1)
			if anyOther {
				other[k][i] = r.IntN(n)
			}
		}
		if !room[i] || l+grow <= 0 {
			// No output to be in place in or inside of.
			for k := range 4 {
				if w := where[k][i]; w == atInPlace || w == atOwn || w == atTag {
					where[k][i] = atSlot
				}
			}
		}
	}
	if r.IntN(1000) < wild/2 {
		lens[nonceK][r.IntN(n)] = nonceSize + 1
	}
	// Slot sizes: the bytes in front of each message's output.
	slot := make([]int, n)
	for k := range 4 {
		for i := range n {
			switch where[k][i] {
			case atSlot:
				slot[i] += lens[k][i]
			case atOther:
				slot[other[k][i]] += lens[k][i]
			}
		}
	}
	// The outputs' zone, in output order: gap, slot, prefix, output.
	slotAt, outAt := make([]int, n), make([]int, n)
	at, last := r.IntN(8), -1
	for _, i := range order {
		at += r.IntN(3) * r.IntN(3)
		slotAt[i] = at
		at += slot[i] + prefix[i]
		if last >= 0 && room[i] && r.IntN(20*n) < wild/10 {
			at = last - 1 - r.IntN(8) // inside the output before it (if any)
			at = max(at, prefix[i])
		}
		outAt[i] = at
		if room[i] {
			need := max(lens[inK][i]+grow, 0)
			if need > 0 {
				last = at + need
			}
			at += need + extra[i]
			if where[inK][i] == atInPlace {
				at = max(at, outAt[i]+lens[inK][i]) // an open's tag
			}
		}
	}
	if at > half {
		panic("randomLayout: arena too small")
	}
	// The inputs: apart ones in the second half, in message order or
	// the reverse, kind by kind; in slots one after another.
	fill := slices.Clone(slotAt)
	apart := half
	xs := [4][][]byte{make([][]byte, n), make([][]byte, n), make([][]byte, n), make([][]byte, n)}
	for k := range 4 {
		msgs := make([]int, n)
		for i := range msgs {
			msgs[i] = i
		}
		if r.IntN(4) == 0 {
			slices.Reverse(msgs)
		}
		for _, i := range msgs {
			l := lens[k][i]
			var lo int
			switch where[k][i] {
			case atApart:
				lo, apart = apart, apart+l+r.IntN(2)
			case atSlot:
				lo, fill[i] = fill[i], fill[i]+l
			case atOther:
				o := other[k][i]
				lo, fill[o] = fill[o], fill[o]+l
			case atInPlace:
				lo = outAt[i]
			case atOwn:
				lo = outAt[i] + r.IntN(max(lens[inK][i]+grow, 1))
			case atTag: // the ciphertext ends before the output, the tag after its start
				lo = max(outAt[i]-l+1+r.IntN(tagLen), 0)
			case atWild:
				lo = r.IntN(at + 1)
			}
			xs[k][i] = arena[lo : lo+l : lo+l]
		}
	}
	dst, nonces, ins, ads = xs[prefixK], xs[nonceK], xs[inK], xs[adK]
	if !withAD && r.IntN(2) == 0 {
		ads = nil
	}
	for i := range n {
		if room[i] {
			need := max(lens[inK][i]+grow, 0)
			dst[i] = arena[outAt[i]-prefix[i] : outAt[i] : outAt[i]+need+extra[i]]
		} else if lens[prefixK][i] == 0 {
			dst[i] = nil
		}
	}
	return dst, nonces, ins, ads
}

// linearShape reports whether a batch has the shape that checkLinear
// decides: the outputs in ascending order in message order, and, of each
// kind, the inputs that meet their cover (of all outputs) too.
func linearShape(dst, nonces, ins, ads [][]byte, grow int) bool {
	var omin, omax uintptr
	for i, d := range dst {
		if lo, hi := outputOf(d, len(ins[i])+grow); hi != 0 {
			if lo < omax {
				return false
			}
			if omax == 0 {
				omin = lo
			}
			omax = hi
		}
	}
	for _, xs := range [][][]byte{nonces, ins, ads, dst} {
		var last uintptr
		for _, x := range xs {
			if lo, hi := spanOf(x); len(x) > 0 && hi > omin && lo < omax {
				if lo < last {
					return false
				}
				last = lo
			}
		}
	}
	return true
}

// batchRules returns the panic that checkBatch must give for a batch whose
// slices have the same lengths, or "": the rules of the batch contract,
// every input against every output, in the order in which the checks
// run: each nonce's length; the outputs against each other; the nonces,
// the inputs, the ads, the prefixes, in message order, each against the
// outputs in address order. Each message's rules are Seal's and Open's
// (aead.go), in their words: an input only exactly under its output, an
// open's never over its tag, an ad not at all.
func batchRules(name string, dst, nonces, ins, ads [][]byte, seal bool, tagLen, nonceSize int) string {
	for _, x := range nonces {
		if len(x) > nonceSize {
			return name + ": incorrect nonce length given to AEAD"
		}
	}
	type out struct {
		b   []byte
		msg int
	}
	var outs []out
	for i, d := range dst {
		need := len(ins[i]) + tagLen
		if !seal {
			need = len(ins[i]) - tagLen
		}
		if need > 0 && cap(d)-len(d) >= need {
			outs = append(outs, out{d[len(d) : len(d)+need], i})
		}
	}
	slices.SortFunc(outs, func(x, y out) int {
		return cmp.Compare(uintptr(unsafe.Pointer(&x.b[0])), uintptr(unsafe.Pointer(&y.b[0])))
	})
	for k, o := range outs {
		for _, p := range outs[k+1:] {
			if common.AnyOverlap(o.b, p.b) {
				return name + errAcross
			}
		}
	}
	for kind, xs := range [][][]byte{nonces, ins, ads, dst} {
		for i, x := range xs {
			for _, o := range outs {
				switch {
				case !common.AnyOverlap(o.b, x):
				case o.msg != i:
					return name + errAcross
				case kind == 1 && seal && common.InexactOverlap(o.b, x):
					return name + errOverlapInput
				case kind == 1 && !seal && common.InexactOverlap(o.b, x):
					if common.InexactOverlap(o.b, x[:len(x)-tagLen]) {
						return name + errOverlapInput
					}
					return name + errOverlapTag
				case kind == 2:
					return name + errOverlapAD
				}
			}
		}
	}
	return ""
}

// TestCheckLinear: on random layouts (randomLayout), checkLinear passes
// exactly the batches that break no rule (batchRules) and have its shape
// (linearShape), checkTwo exactly the valid batches of two messages, and
// checkSorted and checkBatch give the panic that batchRules gives, or
// none. Every outcome must come often enough, through
// either path, for the test to mean anything: a check dropped from either
// path fails it, and so does a layout of that shape that checkLinear
// leaves to checkSorted.
func TestCheckLinear(t *testing.T) {
	const rounds = 30000
	r := rand.New(rand.NewPCG(7, 8))
	arena := make([]byte, 1<<16)
	// The checks need no kernel: AEADs made by hand run in every build,
	// those without the C core too.
	as := [2]AEAD{checksAEAD(16), checksAEAD(32)}
	panicOf := func(f func()) (msg string) {
		defer func() {
			if e := recover(); e != nil {
				msg = e.(string)
			}
		}()
		f()
		return ""
	}
	type outcome struct {
		want  string
		shape bool // linearShape
	}
	seen, two := map[outcome]int{}, map[string]int{}
	for round := range rounds {
		a := &as[r.IntN(2)]
		seal, tagLen, ns := r.IntN(2) == 0, int(a.hdr().tagLen), a.variant().NonceSize
		grow := tagLen
		if !seal {
			grow = -tagLen
		}
		n := 1 + r.IntN(2*BatchGroup+8)
		wild := []int{0, 0, 10, 40, 150}[r.IntN(5)]
		if r.IntN(4) == 0 {
			// checkTwo's, and around it, with broken rules more
			// often: each has fewer inputs to break them.
			n, wild = 1+r.IntN(3), []int{0, 100, 300}[r.IntN(3)]
		}
		dst, nonces, ins, ads := randomLayout(r, arena, n, seal, tagLen, ns, wild)
		want := batchRules(a.variant().Name, dst, nonces, ins, ads, seal, tagLen, ns)
		shape := linearShape(dst, nonces, ins, ads, grow)
		if got := checkLinear(dst, nonces, ins, ads, ns, grow); got != (want == "" && shape) {
			t.Fatalf("round %d (seal %v, %d messages): checkLinear = %v; the batch panics with %q, has its shape: %v", round, seal, n, got, want, shape)
		}
		if n == 2 {
			if got := checkTwo(dst, nonces, ins, ads, ns, grow); got != (want == "") {
				t.Fatalf("round %d (seal %v): checkTwo = %v; the batch panics with %q", round, seal, got, want)
			}
			two[want]++
		}
		if got := panicOf(func() { a.hdr().checkSorted(dst, nonces, ins, ads, seal) }); got != want {
			t.Fatalf("round %d (seal %v, %d messages): checkSorted panicked with %q, want %q", round, seal, n, got, want)
		}
		if got := panicOf(func() { a.hdr().checkBatch(dst, nonces, ins, ads, seal) }); got != want {
			t.Fatalf("round %d (seal %v, %d messages): checkBatch panicked with %q, want %q", round, seal, n, got, want)
		}
		seen[outcome{want, shape}]++
	}
	name := AEGIS128L.Name
	for _, w := range []string{"", ": incorrect nonce length given to AEAD", errAcross, errOverlapInput, errOverlapTag, errOverlapAD} {
		if w != "" {
			w = name + w
		}
		for _, shape := range []bool{true, false} {
			if c := seen[outcome{w, shape}]; c < 40 {
				t.Errorf("%q, linearShape %v: %d of %d layouts", w, shape, c, rounds)
			}
		}
		if c := two[w]; c < 10 {
			t.Errorf("%q: %d layouts of two messages", w, c)
		}
	}
	t.Logf("outcomes (panic, linearShape): %v; of two messages: %v", seen, two)
}

// checksAEAD returns an AEGIS-128L AEAD with tagLen-byte tags for the
// batches' checks, which need no kernel: its header is soft's on the
// engine path, which every build has, or, without AEGIS, one made here
// with no engine (the constructors still find none).
func checksAEAD(tagLen int) AEAD { return checksAEADOf(AEGIS128L, tagLen) }

// checksAEADOf is checksAEAD for variant v.
func checksAEADOf(v *Variant, tagLen int) AEAD {
	j := headerIndex(PathC, v.ID, KernelSoft) + tagLen>>5
	if hdrs[j].vid == 0 {
		hdrs[j] = header{v: v, vid: uint8(v.ID) + 1, tagLen: uint8(tagLen), asmMax: -1}
	}
	return AEAD{h: uint32(j + 1)}
}
