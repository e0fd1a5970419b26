// SPDX-License-Identifier: MIT

package main

import (
	"bytes"
	"fmt"
	"go/format"
	"log"
	"os"
	"strings"
)

// The fused loops (fused_gen.go in package soft): for AEGIS-128L and
// AEGIS-256, crypt (absorb, encrypt or decrypt 64-byte chunks, a mode
// argument choosing) and the chains of updates of Init and Finalize, each
// one function with no call inside, for the targets where a call costs
// more than the work around it (js/wasm: Go passes arguments and the
// return address through linear memory and checks for unwinding after
// every call, so the generic loops, about twenty calls per 64 bytes,
// spent two thirds of their time outside the rounds).
//
// Everything the generic code leaves to small functions is written out
// here: the rounds (the circuit, with shiftRows and the lane moves as
// statements: a function this long gets only the inliner's smallest
// budget), the loads and stores as byte expressions that the compiler
// combines into single 64-bit loads and stores, pack and unpack, and the
// keystream. Each round is a block of its own, so its temporaries end
// with it. A pass runs two updates, from the state's groups into the
// spare ones (g[2], g[3]) and back, so that no group is copied; its
// second update is skipped, and the first's result copied back, where
// the count is odd. Two updates, not more, per pass: a body of four
// updates (eight rounds, AEGIS-256's 64-byte chunk) outgrew the CPU's
// cache of decoded instructions and ran at 60% of the speed per round.
// Nor fewer: one update per pass needs group 0's old value kept, and an
// array copy is a memory.copy (a call, in V8), while eight scalars held
// across a round spill (both measured slower).

// fusedGen writes Go source into b.
type fusedGen struct{ b *bytes.Buffer }

func (f fusedGen) p(format string, args ...any) { fmt.Fprintf(f.b, format+"\n", args...) }

// expandCircuit returns the circuit's statements with the calls of shiftRows
// written out.
func expandCircuit() []string {
	var out []string
	for _, line := range strings.Split(strings.TrimSpace(circuit), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "//") {
			continue
		}
		if d := defLine.FindStringSubmatch(line); d != nil && strings.HasPrefix(d[2], "shiftRows(") {
			x := strings.TrimSuffix(strings.TrimPrefix(d[2], "shiftRows("), ")")
			n := d[1]
			out = append(out,
				fmt.Sprintf("%[1]sa := %[2]s&0x0000ffff0000ffff | %[2]s>>4&0x0fff00000fff0000 | %[2]s<<12&0xf0000000f0000000", n, x),
				fmt.Sprintf("%[1]st := (%[1]sa ^ %[1]sa>>8) & 0x00ff00ff00000000", n),
				fmt.Sprintf("%[1]s := %[1]sa ^ %[1]st ^ %[1]st<<8", n))
			continue
		}
		out = append(out, line)
	}
	return out
}

// round writes one AES round as a block: in(i) is the expression of input
// plane i, out(j, v) the statement that stores output plane j of value v
// (the round's result before its key).
func (f fusedGen) round(comment string, in func(i int) string, out func(j int, v string) string) {
	f.p("{ // %s", comment)
	var ins []string
	for i := range 8 {
		ins = append(ins, in(i))
	}
	f.p("p0, p1, p2, p3, p4, p5, p6, p7 := %s", strings.Join(ins, ", "))
	outs := 0
	for _, line := range expandCircuit() {
		if m := outLine.FindStringSubmatch(line); m != nil {
			var j int
			fmt.Sscan(m[1], &j)
			f.p("%s", out(j, "("+m[2]+")"))
			outs |= 1 << j
			continue
		}
		f.p("%s", line)
	}
	if outs != 0xff {
		log.Fatalf("circuit assigns outputs %08b, want all eight", outs)
	}
	f.p("}")
}

// loadPack writes the eight words of four blocks of b (a *[64]byte), block k
// from offset off[k], into w0 to w7 (words 2k and 2k+1: block k), packed
// into the array dst.
func (f fusedGen) loadPack(dst, b string, off [4]int) {
	var words [8]string
	for k := range 4 {
		for h := range 2 {
			words[2*k+h] = leWord(b, off[k]+8*h)
		}
	}
	f.packWords(dst, words)
}

// leWord is the expression of the little-endian word at offset o of the
// byte array b, as bytes that the compiler combines into one load.
func leWord(b string, o int) string {
	var t []string
	for i := range 8 {
		t = append(t, fmt.Sprintf("uint64(%s[%d])<<%d", b, o+i, 8*i))
	}
	return strings.Join(t, " | ")
}

// packWords writes pack of the words w0 to w7 (expressions, "" for
// zero, which the compiler folds away) into the array dst.
func (f fusedGen) packWords(dst string, words [8]string) {
	f.p("{")
	for i, w := range words {
		if w == "" {
			w = "uint64(0)"
		}
		f.p("w%d := %s", i, w)
	}
	for _, s := range packSwaps {
		f.swap(s)
	}
	f.p("%[1]s[0], %[1]s[1], %[1]s[2], %[1]s[3], %[1]s[4], %[1]s[5], %[1]s[6], %[1]s[7] = w0, w2, w4, w6, w1, w3, w5, w7", dst)
	f.p("}")
}

// unpackStore writes the eight planes of the array src, unpacked, to b
// (a *[64]byte), block k at offset off[k].
func (f fusedGen) unpackStore(b, src string, off [4]int) {
	f.p("{")
	f.p("w0, w2, w4, w6, w1, w3, w5, w7 := %[1]s[0], %[1]s[1], %[1]s[2], %[1]s[3], %[1]s[4], %[1]s[5], %[1]s[6], %[1]s[7]", src)
	for i := len(packSwaps) - 1; i >= 0; i-- {
		f.swap(packSwaps[i])
	}
	for k := range 4 {
		for h := range 2 {
			o := off[k] + 8*h
			var l, r []string
			for i := range 8 {
				l = append(l, fmt.Sprintf("%s[%d]", b, o+i))
				if i == 0 {
					r = append(r, fmt.Sprintf("byte(w%d)", 2*k+h))
				} else {
					r = append(r, fmt.Sprintf("byte(w%d>>%d)", 2*k+h, 8*i))
				}
			}
			f.p("%s = %s", strings.Join(l, ", "), strings.Join(r, ", "))
		}
	}
	f.p("}")
}

// swap writes swapMove(lo, hi, m, s) in place.
func (f fusedGen) swap(s swapStep) {
	f.p("{ t := (w%[1]d>>%[3]d ^ w%[2]d) & %#016[4]x; w%[1]d ^= t << %[3]d; w%[2]d ^= t }", s.lo, s.hi, s.s, s.m)
}

type swapStep struct {
	lo, hi int
	m      uint64
	s      int
}

// packSwaps is pack's sequence (bitslice.go), which unpack runs backwards.
var packSwaps = func() []swapStep {
	var out []swapStep
	add := func(pairs [][2]int, m uint64, s int) {
		for _, p := range pairs {
			out = append(out, swapStep{p[0], p[1], m, s})
		}
	}
	add([][2]int{{0, 2}, {1, 3}, {4, 6}, {5, 7}}, 0x5555555555555555, 1)
	add([][2]int{{0, 4}, {1, 5}, {2, 6}, {3, 7}}, 0x3333333333333333, 2)
	odd := [][2]int{{0, 1}, {2, 3}, {4, 5}, {6, 7}}
	add(odd, 0x00ff00ff00ff00ff, 8)
	add(odd, 0x0000ffff0000ffff, 16)
	add(odd, 0x00000000ffffffff, 32)
	add(odd, 0x0f0f0f0f0f0f0f0f, 4)
	return out
}()

// Lane moves, written out (bitslice.go's rotW, rot3W).
func rotWExpr(x string) string  { return fmt.Sprintf("(%[1]s<<1&lane123 | %[1]s>>3&lane0)", x) }
func rot3WExpr(x string) string { return fmt.Sprintf("(%[1]s<<1&lane12 | %[1]s>>2&lane0)", x) }

// The block order of AEGIS-128L's chunks (load2): the first rate block in
// lanes 0 and 2, the second in lanes 1 and 3; AEGIS-256's: block k in
// lane k.
var (
	order128 = [4]int{0, 32, 16, 48}
	order256 = [4]int{0, 16, 32, 48}
)

func writeFused(out string) {
	var b bytes.Buffer
	f := fusedGen{&b}
	b.WriteString(`// SPDX-License-Identifier: MIT

// Code generated by internal/gen/softround from its circuit.txt; DO NOT EDIT.

package soft

import "math/bits"

// The fused loops of AEGIS-128L and AEGIS-256 (see fused.go and the
// generator, internal/gen/softround/fused.go): round.go's circuit written
// out, one update (two rounds) per pass, group 0's old planes kept in
// old0 to old7.
`)
	for _, fam := range []struct {
		name, state, lanes, rot, order string
		blocks                         int
		ks                             func(x, y string) string
	}{
		{"128", "*[8]group", "lane02", "rotW", "128", 2, func(x, y string) string {
			return fmt.Sprintf("(%[2]s ^ (%[1]s>>3&lane0 | %[1]s<<1&lane2) ^ (%[1]s&%[2]s)>>1)", x, y)
		}},
		{"256", "*[6]group", "lane0", "rot3W", "256", 4, func(x, y string) string {
			return fmt.Sprintf("(%[2]s ^ (%[1]s^%[2]s)>>2 ^ (%[1]s&%[2]s)>>1)", x, y)
		}},
	} {
		rot := rotWExpr
		order := order128
		variant := "AEGIS-128L"
		if fam.name == "256" {
			rot, order, variant = rot3WExpr, order256, "AEGIS-256"
		}
		// The update of (g[0], g[1]) with message msg(j), the keystream
		// of the old state available to it as ks(j).
		// One update of the state (a, b) into (c, e) with the message
		// msg(j).
		update := func(a, b, c, e string, msg func(j int) string) {
			f.round(fmt.Sprintf("%s = AESRound(rot(%s), %s ^ M)", c, b, a),
				func(i int) string { return rot(fmt.Sprintf("%s[%d]", b, i)) },
				func(j int, v string) string { return fmt.Sprintf("%s[%d] = %s ^ %s[%d] ^ %s", c, j, v, a, j, msg(j)) })
			f.round(fmt.Sprintf("%s = AESRound(%s, %s)", e, a, b),
				func(i int) string { return fmt.Sprintf("%s[%d]", a, i) },
				func(j int, v string) string { return fmt.Sprintf("%s[%d] = %s ^ %s[%d]", e, j, v, b, j) })
		}
		// The pass of two updates, (g[0], g[1]) into (g[2], g[3]) and
		// back, the second only if more is true; else the first's result
		// is copied back. pre(a, b, sh) writes what comes before an
		// update of (a, b) with the message in lanes sh.
		pass := func(more string, pre func(a, b, sh string), msg func(sh string) func(j int) string) {
			pre("g[0]", "g[1]", "sh")
			update("g[0]", "g[1]", "g[2]", "g[3]", msg("sh"))
			f.p("if %s {", more)
			pre("g[2]", "g[3]", "sh1")
			update("g[2]", "g[3]", "g[0]", "g[1]", msg("sh1"))
			f.p("} else {")
			f.copyGroups()
			f.p("}")
		}
		f.p(`
// crypt%[1]s runs %[2]s's updates over the 64-byte chunks of src,
// len(src) &^ 63 bytes, nb rate blocks (at most %[3]d) of each: rate
// block t of a chunk is in the lanes %[4]s shifted by t of the packed
// chunk, and its output goes back there. mode absorb256 absorbs them;
// enc256 and dec256 encrypt and decrypt them to dst, which may be src
// exactly. Before each update, its message (w) and output (z) are
// computed from the chunk and the keystream of the state.`, fam.name, variant, fam.blocks, fam.lanes)
		f.p("func crypt%s(g %s, dst, src []byte, nb uint, mode mode256) {", fam.name, fam.state)
		f.p("dm := uint64(0) // the keystream's share of the message: the plaintext when decrypting")
		f.p("if mode == dec256 { dm = ^uint64(0) }")
		// One array for the three, zeroed by one memory.fill (see zero).
		f.p("var mwz [3][8]uint64")
		f.p("m, w, z := &mwz[0], &mwz[1], &mwz[2]")
		f.p("n := len(src) &^ 63")
		f.p("for off := 0; off < n; off += 64 {")
		f.p("in := (*[64]byte)(src[off : off+64])")
		f.loadPack("m", "in", order)
		f.zero("z")
		f.p("for blk := uint(0); blk < nb; blk += 2 {")
		f.p("sh, sh1 := blk&63, (blk+1)&63")
		pass("blk+1 < nb", func(a, b, sh string) {
			for j := range 8 {
				f.p("{ x, k := m[%[1]d]>>%[2]s, %[3]s; z[%[1]d] |= (x ^ k) & %[4]s << %[2]s; w[%[1]d] = (x ^ k&dm) & %[4]s }",
					j, sh, fam.ks(fmt.Sprintf("%s[%d]", a, j), fmt.Sprintf("%s[%d]", b, j)), fam.lanes)
			}
		}, func(string) func(int) string { return func(j int) string { return fmt.Sprintf("w[%d]", j) } })
		f.p("}")
		f.p("if mode != absorb256 {")
		f.p("out := (*[64]byte)(dst[off : off+64])")
		f.unpackStore("out", "z", order)
		f.p("}")
		f.p("}")
		f.zero("m")
		f.zero("w")
		f.zero("z")
		f.p("}")

		if fam.name == "128" {
			f.p("\n// update128N runs n AEGIS-128L updates of the state g with the message in\n// lanes 0 and 2 of w (Init's and Finalize's chains).")
			f.p("func update128N(g *[8]group, w *group, n int) {")
			f.p("for k := 0; k < n; k += 2 {")
			pass("k+1 < n", func(a, b, sh string) {}, func(string) func(int) string {
				return func(j int) string { return fmt.Sprintf("w[%d]&lane02", j) }
			})
		} else {
			f.p("\n// update256N runs n AEGIS-256 updates of the state g, update k with the\n// message in lane k mod 4 of w (Init's and Finalize's chains).")
			f.p("func update256N(g *[6]group, w *group, n int) {")
			f.p("for k := 0; k < n; k += 2 {")
			f.p("sh, sh1 := uint(k)&3, uint(k+1)&3")
			pass("k+1 < n", func(a, b, sh string) {}, func(sh string) func(int) string {
				return func(j int) string { return fmt.Sprintf("w[%d]>>%s&lane0", j, sh) }
			})
		}
		f.p("}")
		f.p("}")
	}

	f.short()

	src, err := format.Source(b.Bytes())
	if err != nil {
		os.WriteFile(out+".bad", b.Bytes(), 0o644)
		log.Fatal(err)
	}
	if err := os.WriteFile(out, src, 0o644); err != nil {
		log.Fatal(err)
	}
}

// short writes the conversions of Init's key and nonce, Finalize's
// lengths and the tag, each one function with the loads, the swaps and
// the stores in line: in js/wasm a 16-byte Seal spent a third of its
// time in the calls of loadBlock, pack, unpack and storeBlock around its
// chains of updates.
func (f fusedGen) short() {
	f.p(`
// loadPack4 sets w to the blocks b0 to b3 in lanes 0 to 3, packed
// (loadBlock of each, then pack).`)
	f.p("func loadPack4(w *group, b0, b1, b2, b3 *[16]byte) {")
	var words [8]string
	for k, b := range []string{"b0", "b1", "b2", "b3"} {
		words[2*k], words[2*k+1] = leWord(b, 0), leWord(b, 8)
	}
	f.packWords("w", words)
	f.p("}")
	f.p(`
// unpackStore4 writes the four blocks of w, unpacked, to b, block k at
// 16k (pack4's order).`)
	f.p("func unpackStore4(b *[64]byte, w *group) {")
	f.unpackStore("b", "w", [4]int{0, 16, 32, 48})
	f.p("}")
	f.p(`
// packLE sets w to the block LE64(x) || LE64(y) in lane 0, packed, the
// other lanes zero.`)
	f.p("func packLE(w *group, x, y uint64) {")
	f.packWords("w", [8]string{"x", "y"})
	f.p("}")
	for _, t := range []struct {
		name, fam string
		k         int
	}{{"unpackTag128", "AEGIS-128L", 2}, {"unpackTag256", "AEGIS-256", 1}} {
		f.p(`
// %s writes the tag of %s from a, packed: lane 0 to tag[:16]
// and, for a 32-byte tag, lane %d to tag[16:32].`, t.name, t.fam, t.k)
		f.p("func %s(tag []byte, a *group) {", t.name)
		f.unpackWords("a")
		f.storeBlockWords("lo", 0)
		f.p("if len(tag) == 32 {")
		f.storeBlockWords("hi", t.k)
		f.p("}")
		f.p("}")
	}
}

// unpackWords writes unpack of the array src into w0 to w7, left in scope.
func (f fusedGen) unpackWords(src string) {
	f.p("w0, w2, w4, w6, w1, w3, w5, w7 := %[1]s[0], %[1]s[1], %[1]s[2], %[1]s[3], %[1]s[4], %[1]s[5], %[1]s[6], %[1]s[7]", src)
	for i := len(packSwaps) - 1; i >= 0; i-- {
		f.swap(packSwaps[i])
	}
}

// storeBlockWords stores block k (words 2k and 2k+1) to the 16 bytes of
// tag named by part: lo (tag[:16]) or hi (tag[16:32]).
func (f fusedGen) storeBlockWords(part string, k int) {
	at := 0
	if part == "hi" {
		at = 16
	}
	f.p("{")
	f.p("t := (*[16]byte)(tag[%d:%d])", at, at+16)
	for h := range 2 {
		var l, r []string
		for i := range 8 {
			l = append(l, fmt.Sprintf("t[%d]", 8*h+i))
			if i == 0 {
				r = append(r, fmt.Sprintf("byte(w%d)", 2*k+h))
			} else {
				r = append(r, fmt.Sprintf("byte(w%d>>%d)", 2*k+h, 8*i))
			}
		}
		f.p("%s = %s", strings.Join(l, ", "), strings.Join(r, ", "))
	}
	f.p("}")
}

// zero writes the zeroing of the array a, element by element: an array
// assignment of more than 32 bytes is a memory.fill, and an array copy a
// memory.copy, which V8 runs as calls out of the compiled code.
func (f fusedGen) zero(a string) {
	f.p("%[1]s[0], %[1]s[1], %[1]s[2], %[1]s[3], %[1]s[4], %[1]s[5], %[1]s[6], %[1]s[7] = 0, 0, 0, 0, 0, 0, 0, 0", a)
}

// copyGroups writes g[0], g[1] = g[2], g[3], element by element (see
// zero).
func (f fusedGen) copyGroups() {
	for _, d := range []int{0, 1} {
		f.p("g[%[1]d][0], g[%[1]d][1], g[%[1]d][2], g[%[1]d][3] = g[%[2]d][0], g[%[2]d][1], g[%[2]d][2], g[%[2]d][3]", d, d+2)
		f.p("g[%[1]d][4], g[%[1]d][5], g[%[1]d][6], g[%[1]d][7] = g[%[2]d][4], g[%[2]d][5], g[%[2]d][6], g[%[2]d][7]", d, d+2)
	}
}
