// SPDX-License-Identifier: MIT

package soft

import "encoding/binary"

// Helpers shared by both families: moving 16-byte blocks between bytes and
// the words that pack takes, and whole groups of bitsliced values.

// loadBlock puts the 16 bytes of b as the words of block k of w, before
// pack.
func loadBlock(w *group, k int, b []byte) {
	w[2*k] = binary.LittleEndian.Uint64(b[:8])
	w[2*k+1] = binary.LittleEndian.Uint64(b[8:16])
}

// storeBlock writes block k of w, after unpack, as 16 bytes to b.
func storeBlock(b []byte, w *group, k int) {
	binary.LittleEndian.PutUint64(b[:8], w[2*k])
	binary.LittleEndian.PutUint64(b[8:16], w[2*k+1])
}

// xorBlock writes block k of w, after unpack, xored with the 16 bytes of
// x, to b. b may be x exactly.
func xorBlock(b, x []byte, w *group, k int) {
	binary.LittleEndian.PutUint64(b[:8], w[2*k]^binary.LittleEndian.Uint64(x[:8]))
	binary.LittleEndian.PutUint64(b[8:16], w[2*k+1]^binary.LittleEndian.Uint64(x[8:16]))
}

// pack4 sets g to the four blocks of b[0:64], block k from b[16k:].
func pack4(g *group, b []byte) {
	_ = b[63]
	loadBlock(g, 0, b[0:])
	loadBlock(g, 1, b[16:])
	loadBlock(g, 2, b[32:])
	loadBlock(g, 3, b[48:])
	pack(g)
}

// unpack4 stores the four blocks of g to b[0:64]; it unpacks g in place.
func unpack4(b []byte, g *group) {
	unpack(g)
	_ = b[63]
	storeBlock(b[0:], g, 0)
	storeBlock(b[16:], g, 1)
	storeBlock(b[32:], g, 2)
	storeBlock(b[48:], g, 3)
}

// loadN packs the first nb (at most 4) blocks of b into w, block k in
// lane k, the other lanes zero.
func loadN(w *group, b []byte, nb int) {
	if nb == 4 {
		pack4(w, b)
		return
	}
	*w = group{}
	for k := range nb {
		loadBlock(w, k, b[16*k:])
	}
	pack(w)
}

// storeN unpacks w in place and stores lanes 0 to nb-1 to b.
func storeN(b []byte, w *group, nb int) {
	if nb == 4 {
		unpack4(b, w)
		return
	}
	unpack(w)
	for k := range nb {
		storeBlock(b[16*k:], w, k)
	}
}

// unpack4x stores the four blocks of g to b[0:64], xored with x[0:64]
// unless x is nil; it unpacks g in place.
func unpack4x(b, x []byte, g *group) {
	if x == nil {
		unpack4(b, g)
		return
	}
	unpack(g)
	_, _ = b[63], x[63]
	xorBlock(b[0:], x[0:], g, 0)
	xorBlock(b[16:], x[16:], g, 1)
	xorBlock(b[32:], x[32:], g, 2)
	xorBlock(b[48:], x[48:], g, 3)
}

// The helpers on whole groups are unrolled: the compiler unrolls no loop.

// xorGroup sets r to a ^ b.
func xorGroup(r, a, b *group) {
	r[0], r[1], r[2], r[3] = a[0]^b[0], a[1]^b[1], a[2]^b[2], a[3]^b[3]
	r[4], r[5], r[6], r[7] = a[4]^b[4], a[5]^b[5], a[6]^b[6], a[7]^b[7]
}

// mergeLanes sets a to its lanes m and the other lanes of b.
func mergeLanes(a, b *group, m uint64) {
	a[0], a[1], a[2], a[3] = a[0]&m|b[0]&^m, a[1]&m|b[1]&^m, a[2]&m|b[2]&^m, a[3]&m|b[3]&^m
	a[4], a[5], a[6], a[7] = a[4]&m|b[4]&^m, a[5]&m|b[5]&^m, a[6]&m|b[6]&^m, a[7]&m|b[7]&^m
}

// putLE writes x and y as little-endian 64-bit words: the spec's
// LE64(x) || LE64(y).
func putLE(b []byte, x, y uint64) {
	binary.LittleEndian.PutUint64(b[:8], x)
	binary.LittleEndian.PutUint64(b[8:16], y)
}

func xor16(dst, a, b []byte) {
	_, _, _ = dst[15], a[15], b[15]
	for i := range 16 {
		dst[i] = a[i] ^ b[i]
	}
}

// wipe zeroes b, which held secrets: a local buffer at the end of its
// use (see the package doc for what this cannot promise).
func wipe(b []byte) { clear(b) }

// The spec's constants C0 and C1.
var (
	c0 = [16]byte{0x00, 0x01, 0x01, 0x02, 0x03, 0x05, 0x08, 0x0d, 0x15, 0x22, 0x37, 0x59, 0x90, 0xe9, 0x79, 0x62}
	c1 = [16]byte{0xdb, 0x3d, 0x18, 0x55, 0x6d, 0xc2, 0x2f, 0xf1, 0x20, 0x11, 0x31, 0x42, 0x73, 0xb5, 0x28, 0xdd}
)

func checkDegree(d int) {
	if d != 1 && d != 2 && d != 4 {
		panic("soft: degree must be 1, 2 or 4")
	}
}

func checkTag(tag []byte) {
	if len(tag) != 16 && len(tag) != 32 {
		panic("soft: tag must be 16 or 32 bytes")
	}
}

func checkBlocks(n, rate int) {
	if n%rate != 0 {
		panic("soft: length is not a whole number of rate blocks")
	}
}

func checkPartial(n, rate int) {
	if n <= 0 || n >= rate {
		panic("soft: partial block must be shorter than the rate and not empty")
	}
}

func checkDst(dst, src []byte) {
	if len(dst) < len(src) {
		panic("soft: output smaller than input")
	}
}

// Helpers on the groups gs of a state of degree d, where block j of lane
// i is lane i + d*(j/n) of group j mod n, n = len(gs).

// setBlocks sets the groups to the blocks b[j], the same in every lane,
// lanes past the last block zero.
func setBlocks(gs []group, d int, b [][16]byte) {
	n := len(gs)
	for g := range gs {
		w := &gs[g]
		*w = group{}
		for k := range 4 {
			if j := g + n*(k/d); j < len(b) {
				loadBlock(w, k, b[j][:])
			}
		}
		pack(w)
	}
}

// blockBytes writes block j of every lane, lane i to out[16i:].
func blockBytes(out []byte, gs []group, d, j int) {
	n := len(gs)
	w := gs[j%n]
	unpack(&w)
	for i := range d {
		storeBlock(out[16*i:], &w, i+d*(j/n))
	}
	w = group{}
}

// laneXor returns a group whose lane i, for i < d, is the xor of blocks
// lo to hi-1 of lane i. With all set, lane 0 is instead the xor of those
// blocks of every lane: the X variants' tag.
func laneXor(gs []group, d, lo, hi int, all bool) (acc group) {
	n := len(gs)
	for g := range gs {
		var m uint64
		for k := range 4 {
			if j := g + n*(k/d); lo <= j && j < hi {
				m |= lane0 << k
			}
		}
		for i := range acc {
			acc[i] ^= gs[g][i] & m
		}
	}
	// Fold the lanes that hold blocks of the same spec lane (lanes k and
	// k+2 at degree 2, all four at degree 1), or, with all, every lane.
	for i := range acc {
		x := acc[i]
		if all || d == 1 {
			x ^= x >> 2
			x ^= x >> 1
		} else if d == 2 {
			x ^= x >> 2
		}
		acc[i] = x
	}
	return acc
}

// tagBytes writes the tag of the finalized groups to tag: with 16 bytes
// the xor of blocks 0 to nb-1 (nb = 7 for the 128 family, 6 for the 256
// family), with 32 bytes that of blocks 0 to h-1, then of h to 2h-1 (h =
// 4, 3); each xored over every lane with all, of lane 0 alone without.
func tagBytes(tag []byte, gs []group, d, nb, h int, all bool) {
	var a group
	if len(tag) == 16 {
		a = laneXor(gs, d, 0, nb, all)
	} else {
		a = laneXor(gs, d, 0, h, all)
		b := laneXor(gs, d, h, 2*h, all)
		for i := range a {
			a[i] = a[i]&lane0 | b[i]&lane0<<1
		}
	}
	unpack(&a)
	storeBlock(tag, &a, 0)
	if len(tag) == 32 {
		storeBlock(tag[16:], &a, 1)
	}
	a = group{}
}

// xorLanes xors the lanes m of w into g.
func xorLanes(g, w *group, m uint64) {
	g[0], g[1], g[2], g[3] = g[0]^w[0]&m, g[1]^w[1]&m, g[2]^w[2]&m, g[3]^w[3]&m
	g[4], g[5], g[6], g[7] = g[4]^w[4]&m, g[5]^w[5]&m, g[6]^w[6]&m, g[7]^w[7]&m
}
