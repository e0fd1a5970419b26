// SPDX-License-Identifier: MIT

package core

import (
	"cmp"
	"slices"
	"sync"
	"unsafe"

	"github.com/aegisgo/aegis/common"
)

// BatchGroup is how many messages one cgo call of a batch carries; a
// group of up to BatchSmall goes to the entry point with fewer arguments
// (each argument costs the call a little, and a batch's last group is
// often short). They are the one home of these counts: internal/gen
// writes from them the C core's AEGISGO_BATCH_GROUP and
// AEGISGO_BATCH_SMALL and the argument lists of the batch entry points,
// four pointers per message (batch_cgo.go, csrc/batch_gen.h and
// csrc/batch_gen.c). After a change, run the generator without cgo
// (CGO_ENABLED=0 go generate): the cgo call does not compile until then.
const (
	BatchGroup = 16 // a power of 2 (fill masks slot indexes), at most 32 (the failure mask)
	BatchSmall = 4
)

// groupBytes ends a group early once its messages hold this many bytes, so
// that one cgo call stays well under 20 us with the hardware kernels. The
// Go runtime's sysmon takes the P away from a goroutine that it sees in the
// same cgo call on two of its ticks (20 us apart at first), and giving it
// back costs a thread switch; on one CPU (GOMAXPROCS=1) that thread
// competes with the caller. See BENCHMARKS.md, "One CPU". It is large
// enough for four messages of 64 KiB (raf's default chunks), which the
// avx512 kernel runs side by side (csrc/lanes.h).
const groupBytes = 256 << 10

// group is one cgo call's worth of a batch, built on the stack. cgo lets
// Go memory handed to C hold no Go pointers unless they are pinned, and
// runtime.Pinner costs an allocation per pointer, and more time than
// sealing a short message, so the pointers go to C as arguments and only
// lens, which holds none, goes as memory.
type group struct {
	n     int
	bytes int                     // of input in this group
	lens  [2 * BatchGroup]uintptr // input and ad length of each message (size_t)
	out   [BatchGroup]*byte
	in    [BatchGroup]*byte
	ad    [BatchGroup]*byte
	nonce [BatchGroup]*byte    // nil: the nonce is in pad
	pad   [BatchGroup][32]byte // short nonces, zero-padded
	idx   [BatchGroup]int      // the message's index in the batch (open)
	orig  [BatchGroup][]byte   // dst[i] as passed (open)
}

func firstByte(b []byte) *byte {
	if len(b) == 0 {
		return nil
	}
	return &b[0]
}

// one reports whether a batch's slices hold one message each (ads may be
// nil).
func one(dst, nonces, ins, ads [][]byte) bool {
	return len(dst) == 1 && len(nonces) == 1 && len(ins) == 1 && (ads == nil || len(ads) == 1)
}

// fill puts the messages of a batch from i on into g, until g is full or
// the batch ends, and returns the index of the next message. dst[i]
// becomes the message's result, as SealBatch and OpenBatch return it; an
// open shorter than a tag goes to fails instead. It calls nothing that is
// not inlined on its usual path, so that the loop keeps its values in
// registers (a call in Go saves none).
//
// It stops, too, at a message that the assembly takes (asmTakes), which
// the caller runs there and then: the batch's rules keep every message's
// output off every other message's memory, so the order in which messages
// go changes nothing.
func fill(g *group, h *header, dst, nonces, ins, ads [][]byte, i int, seal bool, fails *[]batchFail) int {
	n, tagLen, nonceSize := len(dst), int(h.tagLen), h.v.NonceSize
	nonces, ins = nonces[:n], ins[:n]
	for ; i < n && !g.full(); i++ {
		// Everything of message i is read before dst[i] is replaced: the
		// caller may pass one [][]byte as both dst and the inputs.
		in, ad, nonce, orig := ins[i], adAt(ads, i), nonces[i], dst[i]
		if h.asmTakes(len(in), len(ad), !seal, n) {
			break
		}
		inLen, need := len(in), len(in)+tagLen
		j := g.n & (BatchGroup - 1) // g.n < BatchGroup: the mask only spares a bounds check
		if !seal {
			if inLen < tagLen {
				*fails = append(*fails, batchFail{i, common.ErrTruncated})
				continue
			}
			inLen -= tagLen
			need = inLen
			g.idx[j], g.orig[j] = i, orig
		}
		ret, out := common.GrowSlice(orig, need)
		g.lens[2*j], g.lens[2*j+1] = uintptr(inLen), uintptr(len(ad))
		g.out[j], g.in[j], g.ad[j] = firstByte(out), firstByte(in), firstByte(ad)
		g.nonce[j] = g.noncePtrOf(j, nonce, nonceSize)
		g.bytes += inLen + len(ad)
		g.n++
		dst[i] = ret
	}
	return i
}

// noncePtrOf returns the nonce pointer of slot j: the caller's bytes, or
// nil for a short nonce, which it puts zero-padded in g.pad[j], where
// noncePtr finds it (a pointer from g into itself would make g escape to
// the heap).
func (g *group) noncePtrOf(j int, nonce []byte, nonceSize int) *byte {
	if len(nonce) == nonceSize {
		return &nonce[0]
	}
	g.pad[j] = [32]byte{}
	copy(g.pad[j][:], nonce)
	return nil
}

// full reports whether the group must go to C before it takes more.
func (g *group) full() bool { return g.n == BatchGroup || g.bytes >= groupBytes }

// reset empties the group after its call.
func (g *group) reset() { g.n, g.bytes = 0, 0 }

// noncePtr returns the nonce of slot j for C.
func (g *group) noncePtr(j int) *byte {
	if p := g.nonce[j]; p != nil {
		return p
	}
	return &g.pad[j][0]
}

func adAt(additionalData [][]byte, i int) []byte {
	if additionalData == nil {
		return nil
	}
	return additionalData[i]
}

// SealBatch seals every message of a batch under the AEAD's key: dst[i]
// becomes Seal(dst[i], nonces[i], plaintexts[i], additionalData[i]), and
// dst is returned. additionalData may be nil (no associated data for any
// message); otherwise every slice has len(dst) elements, or it panics.
// No message's output may overlap another message's output or inputs,
// among which is dst[i] as passed, with room or not. Every argument is
// checked before any output is written. Nothing is allocated when every
// dst[i] has room.
func (a *AEADOf[K]) SealBatch(dst, nonces, plaintexts, additionalData [][]byte) [][]byte {
	return sealBatch(&a.h, dst, nonces, plaintexts, additionalData)
}

// sealBatch is SealBatch of the AEAD whose header index is at hp (see
// sealTo).
func sealBatch(hp *uint32, dst, nonces, plaintexts, additionalData [][]byte) [][]byte {
	h, v := liveAt(hp)
	k := keyAt(hp, v)
	if one(dst, nonces, plaintexts, additionalData) {
		// No lanes and no call to save: Seal is the batch, with the same
		// checks.
		dst[0] = sealTo(hp, dst[0], nonces[0], plaintexts[0], adAt(additionalData, 0))
		return dst
	}
	h.checkBatch(dst, nonces, plaintexts, additionalData, true)
	n := len(dst)
	nonces, plaintexts = nonces[:n], plaintexts[:n]
	for i := range dst {
		in, ad := plaintexts[i], adAt(additionalData, i)
		if !h.asmTakes(len(in), len(ad), false, n) {
			// The C core from here on: the groups' state is large, and
			// batches that the assembly takes whole never clear it.
			sealGroups(h, k, dst, nonces, plaintexts, additionalData, i)
			break
		}
		// h.asmSeal, in line.
		ret, out := common.GrowSlice(dst[i], len(in)+int(h.tagLen))
		var pad [32]byte
		np := nonceArg(v, nonces[i], out, &pad)
		h.asm.Seal(noescape(k), noescape(np),
			noescape(unsafe.SliceData(out)), noescape(unsafe.SliceData(in)), len(in),
			noescape(unsafe.SliceData(ad)), len(ad), int(h.tagLen))
		dst[i] = ret
	}
	return dst
}

// sealGroups seals the messages of a checked batch from i on: in groups
// through the C core, and those that the assembly takes, there and then.
func sealGroups(h *header, k *byte, dst, nonces, plaintexts, additionalData [][]byte, i int) {
	v := h.v
	var g group
	ops := h.ops
	for i < len(dst) {
		if in, ad := plaintexts[i], adAt(additionalData, i); h.asmTakes(len(in), len(ad), false, len(dst)) {
			dst[i] = h.asmSeal(v, k, dst[i], nonces[i], in, ad)
			i++
			continue
		}
		i = fill(&g, h, dst, nonces, plaintexts, additionalData, i, true, nil)
		if g.full() || i == len(dst) {
			runGroup(ops, &g, k, int(h.tagLen), false)
			g.reset()
		}
	}
	if g.n > 0 {
		runGroup(ops, &g, k, int(h.tagLen), false)
	}
}

// OpenBatch opens every message of a batch: dst[i] becomes the result of
// Open(dst[i], nonces[i], ciphertexts[i], additionalData[i]), and dst is
// returned. The lengths, checks and allocations are SealBatch's.
//
// Every message is processed. When some fail, the error is a
// *common.BatchError that lists them in ascending order; the output area
// of each failed message is zeroed and its dst[i] is left as passed.
func (a *AEADOf[K]) OpenBatch(dst, nonces, ciphertexts, additionalData [][]byte) ([][]byte, error) {
	return openBatch(&a.h, dst, nonces, ciphertexts, additionalData)
}

// openBatch is OpenBatch as sealBatch is SealBatch.
func openBatch(hp *uint32, dst, nonces, ciphertexts, additionalData [][]byte) ([][]byte, error) {
	h, v := liveAt(hp)
	k := keyAt(hp, v)
	if one(dst, nonces, ciphertexts, additionalData) {
		// No lanes and no call to save: Open is the batch, with the same
		// checks.
		ret, err := openTo(hp, dst[0], nonces[0], ciphertexts[0], nil, adAt(additionalData, 0), true)
		if err != nil {
			return dst, &common.BatchError{Failed: []int{0}, Errs: []error{err}}
		}
		dst[0] = ret
		return dst, nil
	}
	h.checkBatch(dst, nonces, ciphertexts, additionalData, false)
	var fails []batchFail
	n := len(dst)
	nonces, ciphertexts = nonces[:n], ciphertexts[:n]
	for i := range dst {
		in, ad := ciphertexts[i], adAt(additionalData, i)
		if !h.asmTakes(len(in), len(ad), true, n) {
			fails = openGroups(h, k, dst, nonces, ciphertexts, additionalData, i, fails)
			break
		}
		// h.asmOpen, in line.
		clen := len(in) - int(h.tagLen)
		c, tag := in[:clen], in[clen:]
		ret, out := common.GrowSlice(dst[i], clen)
		var pad [32]byte
		np := nonceArg(v, nonces[i], out, &pad)
		if h.asm.Open(noescape(k), noescape(np),
			noescape(unsafe.SliceData(out)), noescape(unsafe.SliceData(c)), len(c),
			noescape(unsafe.SliceData(ad)), len(ad), noescape(unsafe.SliceData(tag)), len(tag)) {
			dst[i] = ret
		} else {
			clear(out)
			fails = append(fails, batchFail{i, common.ErrAuth})
		}
	}
	if fails == nil {
		return dst, nil
	}
	// Truncated messages were noted as they came, failed tags a group
	// later: put them in order.
	slices.SortFunc(fails, func(x, y batchFail) int { return cmp.Compare(x.i, y.i) })
	e := &common.BatchError{Failed: make([]int, len(fails)), Errs: make([]error, len(fails))}
	for j, f := range fails {
		e.Failed[j], e.Errs[j] = f.i, f.err
	}
	return dst, e
}

// openGroups is sealGroups for OpenBatch.
func openGroups(h *header, k *byte, dst, nonces, ciphertexts, additionalData [][]byte, i int, fails []batchFail) []batchFail {
	v := h.v
	var g group
	ops := h.ops
	for i < len(dst) {
		if in, ad := ciphertexts[i], adAt(additionalData, i); h.asmTakes(len(in), len(ad), true, len(dst)) {
			if ret, ok := h.asmOpen(v, k, dst[i], nonces[i], in, ad); ok {
				dst[i] = ret
			} else {
				fails = append(fails, batchFail{i, common.ErrAuth})
			}
			i++
			continue
		}
		i = fill(&g, h, dst, nonces, ciphertexts, additionalData, i, false, &fails)
		if g.n > 0 && (g.full() || i == len(dst)) {
			fails = openGroup(ops, &g, k, int(h.tagLen), dst, fails)
			g.reset()
		}
	}
	if g.n > 0 {
		fails = openGroup(ops, &g, k, int(h.tagLen), dst, fails)
	}
	return fails
}

type batchFail struct {
	i   int
	err error
}

// openGroup runs a group of opens and notes its failures: their dst[i]
// goes back to what the caller passed (C has zeroed the output).
func openGroup(ops uintptr, g *group, k *byte, tagLen int, dst [][]byte, fails []batchFail) []batchFail {
	failed := runGroup(ops, g, k, tagLen, true)
	for j := 0; failed != 0; j++ {
		if failed&1 != 0 {
			i := g.idx[j]
			dst[i] = g.orig[j]
			fails = append(fails, batchFail{i, common.ErrAuth})
		}
		failed >>= 1
	}
	return fails
}

// span is the memory of one message's output.
type span struct {
	lo, hi uintptr
	msg    int
}

// spanPool holds the spans of batches larger than a group, which do not
// fit on the stack, and room to sort them.
var spanPool = sync.Pool{New: func() any { return new([]span) }}

func byStart(x, y span) int { return cmp.Compare(x.lo, y.lo) }

// sortSpans sorts spans by address with a natural merge sort, tmp as room
// for a copy. Successive allocations leave the outputs of a batch in a
// few ascending runs (one per block of memory that the allocator took
// them from, or filled again), which it merges pairwise, pass by pass:
// r runs sort in log2(r) linear passes. (slices.SortFunc took a third of
// a SealBatch of 256 messages of 64 bytes on such spans.)
func sortSpans(spans, tmp []span) {
	src, dst := spans, tmp[:len(spans)]
	for merged := 0; merged != 1; src, dst = dst, src {
		merged = 0
		for i := 0; i < len(src); merged++ {
			j := runEnd(src, i)
			k := runEnd(src, j)
			// src[i:j] and src[j:k] into dst[i:k].
			x, y, o := i, j, i
			for ; x < j && y < k; o++ {
				if src[y].lo < src[x].lo {
					dst[o], y = src[y], y+1
				} else {
					dst[o], x = src[x], x+1
				}
			}
			o += copy(dst[o:], src[x:j])
			copy(dst[o:], src[y:k])
			i = k
		}
	}
	if &src[0] != &spans[0] {
		copy(spans, src)
	}
}

// runEnd returns the end of the ascending run of s that starts at i.
func runEnd(s []span, i int) int {
	for i++; i < len(s) && s[i-1].lo <= s[i].lo; i++ {
	}
	return min(i, len(s))
}

func spanOf(b []byte) (lo, hi uintptr) {
	lo = uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	return lo, lo + uintptr(len(b))
}

// checkBatch holds every check of SealBatch and OpenBatch, so that a
// panic leaves no partial output: the lengths of the slices, each
// message's nonce and overlap rules (Seal's and Open's), and that no
// message's output overlaps another message's nonce, input, ad, dst prefix
// or output.
//
// checkLinear (checkTwo for two messages) passes the usual layouts with
// a few passes of comparisons; what it does not pass, checkSorted
// decides, and makes the panic, if any, so that every layout gets the
// verdict and the panic of checkSorted.
func (h *header) checkBatch(dst, nonces, ins, ads [][]byte, seal bool) {
	v := h.v
	n := len(dst)
	if len(nonces) != n || len(ins) != n || (ads != nil && len(ads) != n) {
		panic(v.Name + ": batch slices of different lengths")
	}
	// An output is the input's length plus the tag (seal), or minus it.
	grow := int(h.tagLen)
	if !seal {
		grow = -grow
	}
	var ok bool
	if n == 2 {
		ok = checkTwo(dst, nonces, ins, ads, v.NonceSize, grow)
	} else {
		ok = checkLinear(dst, nonces, ins, ads, v.NonceSize, grow)
	}
	if !ok {
		h.checkSorted(dst, nonces, ins, ads, seal)
	}
}

// checkTwo is checkLinear for a batch of two messages, in any layout, in
// straight code: in so small a batch the setup of checkLinear's passes
// costs more than every test of one message against the other.
func checkTwo(dst, nonces, ins, ads [][]byte, maxNonce, grow int) bool {
	d0, d1, n0, n1, i0, i1 := dst[0], dst[1], nonces[0], nonces[1], ins[0], ins[1]
	var a0, a1 []byte
	if ads != nil {
		a0, a1 = ads[0], ads[1]
	}
	if len(n0) > maxNonce || len(n1) > maxNonce {
		return false
	}
	// Each output against the other message's inputs and output, and its
	// own rules: its input in place only, its ad not at all.
	lo0, hi0 := outputOf(d0, len(i0)+grow)
	lo1, hi1 := outputOf(d1, len(i1)+grow)
	if hi0 != 0 && (overlaps(n1, lo0, hi0) || overlaps(i1, lo0, hi0) || overlaps(a1, lo0, hi0) || overlaps(d1, lo0, hi0) ||
		lo1 < hi0 && lo0 < hi1 || overlaps(a0, lo0, hi0) || shifted(i0, lo0, hi0)) {
		return false
	}
	return hi1 == 0 || !(overlaps(n0, lo1, hi1) || overlaps(i0, lo1, hi1) || overlaps(a0, lo1, hi1) || overlaps(d0, lo1, hi1) ||
		overlaps(a1, lo1, hi1) || shifted(i1, lo1, hi1))
}

// shifted reports whether x overlaps [lo, hi) but does not start there.
func shifted(x []byte, lo, hi uintptr) bool {
	return overlaps(x, lo, hi) && uintptr(unsafe.Pointer(unsafe.SliceData(x))) != lo
}

// overlaps reports whether x shares a byte with [lo, hi).
func overlaps(x []byte, lo, hi uintptr) bool {
	xlo, xhi := spanOf(x)
	return len(x) > 0 && xlo < hi && lo < xhi
}

// outputOf returns where the output of a batch message goes: need bytes
// after d's prefix, or nowhere (hi == 0) when d has no room, for the
// output then goes to new memory, which overlaps nothing, or when need is
// not positive (an open no longer than a tag has no output).
func outputOf(d []byte, need int) (lo, hi uintptr) {
	if need <= 0 || cap(d)-len(d) < need {
		return 0, 0
	}
	lo = uintptr(unsafe.Pointer(unsafe.SliceData(d))) + uintptr(len(d))
	return lo, lo + uintptr(need)
}

// checkLinear reports whether a batch whose slices have the same lengths
// passes every check of checkBatch, where it can tell in linear time; it
// returns false where checkSorted must decide (a layout it does not know,
// or one that fails, so that checkSorted makes the panic that it gives).
// grow is an output's length less its input's.
//
// It knows the layouts that batches have: the outputs in ascending order
// in message order (successive allocations, or one buffer carved up), and
// the inputs of each kind either outside all the outputs (in buffers of
// their own) or among them in ascending order too (in place, a buffer per
// message that holds its nonce, input, ad and output, a prefix in front of
// its output, or allocations of other sizes, which Go takes from pages
// among those of the outputs). A pass over the outputs checks their
// order and the nonces' lengths; a second, over every input, passes the
// first layout (outside); else each kind of input takes a pass of two
// comparisons an input, and from the first among the outputs on, a merge
// with them.
func checkLinear(dst, nonces, ins, ads [][]byte, maxNonce, grow int) bool {
	n := len(dst)
	nonces, ins = nonces[:n], ins[:n]
	// Each output must start where the one before it ends, or later, so
	// that they are disjoint; [omin, omax) covers them all.
	var omin, omax uintptr
	m := 0 // outputs
	for i, d := range dst {
		if len(nonces[i]) > maxNonce {
			return false
		}
		need := len(ins[i]) + grow
		if need <= 0 || cap(d)-len(d) < need {
			continue
		}
		m++
		lo := uintptr(unsafe.Pointer(unsafe.SliceData(d))) + uintptr(len(d))
		if lo < omax {
			return false
		}
		if omax == 0 {
			omin = lo
		}
		omax = lo + uintptr(need)
	}
	if omax == 0 {
		return true // no output in caller memory: nothing to overlap
	}
	// Inputs in buffers of their own, as for seals of messages that
	// were allocated one by one, need one pass; else each kind of input
	// in a loop of its own (few values, which stay in registers), up to
	// the first input inside the cover, and the outputs' merge with the
	// inputs from there on (of one kind).
	if outside(dst, nonces, ins, ads, omin, omax) {
		return true
	}
	o := outputs{dst, ins, grow, omin, omax, m == n}
	return o.apart(nonces, kindRead) && o.apart(ins, kindInput) &&
		(ads == nil || o.apart(ads[:n], kindAD)) && o.prefixesApart()
}

// outside reports whether every input of a batch (nonce, input, ad, and
// dst[i] as passed, a prefix) lies outside [lo, hi), the cover of the
// outputs: the layout of inputs in buffers of their own, decided in one
// pass of four comparisons of two words a message. A false is no verdict:
// the passes of checkLinear then decide.
func outside(dst, nonces, ins, ads [][]byte, lo, hi uintptr) bool {
	n := len(dst)
	nonces, ins = nonces[:n], ins[:n]
	// An empty slice lies outside whatever its address; so does one
	// that ends at lo or starts at hi. in reports a byte inside.
	in := func(x []byte) bool {
		xlo := uintptr(unsafe.Pointer(unsafe.SliceData(x)))
		return len(x) > 0 && xlo+uintptr(len(x)) > lo && xlo < hi
	}
	if ads == nil {
		for i, d := range dst {
			if in(nonces[i]) || in(ins[i]) || in(d) {
				return false
			}
		}
		return true
	}
	ads = ads[:n]
	for i, d := range dst {
		if in(nonces[i]) || in(ins[i]) || in(ads[i]) || in(d) {
			return false
		}
	}
	return true
}

// apart reports whether the inputs xs (xs[i] of message i, of the given
// kind) overlap no output of another message, and their own message's
// only as the kind allows. An input outside the cover costs two
// comparisons; from the first inside it on, merge takes over.
func (o *outputs) apart(xs [][]byte, kind int) bool {
	if i := meeting(xs, o.lo, o.hi); i < len(xs) {
		return merge(*o, xs, i, kind)
	}
	return true
}

// prefixesApart is apart for the prefixes, dst[i] as passed: a dst with
// room points at its output, and only a prefix is an input.
func (o *outputs) prefixesApart() bool {
	lo, hi := o.lo, o.hi
	for i, x := range o.dst {
		if xlo := uintptr(unsafe.Pointer(unsafe.SliceData(x))); len(x) > 0 && xlo+uintptr(len(x)) > lo && xlo < hi {
			return merge(*o, o.dst, i, kindRead)
		}
	}
	return true
}

// meeting returns the index of the first of xs that overlaps [lo, hi), or
// len(xs).
func meeting(xs [][]byte, lo, hi uintptr) int {
	for i, x := range xs {
		if xlo, xhi := spanOf(x); xhi > lo && xlo < hi && len(x) > 0 {
			return i
		}
	}
	return len(xs)
}

// outputs are the outputs of a batch that checkLinear has found in
// ascending order, with their cover [lo, hi).
type outputs struct {
	dst, ins [][]byte
	grow     int
	lo, hi   uintptr
	dense    bool // every message has an output
}

// at returns the output of message m (hi == 0: none).
func (o *outputs) at(m int) (lo, hi uintptr) {
	return outputOf(o.dst[m], len(o.ins[m])+o.grow)
}

// seek returns the first message from j on whose output ends after p,
// and that output, given that none before j does and that one does. Where
// every message has an output, it gallops from j, so that a seek far
// ahead (an input in a gap between distant outputs, the first of a kind)
// costs a logarithm of the distance, and one to the next output, one
// step; else it steps.
func (o *outputs) seek(j int, p uintptr) (int, uintptr, uintptr) {
	if o.dense {
		last := len(o.dst) - 1
		top := last // its output ends after p
		for step := 1; ; step <<= 1 {
			m := min(j+step-1, last)
			if _, hi := o.at(m); hi > p {
				top = m
				break
			}
			j = m + 1
		}
		for j < top {
			m := int(uint(j+top) >> 1)
			if _, hi := o.at(m); hi > p {
				top = m
			} else {
				j = m + 1
			}
		}
	}
	for ; ; j++ {
		if lo, hi := o.at(j); hi > p {
			return j, lo, hi
		}
	}
}

// merge reports whether the inputs xs[from:] (xs[i] of message i, of the
// given kind) overlap no output of another message, and their own
// message's only as the kind allows. It goes along the outputs as it goes
// along the inputs, which must then be in ascending order too (it reports
// false for one that starts before the one before it: checkSorted
// decides then).
func merge(o outputs, xs [][]byte, from, kind int) bool {
	xs = xs[from:]
	// [lo, hi) is the output of message j, the first that ends after at
	// (hi == 0: none, before the first input), where the last input
	// among the outputs starts.
	j, lo, hi, at := -1, uintptr(0), uintptr(0), uintptr(0)
	for k, x := range xs {
		if len(x) == 0 {
			continue
		}
		xlo, xhi := spanOf(x)
		if xhi <= o.lo || xlo >= o.hi {
			continue
		}
		if xlo < at {
			return false
		}
		at = xlo
		if hi <= xlo {
			// Usually the next output ends after xlo (which lies
			// before o.hi: some output does); else seek.
			j++
			if lo, hi = o.at(j); hi <= xlo {
				j, lo, hi = o.seek(j+1, xlo)
			}
		}
		if lo >= xhi {
			continue // in the gap before output j
		}
		// Output j overlaps the input: only its own output may, and
		// then as the kind allows; the outputs after j start after hi.
		if j != from+k || kind == kindAD || kind == kindInput && lo != xlo {
			return false
		}
		if xhi > hi {
			// It goes on past its own output (an open's input in
			// place, its tag after the output): up to the next one
			// at most.
			for m := j + 1; m < len(o.dst); m++ {
				if mlo, mhi := o.at(m); mhi != 0 {
					if mlo < xhi {
						return false
					}
					break
				}
			}
		}
	}
	return true
}

// checkSorted is checkBatch for every layout: a first pass notes where
// each output will go; the outputs, sorted by address, are then searched
// for each input. That covers a message's rules about its own output too
// (in place only at the same address, never over its tag or ad), so the
// first pass stays short. The slices have the same lengths.
func (h *header) checkSorted(dst, nonces, ins, ads [][]byte, seal bool) {
	name := h.v.Name
	n := len(dst)
	nonces, ins = nonces[:n], ins[:n]
	maxNonce, tagLen := h.v.NonceSize, int(h.tagLen)
	// An output is the input's length plus the tag (seal), or minus it.
	grow := tagLen
	if !seal {
		grow = -tagLen
	}
	var local [BatchGroup]span
	spans := local[:]
	var pooled *[]span
	if n > len(local) {
		pooled = spanPool.Get().(*[]span)
		*pooled = slices.Grow((*pooled)[:0], 2*n)[:2*n] // the spans, then room to sort them
		spans = *pooled
	}
	m := 0 // spans[:m] holds the outputs
	sorted, prefixes := true, false
	var last uintptr // the start of the last output
	for i, d := range dst {
		if len(nonces[i]) > maxNonce {
			panic(name + ": incorrect nonce length given to AEAD")
		}
		prefixes = prefixes || len(d) > 0
		need := len(ins[i]) + grow
		// No room: the output goes to new memory, which overlaps nothing.
		// (An open no longer than a tag has no output at all.)
		if need <= 0 || cap(d)-len(d) < need {
			continue
		}
		lo := uintptr(unsafe.Pointer(unsafe.SliceData(d))) + uintptr(len(d))
		// Not append: its call to grow, which never happens here, would
		// make the loop keep its values on the stack.
		spans[m] = span{lo, lo + uintptr(need), i}
		m++
		sorted = sorted && last <= lo
		last = lo
	}
	if m > 0 {
		// Successive allocations usually leave the outputs in address
		// order already.
		switch {
		case sorted:
		case pooled == nil:
			slices.SortFunc(spans[:m], byStart)
		default:
			sortSpans(spans[:m], spans[n:])
		}
		if !prefixes {
			dst = nil
		}
		checkAcross(name, spans[:m], nonces, ins, ads, dst, seal, tagLen)
	}
	if pooled != nil {
		spanPool.Put(pooled)
	}
}

// The kinds of input, by the rule for the message's own output over them.
const (
	kindRead  = iota // nonce, dst prefix: read before its own output is written, which may overlap it
	kindInput        // in place only: the output starts where it starts
	kindAD           // no overlap
)

// checkAcross panics if the outputs (sorted, nonempty) overlap each other,
// if one overlaps an input of another message, or if one breaks its own
// message's rules (see the kinds above). The inputs of message i are
// nonces[i], ins[i], ads[i] and prefixes[i] (dst[i] as passed: a prefix
// without room is copied when its group starts, so the output of another
// message would reach it or not by where the groups end); ads and
// prefixes may be nil.
func checkAcross(name string, spans []span, nonces, ins, ads, prefixes [][]byte, seal bool, tagLen int) {
	for k := 1; k < len(spans); k++ {
		if spans[k-1].hi > spans[k].lo {
			panic(name + errAcross)
		}
	}
	checkInputs(name, spans, nonces, kindRead, seal, tagLen)
	checkInputs(name, spans, ins, kindInput, seal, tagLen)
	if ads != nil {
		checkInputs(name, spans, ads, kindAD, seal, tagLen)
	}
	if prefixes != nil {
		checkInputs(name, spans, prefixes, kindRead, seal, tagLen)
	}
}

// The panic of checkAcross for messages that overlap each other, after
// the variant's name; a message that breaks its own rules gets Seal's and
// Open's (errOverlapInput and the others, aead.go).
const errAcross = ": invalid buffer overlap between messages of a batch"

// checkInputs panics if xs[i], an input of message i of the given kind,
// overlaps the output of another message, or message i's own output
// against the rule of its kind. Inputs of successive messages usually lie
// in increasing order, like the outputs: each search then goes on from
// where the last one ended.
func checkInputs(name string, spans []span, xs [][]byte, kind int, seal bool, tagLen int) {
	omin, omax := spans[0].lo, spans[len(spans)-1].hi
	var k int        // the first output that ends after prev
	var prev uintptr // the start of the last input searched
	for i, x := range xs {
		if len(x) == 0 {
			continue
		}
		lo, hi := spanOf(x)
		if hi <= omin || lo >= omax {
			continue
		}
		if lo < prev {
			k = 0
		}
		prev = lo
		k = firstEndingAfter(spans, lo, k)
		for j := k; j < len(spans) && spans[j].lo < hi; j++ {
			switch {
			case spans[j].msg != i:
				panic(name + errAcross)
			case kind == kindAD:
				panic(name + errOverlapAD)
			case kind == kindInput:
				checkOwnInput(name, spans[j], lo, hi, seal, tagLen)
			}
		}
	}
}

// checkOwnInput panics unless out, which overlaps its own message's input
// [lo, hi), follows Seal's rule (in place only: the same start) or Open's
// (the same, and never over the tag at the input's end).
func checkOwnInput(name string, out span, lo, hi uintptr, seal bool, tagLen int) {
	end := hi // of the plaintext or ciphertext
	if !seal {
		end -= uintptr(tagLen)
	}
	if out.lo != lo && lo < end && out.lo < end && lo < out.hi {
		panic(name + errOverlapInput)
	}
	if !seal && out.hi > end {
		panic(name + errOverlapTag)
	}
}

// firstEndingAfter returns the index of the first span (sorted, disjoint)
// that ends after p, or len(spans), given that none before from does: it
// gallops from there, so that a search near from is short.
func firstEndingAfter(spans []span, p uintptr, from int) int {
	lo, hi, step := from, from, 1
	for hi < len(spans) && spans[hi].hi <= p {
		lo = hi + 1
		hi += step
		step <<= 1
	}
	hi = min(hi, len(spans))
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if spans[m].hi <= p {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}
