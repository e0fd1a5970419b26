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

// xorGroup sets r to a ^ b.
func xorGroup(r, a, b *group) {
	for i := range r {
		r[i] = a[i] ^ b[i]
	}
}

// down sets r to the lanes m of g moved down by s lanes.
func down(r, g *group, s uint, m uint64) {
	for i := range r {
		r[i] = g[i] >> s & m
	}
}

// orUp ors the lanes m of x, moved up by s lanes, into g.
func orUp(g, x *group, s uint, m uint64) {
	for i := range g {
		g[i] |= (x[i] & m) << s
	}
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
