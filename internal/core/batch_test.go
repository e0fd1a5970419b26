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
// whole, on the fast path (48-bit addresses) and on the slow one.
func TestSortSpans(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	wideOK := unsafe.Sizeof(uintptr(0)) == 8
	for _, n := range []int{0, 1, 2, 17, 300, 1<<16 + 5} { // the last: the comparison sort
		for _, wide := range []bool{false, true} {
			if wide && (!wideOK || n > 300) {
				continue
			}
			b := new(spanBuf)
			perm := r.Perm(n) // distinct addresses: the order is then unique
			for k := range n {
				lo := uintptr(perm[k]) << 8
				if wide && k == n/2 {
					lo = uintptr(r.Uint64N(1<<62) | 1<<50) // beyond 48 bits: the comparison sort
				}
				b.spans = append(b.spans, span{lo, lo + uintptr(r.IntN(100)), k})
			}
			want := slices.Clone(b.spans)
			slices.SortFunc(want, func(x, y span) int { return cmp.Compare(x.lo, y.lo) })
			for range 2 { // and again with the pooled buffers in use
				b.spans = slices.Clone(b.spans)
				r.Shuffle(len(b.spans), func(i, j int) { b.spans[i], b.spans[j] = b.spans[j], b.spans[i] })
				sortSpans(b)
				if !slices.Equal(b.spans, want) {
					t.Fatalf("n=%d wide=%v: sortSpans = %v, want %v", n, wide, b.spans, want)
				}
			}
		}
	}
}
