// SPDX-License-Identifier: MIT

// Package ref is a plain Go transcription of the specification's
// pseudocode, for tests only: slow, not constant-time, written to be read
// beside the spec. It checks the C core's kernels, soft included, with code
// that shares nothing with them.
package ref

import "encoding/binary"

type block [16]byte

func xor(a, b block) (r block) {
	for i := range r {
		r[i] = a[i] ^ b[i]
	}
	return
}

func and(a, b block) (r block) {
	for i := range r {
		r[i] = a[i] & b[i]
	}
	return
}

var sbox [256]byte

// Mul multiplies a and b in the AES field, GF(2)[x]/(x^8 + x^4 + x^3 +
// x + 1).
func Mul(a, b byte) byte {
	var p byte
	for b != 0 {
		if b&1 != 0 {
			p ^= a
		}
		hi := a & 0x80
		a <<= 1
		if hi != 0 {
			a ^= 0x1b
		}
		b >>= 1
	}
	return p
}

func init() {
	// S-box from its definition: inverse in GF(2^8), then the affine map.
	mul := Mul
	for x := 0; x < 256; x++ {
		var inv byte
		for y := 1; y < 256 && x != 0; y++ {
			if mul(byte(x), byte(y)) == 1 {
				inv = byte(y)
				break
			}
		}
		s := inv
		for i := 1; i <= 4; i++ {
			s ^= inv<<i | inv>>(8-i)
		}
		sbox[x] = s ^ 0x63
	}
}

func xtime(b byte) byte {
	if b&0x80 != 0 {
		return b<<1 ^ 0x1b
	}
	return b << 1
}

// AESRound is the spec's AESRound(in, rk).
func AESRound(in, rk block) block {
	var s, t block
	for i := range s {
		s[i] = sbox[in[i]]
	}
	for c := 0; c < 4; c++ { // ShiftRows: row r moves left by r
		for r := 0; r < 4; r++ {
			t[4*c+r] = s[4*((c+r)%4)+r]
		}
	}
	var out block
	for c := 0; c < 4; c++ {
		a0, a1, a2, a3 := t[4*c], t[4*c+1], t[4*c+2], t[4*c+3]
		out[4*c] = xtime(a0) ^ xtime(a1) ^ a1 ^ a2 ^ a3
		out[4*c+1] = a0 ^ xtime(a1) ^ xtime(a2) ^ a2 ^ a3
		out[4*c+2] = a0 ^ a1 ^ xtime(a2) ^ xtime(a3) ^ a3
		out[4*c+3] = xtime(a0) ^ a0 ^ a1 ^ a2 ^ xtime(a3)
	}
	return xor(out, rk)
}

var c0 = block{0x00, 0x01, 0x01, 0x02, 0x03, 0x05, 0x08, 0x0d, 0x15, 0x22, 0x37, 0x59, 0x90, 0xe9, 0x79, 0x62}
var c1 = block{0xdb, 0x3d, 0x18, 0x55, 0x6d, 0xc2, 0x2f, 0xf1, 0x20, 0x11, 0x31, 0x42, 0x73, 0xb5, 0x28, 0xdd}

// state is V[j][i]: block j of lane i.
type state struct {
	fam128 bool
	d      int
	v      [8][4]block
}

func (s *state) nblocks() int {
	if s.fam128 {
		return 8
	}
	return 6
}

// update absorbs m (one block per lane; m0 and m1 for the 128 family).
func (s *state) update(m0, m1 []block) {
	n := s.nblocks()
	for i := 0; i < s.d; i++ {
		var nv [8]block
		for j := 0; j < n; j++ {
			in := s.v[(j+n-1)%n][i]
			rk := s.v[j][i]
			if j == 0 {
				rk = xor(rk, m0[i])
			}
			if s.fam128 && j == 4 {
				rk = xor(rk, m1[i])
			}
			nv[j] = AESRound(in, rk)
		}
		for j := 0; j < n; j++ {
			s.v[j][i] = nv[j]
		}
	}
}

func rep(b block, d int) []block {
	r := make([]block, d)
	for i := range r {
		r[i] = b
	}
	return r
}

func (s *state) ctx(i int) block { return block{byte(i), byte(s.d - 1)} }

func (s *state) init(key, nonce []byte) {
	if s.fam128 {
		var k, n block
		copy(k[:], key)
		copy(n[:], nonce)
		for i := 0; i < s.d; i++ {
			s.v[0][i], s.v[1][i], s.v[2][i], s.v[3][i] = xor(k, n), c1, c0, c1
			s.v[4][i], s.v[5][i], s.v[6][i], s.v[7][i] = xor(k, n), xor(k, c0), xor(k, c1), xor(k, c0)
		}
		for r := 0; r < 10; r++ {
			if s.d > 1 {
				for i := 0; i < s.d; i++ {
					s.v[3][i] = xor(s.v[3][i], s.ctx(i))
					s.v[7][i] = xor(s.v[7][i], s.ctx(i))
				}
			}
			s.update(rep(n, s.d), rep(k, s.d))
		}
		return
	}
	var k0, k1, n0, n1 block
	copy(k0[:], key[:16])
	copy(k1[:], key[16:])
	copy(n0[:], nonce[:16])
	copy(n1[:], nonce[16:])
	for i := 0; i < s.d; i++ {
		s.v[0][i], s.v[1][i], s.v[2][i] = xor(k0, n0), xor(k1, n1), c1
		s.v[3][i], s.v[4][i], s.v[5][i] = c0, xor(k0, c0), xor(k1, c1)
	}
	for r := 0; r < 4; r++ {
		for _, m := range []block{k0, k1, xor(k0, n0), xor(k1, n1)} {
			if s.d > 1 {
				for i := 0; i < s.d; i++ {
					s.v[3][i] = xor(s.v[3][i], s.ctx(i))
					s.v[5][i] = xor(s.v[5][i], s.ctx(i))
				}
			}
			s.update(rep(m, s.d), nil)
		}
	}
}

func (s *state) rate() int {
	if s.fam128 {
		return 32 * s.d
	}
	return 16 * s.d
}

// split cuts one rate block into the update's message blocks.
func (s *state) split(b []byte) (m0, m1 []block) {
	m0 = make([]block, s.d)
	m1 = make([]block, s.d)
	for i := 0; i < s.d; i++ {
		copy(m0[i][:], b[16*i:])
		if s.fam128 {
			copy(m1[i][:], b[16*s.d+16*i:])
		}
	}
	return
}

// keystream returns z for the current state, as rate bytes.
func (s *state) keystream() []byte {
	out := make([]byte, s.rate())
	for i := 0; i < s.d; i++ {
		v := &s.v
		if s.fam128 {
			z0 := xor(xor(v[6][i], v[1][i]), and(v[2][i], v[3][i]))
			z1 := xor(xor(v[2][i], v[5][i]), and(v[6][i], v[7][i]))
			copy(out[16*i:], z0[:])
			copy(out[16*s.d+16*i:], z1[:])
		} else {
			z := xor(xor(xor(v[1][i], v[4][i]), v[5][i]), and(v[2][i], v[3][i]))
			copy(out[16*i:], z[:])
		}
	}
	return out
}

func (s *state) finalize(adLen, msgLen uint64, tagLen int) []byte {
	var u block
	binary.LittleEndian.PutUint64(u[:8], adLen*8)
	binary.LittleEndian.PutUint64(u[8:], msgLen*8)
	j := 3
	if s.fam128 {
		j = 2
	}
	t := make([]block, s.d)
	for i := range t {
		t[i] = xor(s.v[j][i], u)
	}
	for r := 0; r < 7; r++ {
		s.update(t, t)
	}
	n := s.nblocks()
	var t0, t1 block
	for i := 0; i < s.d; i++ {
		if tagLen == 16 {
			last := n - 1
			if !s.fam128 {
				last = n
			}
			for k := 0; k < last; k++ {
				t0 = xor(t0, s.v[k][i])
			}
		} else {
			for k := 0; k < n/2; k++ {
				t0 = xor(t0, s.v[k][i])
				t1 = xor(t1, s.v[n/2+k][i])
			}
		}
	}
	if tagLen == 16 {
		return t0[:]
	}
	return append(t0[:], t1[:]...)
}

// Seal returns ct || tag for the variant given by family and degree.
func Seal(fam128 bool, d int, key, nonce, msg, ad []byte, tagLen int) []byte {
	s := &state{fam128: fam128, d: d}
	s.init(key, nonce)
	r := s.rate()
	for i := 0; i < len(ad); i += r {
		b := make([]byte, r)
		copy(b, ad[i:])
		s.update(s.split(b))
	}
	var ct []byte
	for i := 0; i < len(msg); i += r {
		b := make([]byte, r)
		copy(b, msg[i:])
		z := s.keystream()
		for k := range z {
			z[k] ^= b[k]
		}
		ct = append(ct, z...)
		s.update(s.split(b))
	}
	ct = ct[:len(msg)]
	return append(ct, s.finalize(uint64(len(ad)), uint64(len(msg)), tagLen)...)
}
