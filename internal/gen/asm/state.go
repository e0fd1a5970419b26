// SPDX-License-Identifier: MIT

package main

import "fmt"

// The state-level functions: the spec's building blocks, one call each, on
// a state that lives in the caller's memory, so that internal/core can
// compose every API from them without the C core (streams, MAC, keystream,
// long messages in chunks under the byte limit). Each function loads the
// state from st, runs the same block code as Seal and Open on it in
// registers, and stores it back (Finalize, MACFinalize and KeyBlock only
// read it); none keeps a pointer.
//
// The state is the variant's block vectors in the spec's order, S0 to S7
// (S5 in the 256 family), 16*D bytes each, with lane i of Sj at
// 16*(D*j + i): the lanes side by side, as a register of all D lanes
// holds them. A lane group's part of each Sj then starts goff bytes in,
// as its part of a rate block of data does, so one index serves both.
// It is also the first 128*D (96*D) bytes of the C core's incremental
// state (csrc/aegis128_inc.h).

// A stateOp is one state-level function: its name (between the kernel and
// the variant in the Go name: avx2Absorb128X2; its field in internal/asm's
// Funcs, whose doc comments say what each does), its signature, the bytes
// of frame it needs and its body.
type stateOp struct {
	name, sig string
	frame     func(g *gen) int
	body      func(g *gen)
}

// stateOps are the state-level functions, in the order they are written.
var stateOps = []stateOp{
	{
		name: "Init", sig: "func(st *byte, k *byte, n *byte)",
		body: (*gen).stateInit,
	},
	{
		name: "Absorb", sig: "func(st *byte, ad *byte, blocks int)",
		body: (*gen).stateAbsorb,
	},
	{
		name: "Enc", sig: "func(st *byte, out *byte, in *byte, blocks int)",
		body: func(g *gen) { g.stateBlocks(blockEnc) },
	},
	{
		name: "Dec", sig: "func(st *byte, out *byte, in *byte, blocks int)",
		body: func(g *gen) { g.stateBlocks(blockDec) },
	},
	{
		name: "EncPartial", sig: "func(st *byte, out *byte, in *byte, inlen int)",
		frame: func(g *gen) int { return g.tails.frame() },
		body:  func(g *gen) { g.statePartial(false) },
	},
	{
		name: "DecPartial", sig: "func(st *byte, out *byte, in *byte, inlen int)",
		frame: func(g *gen) int { return g.tails.frame() },
		body:  func(g *gen) { g.statePartial(true) },
	},
	{
		name: "Stream", sig: "func(st *byte, out *byte, in *byte, blocks int)",
		body: func(g *gen) { g.stateBlocks(blockStream) },
	},
	{
		name: "KeyBlock", sig: "func(st *byte, z *byte)",
		body: (*gen).stateKeyBlock,
	},
	{
		name: "Finalize", sig: "func(st *byte, tag *byte, adlen uint64, mlen uint64, taglen int)",
		body: (*gen).stateFinalize,
	},
	{
		name: "MACFinalize", sig: "func(st *byte, tag *byte, last *byte, datalen uint64, taglen int)",
		frame: func(g *gen) int { return g.macFrame() },
		body:  (*gen).stateMACFinalize,
	},
}

// stateName is the Go name of a state-level function.
func stateName(kernel string, o *stateOp, f family, d int) string {
	return kernel + o.name + variantName(f, d)
}

// emitState writes one state-level function of one family and degree.
func emitState(m Machine, f family, d int, o *stateOp) {
	g := newGen(m, f, d, stateName(m.Kernel(), o, f, d))
	g.tails = newTails(g, 1)
	frame := 0
	if o.frame != nil {
		frame = o.frame(g)
	}
	m.Func(g.fn, o.sig, g.w, frame)
	g.noteState(o)
	o.body(g)
	m.End()
}

// noteState is the comment at the top of a state-level function.
func (g *gen) noteState(o *stateOp) {
	g.note(fmt.Sprintf("%s of AEGIS-%s, R = %d, on the state at st: S0 ... S%d, %d bytes each",
		o.name, variantName(g.fam, g.d), 8*g.rate(), g.words()-1, 16*g.d))
	switch {
	case g.d == 1:
	case g.groups > 1:
		g.note(fmt.Sprintf("D = %d lanes, as %d groups of %d, %s, each group loaded, run and stored in turn.",
			g.d, g.groups, g.lanes, perRegister(g.w)))
	default:
		g.note(fmt.Sprintf("D = %d lanes, %s.", g.d, perRegister(g.w)))
	}
}

// words is the number of block vectors of the state.
func (g *gen) words() int {
	if g.fam == fam128 {
		return 8
	}
	return 6
}

func as128(s []Vec) *state128 {
	var t state128
	copy(t[:], s)
	return &t
}

func as256(s []Vec) *state256 {
	var t state256
	copy(t[:], s)
	return &t
}

// loadState loads the lane group's part of the state at st into new
// registers; loadInto into given ones.
func (g *gen) loadState() []Vec {
	s := make([]Vec, g.words())
	for j := range s {
		s[j] = g.vec()
	}
	g.loadInto(s)
	return s
}

func (g *gen) loadInto(s []Vec) {
	g.track(s)
	p := g.arg("st")
	for j := range s {
		g.load(s[j], g.data(p, 16*g.d*j))
	}
	g.freeGP(p)
}

// storeState stores the lane group's part of the state to st.
func (g *gen) storeState(s []Vec) {
	g.dissolve(s)
	g.note("the state back to st")
	p := g.arg("st")
	for j, v := range s {
		g.store(g.data(p, 16*g.d*j), v)
	}
	g.freeGP(p)
}

// eachGroup emits body once for every lane group: as a loop over the
// groups' offsets in goff where there are several.
func (g *gen) eachGroup(body func()) {
	if g.groups == 1 {
		body()
		return
	}
	g.goff = g.gp()
	g.m.MovImm(g.goff, 0)
	top := g.label("group")
	g.m.Label(top)
	body()
	g.m.AddImm(g.goff, 16*g.lanes)
	g.m.JmpBelow(g.goff, 16*g.d, top)
	g.freeGP(g.goff)
	g.goff = NoReg
}

// eachGroupDown is eachGroup with the groups in the other order, the
// first lane's last: its state is then left in the registers.
func (g *gen) eachGroupDown(body func()) {
	if g.groups == 1 {
		body()
		return
	}
	g.goff = g.gp()
	g.m.MovImm(g.goff, 16*(g.d-g.lanes))
	top, done := g.label("group"), g.label("groups_done")
	g.m.Label(top)
	body()
	g.m.JmpZero(g.goff, done)
	g.m.AddImm(g.goff, -16*g.lanes)
	g.m.Jmp(top)
	g.m.Label(done)
	g.freeGP(g.goff)
	g.goff = NoReg
}

// unlessZero emits body behind a branch that skips it where the argument
// named is 0.
func (g *gen) unlessZero(name string, body func()) {
	n := g.arg(name)
	done := g.label("nothing")
	g.m.JmpZero(n, done)
	g.freeGP(n)
	body()
	g.m.Label(done)
}

func (g *gen) stateInit() {
	g.eachGroup(func() {
		var s []Vec
		if g.fam == fam128 {
			s = g.init128()[:]
		} else {
			s = g.init256()[:]
		}
		g.storeState(s)
		g.free(s...)
	})
}

func (g *gen) stateAbsorb() {
	g.unlessZero("blocks", func() {
		g.eachGroup(func() {
			s := g.loadState()
			g.note("for ai in the blocks at ad: Absorb(ai)")
			g.blocksOf("ad", "blocks", "", 1, func(in, _ R, at int) {
				if g.fam == fam128 {
					g.absorbBlock128(as128(s), in, at)
				} else {
					g.absorbBlock256(as256(s), in, at)
				}
			})
			g.storeState(s)
			g.free(s...)
		})
	})
}

// The kinds of stateBlocks.
const (
	blockEnc = iota
	blockDec
	blockStream
)

// stateBlocks is Enc, Dec or Stream of whole rate blocks.
func (g *gen) stateBlocks(kind int) {
	g.unlessZero("blocks", func() {
		g.eachGroup(func() {
			s := g.loadState()
			var zero Vec
			if kind != blockEnc && g.rs == nil { // the rotating form's Dec and Stream take no zero
				zero = g.vec()
				g.zero(zero)
			}
			g.blocksOf("in", "blocks", "out", 1, func(in, out R, at int) {
				load := func(v Vec, off int) { g.load(v, g.data(in, at+off)) }
				store := func(off int, v Vec) { g.store(g.data(out, at+off), v) }
				switch {
				case kind == blockEnc && g.fam == fam128:
					g.enc128(as128(s), load, store)
				case kind == blockEnc:
					g.enc256(as256(s), load, store)
				case kind == blockDec && g.fam == fam128:
					g.dec128(as128(s), zero, load, store, nil)
				case kind == blockDec:
					g.dec256(as256(s), zero, load, store, nil)
				case g.fam == fam128:
					g.stream128(as128(s), zero, load, store)
				default:
					g.stream256(as256(s), zero, load, store)
				}
			})
			if zero != nil {
				g.free(zero)
			}
			g.storeState(s)
			g.free(s...)
		})
	})
}

// stream128 is a block of the spec's Stream: Enc of a zero block, with
// the input xored in: out = in ^ z, then Update(0, 0).
func (g *gen) stream128(s *state128, zero Vec, load loadFunc, store storeFunc) {
	h := g.half()
	x, c := g.vec(), g.vec()
	if g.pairs() {
		// Both halves in and out together, in four registers.
		x1, c1 := g.vec(), g.vec()
		g.note("Stream: z0 = S1 ^ S6 ^ (S2 & S3), out0 = in0 ^ z0; z1 = S2 ^ S5 ^ (S6 & S7), out1 = in1 ^ z1")
		g.need(s[1], s[6], s[2], s[3], s[5], s[7])
		load(x, 0)
		load(x1, h)
		g.xor3(c, x, s[1], s[6])
		g.xorAnd(c, c, s[2], s[3])
		g.xor3(c1, x1, s[2], s[5])
		g.xorAnd(c1, c1, s[6], s[7])
		store(0, c)
		store(h, c1)
		g.free(x1, c1)
	} else {
		g.note("Stream: z0 = S1 ^ S6 ^ (S2 & S3), out0 = in0 ^ z0")
		g.need(s[1], s[6], s[2], s[3], s[5], s[7])
		load(x, 0)
		g.xor3(c, x, s[1], s[6])
		g.xorAnd(c, c, s[2], s[3])
		store(0, c)
		g.note("z1 = S2 ^ S5 ^ (S6 & S7), out1 = in1 ^ z1")
		load(x, h)
		g.xor3(c, x, s[2], s[5])
		g.xorAnd(c, c, s[6], s[7])
		store(h, c)
	}
	g.free(x, c)
	if g.rotating(s[:]) {
		zero = nil // no message to xor in
	}
	g.upd128(s, "0, 0 (Enc of a zero block)", zero, zero, s[3], s[7])
}

// stream256 is stream128 for the 256 family: out = in ^ z, Update(0).
func (g *gen) stream256(s *state256, zero Vec, load loadFunc, store storeFunc) {
	x, c := g.vec(), g.vec()
	g.note("Stream: z = S1 ^ S4 ^ S5 ^ (S2 & S3), out = in ^ z")
	g.need(s[1], s[4], s[2], s[3], s[5])
	load(x, 0)
	if !g.xorZ256(c, x, s) {
		g.xor3(c, x, s[1], s[4])
		g.xorAnd(c, c, s[2], s[3])
		g.xor(c, c, s[5])
	}
	store(0, c)
	g.free(x, c)
	if g.rotating(s[:]) {
		zero = nil
	}
	g.upd256(s, "0 (Enc of a zero block)", zero, s[3], s[5])
}

// statePartial is EncPartial or DecPartial: a tail of inlen < rate bytes,
// through the machine's tails (masked or buffered) as Seal's and Open's.
func (g *gen) statePartial(dec bool) {
	t := &tail{name: "in", out: true, alone: true}
	t.n = g.arg("inlen")
	g.m.AndImm(t.n, g.rate()-1)
	done := g.label("partial_done")
	g.m.JmpZero(t.n, done)
	g.tails.in(t)
	g.eachGroup(func() {
		if g.goff != NoReg {
			t.rel = g.gp()
			g.m.MovR(t.rel, t.n)
			g.m.Sub(t.rel, g.goff)
		} else {
			t.rel = t.n
		}
		s := g.loadState()
		if !dec {
			g.note("the partial block, zero-padded, as the last xi: of its ci, only inlen bytes are stored")
		}
		g.tails.begin(t)
		load := func(v Vec, off int) { g.tails.load(v, t, off) }
		store := func(off int, v Vec) { g.tails.store(t, off, v) }
		switch {
		case dec:
			var zero Vec
			if g.rs == nil { // the rotating form's Dec takes no zero
				zero = g.vec()
				g.zero(zero)
			}
			keep := func(v Vec, off int) { g.tails.keep(v, t, off) }
			if g.fam == fam128 {
				g.dec128(as128(s), zero, load, store, keep)
			} else {
				g.dec256(as256(s), zero, load, store, keep)
			}
			if zero != nil {
				g.free(zero)
			}
		case g.fam == fam128:
			g.enc128(as128(s), load, store)
		default:
			g.enc256(as256(s), load, store)
		}
		g.storeState(s)
		g.free(s...)
		if g.goff != NoReg {
			g.freeGP(t.rel)
		}
	})
	g.tails.out(t)
	g.freeGP(t.n)
	g.m.Label(done)
}

func (g *gen) stateKeyBlock() {
	g.eachGroup(func() {
		s := g.loadState()
		p := g.arg("z")
		c := g.vec()
		if g.fam == fam128 {
			g.note("z0 = S1 ^ S6 ^ (S2 & S3), to z")
			g.xorAnd(c, s[1], s[2], s[3])
			g.xor(c, c, s[6])
			g.store(g.data(p, 0), c)
			g.note("z1 = S2 ^ S5 ^ (S6 & S7), after it")
			g.xorAnd(c, s[2], s[6], s[7])
			g.xor(c, c, s[5])
			g.store(g.data(p, g.half()), c)
		} else {
			g.note("z = S1 ^ S4 ^ S5 ^ (S2 & S3), to z")
			g.xorAnd(c, s[1], s[2], s[3])
			g.xor3(c, c, s[4], s[5])
			g.store(g.data(p, 0), c)
		}
		g.free(c)
		g.freeGP(p)
		g.free(s...)
	})
}

func (g *gen) stateFinalize() {
	var acc0, acc1 V
	if g.groups > 1 {
		acc0, acc1 = g.one(), g.one()
		g.m.Zero(acc0)
		g.m.Zero(acc1)
	}
	g.eachGroup(func() {
		s := g.loadState()
		var x0, x1 Vec
		if g.fam == fam128 {
			x0, x1 = g.final128(as128(s))
		} else {
			x0, x1 = g.final256(as256(s))
		}
		if g.d > 1 {
			g.note("for i in 0..D: tag = tag ^ ti (the lanes' tags xored, each half of a 256-bit tag apart)")
		}
		g.fold(x0)
		g.fold(x1)
		if g.groups > 1 {
			g.note("and the group's tag into the groups' so far")
			g.m.Xor(acc0, acc0, x0[0])
			g.m.Xor(acc1, acc1, x1[0])
			g.free(x0[:1], x1[:1])
		} else {
			acc0, acc1 = x0[0], x1[0]
		}
	})
	g.tagStep("tag32", "done", false, func(p R, two bool) {
		g.note(fmt.Sprintf("the %d-bit tag to tag", map[bool]int{false: 128, true: 256}[two]))
		g.m.Arg(p, "tag")
		g.m.StoreTag(At(p, 0), acc0, acc1, two)
	})
}

// absorbLast absorbs the rate block at last where datalen is not a
// multiple of the rate: the data's partial block, which the caller keeps
// zero-padded.
func (g *gen) absorbLast(s []Vec) {
	n := g.arg("datalen")
	g.m.AndImm(n, g.rate()-1)
	g.skipZero(n, g.label("no_last"), func() {
		g.freeGP(n)
		g.note("the data's last block, partial, zero-padded by the caller: Absorb(ZeroPad(last, R))")
		p := g.arg("last")
		if g.fam == fam128 {
			g.absorbBlock128(as128(s), p, 0)
		} else {
			g.absorbBlock256(as256(s), p, 0)
		}
		g.freeGP(p)
	})
}

// macFrame is the frame of MACFinalize: the lanes' tags of an X variant,
// 16 bytes per lane (ti), or 32 (ti0 for every lane, then ti1).
func (g *gen) macFrame() int {
	if g.d == 1 {
		return 0
	}
	return 32 * g.d
}

// stateMACFinalize is the spec's FinalizeMac: with D = 1, Finalize of the
// data length and the tag length; with D > 1, every lane finalized, the
// lanes' tags absorbed into lane 0, and lane 0 finalized again.
func (g *gen) stateMACFinalize() {
	g.lens = [2]string{"datalen", "taglen"}
	if g.d == 1 {
		g.note("FinalizeMac(data_len_bits) is Finalize(data_len_bits, tag_len_bits): u = LE64(data_len_bits) || LE64(tag_len_bits)")
		s := g.loadState()
		g.absorbLast(s)
		var x0, x1 Vec
		if g.fam == fam128 {
			x0, x1 = g.final128(as128(s))
		} else {
			x0, x1 = g.final256(as256(s))
		}
		g.tagStep("tag32", "done", false, func(p R, two bool) {
			g.m.Arg(p, "tag")
			g.m.StoreTag(At(p, 0), x0[0], x1[0], two)
		})
		return
	}
	// The tag length decides which lanes' tags are absorbed and how: the
	// whole function, once per tag length.
	g.tagStep("mac32", "mac_done", false, func(p R, two bool) { g.macX(p, two) })
}

// macX is FinalizeMac of an X variant for one tag length, with the tag
// written through p.
func (g *gen) macX(p R, two bool) {
	bits, d := 128, g.d
	if two {
		bits = 256
	}
	g.note(fmt.Sprintf("FinalizeMac(data_len_bits), tag_len_bits = %d:", bits))
	s := make([]Vec, g.words())
	for j := range s {
		s[j] = g.vec()
	}
	frame := func(off int) Mem { return Mem{Base: FrameReg, Index: g.goff, Off: off} }
	g.eachGroupDown(func() {
		g.loadInto(s)
		g.absorbLast(s)
		g.finalRounds(func(t Vec) {
			if g.fam == fam128 {
				g.note("t = V[2,i] ^ u for every lane i; Repeat(7, Update(t, t))")
				g.need(s[2])
				g.xor(t, t, s[2])
				g.counted(7, "final", func() { g.upd128(as128(s), "t, t", t, t, s[3], s[7]) })
			} else {
				g.note("t = V[3,i] ^ u for every lane i; Repeat(7, Update(t))")
				g.need(s[3])
				g.xor(t, t, s[3])
				g.counted(7, "final", func() { g.upd256(as256(s), "t", t, s[3], s[5]) })
			}
		})
		g.dissolve(s)
		x := g.vec()
		switch {
		case g.fam == fam128 && !two:
			g.note("ti = V[0,i] ^ V[1,i] ^ V[2,i] ^ V[3,i] ^ V[4,i] ^ V[5,i] ^ V[6,i], to the frame at 16i")
			g.xor3(x, s[0], s[1], s[2])
			g.xor3(x, x, s[3], s[4])
			g.xor3(x, x, s[5], s[6])
			g.store(frame(0), x)
		case g.fam == fam128:
			g.note("ti0 = V[0,i] ^ V[1,i] ^ V[2,i] ^ V[3,i] to the frame at 16i, ti1 = V[4,i] ^ ... ^ V[7,i] at 16D + 16i")
			g.xor3(x, s[0], s[1], s[2])
			g.xor(x, x, s[3])
			g.store(frame(0), x)
			g.xor3(x, s[4], s[5], s[6])
			g.xor(x, x, s[7])
			g.store(frame(16*d), x)
		case !two:
			g.note("ti = V[0,i] ^ V[1,i] ^ V[2,i] ^ V[3,i] ^ V[4,i] ^ V[5,i], to the frame at 16i")
			g.xor3(x, s[0], s[1], s[2])
			g.xor3(x, x, s[3], s[4])
			g.xor(x, x, s[5])
			g.store(frame(0), x)
		default:
			g.note("ti0 = V[0,i] ^ V[1,i] ^ V[2,i] to the frame at 16i, ti1 = V[3,i] ^ V[4,i] ^ V[5,i] at 16D + 16i")
			g.xor3(x, s[0], s[1], s[2])
			g.store(frame(0), x)
			g.xor3(x, s[3], s[4], s[5])
			g.store(frame(16*d), x)
		}
		g.free(x)
	})

	// Lane 0 alone from here: the first register of each block vector of
	// the first group (the last one run), whose other lanes are not used
	// any more.
	lanes := g.lanes
	g.lanes = g.w
	var s0 []Vec
	for _, v := range s {
		s0 = append(s0, v[:1])
		if len(v) > 1 {
			g.free(v[1:])
		}
	}
	at := func(off int) Mem { return At(FrameReg, off) }
	g.track(s0)
	if g.fam == fam128 {
		s := as128(s0)
		m0, m1 := g.vec(), g.vec()
		absorb := func(a, b int, what string) {
			g.note("Absorb(ZeroPad(x0, R / 2) || ZeroPad(x1, R / 2)) into lane 0: x0, x1 = " + what)
			g.bcast(m0, at(a))
			g.bcast(m1, at(b))
			g.upd128(s, "x0, x1", m0, m1, s[3], s[7])
		}
		if !two {
			g.note("tags = t0 || ... || tD-1 (lane 0's included); for v in Split(tags, 256):")
			for l := 0; l < d; l += 2 {
				absorb(16*l, 16*(l+1), fmt.Sprintf("t%d, t%d", l, l+1))
			}
		} else {
			g.note("tags = (t10 || t11) || ... || (tD-10 || tD-11) (lane 0's skipped); for v in Split(tags, 256):")
			for l := 1; l < d; l++ {
				absorb(16*l, 16*d+16*l, fmt.Sprintf("t%d0, t%d1", l, l))
			}
		}
		g.free(m0, m1)
	} else {
		s := as256(s0)
		m := g.vec()
		absorb := func(a int, what string) {
			g.note("Absorb(ZeroPad(v, R)) into lane 0: v = " + what)
			g.bcast(m, at(a))
			g.upd256(s, "v", m, s[3], s[5])
		}
		if !two {
			g.note("tags = t1 || ... || tD-1 (lane 0's skipped); for v in Split(tags, 128):")
			for l := 1; l < d; l++ {
				absorb(16*l, fmt.Sprintf("t%d", l))
			}
		} else {
			g.note("tags = (t10 || t11) || ... || (tD-10 || tD-11) (lane 0's skipped); for v in Split(tags, 128):")
			for l := 1; l < d; l++ {
				absorb(16*l, fmt.Sprintf("t%d0", l))
				absorb(16*d+16*l, fmt.Sprintf("t%d1", l))
			}
		}
		g.free(m)
	}
	t := g.vec()
	g.bcastConst(t, macConst(d, bits))
	if g.fam == fam128 {
		g.note(fmt.Sprintf("u = LE64(%d) || LE64(%d), t = ZeroPad(V[2,0] ^ u, R); Repeat(7, Update(t, t))", d, bits))
		s := as128(s0)
		g.need(s[2])
		g.xor(t, t, s[2])
		g.counted(7, "final", func() { g.upd128(s, "t, t", t, t, s[3], s[7]) })
	} else {
		g.note(fmt.Sprintf("u = LE64(%d) || LE64(%d), t = ZeroPad(V[3,0] ^ u, R); Repeat(7, Update(t))", d, bits))
		s := as256(s0)
		g.need(s[3])
		g.xor(t, t, s[3])
		g.counted(7, "final", func() { g.upd256(s, "t", t, s[3], s[5]) })
	}
	g.dissolve(s0)
	g.free(t)

	x0, x1 := s0[0], s0[len(s0)/2]
	switch {
	case g.fam == fam128 && !two:
		g.note("tag = V[0,0] ^ V[1,0] ^ V[2,0] ^ V[3,0] ^ V[4,0] ^ V[5,0] ^ V[6,0]")
		g.xor3(x0, x0, s0[1], s0[2])
		g.xor3(x0, x0, s0[3], s0[4])
		g.xor3(x0, x0, s0[5], s0[6])
	case g.fam == fam128:
		g.note("tag = (V[0,0] ^ V[1,0] ^ V[2,0] ^ V[3,0]) || (V[4,0] ^ V[5,0] ^ V[6,0] ^ V[7,0])")
		g.xor3(x0, x0, s0[1], s0[2])
		g.xor(x0, x0, s0[3])
		g.xor3(x1, x1, s0[5], s0[6])
		g.xor(x1, x1, s0[7])
	case !two:
		g.note("tag = V[0,0] ^ V[1,0] ^ V[2,0] ^ V[3,0] ^ V[4,0] ^ V[5,0]")
		g.xor3(x0, x0, s0[1], s0[2])
		g.xor3(x0, x0, s0[3], s0[4])
		g.xor(x0, x0, s0[5])
	default:
		g.note("tag = (V[0,0] ^ V[1,0] ^ V[2,0]) || (V[3,0] ^ V[4,0] ^ V[5,0])")
		g.xor3(x0, x0, s0[1], s0[2])
		g.xor3(x1, x1, s0[4], s0[5])
	}
	g.note("lane 0's tag to tag")
	g.m.Arg(p, "tag")
	g.m.StoreTag(At(p, 0), x0[0], x1[0], two)
	g.free(s0...)

	g.note("the lanes' tags in the frame zeroed")
	z := g.one()
	g.m.Zero(z)
	for off := 0; off < g.macFrame(); off += 16 * g.w {
		g.m.Store(At(FrameReg, off), z)
	}
	g.free(Vec{z})
	g.lanes = lanes
}

// macConst names the constant u = LE64(D) || LE64(tag_len_bits) of
// FinalizeMac's second round of updates.
func macConst(d, bits int) string { return fmt.Sprintf("macd%dt%d", d, bits) }
