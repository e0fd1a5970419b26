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

// The fused loops (fused.go in package soft): AEGIS-128L's and AEGIS-256's
// bulk loops, Init's and Finalize's chains of updates, each one function
// with no call inside, for the targets where a call costs more than the
// work around it (js/wasm: Go passes arguments and the return address
// through linear memory and checks for unwinding after every call, so
// the generic loops, about twenty calls per 64 bytes, spent two thirds
// of their time outside the rounds).
//
// Everything the generic code leaves to small functions is written out
// here: the rounds (the circuit, with shiftRows and the lane moves as
// statements: a function this long gets only the inliner's smallest
// budget), the loads and stores as byte expressions that the compiler
// combines into single 64-bit loads and stores, pack and unpack, and the
// keystream. Each round is a block of its own, so its temporaries end
// with it. Two updates (AEGIS-128L) or four (AEGIS-256) run per 64-byte
// chunk, alternating between the state's groups and the spare ones
// (g[2], g[3]) so that no group is copied.

// fusedGen writes Go source into b.
type fusedGen struct{ b *bytes.Buffer }

func (f fusedGen) p(format string, args ...any) { fmt.Fprintf(f.b, format+"\n", args...) }

// expand returns the circuit's statements with the calls of shiftRows
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

// load writes the eight words of four blocks of b (a *[64]byte), block k
// from offset off[k], into w0 to w7 (words 2k and 2k+1: block k), packed
// into the array dst.
func (f fusedGen) loadPack(dst, b string, off [4]int) {
	f.p("{")
	for k := range 4 {
		for h := range 2 {
			o := off[k] + 8*h
			var t []string
			for i := range 8 {
				t = append(t, fmt.Sprintf("uint64(%s[%d])<<%d", b, o+i, 8*i))
			}
			f.p("w%d := %s", 2*k+h, strings.Join(t, " | "))
		}
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

// update128 writes an AEGIS-128L update of the state (a, b) = (S0 S2 S4
// S6, S1 S3 S5 S7) into (c, e), with the message msg(j) of plane j (its
// lanes 0 and 2) added to group 0's round.
func (f fusedGen) update128(a, b, c, e string, msg func(j int) string) {
	f.round(fmt.Sprintf("%s = AESRound(rot(%s), %s ^ M)", c, b, a),
		func(i int) string { return rotWExpr(fmt.Sprintf("%s[%d]", b, i)) },
		func(j int, v string) string {
			return fmt.Sprintf("%s[%d] = %s ^ %s[%d] ^ %s", c, j, v, a, j, msg(j))
		})
	f.round(fmt.Sprintf("%s = AESRound(%s, %s)", e, a, b),
		func(i int) string { return fmt.Sprintf("%s[%d]", a, i) },
		func(j int, v string) string { return fmt.Sprintf("%s[%d] = %s ^ %s[%d]", e, j, v, b, j) })
}

// update256 writes an AEGIS-256 update of (a, b) = (S0 S2 S4, S1 S3 S5)
// into (c, e), with the message msg(j) (its lane 0) added.
func (f fusedGen) update256(a, b, c, e string, msg func(j int) string) {
	f.round(fmt.Sprintf("%s = AESRound(rot3(%s), %s ^ M)", c, b, a),
		func(i int) string { return rot3WExpr(fmt.Sprintf("%s[%d]", b, i)) },
		func(j int, v string) string {
			return fmt.Sprintf("%s[%d] = %s ^ %s[%d] ^ %s", c, j, v, a, j, msg(j))
		})
	f.round(fmt.Sprintf("%s = AESRound(%s, %s)", e, a, b),
		func(i int) string { return fmt.Sprintf("%s[%d]", a, i) },
		func(j int, v string) string { return fmt.Sprintf("%s[%d] = %s ^ %s[%d]", e, j, v, b, j) })
}

// ks128 writes the keystream of (a, b) (ks1w: lanes 0 and 2) moved up by
// sh lanes, as the statement set(j, v) for each plane j.
func (f fusedGen) ks128(a, b string, set func(j int, v string) string) {
	for j := range 8 {
		x, y := fmt.Sprintf("%s[%d]", a, j), fmt.Sprintf("%s[%d]", b, j)
		f.p("%s", set(j, fmt.Sprintf("(%[2]s ^ (%[1]s>>3&lane0 | %[1]s<<1&lane2) ^ (%[1]s&%[2]s)>>1) & lane02", x, y)))
	}
}

// ks256 is ks128 for AEGIS-256 (ks256w1: lane 0).
func (f fusedGen) ks256(a, b string, set func(j int, v string) string) {
	for j := range 8 {
		x, y := fmt.Sprintf("%s[%d]", a, j), fmt.Sprintf("%s[%d]", b, j)
		f.p("%s", set(j, fmt.Sprintf("(%[2]s ^ (%[1]s^%[2]s)>>2 ^ (%[1]s&%[2]s)>>1) & lane0", x, y)))
	}
}

func forPlanes(f fusedGen, format string) {
	for j := range 8 {
		f.p(format, j)
	}
}

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

// The fused loops: AEGIS-128L's and AEGIS-256's bulk loops and chains of
// updates, each a function with no call inside (see the generator,
// internal/gen/softround/fused.go, and fused.go's useFused). The rounds
// are round.go's circuit; the state is in g[0] and g[1], and g[2] and
// g[3] hold every other update's result.
`)
	// AEGIS-128L.
	for _, mode := range []string{"absorb", "enc", "dec"} {
		switch mode {
		case "absorb":
			f.p("\n// absorb128Chunks absorbs the 64-byte chunks of src (two rate blocks each)\n// into the AEGIS-128L state g: len(src) &^ 63 bytes.")
			f.p("func absorb128Chunks(g *[8]group, src []byte) {")
		case "enc":
			f.p("\n// enc128Chunks encrypts the 64-byte chunks of src to dst (AEGIS-128L);\n// len(src) &^ 63 bytes. dst may be src exactly.")
			f.p("func enc128Chunks(g *[8]group, dst, src []byte) {")
		case "dec":
			f.p("\n// dec128Chunks decrypts the 64-byte chunks of src to dst (AEGIS-128L);\n// len(src) &^ 63 bytes. dst may be src exactly.")
			f.p("func dec128Chunks(g *[8]group, dst, src []byte) {")
		}
		vars := "m, z"
		if mode == "absorb" {
			vars = "m"
		}
		f.p("var %s [8]uint64", vars)
		f.p("n := len(src) &^ 63")
		f.p("for off := 0; off < n; off += 64 {")
		f.p("in := (*[64]byte)(src[off : off+64])")
		f.loadPack("m", "in", order128)
		switch mode {
		case "absorb":
			f.update128("g[0]", "g[1]", "g[2]", "g[3]", func(j int) string { return fmt.Sprintf("m[%d]&lane02", j) })
			f.update128("g[2]", "g[3]", "g[0]", "g[1]", func(j int) string { return fmt.Sprintf("m[%d]>>1&lane02", j) })
		case "enc":
			f.ks128("g[0]", "g[1]", func(j int, v string) string { return fmt.Sprintf("z[%d] = %s", j, v) })
			f.update128("g[0]", "g[1]", "g[2]", "g[3]", func(j int) string { return fmt.Sprintf("m[%d]&lane02", j) })
			f.ks128("g[2]", "g[3]", func(j int, v string) string { return fmt.Sprintf("z[%d] |= %s << 1", j, v) })
			f.update128("g[2]", "g[3]", "g[0]", "g[1]", func(j int) string { return fmt.Sprintf("m[%d]>>1&lane02", j) })
			forPlanes(f, "m[%[1]d] ^= z[%[1]d]")
		case "dec":
			// z: the plaintext, lanes 0 and 2 before the first update,
			// lanes 1 and 3 before the second.
			f.ks128("g[0]", "g[1]", func(j int, v string) string { return fmt.Sprintf("z[%d] = (%s ^ m[%d]) & lane02", j, v, j) })
			f.update128("g[0]", "g[1]", "g[2]", "g[3]", func(j int) string { return fmt.Sprintf("z[%d]", j) })
			f.ks128("g[2]", "g[3]", func(j int, v string) string {
				return fmt.Sprintf("z[%[1]d] |= (%[2]s << 1 ^ m[%[1]d]) & (lane02 << 1)", j, v)
			})
			f.update128("g[2]", "g[3]", "g[0]", "g[1]", func(j int) string { return fmt.Sprintf("z[%d]>>1&lane02", j) })
			forPlanes(f, "m[%[1]d] = z[%[1]d]")
		}
		if mode != "absorb" {
			f.p("out := (*[64]byte)(dst[off : off+64])")
			f.unpackStore("out", "m", order128)
		}
		f.p("}")
		if mode == "absorb" {
			f.p("m = [8]uint64{}")
		} else {
			f.p("m, z = [8]uint64{}, [8]uint64{}")
		}
		f.p("}")
	}
	f.p("\n// update128N runs n AEGIS-128L updates of the state g with the message in\n// lanes 0 and 2 of w (Init's and Finalize's chains).")
	f.p("func update128N(g *[8]group, w *group, n int) {")
	f.p("for k := 0; k+1 < n; k += 2 {")
	f.update128("g[0]", "g[1]", "g[2]", "g[3]", func(j int) string { return fmt.Sprintf("w[%d]&lane02", j) })
	f.update128("g[2]", "g[3]", "g[0]", "g[1]", func(j int) string { return fmt.Sprintf("w[%d]&lane02", j) })
	f.p("}")
	f.p("if n&1 == 1 {")
	f.update128("g[0]", "g[1]", "g[2]", "g[3]", func(j int) string { return fmt.Sprintf("w[%d]&lane02", j) })
	f.p("g[0], g[1] = g[2], g[3]")
	f.p("}")
	f.p("}")

	// AEGIS-256: four updates a chunk, rate block k in lane k.
	for _, mode := range []string{"absorb", "enc", "dec"} {
		switch mode {
		case "absorb":
			f.p("\n// absorb256Chunks absorbs the 64-byte chunks of src (four rate blocks each)\n// into the AEGIS-256 state g: len(src) &^ 63 bytes.")
			f.p("func absorb256Chunks(g *[6]group, src []byte) {")
		case "enc":
			f.p("\n// enc256Chunks encrypts the 64-byte chunks of src to dst (AEGIS-256); len(src)\n// &^ 63 bytes. dst may be src exactly.")
			f.p("func enc256Chunks(g *[6]group, dst, src []byte) {")
		case "dec":
			f.p("\n// dec256Chunks decrypts the 64-byte chunks of src to dst (AEGIS-256); len(src)\n// &^ 63 bytes. dst may be src exactly.")
			f.p("func dec256Chunks(g *[6]group, dst, src []byte) {")
		}
		vars := "m, z"
		if mode == "absorb" {
			vars = "m"
		}
		f.p("var %s [8]uint64", vars)
		f.p("n := len(src) &^ 63")
		f.p("for off := 0; off < n; off += 64 {")
		f.p("in := (*[64]byte)(src[off : off+64])")
		f.loadPack("m", "in", order256)
		// Two updates per pass, the lanes k and k+1: a body of eight
		// rounds outgrows the CPU's cache of decoded instructions (it ran
		// at two thirds of the speed a round of this one runs at).
		if mode != "absorb" {
			forPlanes(f, "z[%[1]d] = 0")
		}
		f.p("for k := uint(0); k < 4; k += 2 {")
		for h := range 2 {
			a, b, c, e := "g[0]", "g[1]", "g[2]", "g[3]"
			if h == 1 {
				a, b, c, e = c, e, a, b
			}
			sh := "k"
			if h == 1 {
				sh = "(k+1)"
			}
			switch mode {
			case "absorb":
				f.update256(a, b, c, e, func(j int) string { return fmt.Sprintf("m[%d]>>%s&lane0", j, sh) })
			case "enc":
				f.ks256(a, b, func(j int, v string) string {
					return fmt.Sprintf("z[%d] |= %s << %s", j, v, sh)
				})
				f.update256(a, b, c, e, func(j int) string { return fmt.Sprintf("m[%d]>>%s&lane0", j, sh) })
			case "dec":
				f.ks256(a, b, func(j int, v string) string {
					return fmt.Sprintf("z[%[1]d] |= (%[2]s << %[3]s ^ m[%[1]d]) & (lane0 << %[3]s)", j, v, sh)
				})
				f.update256(a, b, c, e, func(j int) string { return fmt.Sprintf("z[%d]>>%s&lane0", j, sh) })
			}
		}
		f.p("}")
		switch mode {
		case "enc":
			forPlanes(f, "m[%[1]d] ^= z[%[1]d]")
		case "dec":
			forPlanes(f, "m[%[1]d] = z[%[1]d]")
		}
		if mode != "absorb" {
			f.p("out := (*[64]byte)(dst[off : off+64])")
			f.unpackStore("out", "m", order256)
		}
		f.p("}")
		if mode == "absorb" {
			f.p("m = [8]uint64{}")
		} else {
			f.p("m, z = [8]uint64{}, [8]uint64{}")
		}
		f.p("}")
	}
	f.p("\n// update256N runs n AEGIS-256 updates of the state g, update k with the\n// message in lane k mod 4 of w (Init's and Finalize's chains).")
	f.p("func update256N(g *[6]group, w *group, n int) {")
	f.p("sh := uint(0)")
	f.p("for k := 0; k+1 < n; k += 2 {")
	f.update256("g[0]", "g[1]", "g[2]", "g[3]", func(j int) string { return fmt.Sprintf("w[%d]>>sh&lane0", j) })
	f.update256("g[2]", "g[3]", "g[0]", "g[1]", func(j int) string { return fmt.Sprintf("w[%d]>>(sh+1&63)&lane0", j) })
	f.p("sh = (sh + 2) & 3")
	f.p("}")
	f.p("if n&1 == 1 {")
	f.update256("g[0]", "g[1]", "g[2]", "g[3]", func(j int) string { return fmt.Sprintf("w[%d]>>sh&lane0", j) })
	f.p("g[0], g[1] = g[2], g[3]")
	f.p("}")
	f.p("}")

	src, err := format.Source(b.Bytes())
	if err != nil {
		os.WriteFile(out+".bad", b.Bytes(), 0o644)
		log.Fatal(err)
	}
	if err := os.WriteFile(out, src, 0o644); err != nil {
		log.Fatal(err)
	}
}
