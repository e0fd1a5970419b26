// SPDX-License-Identifier: MIT

package main

import "encoding/binary"

// The constant data of the kernels, by name: Const and BcastConst read
// them. Each machine writes them once per assembly file, under
// constPrefix.
const constPrefix = "aegisgo_"

// constants returns the tables in a fixed order.
func constants() []struct {
	name string
	data []byte
} {
	// The spec's C0 and C1.
	c0 := []byte{0x00, 0x01, 0x01, 0x02, 0x03, 0x05, 0x08, 0x0d, 0x15, 0x22, 0x37, 0x59, 0x90, 0xe9, 0x79, 0x62}
	c1 := []byte{0xdb, 0x3d, 0x18, 0x55, 0x6d, 0xc2, 0x2f, 0xf1, 0x20, 0x11, 0x31, 0x42, 0x73, 0xb5, 0x28, 0xdd}
	// ctx[i] = Byte(i) || Byte(D - 1) || zeros for lanes i of degree D,
	// as one block vector.
	ctx := func(d int) []byte {
		b := make([]byte, 16*d)
		for i := 0; i < d; i++ {
			b[16*i] = byte(i)
			b[16*i+1] = byte(d - 1)
		}
		return b
	}
	// 64 bytes of 0xff, then 64 zeros: the bytes from 64 - n keep the
	// first n bytes of a register under and (Keep).
	keep := make([]byte, 128)
	for i := 0; i < 64; i++ {
		keep[i] = 0xff
	}
	// u = LE64(D) || LE64(tag_len_bits): the lengths block of
	// FinalizeMac's second round of updates (MACFinalize of the X
	// variants).
	mac := func(d, bits int) []byte {
		b := make([]byte, 16)
		binary.LittleEndian.PutUint64(b, uint64(d))
		binary.LittleEndian.PutUint64(b[8:], uint64(bits))
		return b
	}
	return []struct {
		name string
		data []byte
	}{
		{"c0", c0}, {"c1", c1}, {"ctx2", ctx(2)}, {"ctx4", ctx(4)}, {"keep", keep},
		{macConst(2, 128), mac(2, 128)}, {macConst(2, 256), mac(2, 256)},
		{macConst(4, 128), mac(4, 128)}, {macConst(4, 256), mac(4, 256)},
	}
}
