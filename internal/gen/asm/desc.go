// SPDX-License-Identifier: MIT

package main

import "fmt"

// The family descriptions: one-message Seal and Open of AEGIS-128L/128X
// and AEGIS-256/256X, written once against a Machine, for D = 1, 2 and 4,
// step for step as csrc/aegis128_body.h and csrc/aegis256_body.h write
// them (the names below are theirs). Only lengths and pointers steer the
// code; every secret stays in vector registers or in the frame's scratch
// buffers, which are zeroed before return.
//
// The pieces (init, absorb, the Enc and Dec steps, the tails, finalize)
// are separate methods over a state held in registers, from which
// state.go composes the state-level functions too.

// family is 128 (AEGIS-128L and 128X) or 256 (AEGIS-256 and 256X).
type family int

const (
	fam128 family = 128
	fam256 family = 256
)

// Vec is one block vector of a lane group: its lanes, width per
// register, in one or more registers.
type Vec []V

// gen emits one function: Seal or Open of one family and degree on one
// machine.
type gen struct {
	m      Machine
	fam    family
	d      int // lanes of the variant
	w      int // lanes per register
	groups int // lane groups, run one after the other
	lanes  int // lanes per group: d / groups
	open   bool

	vused []bool
	gused map[R]bool
	goff  R // the current group's byte offset in each block vector; NoReg with one group

	fn     string
	labels int
	tails  tails // how the tails come in and go out

	rot Rotator   // the machine, where it has the rotating form of the state (rotate.go)
	rs  *rotState // the state held in that form, or nil

	// lens names the two length arguments of Finalize's lengths block
	// where they are not Seal's or Open's (state.go's functions).
	lens [2]string

	// The paired form of AEGIS-256's Enc and Dec (pairs256): pairStep,
	// where set, runs two blocks at once, and blocksOf hands it to
	// blocksRotPairs; preIn is the input of the next step, loaded
	// already (it takes the place of the step's own load), and hold,
	// where set, takes the step's output register instead of its store.
	pairStep func(in, out R, at int)
	preIn    Vec
	hold     *Vec
}

// rate is the bytes absorbed per update; half the bytes of one block
// vector of the variant (16 * D).
func (g *gen) rate() int {
	if g.fam == fam128 {
		return 32 * g.d
	}
	return 16 * g.d
}
func (g *gen) half() int { return 16 * g.d }

// variantName is the Go package's name of the variant.
func variantName(f family, d int) string {
	base := map[family]string{fam128: "128", fam256: "256"}[f]
	switch {
	case d == 1 && f == fam128:
		return base + "L"
	case d == 1:
		return base
	}
	return fmt.Sprintf("%sX%d", base, d)
}

// funcName is the Go name of the function: kernel, operation, variant,
// for example avx512Seal128L.
func funcName(kernel string, open bool, f family, d int) string {
	op := "Seal"
	if open {
		op = "Open"
	}
	return kernel + op + variantName(f, d)
}

// The signatures: pointers and lengths, not slices, so that the
// arguments travel in registers to the ABI wrapper of a func value.
const (
	sealSig = "func(k *byte, n *byte, out *byte, m *byte, mlen int, ad *byte, adlen int, taglen int)"
	openSig = "func(k *byte, n *byte, out *byte, c *byte, clen int, ad *byte, adlen int, tag *byte, taglen int) (ok bool)"
)

// The arguments' names: a pointer, and the length of the data it points to.
func base(name string) string   { return name }
func length(name string) string { return name + "len" }

// newGen returns the generator of one function of a family and degree
// on a machine; name is the function's Go name.
func newGen(m Machine, f family, d int, name string) *gen {
	w, groups := m.Shape(d)
	g := &gen{
		m: m, fam: f, d: d, w: w, groups: groups, lanes: d / groups,
		vused: make([]bool, m.Vecs()), gused: map[R]bool{}, goff: NoReg, fn: name,
	}
	g.rot, _ = m.(Rotator)
	return g
}

// emit writes the function of one family, degree and direction.
func emit(m Machine, f family, d int, open bool) {
	g := newGen(m, f, d, funcName(m.Kernel(), open, f, d))
	g.open = open
	w := g.w
	g.tails = newTails(g, 2)
	sig := sealSig
	if open {
		sig = openSig
	}
	m.Func(g.fn, sig, w, g.tails.frame())
	g.noteHead()
	g.body()
	m.End()
}

// Registers.

func (g *gen) vec() Vec {
	n := g.lanes / g.w
	v := make(Vec, 0, n)
	for i := range g.vused {
		if !g.vused[i] {
			g.vused[i] = true
			v = append(v, V(i))
			if len(v) == n {
				return v
			}
		}
	}
	panic(fmt.Sprintf("%s: out of vector registers", g.fn))
}

// one returns a single register (a tag accumulator).
func (g *gen) one() V {
	for i := range g.vused {
		if !g.vused[i] {
			g.vused[i] = true
			return V(i)
		}
	}
	panic(fmt.Sprintf("%s: out of vector registers", g.fn))
}

func (g *gen) free(vs ...Vec) {
	for _, v := range vs {
		g.forgetOnFree(v)
		for _, r := range v {
			if !g.vused[r] {
				panic(fmt.Sprintf("%s: vector register %d freed twice", g.fn, r))
			}
			g.vused[r] = false
		}
	}
}

func (g *gen) gp() R {
	for _, r := range g.m.GPs() {
		if !g.gused[r] {
			g.gused[r] = true
			return r
		}
	}
	panic(fmt.Sprintf("%s: out of general-purpose registers", g.fn))
}

func (g *gen) freeGP(rs ...R) {
	for _, r := range rs {
		if !g.gused[r] {
			panic(fmt.Sprintf("%s: register %d freed twice", g.fn, r))
		}
		delete(g.gused, r)
	}
}

func (g *gen) arg(name string) R {
	r := g.gp()
	g.m.Arg(r, name)
	return r
}

func (g *gen) label(what string) string {
	g.labels++
	return fmt.Sprintf("%s_%d", what, g.labels)
}

// Block vector operations, register by register.

func (g *gen) aes(dst, a, k Vec) {
	for j := range dst {
		g.m.AESRound(dst[j], a[j], k[j])
	}
}
func (g *gen) xor(dst, a, b Vec) {
	for j := range dst {
		g.m.Xor(dst[j], a[j], b[j])
	}
}
func (g *gen) xor3(dst, a, b, c Vec) {
	for j := range dst {
		g.m.Xor3(dst[j], a[j], b[j], c[j])
	}
}
func (g *gen) xorAnd(dst, a, b, c Vec) {
	for j := range dst {
		g.m.XorAnd(dst[j], a[j], b[j], c[j])
	}
}
func (g *gen) mov(dst, a Vec) {
	for j := range dst {
		g.m.Mov(dst[j], a[j])
	}
}
func (g *gen) zero(dst Vec) {
	for j := range dst {
		g.m.Zero(dst[j])
	}
}
func (g *gen) bcast(dst Vec, m Mem) {
	for j := range dst {
		g.m.Bcast(dst[j], m)
	}
}
func (g *gen) bcastConst(dst Vec, name string) {
	for j := range dst {
		g.m.BcastConst(dst[j], name)
	}
}

// data is the operand of a block vector of the lane group at off bytes
// into the data at base: the group's lanes start goff bytes in.
func (g *gen) data(base R, off int) Mem {
	return Mem{Base: base, Index: g.goff, Off: off}
}
func (g *gen) load(dst Vec, m Mem) {
	for j := range dst {
		g.m.Load(dst[j], m.Plus(16*g.w*j))
	}
}
func (g *gen) store(m Mem, v Vec) {
	for j := range v {
		g.m.Store(m.Plus(16*g.w*j), v[j])
	}
}

// ctx loads the context words of the group's lanes (D > 1).
func (g *gen) ctx(dst Vec) {
	name := fmt.Sprintf("ctx%d", g.d)
	for j := range dst {
		g.m.Const(dst[j], name, 16*g.w*j, g.goff)
	}
}

// The function body: the tails in, the lane groups, the tails out, the
// tag. Arguments are read where they are needed, so few registers stay
// live across the groups.
func (g *gen) body() {
	m := g.m
	inName := "m"
	if g.open {
		inName = "c"
	}

	// The tails: the last len % rate bytes of ad and of the input.
	adT := &tail{name: "ad", n: g.tailLen("ad")}
	msgT := &tail{name: inName, out: true, n: g.tailLen(inName)}
	g.tails.in(adT)
	g.tails.in(msgT)

	var acc0, acc1 V
	if g.groups > 1 {
		acc0, acc1 = g.one(), g.one()
		m.Zero(acc0)
		m.Zero(acc1)
		g.goff = g.gp()
		m.MovImm(g.goff, 0)
		m.Label(g.fn + "_group")
		for _, t := range []*tail{adT, msgT} {
			t.rel = g.gp()
			m.MovR(t.rel, t.n)
			m.Sub(t.rel, g.goff)
		}
	} else {
		adT.rel, msgT.rel = adT.n, msgT.n
	}

	var x0, x1 Vec
	switch g.fam {
	case fam128:
		s := g.init128()
		g.absorb128(s, adT)
		g.crypt128(s, msgT)
		x0, x1 = g.final128(s)
	case fam256:
		s := g.init256()
		g.absorb256(s, adT)
		g.crypt256(s, msgT)
		x0, x1 = g.final256(s)
	}
	// x0 holds the 16-byte tag, or the first half of the 32-byte one and
	// x1 the second half, lanes unfolded: fold them, and across groups.
	if g.d > 1 {
		g.note("for i in 0..D: tag = tag ^ ti (the lanes' tags xored, each half of a 256-bit tag apart)")
	}
	g.fold(x0)
	g.fold(x1)
	if g.groups > 1 {
		g.note("and the group's tag into the groups' so far")
		m.Xor(acc0, acc0, x0[0])
		m.Xor(acc1, acc1, x1[0])
		g.free(x0[:1], x1[:1])
		g.freeGP(adT.rel, msgT.rel)
		m.AddImm(g.goff, 16*g.lanes)
		m.JmpBelow(g.goff, 16*g.d, g.fn+"_group")
		g.freeGP(g.goff)
		g.goff = NoReg
	} else {
		acc0, acc1 = x0[0], x1[0]
	}

	g.tails.out(adT)
	g.tails.out(msgT)
	g.freeGP(adT.n, msgT.n)

	// The tag: 16 bytes, or 32 in two halves.
	g.tagStep("tag32", "done", true, func(p R, two bool) {
		g.tag(At(p, 0), acc0, acc1, two)
	})
}

// tagStep emits f twice, for the 16-byte tag (two false) and for the
// 32-byte one, behind a branch on the tag length, which is public: the
// one place that reads taglen. With at, f gets in p where the tag goes
// (Seal: right after the ciphertext in out) or is (Open); without, p is
// not loaded. Its register is taken either way, so that the length sits
// in the same register in both uses of the step; p32 and done name the
// labels.
func (g *gen) tagStep(p32, done string, at bool, f func(p R, two bool)) {
	m := g.m
	p, n := g.gp(), g.gp()
	switch {
	case at && g.open:
		m.Arg(p, "tag")
	case at:
		ml := g.arg("mlen")
		m.Arg(p, "out")
		m.Add(p, ml)
		g.freeGP(ml)
	}
	m.Arg(n, "taglen")
	two, end := g.label(p32), g.label(done)
	m.JmpEqual(n, 32, two)
	f(p, false)
	m.Jmp(end)
	m.Label(two)
	f(p, true)
	m.Label(end)
	g.freeGP(p, n)
}

func (g *gen) tag(mem Mem, x0, x1 V, two bool) {
	bits := 128
	if two {
		bits = 256
	}
	if g.open {
		g.note(fmt.Sprintf("ok = CtEq(tag, expected_tag), %d bits, in constant time", bits))
		g.m.CompareTag("ok", mem, x0, x1, two)
	} else {
		g.note(fmt.Sprintf("the %d-bit tag, right after ct", bits))
		g.m.StoreTag(mem, x0, x1, two)
	}
}

// fold xors the registers of v into v[0], then v[0]'s lanes into its
// first 16 bytes.
func (g *gen) fold(v Vec) {
	for j := 1; j < len(v); j++ {
		g.m.Xor(v[0], v[0], v[j])
	}
	g.m.Fold(v[0], v[0])
	if len(v) > 1 {
		g.free(v[1:])
	}
}

// counted emits body count times, as a loop; body is one update of the
// state (see countedUpdates).
func (g *gen) counted(count int, what string, body func()) {
	g.countedUpdates(count, 1, what, body)
}

// countedUpdates is counted of a body of updates updates of the state,
// which a tracked state's loop needs to know (countedRot).
func (g *gen) countedUpdates(count, updates int, what string, body func()) {
	if g.rs != nil {
		g.countedRot(count, updates, what, body)
		return
	}
	c := g.gp()
	l := g.label(what)
	g.m.MovImm(c, count)
	g.m.Label(l)
	body()
	g.m.DecJmpNotZero(c, l)
	g.freeGP(c)
}

// blocks runs step over the whole rate blocks of the data named: two at
// a time, with one branch and one move of the pointers per two, then one.
// step gets the input and output pointers and the block's offset from them.
func (g *gen) blocks(name string, out bool, step func(in, out R, at int)) {
	o := ""
	if out {
		o = "out"
	}
	g.blocksOf(base(name), length(name), o, g.rate(), step)
}

// blocksOf is blocks over the arguments named: the input, its count of
// units (unit = rate: bytes; 1: rate blocks), and the output, or "".
func (g *gen) blocksOf(inName, countName, outName string, unit int, step func(in, out R, at int)) {
	m := g.m
	r := g.rate()
	in := g.arg(inName)
	n := g.arg(countName)
	o := NoReg
	if outName != "" {
		o = g.arg(outName)
	}
	pair := g.pairStep
	g.pairStep = nil
	if g.rs != nil && pair != nil {
		g.blocksRotPairs(in, n, o, unit, step, pair)
		g.freeGP(in, n)
		if o != NoReg {
			g.freeGP(o)
		}
		return
	}
	if g.rs != nil {
		g.blocksRot(in, n, o, unit, step)
		g.freeGP(in, n)
		if o != NoReg {
			g.freeGP(o)
		}
		return
	}
	two, one, done := g.label("two"), g.label("one"), g.label("blocks_done")
	m.JmpBelow(n, 2*unit, one)
	m.Label(two)
	step(in, o, 0)
	step(in, o, r)
	m.AddImm(in, 2*r)
	if o != NoReg {
		m.AddImm(o, 2*r)
	}
	m.AddImm(n, -2*unit)
	m.JmpNotBelow(n, 2*unit, two)
	m.Label(one)
	m.JmpBelow(n, unit, done)
	step(in, o, 0)
	m.Label(done)
	g.freeGP(in, n)
	if o != NoReg {
		g.freeGP(o)
	}
}

// AEGIS-128L and AEGIS-128X.

type state128 [8]Vec

// upd128 is Update(M0, M1) with the inputs of the rounds that make S0 and
// S4 (the old S7 and S3) given apart as d7 and d3, as UPDATE128 in
// aegis128_body.h: AESRound(S7, S0 ^ M0) is AESRound(S7, M0) ^ S0, which
// takes S0 off the AES latency. d3 and d7 may be s[3] and s[7]; where
// they are not, they are Init's S3 ^ ctx and S7 ^ ctx (see init128). in
// names m0 and m1 for the comment.
func (g *gen) upd128(s *state128, in string, m0, m1, d3, d7 Vec) {
	if g.rotating(s[:]) {
		if !same(d3, s[3]) || !same(d7, s[7]) {
			panic(fmt.Sprintf("%s: the rotating form takes ctx with xorWord", g.fn))
		}
		g.noteRot128(in)
		g.rotUpdate(s[:], []Vec{m0, nil, nil, nil, m1, nil, nil, nil})
		return
	}
	r3, r7 := "S3", "S7"
	if !same(d3, s[3]) {
		r3, r7 = "S3 ^ ctx", "S7 ^ ctx"
	}
	g.noteUpdate128(in, fmt.Sprintf("S'0 as AESRound(%s, M0) ^ S0, S'4 as AESRound(%s, M1) ^ S4", r7, r3))
	// The rounds of S0 and S4 go into d7 and d3 where those are the
	// caller's temporaries: they are not read again.
	t0, t4 := d7, d3
	if same(d7, s[7]) {
		t0 = g.vec()
		defer g.free(t0)
	}
	if same(d3, s[3]) {
		t4 = g.vec()
		defer g.free(t4)
	}
	g.aes(t0, d7, m0)
	g.aes(s[7], s[6], s[7])
	g.aes(s[6], s[5], s[6])
	g.aes(s[5], s[4], s[5])
	g.aes(t4, d3, m1)
	g.xor(s[4], s[4], t4)
	g.aes(s[3], s[2], s[3])
	g.aes(s[2], s[1], s[2])
	g.aes(s[1], s[0], s[1])
	g.xor(s[0], s[0], t0)
}

// pairs reports whether the machine makes one instruction of two loads or
// stores of consecutive blocks (a Pairer) and the lane group's halves of
// a rate block are consecutive: one group, whose offset is no register.
func (g *gen) pairs() bool {
	_, ok := g.m.(Pairer)
	return ok && g.goff == NoReg
}

// same reports whether two block vectors are the same registers.
func same(a, b Vec) bool { return &a[0] == &b[0] }

// upd128Late is Update for a message computed from the state (Dec), as
// UPDATE128_LATE: the message goes in with one xor after the AES round.
func (g *gen) upd128Late(s *state128, in string, m0, m1, zero Vec) {
	if g.rotating(s[:]) {
		g.noteRot128(in)
		g.rotUpdate(s[:], []Vec{m0, nil, nil, nil, m1, nil, nil, nil})
		return
	}
	g.noteUpdate128(in, "S'0 as AESRound(S7, 0) ^ S0 ^ M0, S'4 as AESRound(S3, 0) ^ S4 ^ M1")
	t0, t4 := g.vec(), g.vec()
	g.aes(t0, s[7], zero)
	g.aes(s[7], s[6], s[7])
	g.aes(s[6], s[5], s[6])
	g.aes(s[5], s[4], s[5])
	g.aes(t4, s[3], zero)
	g.xor3(s[4], s[4], m1, t4)
	g.aes(s[3], s[2], s[3])
	g.aes(s[2], s[1], s[2])
	g.aes(s[1], s[0], s[1])
	g.xor3(s[0], s[0], m0, t0)
	g.free(t0, t4)
}

func (g *gen) init128() *state128 {
	var s state128
	for i := range s {
		s[i] = g.vec()
	}
	g.track(s[:])
	kp, np := g.arg("k"), g.arg("n")
	kb, nb := g.vec(), g.vec()
	if g.d == 1 {
		g.note("Init(key, nonce)")
	} else {
		g.note("Init(key, nonce): key_v = key || ... || key, nonce_v = nonce || ... || nonce, named key and nonce below")
	}
	g.bcast(kb, At(kp, 0))
	g.bcast(nb, At(np, 0))
	g.freeGP(kp, np)
	g.note("S0 = key ^ nonce")
	g.xor(s[0], kb, nb)
	g.note("S1 = C1")
	g.bcastConst(s[1], "c1")
	g.note("S2 = C0")
	g.bcastConst(s[2], "c0")
	g.note("S3 = C1")
	g.mov(s[3], s[1])
	g.note("S4 = key ^ nonce")
	g.mov(s[4], s[0])
	g.note("S5 = key ^ C0")
	g.xor(s[5], kb, s[2])
	g.note("S6 = key ^ C1")
	g.xor(s[6], kb, s[1])
	g.note("S7 = key ^ C0")
	g.mov(s[7], s[5])
	switch {
	case g.d == 1:
		g.note("Repeat(10, Update(nonce, key))")
		g.counted(10, "init", func() { g.upd128(&s, "nonce, key", nb, kb, s[3], s[7]) })
	case g.rs != nil:
		ctx := g.vec()
		g.noteCtx()
		g.ctx(ctx)
		g.note("Repeat(10, S3 = S3 ^ ctx, S7 = S7 ^ ctx, Update(nonce_v, key_v))")
		g.counted(10, "init", func() {
			g.note("S3 ^ ctx, S7 ^ ctx")
			g.xorWord(s[:], 3, ctx)
			g.xorWord(s[:], 7, ctx)
			g.upd128(&s, "nonce_v, key_v", nb, kb, s[3], s[7])
		})
		g.free(ctx)
	default:
		// ctx goes into S3 and S7 before every update; carried in pairs
		// of updates as in FN(init128) of aegis128_body.h, where the
		// first of a pair takes S3 ^ ctx and S7 ^ ctx as the inputs of
		// the rounds that make S4 and S0, and the second plain S3 and S7.
		ctx := g.vec()
		g.noteCtx()
		g.ctx(ctx)
		g.note(
			"Repeat(10, S3 = S3 ^ ctx, S7 = S7 ^ ctx, Update(nonce_v, key_v)), as 5 pairs: the first of a pair",
			"takes S3 ^ ctx and S7 ^ ctx only where the rounds of S'4 and S'0 read S3 and S7, which leaves",
			"S'3 and S'7 short of the ctx that the second would xor in again: the second takes S3 and S7",
		)
		g.counted(5, "init", func() {
			d3, d7 := g.vec(), g.vec()
			g.note("S3 ^ ctx, S7 ^ ctx")
			g.xor(d3, s[3], ctx)
			g.xor(d7, s[7], ctx)
			g.upd128(&s, "nonce_v, key_v", nb, kb, d3, d7)
			g.free(d3, d7)
			g.upd128(&s, "nonce_v, key_v", nb, kb, s[3], s[7])
		})
		g.free(ctx)
	}
	g.free(kb, nb)
	return &s
}

func (g *gen) absorb128(s *state128, t *tail) {
	h := g.half()
	g.blocks("ad", false, func(in, _ R, at int) { g.absorbBlock128(s, in, at) })
	g.skipZero(t.n, g.label("ad_tail"), func() {
		g.note(fmt.Sprintf("Absorb(ai) of the last ai, ad's partial block, zero-padded: t0, t1 = Split(ai, %d)", 8*h))
		g.tails.begin(t)
		a0, a1 := g.vec(), g.vec()
		g.tails.load(a0, t, 0)
		g.tails.load(a1, t, h)
		g.upd128(s, "t0, t1", a0, a1, s[3], s[7])
		g.free(a0, a1)
	})
}

// absorbBlock128 is Absorb of the rate block at off bytes into the data
// at in.
func (g *gen) absorbBlock128(s *state128, in R, at int) {
	h := g.half()
	a0, a1 := g.vec(), g.vec()
	g.note(fmt.Sprintf("Absorb(ai): t0, t1 = Split(ai, %d)", 8*h))
	g.load(a0, g.data(in, at))
	g.load(a1, g.data(in, at+h))
	g.upd128(s, "t0, t1", a0, a1, s[3], s[7])
	g.free(a0, a1)
}

// enc128 is Enc of a rate block: C = M ^ S1 ^ S6 ^ (S2 & S3), and the same
// with S2, S5, S6 and S7; load and store read and write its two halves.
func (g *gen) enc128(s *state128, load loadFunc, store storeFunc) {
	h := g.half()
	m0, m1, c := g.vec(), g.vec(), g.vec()
	g.note(fmt.Sprintf("Enc(xi): t0, t1 = Split(xi, %d)", 8*h))
	load(m0, 0)
	load(m1, h)
	g.need(s[1], s[6], s[2], s[3], s[5], s[7])
	c1 := c
	if g.pairs() {
		c1 = g.vec()
	}
	g.note("z0 = S1 ^ S6 ^ (S2 & S3), out0 = t0 ^ z0")
	g.xor3(c, m0, s[1], s[6])
	g.xorAnd(c, c, s[2], s[3])
	if !g.pairs() {
		store(0, c)
	}
	g.note("z1 = S2 ^ S5 ^ (S6 & S7), out1 = t1 ^ z1; ci = out0 || out1")
	g.xor3(c1, m1, s[2], s[5])
	g.xorAnd(c1, c1, s[6], s[7])
	if g.pairs() {
		store(0, c)
		g.free(c1)
	}
	store(h, c1)
	g.free(c)
	g.upd128(s, "t0, t1", m0, m1, s[3], s[7])
	g.free(m0, m1)
}

// dec128 is Dec of a rate block (keep, for the tail, zeroes the bytes past
// the message before they are absorbed), with S1 and S5 xored last: each
// feeds back into itself two updates later, so theirs is the path that
// must be short.
func (g *gen) dec128(s *state128, zero Vec, load loadFunc, store storeFunc, keep keepFunc) {
	h := g.half()
	x0, x1 := g.vec(), g.vec()
	in := "out0, out1"
	if keep == nil {
		g.note(fmt.Sprintf("Dec(ci): t0, t1 = Split(ci, %d)", 8*h))
	} else {
		g.note(fmt.Sprintf("DecPartial(cn): t0, t1 = Split(ZeroPad(cn, R), %d)", 8*h))
	}
	load(x0, 0)
	load(x1, h)
	g.need(s[2], s[3], s[6], s[1], s[7], s[5])
	g.note("z0 = S1 ^ S6 ^ (S2 & S3), out0 = t0 ^ z0; z1 = S2 ^ S5 ^ (S6 & S7), out1 = t1 ^ z1")
	g.xorAnd(x0, x0, s[2], s[3])
	g.xor3(x0, x0, s[6], s[1])
	g.xorAnd(x1, x1, s[6], s[7])
	g.xor3(x1, x1, s[2], s[5])
	if keep != nil {
		in = "v0, v1"
		g.note(fmt.Sprintf("xn = Truncate(out0 || out1, |cn|), v0, v1 = Split(ZeroPad(xn, R), %d)", 8*h))
		keep(x0, 0)
		keep(x1, h)
		g.note("msg = msg || xn")
	} else {
		g.note("xi = out0 || out1, msg = msg || xi")
	}
	store(0, x0)
	store(h, x1)
	g.upd128Late(s, in, x0, x1, zero)
	g.free(x0, x1)
}

// The operands of an Enc or Dec step: where its block vector at off is
// read and written, and (for a Dec tail) how the bytes past the message
// are zeroed before they are absorbed.
type (
	loadFunc  func(v Vec, off int)
	storeFunc func(off int, v Vec)
	keepFunc  func(v Vec, off int)
)

// crypt runs Enc (enc) or Dec (dec, for Open) over the whole blocks of the
// message, then over its tail: the body of both families' Seal and Open
// between absorbing the ad and Finalize.
func (g *gen) crypt(t *tail, enc func(loadFunc, storeFunc), dec func(zero Vec, l loadFunc, s storeFunc, k keepFunc)) {
	var zero Vec
	if g.open && g.rs == nil { // the rotating form's Dec takes no zero (upd128Late)
		zero = g.vec()
		g.zero(zero)
	}
	run := func(load loadFunc, store storeFunc) {
		if g.open {
			dec(zero, load, store, nil)
		} else {
			enc(load, store)
		}
	}
	if g.fam == fam256 && g.rs != nil && g.pairs() {
		g.pairStep = func(in, out R, at int) { g.pairs256(in, out, at, run) }
	}
	g.blocks(t.name, true, func(in, out R, at int) {
		run(func(v Vec, off int) { g.load(v, g.data(in, at+off)) },
			func(off int, v Vec) { g.store(g.data(out, at+off), v) })
	})
	g.skipZero(t.n, g.label("msg_tail"), func() {
		if !g.open {
			g.note("msg's partial block, zero-padded, as the last xi: of its ci, only |msg| mod R bits are stored")
		}
		g.tails.begin(t)
		load := func(v Vec, off int) { g.tails.load(v, t, off) }
		store := func(off int, v Vec) { g.tails.store(t, off, v) }
		if g.open {
			dec(zero, load, store, func(v Vec, off int) { g.tails.keep(v, t, off) })
		} else {
			enc(load, store)
		}
	})
	if zero != nil {
		g.free(zero)
	}
}

// pairs256 runs the Enc or Dec steps (run) of the 256 family's blocks at
// at and at+16 as a pair, on a Pairer: the second block's input is loaded
// with the first's (one LDP), and, for Enc, the first's output is held in
// its register and stored with the second's (one STP). AEGIS-128L's steps
// pair their own halves; AEGIS-256's are one block each. Dec stores each
// block on its own: in the models (internal/testing/ctest/mca), holding the first
// plaintext block for an STP took neonsha3's Open256 loop from 12.5 to 14
// cycles per 32 bytes on V2 (12 on V1), where the loads alone change
// nothing and Enc's pairs gain on N1 and V1 (26 to 25, 12.51 to 12.26).
func (g *gen) pairs256(in, out R, at int, run func(loadFunc, storeFunc)) {
	r := g.rate()
	next := g.vec()
	var held Vec
	if !g.open {
		g.hold = &held
	}
	run(func(v Vec, off int) {
		g.load(v, g.data(in, at+off))
		g.load(next, g.data(in, at+r+off))
	}, func(off int, v Vec) { g.store(g.data(out, at+off), v) })
	g.hold = nil
	g.preIn = next
	run(nil, func(off int, v Vec) {
		if held != nil {
			g.store(g.data(out, at+off), held)
		}
		g.store(g.data(out, at+r+off), v)
	})
	if g.preIn != nil || (held == nil) != g.open {
		panic(fmt.Sprintf("%s: a step of a pair did not take its input or give its output", g.fn))
	}
	if held != nil {
		g.free(held)
	}
}

// stepIn returns a step's input register: the one pairs256 loaded
// already, or a new one that load fills.
func (g *gen) stepIn(load loadFunc) Vec {
	if x := g.preIn; x != nil {
		g.preIn = nil
		return x
	}
	x := g.vec()
	load(x, 0)
	return x
}

// stepOut stores a step's output v and frees it, or, in the first step of
// a pair (pairs256), hands it over unstored.
func (g *gen) stepOut(store storeFunc, v Vec) {
	if g.hold != nil {
		*g.hold = v
		return
	}
	store(0, v)
	g.free(v)
}

func (g *gen) crypt128(s *state128, t *tail) {
	g.crypt(t,
		func(l loadFunc, st storeFunc) { g.enc128(s, l, st) },
		func(zero Vec, l loadFunc, st storeFunc, k keepFunc) { g.dec128(s, zero, l, st, k) })
}

// final128 is Finalize: the lengths block xored into S2, seven updates,
// then the tag words (see tagWords).
func (g *gen) final128(s *state128) (w0, w1 Vec) {
	g.finalRounds(func(t Vec) {
		g.note("t = S2 ^ (LE64(ad_len_bits) || LE64(msg_len_bits))")
		g.need(s[2])
		g.xor(t, t, s[2])
		g.note("Repeat(7, Update(t, t))")
		g.counted(7, "final", func() { g.upd128(s, "t, t", t, t, s[3], s[7]) })
	})
	g.dissolve(s[:])
	g.note(
		"tag = S0 ^ S1 ^ S2 ^ S3 ^ S4 ^ S5 ^ S6 if tag_len_bits == 128,",
		"else (S0 ^ S1 ^ S2 ^ S3) || (S4 ^ S5 ^ S6 ^ S7): both from x0 = S0 ^ S1 ^ S2 ^ S3 and x1 = S4 ^ S5 ^ S6",
	)
	g.xor3(s[0], s[0], s[1], s[2])
	g.xor(s[0], s[0], s[3])
	g.xor3(s[4], s[4], s[5], s[6])
	g.free(s[1], s[2], s[3], s[5], s[6])
	return g.tagWords(s[0], s[4], s[7], "S7")
}

// finalRounds computes the lengths block of Finalize into a block vector
// and hands it to rounds.
func (g *gen) finalRounds(rounds func(t Vec)) {
	an, bn := "adlen", "mlen"
	switch {
	case g.lens[0] != "":
		an, bn = g.lens[0], g.lens[1]
	case g.open:
		bn = "clen"
	}
	if g.lens[0] == "" {
		g.note("Finalize(ad_len_bits, msg_len_bits): LE64(ad_len_bits) || LE64(msg_len_bits), in every lane")
	}
	a, n := g.arg(an), g.gp()
	g.m.Arg(n, bn)
	t := g.vec()
	for j := range t {
		g.m.Lengths(t[j], a, n)
	}
	g.freeGP(a, n)
	rounds(t)
	g.free(t)
}

// tagWords makes the words of the tag from the xors of the two halves of
// the state, x0 and x1, and, for AEGIS-128, S7 apart (last, else nil):
// the 16-byte tag is x0 ^ x1, the 32-byte one x0 || x1 ^ last. The tag
// length, public, chooses; the words come back in x0 and x1, lanes not
// yet folded. lastName names last for the comment.
func (g *gen) tagWords(x0, x1, last Vec, lastName string) (Vec, Vec) {
	g.tagStep("words32", "words", false, func(_ R, two bool) {
		switch {
		case !two:
			g.note("tag_len_bits == 128: tag = x0 ^ x1")
			g.xor(x0, x0, x1)
		case last != nil:
			g.note("tag_len_bits == 256: tag = x0 || (x1 ^ " + lastName + ")")
			g.xor(x1, x1, last)
		default:
			g.note("tag_len_bits == 256: tag = x0 || x1")
		}
	})
	if last != nil {
		g.free(last)
	}
	return x0, x1
}

// AEGIS-256 and AEGIS-256X.

type state256 [6]Vec

// upd256 is Update(M) with the inputs of the rounds that make S0 and S4
// (the old S5 and S3) given apart, as UPDATE256 in aegis256_body.h:
// Init's S3 ^ ctx and S5 ^ ctx where they are not s[3] and s[5]. in names
// msg for the comment.
func (g *gen) upd256(s *state256, in string, msg, d3, d5 Vec) {
	if g.rotating(s[:]) {
		if !same(d3, s[3]) || !same(d5, s[5]) {
			panic(fmt.Sprintf("%s: the rotating form takes ctx with xorWord", g.fn))
		}
		g.noteRot256(in)
		g.rotUpdate(s[:], []Vec{msg, nil, nil, nil, nil, nil})
		return
	}
	how := "S'0 as AESRound(S5, M) ^ S0"
	if !same(d5, s[5]) {
		how = "S'0 as AESRound(S5 ^ ctx, M) ^ S0, S'4 as AESRound(S3 ^ ctx, S4)"
	}
	g.noteUpdate256(in, how)
	t0 := d5 // where d5 is the caller's temporary (see upd128)
	if same(d5, s[5]) {
		t0 = g.vec()
		defer g.free(t0)
	}
	g.aes(t0, d5, msg)
	g.aes(s[5], s[4], s[5])
	g.aes(s[4], d3, s[4])
	g.aes(s[3], s[2], s[3])
	g.aes(s[2], s[1], s[2])
	g.aes(s[1], s[0], s[1])
	g.xor(s[0], s[0], t0)
}

// upd256Late is UPDATE256_LATE: Update for a message computed from the
// state.
func (g *gen) upd256Late(s *state256, in string, msg, zero Vec) {
	if g.rotating(s[:]) {
		g.noteRot256(in)
		g.rotUpdate(s[:], []Vec{msg, nil, nil, nil, nil, nil})
		return
	}
	g.noteUpdate256(in, "S'0 as AESRound(S5, 0) ^ S0 ^ M")
	t0 := g.vec()
	g.aes(t0, s[5], zero)
	g.aes(s[5], s[4], s[5])
	g.aes(s[4], s[3], s[4])
	g.aes(s[3], s[2], s[3])
	g.aes(s[2], s[1], s[2])
	g.aes(s[1], s[0], s[1])
	g.xor3(s[0], s[0], msg, t0)
	g.free(t0)
}

func (g *gen) init256() *state256 {
	var s state256
	for i := range s {
		s[i] = g.vec()
	}
	g.track(s[:])
	kp, np := g.arg("k"), g.arg("n")
	k0, k1, k0n0, k1n1 := g.vec(), g.vec(), g.vec(), g.vec()
	if g.d == 1 {
		g.note("Init(key, nonce): k0, k1 = Split(key, 128), n0, n1 = Split(nonce, 128)")
	} else {
		g.note("Init(key, nonce): k0, k1 = Split(key, 128), n0, n1 = Split(nonce, 128), each in every lane")
	}
	g.bcast(k0, At(kp, 0))
	g.bcast(k1, At(kp, 16))
	g.bcast(k0n0, At(np, 0))
	g.bcast(k1n1, At(np, 16))
	g.freeGP(kp, np)
	g.note("k0 ^ n0, k1 ^ n1")
	g.xor(k0n0, k0n0, k0)
	g.xor(k1n1, k1n1, k1)
	g.note("S0 = k0 ^ n0")
	g.mov(s[0], k0n0)
	g.note("S1 = k1 ^ n1")
	g.mov(s[1], k1n1)
	g.note("S2 = C1")
	g.bcastConst(s[2], "c1")
	g.note("S3 = C0")
	g.bcastConst(s[3], "c0")
	g.note("S4 = k0 ^ C0")
	g.xor(s[4], k0, s[3])
	g.note("S5 = k1 ^ C1")
	g.xor(s[5], k1, s[2])
	switch {
	case g.d == 1:
		g.note("Repeat(4, Update(k0), Update(k1), Update(k0 ^ n0), Update(k1 ^ n1))")
		g.countedUpdates(4, 4, "init", func() {
			g.upd256(&s, "k0", k0, s[3], s[5])
			g.upd256(&s, "k1", k1, s[3], s[5])
			g.upd256(&s, "k0 ^ n0", k0n0, s[3], s[5])
			g.upd256(&s, "k1 ^ n1", k1n1, s[3], s[5])
		})
	case g.rs != nil:
		ctx := g.vec()
		g.noteCtx()
		g.ctx(ctx)
		g.note("Repeat(4, for M in k0_v, k1_v, k0n0_v, k1n1_v: S3 = S3 ^ ctx, S5 = S5 ^ ctx, Update(M))")
		withCtx := func(in string, msg Vec) {
			g.note("S3 ^ ctx, S5 ^ ctx")
			g.xorWord(s[:], 3, ctx)
			g.xorWord(s[:], 5, ctx)
			g.upd256(&s, in, msg, s[3], s[5])
		}
		g.countedUpdates(4, 4, "init", func() {
			withCtx("k0_v", k0)
			withCtx("k1_v", k1)
			withCtx("k0n0_v", k0n0)
			withCtx("k1n1_v", k1n1)
		})
		g.free(ctx)
	default:
		// ctx into S3 and S5 before every update, carried in pairs as in
		// FN(init256) (see init128).
		ctx := g.vec()
		g.noteCtx()
		g.ctx(ctx)
		g.note(
			"Repeat(4, for M in k0_v, k1_v, k0n0_v, k1n1_v: S3 = S3 ^ ctx, S5 = S5 ^ ctx, Update(M)), in pairs:",
			"the first of a pair takes S3 ^ ctx and S5 ^ ctx only where the rounds of S'4 and S'0 read S3 and S5,",
			"which leaves S'3 and S'5 short of the ctx that the second would xor in again: the second takes S3 and S5",
		)
		withCtx := func(in string, msg Vec) {
			d3, d5 := g.vec(), g.vec()
			g.note("S3 ^ ctx, S5 ^ ctx")
			g.xor(d3, s[3], ctx)
			g.xor(d5, s[5], ctx)
			g.upd256(&s, in, msg, d3, d5)
			g.free(d3, d5)
		}
		g.countedUpdates(4, 4, "init", func() {
			withCtx("k0_v", k0)
			g.upd256(&s, "k1_v", k1, s[3], s[5])
			withCtx("k0n0_v", k0n0)
			g.upd256(&s, "k1n1_v", k1n1, s[3], s[5])
		})
		g.free(ctx)
	}
	g.free(k0, k1, k0n0, k1n1)
	return &s
}

func (g *gen) absorb256(s *state256, t *tail) {
	if g.rs != nil && g.pairs() {
		// Two blocks loaded at once (LDP), as pairs256 pairs Enc's.
		g.pairStep = func(in, _ R, at int) {
			a0, a1 := g.vec(), g.vec()
			g.note("Absorb(ai), Absorb(ai+1): both blocks loaded at once")
			g.load(a0, g.data(in, at))
			g.load(a1, g.data(in, at+g.rate()))
			g.upd256(s, "ai", a0, s[3], s[5])
			g.upd256(s, "ai+1", a1, s[3], s[5])
			g.free(a0, a1)
		}
	}
	g.blocks("ad", false, func(in, _ R, at int) { g.absorbBlock256(s, in, at) })
	g.skipZero(t.n, g.label("ad_tail"), func() {
		g.note("Absorb(ai) of the last ai, ad's partial block, zero-padded")
		g.tails.begin(t)
		a := g.vec()
		g.tails.load(a, t, 0)
		g.upd256(s, "ai", a, s[3], s[5])
		g.free(a)
	})
}

// absorbBlock256 is Absorb of the block at off bytes into the data at in.
func (g *gen) absorbBlock256(s *state256, in R, at int) {
	a := g.vec()
	g.note("Absorb(ai)")
	g.load(a, g.data(in, at))
	g.upd256(s, "ai", a, s[3], s[5])
	g.free(a)
}

// enc256 is Enc of a block: C = M ^ S1 ^ S4 ^ S5 ^ (S2 & S3).
func (g *gen) enc256(s *state256, load loadFunc, store storeFunc) {
	g.note("Enc(xi)")
	x := g.stepIn(load)
	c := g.vec()
	g.need(s[1], s[4], s[2], s[3], s[5])
	g.note("z = S1 ^ S4 ^ S5 ^ (S2 & S3), ci = xi ^ z")
	if !g.xorZ256(c, x, s) {
		g.xor3(c, x, s[1], s[4])
		g.xorAnd(c, c, s[2], s[3])
		g.xor(c, c, s[5])
	}
	g.stepOut(store, c)
	g.upd256(s, "xi", x, s[3], s[5])
	g.free(x)
}

// dec256 is Dec of a block, M = C ^ S1 ^ S4 ^ S5 ^ (S2 & S3). Through
// S0 ^ M (in upd256Late) each state word feeds back into itself (S1 -> M
// -> S0 -> S1, S2 -> M -> S0 -> S1 -> S2, and so on), so how deep each
// word sits in M sets the pace of those loops:
//   - with one-instruction Xor3 and XorAnd (Ternary), M is (C ^ S1 ^ S4)
//     ^ (S5 ^ (S2 & S3)), every word two deep. The chain below, with S2
//     and S3 three deep, made AEGIS-256's Open 3-6% slower per byte at 1
//     and 4 KiB on avx512; computing S0 ^ M apart from M, everything two
//     deep with one instruction more, made it 6-7% slower;
//   - otherwise ((C ^ S4 ^ S5) ^ (S2 & S3)) ^ S1, with S1, in the shortest
//     loop, xored last. The two-halves form made Open 7-10% slower on
//     aesni and avx2.
func (g *gen) dec256(s *state256, zero Vec, load loadFunc, store storeFunc, keep keepFunc) {
	in := "xi"
	if keep == nil {
		g.note("Dec(ci)")
	} else {
		g.note("DecPartial(cn): t = ZeroPad(cn, R)")
	}
	x := g.stepIn(load)
	g.need(s[1], s[4], s[5], s[2], s[3])
	c, z := "ci", "xi = ci ^ z"
	if keep != nil {
		c, z = "t", "out = t ^ z"
	}
	if _, ok := g.m.(Ander); ok && g.m.Ternary() {
		g.note("z = S1 ^ S4 ^ S5 ^ (S2 & S3), " + z + ", as (" + c + " ^ S1 ^ S4) ^ S5 ^ (S2 & S3)")
		g.xorZ256(x, x, s)
	} else if g.m.Ternary() {
		g.note("z = S1 ^ S4 ^ S5 ^ (S2 & S3), " + z + ", as (" + c + " ^ S1 ^ S4) ^ (S5 ^ (S2 & S3))")
		p := g.vec()
		g.xor3(x, x, s[1], s[4])
		g.xorAnd(p, s[5], s[2], s[3])
		g.xor(x, x, p)
		g.free(p)
	} else {
		g.note("z = S1 ^ S4 ^ S5 ^ (S2 & S3), " + z + ", as ((" + c + " ^ S4 ^ S5) ^ (S2 & S3)) ^ S1")
		g.xor3(x, x, s[4], s[5])
		g.xorAnd(x, x, s[2], s[3])
		g.xor(x, x, s[1])
	}
	if keep != nil {
		in = "v"
		g.note("xn = Truncate(out, |cn|), v = ZeroPad(xn, R)")
		keep(x, 0)
		g.note("msg = msg || xn")
	} else {
		g.note("msg = msg || xi")
	}
	held := g.hold != nil
	if held {
		*g.hold = x // stored and freed by pairs256, after the update
	} else {
		store(0, x)
	}
	g.upd256Late(s, in, x, zero)
	if !held {
		g.free(x)
	}
}

// xorZ256 is dst = x ^ S1 ^ S4 ^ S5 ^ (S2 & S3), the 256 family's
// keystream with the input xored in, in three instructions (an and, then
// two three-way xors) where the machine is an Ander with a
// one-instruction Xor3; elsewhere it writes nothing and returns false,
// and the caller writes its own form. dst may be x.
func (g *gen) xorZ256(dst, x Vec, s *state256) bool {
	a, ok := g.m.(Ander)
	if !ok || !g.m.Ternary() {
		return false
	}
	t := g.vec()
	for j := range dst {
		a.And(t[j], s[2][j], s[3][j])
		g.m.Xor3(dst[j], x[j], s[1][j], s[4][j])
		g.m.Xor3(dst[j], dst[j], s[5][j], t[j])
	}
	g.free(t)
	return true
}

func (g *gen) crypt256(s *state256, t *tail) {
	g.crypt(t,
		func(l loadFunc, st storeFunc) { g.enc256(s, l, st) },
		func(zero Vec, l loadFunc, st storeFunc, k keepFunc) { g.dec256(s, zero, l, st, k) })
}

// final256 is Finalize: the lengths block xored into S3, seven updates,
// then the tag words: the 16-byte tag is S0^...^S5, the 32-byte one
// S0^S1^S2 || S3^S4^S5.
func (g *gen) final256(s *state256) (w0, w1 Vec) {
	g.finalRounds(func(t Vec) {
		g.note("t = S3 ^ (LE64(ad_len_bits) || LE64(msg_len_bits))")
		g.need(s[3])
		g.xor(t, t, s[3])
		g.note("Repeat(7, Update(t))")
		g.counted(7, "final", func() { g.upd256(s, "t", t, s[3], s[5]) })
	})
	g.dissolve(s[:])
	g.note(
		"tag = S0 ^ S1 ^ S2 ^ S3 ^ S4 ^ S5 if tag_len_bits == 128, else (S0 ^ S1 ^ S2) || (S3 ^ S4 ^ S5):",
		"both from x0 = S0 ^ S1 ^ S2 and x1 = S3 ^ S4 ^ S5",
	)
	g.xor3(s[0], s[0], s[1], s[2])
	g.xor3(s[3], s[3], s[4], s[5])
	g.free(s[1], s[2], s[4], s[5])
	return g.tagWords(s[0], s[3], nil, "")
}
