// SPDX-License-Identifier: MIT

package main

import "fmt"

// The rotating form of the state, for machines whose AES instruction
// xors its two operands before SubBytes and overwrites one of them
// (ARMv8's AESE, then AESMC for MixColumns: a Rotator).
//
// There, AESRound(x, k) = AESMC(AESE(x, 0)) ^ k, and an Update written as
// the spec writes it copies every state word once, since AESE destroys
// the word that the round of the next word still needs. The rotating
// form needs no copy. Each word is kept as two registers, S_i = P_i ^ K_i,
// where P_i is the AESMC output of the last update and K_i its round key,
// not yet xored in. Since AESE xors its operands itself,
//
//	S'_i+1 = AESRound(S_i, S_i+1) = P'_i+1 ^ K'_i+1, with
//	P'_i+1 = AESMC(AESE(P_i, K_i)) = MixColumns(ShiftRows(SubBytes(S_i)))
//	K'_i+1 = S_i+1 (^ the message word, for S'0 and S'4 of AEGIS-128L, S'0 of AEGIS-256)
//
// so an update is, per word, one EOR that computes S_i = P_i ^ K_i into a
// free register (the new K'_i, which Enc and Dec also read), then AESE
// and AESMC in place on the pair. The EOR is off the chain of AES rounds,
// which is AESE and AESMC alone.
//
// The registers rotate. A word's three registers: P and K, and Q, where
// its S is computed; after an update, P'_i+1 is the register of K_i, K'_i
// that of Q_i+1, and Q'_i that of P_i. Three updates bring every register
// back to its place, so the loops run three steps (or a multiple) per
// iteration, and a loop or a branch that joins other code leaves the
// state in its plain form, S_i in one register, the same one on every
// path ("home"). From the plain form, the first update copies each word
// for AESE (the copy is off the chain too); from then on, no copies.
//
// The descriptions see the state as their block vectors, as always: a
// word's Vec holds the register where its S is, or noV where it is not
// computed; need computes it. rotState is that bookkeeping, for the one
// state (of one lane group, one register per word) that a function holds
// at a time.

// Rotator is a machine with the rotating form of the state.
type Rotator interface {
	Machine
	// AESEMC sets dst to MixColumns(ShiftRows(SubBytes(dst ^ k))): AESE
	// and AESMC, in place.
	AESEMC(dst, k V)
	// AESEMCOf sets dst to MixColumns(ShiftRows(SubBytes(src))) and
	// keeps src (dst != src).
	AESEMCOf(dst, src V)
	// Scratch is a register that the machine keeps free between any two
	// of its operations.
	Scratch() V
}

// noV is a word's register where its S is not computed.
const noV V = -1

type rotState struct {
	g    *gen
	m    Rotator
	s    []Vec // the words, as the descriptions hold them: s[i][0]
	home []V   // the plain form's registers
	// The rotating form: S_i = p[i] ^ k[i]; computed (mat[i]) in
	// q[(i+1) % n]. extras are the registers it takes beside the homes.
	split   bool
	p, k, q []V
	mat     []bool
	extras  []V
	updates int // since the state was tracked: the rotation's phase
}

// rotSnap is a rotState's form at one point of the code, to return to on
// another path from there.
type rotSnap struct {
	split       bool
	p, k, q, sv []V
	mat         []bool
	extras      []V
	updates     int
	none        bool // no state tracked
}

// track starts the bookkeeping of a state held in s, in its plain form,
// on a Rotator machine; elsewhere it does nothing.
func (g *gen) track(s []Vec) {
	if g.rot == nil {
		return
	}
	if g.rs != nil {
		if &g.rs.s[0][0] == &s[0][0] {
			return
		}
		panic(fmt.Sprintf("%s: a second state tracked", g.fn))
	}
	rs := &rotState{g: g, m: g.rot, s: s, mat: make([]bool, len(s))}
	for _, v := range s {
		if len(v) != 1 {
			panic(fmt.Sprintf("%s: the rotating form takes one register per word", g.fn))
		}
		rs.home = append(rs.home, v[0])
	}
	g.rs = rs
}

// rotating reports whether s is the state tracked in its rotating form.
func (g *gen) rotating(s []Vec) bool {
	return g.rs != nil && &g.rs.s[0][0] == &s[0][0]
}

// word returns the index of v among the tracked state's words, or -1.
func (rs *rotState) word(v Vec) int {
	for i, w := range rs.s {
		if &w[0] == &v[0] {
			return i
		}
	}
	return -1
}

// need computes the words vs of the tracked state where they are not:
// the descriptions call it before they read them. Elsewhere it does
// nothing.
func (g *gen) need(vs ...Vec) {
	if g.rs == nil {
		return
	}
	for _, v := range vs {
		if i := g.rs.word(v); i >= 0 {
			g.rs.materialize(i)
		}
	}
}

// materialize computes S_i into q[(i+1) % n], where the next update wants
// its K'_i, and returns the register.
func (rs *rotState) materialize(i int) V {
	if !rs.split || rs.mat[i] {
		return rs.s[i][0]
	}
	d := rs.q[(i+1)%len(rs.s)]
	rs.m.Xor(d, rs.p[i], rs.k[i])
	rs.mat[i] = true
	rs.s[i][0] = d
	return d
}

// xorWord is S_i = S_i ^ x (Init's context words) on the tracked state.
func (g *gen) xorWord(s []Vec, i int, x Vec) {
	rs := g.rs
	if !g.rotating(s) || !rs.split {
		g.xor(s[i], s[i], x)
		return
	}
	if rs.mat[i] {
		rs.m.Xor(rs.s[i][0], rs.s[i][0], x[0])
	}
	rs.m.Xor(rs.k[i], rs.k[i], x[0])
}

// rotUpdate is Update on the tracked state s, with the message word
// inj[i] xored into S'_i where it is not nil.
func (g *gen) rotUpdate(s []Vec, inj []Vec) {
	rs := g.rs
	if !g.rotating(s) {
		panic(fmt.Sprintf("%s: an update of a state not tracked", g.fn))
	}
	n := len(s)
	m := rs.m
	p, k, q := make([]V, n), make([]V, n), make([]V, n)
	if !rs.split {
		// From the plain form: P'_i+1 = AESRound(S_i, 0) into a new
		// register, K'_i = S_i where it is, the message xored in once
		// the round has read S_i.
		rs.extras = rs.extras[:0]
		for range 2 * n {
			rs.extras = append(rs.extras, g.one())
		}
		for i := n - 1; i >= 0; i-- {
			t := rs.extras[i]
			m.AESEMCOf(t, rs.home[i])
			p[(i+1)%n] = t
			k[i] = rs.home[i]
		}
		for i := range n {
			if inj[i] != nil {
				m.Xor(rs.home[i], rs.home[i], inj[i][0])
			}
		}
		copy(q, rs.extras[n:])
		rs.split = true
	} else {
		for i := n - 1; i >= 0; i-- {
			var d V
			if inj[i] != nil && !rs.mat[i] && m.Ternary() {
				// S_i ^ M = P_i ^ K_i ^ M in one instruction (EOR3),
				// where S_i itself is not computed: the message
				// words of AEGIS-128L go into S0 and S4, which its
				// keystream does not read.
				d = rs.q[(i+1)%n]
				m.Xor3(d, rs.p[i], rs.k[i], inj[i][0])
			} else {
				d = rs.materialize(i)
				if inj[i] != nil {
					m.Xor(d, d, inj[i][0])
				}
			}
			m.AESEMC(rs.k[i], rs.p[i])
			p[(i+1)%n], k[i], q[i] = rs.k[i], d, rs.p[i]
		}
	}
	rs.p, rs.k, rs.q = p, k, q
	for i := range n {
		rs.mat[i] = false
		s[i][0] = noV
	}
	rs.updates++
}

// anyMat reports whether a word's S is computed.
func (rs *rotState) anyMat() bool {
	for _, m := range rs.mat {
		if m {
			return true
		}
	}
	return false
}

func (rs *rotState) snap() rotSnap {
	sv := make([]V, len(rs.s))
	for i, v := range rs.s {
		sv[i] = v[0]
	}
	return rotSnap{
		split: rs.split, p: append([]V(nil), rs.p...), k: append([]V(nil), rs.k...), q: append([]V(nil), rs.q...),
		sv: sv, mat: append([]bool(nil), rs.mat...), extras: append([]V(nil), rs.extras...), updates: rs.updates,
	}
}

// restore returns the bookkeeping to a snapshot, from the plain form
// (another path settled the state): the rotating form's extras are taken
// again.
func (rs *rotState) restore(sn rotSnap) {
	if rs.split {
		panic(fmt.Sprintf("%s: restore over a rotating state", rs.g.fn))
	}
	if sn.split {
		for _, r := range sn.extras {
			if rs.g.vused[r] {
				panic(fmt.Sprintf("%s: V%d is taken where the state's rotating form needs it", rs.g.fn, r))
			}
			rs.g.vused[r] = true
		}
	}
	rs.split = sn.split
	rs.p, rs.k, rs.q = append([]V(nil), sn.p...), append([]V(nil), sn.k...), append([]V(nil), sn.q...)
	rs.mat = append([]bool(nil), sn.mat...)
	rs.extras = append(rs.extras[:0], sn.extras...)
	rs.updates = sn.updates
	for i, v := range rs.s {
		v[0] = sn.sv[i]
	}
}

// sameAs reports whether the state is where the snapshot had it: a loop's
// back edge must find it so.
func (rs *rotState) sameAs(sn rotSnap) bool {
	eq := func(a, b []V) bool {
		if len(a) != len(b) {
			return false
		}
		for i := range a {
			if a[i] != b[i] {
				return false
			}
		}
		return true
	}
	for i := range rs.mat {
		if rs.mat[i] != sn.mat[i] {
			return false
		}
	}
	return rs.split == sn.split && eq(rs.p, sn.p) && eq(rs.k, sn.k) && eq(rs.q, sn.q)
}

// settle brings the state to its plain form, each S_i in its home: the
// form in which paths join. Where a home is still another word's
// operand, that word goes first; where the words wait on each other in
// a cycle, one operand moves aside, to a register of the rotating form
// that nothing reads (or the machine's scratch).
func (rs *rotState) settle() {
	if !rs.split {
		return
	}
	n := len(rs.s)
	m := rs.m
	src := make([][]V, n)
	for i := range n {
		if rs.mat[i] {
			src[i] = []V{rs.s[i][0]}
		} else {
			src[i] = []V{rs.p[i], rs.k[i]}
		}
	}
	pending := make([]bool, n)
	left := n
	for i := range pending {
		pending[i] = true
	}
	reads := func(r V, except int) bool {
		for j := range n {
			if pending[j] && j != except {
				for _, x := range src[j] {
					if x == r {
						return true
					}
				}
			}
		}
		return false
	}
	for left > 0 {
		progress := false
		for i := n - 1; i >= 0; i-- {
			if !pending[i] || reads(rs.home[i], i) {
				continue
			}
			h := rs.home[i]
			if len(src[i]) == 1 {
				m.Mov(h, src[i][0])
			} else {
				m.Xor(h, src[i][0], src[i][1])
			}
			pending[i] = false
			left--
			progress = true
		}
		if progress {
			continue
		}
		// A cycle: the home of the first word left is another's operand.
		var i int
		for i = range n {
			if pending[i] {
				break
			}
		}
		h := rs.home[i]
		t := rs.m.Scratch()
		isHome := func(r V) bool {
			for j := range n {
				if pending[j] && rs.home[j] == r {
					return true
				}
			}
			return false
		}
		for _, r := range append(append([]V(nil), rs.home...), rs.extras...) {
			if !isHome(r) && !reads(r, -1) && r != h {
				t = r
				break
			}
		}
		m.Mov(t, h)
		for j := range n {
			for x := range src[j] {
				if src[j][x] == h {
					src[j][x] = t
				}
			}
		}
	}
	homes := map[V]bool{}
	for i := range n {
		homes[rs.home[i]] = true
		rs.s[i][0] = rs.home[i]
		rs.mat[i] = false
	}
	for _, r := range rs.extras {
		if homes[r] {
			panic(fmt.Sprintf("%s: V%d is both a home and an extra", rs.g.fn, r))
		}
		rs.g.vused[r] = false
	}
	rs.extras = rs.extras[:0]
	rs.split = false
	rs.p, rs.k, rs.q = nil, nil, nil
}

// dissolve ends the bookkeeping where the state is about to be read whole
// and dropped (the tag, the state stored): every S_i is computed where
// it is cheapest, its Vec keeps that register, and the state's other
// registers are freed.
func (g *gen) dissolve(s []Vec) {
	rs := g.rs
	if !g.rotating(s) {
		return
	}
	if rs.split {
		keep := map[V]bool{}
		for i := range s {
			keep[rs.materialize(i)] = true
		}
		for _, r := range append(append([]V(nil), rs.home...), rs.extras...) {
			if !keep[r] {
				g.vused[r] = false
			}
		}
	}
	g.rs = nil
}

// forgetOnFree drops the bookkeeping of a state whose registers are
// freed; the state must be plain by then.
func (g *gen) forgetOnFree(v Vec) {
	if g.rs == nil || g.rs.word(v) < 0 {
		return
	}
	if g.rs.split {
		panic(fmt.Sprintf("%s: a rotating state freed", g.fn))
	}
	g.rs = nil
}

// snapshot and settle of the tracked state, where there is one: for the
// joins of branches.
func (g *gen) rotSnapshot() rotSnap {
	if g.rs == nil {
		return rotSnap{none: true}
	}
	return g.rs.snap()
}

func (g *gen) rotSettle() {
	if g.rs != nil {
		g.rs.settle()
	}
}

// skipZero emits body behind a branch that skips it where r is zero, at
// the label skip. With a tracked state, both ways out of the branch leave
// it settled; where it was rotating before, the way that skips body
// settles it on its own, after a jump around.
func (g *gen) skipZero(r R, skip string, body func()) {
	m := g.m
	before := g.rotSnapshot()
	m.JmpZero(r, skip)
	body()
	if before.none || !before.split {
		g.rotSettle()
		m.Label(skip)
		return
	}
	join := g.label("joined")
	g.rs.settle()
	m.Jmp(join)
	m.Label(skip)
	g.rs.restore(before)
	g.rs.settle()
	m.Label(join)
}

// countedRot is counted for a tracked state: body (of updates updates)
// count times. From the plain form, or with a word computed, the first
// runs alone; then the loop
// runs as many bodies per iteration as bring the registers back to
// their places (three updates, or a multiple), and the rest follow it.
func (g *gen) countedRot(count, updates int, what string, body func()) {
	rs := g.rs
	if (!rs.split || rs.anyMat()) && count > 0 {
		// The loop's top must be where its back edge is: rotating, no
		// word computed.
		body()
		count--
	}
	per := 3
	if updates%3 == 0 {
		per = 1
	}
	iters, rest := count/per, count%per
	switch {
	case iters == 1:
		for range per {
			body()
		}
	case iters > 1:
		c := g.gp()
		l := g.label(what)
		top := rs.snap()
		g.m.MovImm(c, iters)
		g.m.Label(l)
		for range per {
			body()
		}
		if !rs.sameAs(top) {
			panic(fmt.Sprintf("%s: %s: the loop's state does not come back to its registers", g.fn, what))
		}
		g.m.DecJmpNotZero(c, l)
		g.freeGP(c)
	}
	for range rest {
		body()
	}
}

// blocksRotPairs is blocksRot with the blocks in pairs (pair, at at and
// at + rate): the first block alone, then six (three pairs: six updates,
// the registers' period twice) per iteration, then what is left, up to
// five: a pair, a pair, one, each way out settling the state.
func (g *gen) blocksRotPairs(in, n, o R, unit int, step, pair func(in, out R, at int)) {
	m := g.m
	rs := g.rs
	r := g.rate()
	advance := func(blocks int) {
		m.AddImm(in, blocks*r)
		if o != NoReg {
			m.AddImm(o, blocks*r)
		}
		m.AddImm(n, -blocks*unit)
	}
	skip, six, rest, done := g.label("no_blocks"), g.label("six"), g.label("rest"), g.label("blocks_done")
	lt2, lt4, two, four, zero := g.label("under_two"), g.label("under_four"), g.label("two_left"), g.label("four_left"), g.label("none_left")
	out := func() {
		rs.settle()
		m.Jmp(done)
	}
	entry := rs.snap()
	m.JmpBelow(n, unit, skip)
	step(in, o, 0)
	advance(1)
	top := rs.snap()
	m.JmpBelow(n, 6*unit, rest)
	m.Label(six)
	pair(in, o, 0)
	pair(in, o, 2*r)
	pair(in, o, 4*r)
	if !rs.sameAs(top) {
		panic(fmt.Sprintf("%s: the pairs' loop state does not come back to its registers", g.fn))
	}
	advance(6)
	m.JmpNotBelow(n, 6*unit, six)
	m.Label(rest)
	m.JmpBelow(n, 2*unit, lt2)
	pair(in, o, 0)
	after2 := rs.snap()
	m.JmpBelow(n, 4*unit, lt4)
	pair(in, o, 2*r)
	after4 := rs.snap()
	m.JmpBelow(n, 5*unit, four)
	step(in, o, 4*r)
	out()
	m.Label(four)
	rs.restore(after4)
	out()
	m.Label(lt4)
	rs.restore(after2)
	m.JmpBelow(n, 3*unit, two)
	step(in, o, 2*r)
	out()
	m.Label(two)
	rs.restore(after2)
	out()
	m.Label(lt2)
	rs.restore(top)
	m.JmpBelow(n, unit, zero)
	step(in, o, 0)
	out()
	m.Label(zero)
	rs.restore(top)
	out()
	m.Label(skip)
	rs.restore(entry)
	rs.settle()
	m.Label(done)
}

// blocksRot is blocksOf for a tracked state: n counts units, the input
// at in (and output at o, or NoReg) moves on by rate bytes a block. The
// first block goes alone, then three at a time (the registers' period),
// then the last one or two; each way out settles the state.
func (g *gen) blocksRot(in, n, o R, unit int, step func(in, out R, at int)) {
	m := g.m
	rs := g.rs
	r := g.rate()
	advance := func(blocks int) {
		m.AddImm(in, blocks*r)
		if o != NoReg {
			m.AddImm(o, blocks*r)
		}
		m.AddImm(n, -blocks*unit)
	}
	skip, three, rest := g.label("no_blocks"), g.label("three"), g.label("rest")
	oneLeft, noneLeft, done := g.label("one_left"), g.label("none_left"), g.label("blocks_done")
	entry := rs.snap()
	m.JmpBelow(n, unit, skip)
	step(in, o, 0)
	advance(1)
	top := rs.snap()
	m.JmpBelow(n, 3*unit, rest)
	m.Label(three)
	step(in, o, 0)
	step(in, o, r)
	step(in, o, 2*r)
	if !rs.sameAs(top) {
		panic(fmt.Sprintf("%s: the blocks' loop state does not come back to its registers", g.fn))
	}
	advance(3)
	m.JmpNotBelow(n, 3*unit, three)
	m.Label(rest)
	m.JmpBelow(n, unit, noneLeft)
	step(in, o, 0)
	after1 := rs.snap()
	m.JmpBelow(n, 2*unit, oneLeft)
	step(in, o, r)
	rs.settle()
	m.Jmp(done)
	m.Label(oneLeft)
	rs.restore(after1)
	rs.settle()
	m.Jmp(done)
	m.Label(noneLeft)
	rs.restore(top)
	rs.settle()
	m.Jmp(done)
	m.Label(skip)
	rs.restore(entry)
	rs.settle()
	m.Label(done)
}
