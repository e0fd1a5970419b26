// SPDX-License-Identifier: MIT

package main

import "fmt"

// Partial blocks. A tail is the last n < rate bytes of the ad or the
// message. The block code runs on it as on a whole block; only how its
// bytes come in and go out differs, by machine (see Masks and Buffers):
// masked, in place under byte masks, or buffered, copied into a zeroed
// scratch buffer of the frame first and the output copied back.

type tail struct {
	name string // the argument: "ad", "m" or "c"
	out  bool   // the tail has an output, in out at the same offset
	n    R      // its length, 0 <= n < rate
	rel  R      // n - goff: its length from the group's first lane (masks, Keep)
	buf  int    // its buffer's frame offset (buffered)
	// alone: the argument holds the partial block alone (EncPartial,
	// DecPartial), so the tail starts at the argument; otherwise after
	// the whole blocks of its length.
	alone bool
}

// tails is how a function reads and writes its tails: the body calls
// in for each tail before the lane groups and out after them, and, in
// the block code of a tail that is not empty, begin once, then load,
// store and keep (a Dec tail's bytes past the message, zeroed before
// they are absorbed) on the tail's block vectors at off bytes into the
// rate block.
type tails interface {
	frame() int // the bytes of frame the function needs
	in(t *tail)
	out(t *tail)
	begin(t *tail)
	load(dst Vec, t *tail, off int)
	store(t *tail, off int, v Vec)
	keep(v Vec, t *tail, off int)
}

// newTails returns the tails of the function g emits, by the kind of
// its machine, for a function of count tails at most.
func newTails(g *gen, count int) tails {
	switch m := g.m.(type) {
	case Masks:
		return &masked{g: g, m: m}
	case Buffers:
		return &buffered{g: g, m: m, count: count}
	}
	panic(fmt.Sprintf("%s: the machine has neither masks nor buffers", g.fn))
}

// tailLen returns the length of the tail of the data named: len % rate.
func (g *gen) tailLen(name string) R {
	n := g.arg(length(name))
	g.m.AndImm(n, g.rate()-1)
	return n
}

// tailPtr returns where the tail of the data named starts: base plus the
// whole blocks of len (out shares the input's length).
func (g *gen) tailPtr(base, length string) R {
	p, full := g.arg(base), g.arg(length)
	g.m.AndImm(full, -g.rate())
	g.m.Add(p, full)
	g.freeGP(full)
	return p
}

// tailAt returns where the tail t starts in the argument named (its
// input, or "out"): see tail.alone.
func (g *gen) tailAt(t *tail, name string) R {
	if t.alone {
		return g.arg(name)
	}
	return g.tailPtr(name, length(t.name))
}

// count sets r to the bytes of the tail in register j of the block vector
// at logical offset off of the group: what masks and Keep take.
func (g *gen) count(r R, t *tail, off, j int) {
	g.m.Clamp(r, t.rel, off+16*g.w*j, 16*g.w)
}

// masked is the tails of a machine with byte masks: no frame, and each
// tail's masks set once, for its loads, stores and keep.
type masked struct {
	g *gen
	m Masks
}

func (k *masked) frame() int { return 0 }
func (k *masked) in(*tail)   {}
func (k *masked) out(*tail)  {}

// maskOf is the mask register that begin sets for register j of the
// block vector at off: 1 + i for the i-th register of the rate block,
// the first half's, then the second's.
func (k *masked) maskOf(off, j int) int {
	g := k.g
	return 1 + off/g.half()*(g.lanes/g.w) + j
}

func (k *masked) begin(t *tail) {
	g := k.g
	c := g.gp()
	for off := 0; off < g.rate(); off += g.half() {
		for j := 0; j < g.lanes/g.w; j++ {
			g.count(c, t, off, j)
			k.m.PartMask(k.maskOf(off, j), c)
		}
	}
	g.freeGP(c)
}

func (k *masked) load(dst Vec, t *tail, off int) {
	g := k.g
	p := g.tailAt(t, base(t.name))
	for j := range dst {
		k.m.LoadPart(dst[j], g.data(p, off+16*g.w*j), k.maskOf(off, j))
	}
	g.freeGP(p)
}

func (k *masked) store(t *tail, off int, v Vec) {
	g := k.g
	p := g.tailAt(t, "out")
	for j := range v {
		k.m.StorePart(g.data(p, off+16*g.w*j), v[j], k.maskOf(off, j))
	}
	g.freeGP(p)
}

func (k *masked) keep(v Vec, t *tail, off int) {
	for j := range v {
		k.m.KeepMask(v[j], k.maskOf(off, j))
	}
}

// buffered is the tails of a machine without masks: a rate-sized buffer
// in the frame for each of the tails (Seal and Open have two, the ad's
// and the input's), in the order of in.
type buffered struct {
	g     *gen
	m     Buffers
	count int // the tails of the function
	next  int // the frame offset of the next tail's buffer
}

func (b *buffered) frame() int  { return b.count * b.g.rate() }
func (b *buffered) begin(*tail) {}

// in zeroes the tail's buffer and copies the tail into it.
func (b *buffered) in(t *tail) {
	g := b.g
	t.buf = b.next
	b.next += g.rate()
	skip := g.label(t.name + "_tail_in")
	g.m.JmpZero(t.n, skip)
	g.note(fmt.Sprintf("the last block of ZeroPad(%s, R), in the frame at %d", map[string]string{"ad": "ad", "m": "msg", "c": "ct", "in": "in"}[t.name], t.buf))
	b.m.ZeroFrame(t.buf, g.rate())
	p := g.tailAt(t, base(t.name))
	b.m.Copy(At(FrameReg, t.buf), At(p, 0), t.n)
	g.freeGP(p)
	g.m.Label(skip)
}

// out copies an output tail out of its buffer, then zeroes the buffer
// (the ad's too: nothing secret stays in the frame).
func (b *buffered) out(t *tail) {
	g := b.g
	skip := g.label(t.name + "_tail_out")
	g.m.JmpZero(t.n, skip)
	if t.out {
		g.note("the output's last bytes out of the frame")
		p := g.tailAt(t, "out")
		b.m.Copy(At(p, 0), At(FrameReg, t.buf), t.n)
		g.freeGP(p)
	}
	g.note("the frame's buffer zeroed")
	b.m.ZeroFrame(t.buf, g.rate())
	g.m.Label(skip)
}

func (b *buffered) load(dst Vec, t *tail, off int) {
	g := b.g
	g.load(dst, Mem{Base: FrameReg, Index: g.goff, Off: t.buf + off})
}

func (b *buffered) store(t *tail, off int, v Vec) {
	g := b.g
	g.store(Mem{Base: FrameReg, Index: g.goff, Off: t.buf + off}, v)
}

func (b *buffered) keep(v Vec, t *tail, off int) {
	g := b.g
	c := g.gp()
	for j := range v {
		g.count(c, t, off, j)
		b.m.Keep(v[j], c)
	}
	g.freeGP(c)
}
