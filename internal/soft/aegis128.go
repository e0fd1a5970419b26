// SPDX-License-Identifier: MIT

package soft

// State128 is the state of AEGIS-128L (degree 1), AEGIS-128X2 (2) or
// AEGIS-128X4 (4), kept bitsliced between calls. It holds no pointer and
// does not depend on its address: copy it to fork a computation. The zero
// value is not a state; Init makes one.
//
// The D x 8 blocks V[j,i] (block j of lane i) fill 2D groups: V[j,i] is
// lane i + D*(j/2D) of group j mod 2D. So for AEGIS-128L group 0 holds
// S0, S2, S4, S6 and group 1 S1, S3, S5, S7; for AEGIS-128X2 group j holds
// V[j,0], V[j,1], V[j+4,0], V[j+4,1]; for AEGIS-128X4 group j is V[j,*].
// Every update is then one round per group, with its input the group
// before it (group 2D-1, its lanes moved, for group 0).
type State128 struct {
	g [8]group
	d int
}

// msg128 is the message of one update, bitsliced: m[0] goes into group 0
// (M0, and M1 below degree 4) and m[1] into group 4 (M1 at degree 4).
type msg128 [2]group

// Init starts s for degree d (1, 2 or 4) with a 16-byte key and nonce:
// the spec's Init, with the context of each lane added before every
// update where d > 1.
func (s *State128) Init(d int, key, nonce []byte) {
	checkDegree(d)
	if len(key) != 16 || len(nonce) != 16 {
		panic("soft: AEGIS-128 key and nonce are 16 bytes")
	}
	s.d = d
	if d == 1 {
		s.init1(key, nonce)
		return
	}
	var b [8][16]byte
	xor16(b[0][:], key, nonce)
	b[1], b[2], b[3] = c1, c0, c1
	b[4] = b[0]
	xor16(b[5][:], key, c0[:])
	xor16(b[6][:], key, c1[:])
	b[7] = b[5]
	setBlocks(s.g[:2*d], d, b[:])
	var rb [128]byte
	for i := range d {
		copy(rb[16*i:], nonce)
		copy(rb[16*(d+i):], key)
	}
	var m msg128
	s.packMsg(&m, rb[:32*d])
	{
		// ctx[i] = Byte(i) || Byte(D-1), zero-padded, in V[3,i] and V[7,i].
		var v [8][4][16]byte
		for i := range d {
			v[3][i][0], v[3][i][1] = byte(i), byte(d-1)
			v[7][i] = v[3][i]
		}
		c := State128{d: d}
		c.fromBlocks(&v)
		for range 10 {
			// The contexts are in the groups of V[3,*] and V[7,*] only.
			j3, j7 := 3%(2*d), 7%(2*d)
			xorGroup(&s.g[j3], &s.g[j3], &c.g[j3])
			if j7 != j3 {
				xorGroup(&s.g[j7], &s.g[j7], &c.g[j7])
			}
			s.update(&m)
		}
	}
	m, b = msg128{}, [8][16]byte{}
	wipe(rb[:])
}

// init1 is Init at degree 1 from one packed group, w = N, N, K, K: every
// block of the state is a lane mask of K and N in every lane, xored with
// packed constants (init128), and the message M0 = N, M1 = K is w's lanes
// 0 and 2.
func (s *State128) init1(key, nonce []byte) {
	var w group
	if useFused {
		n, k := (*[16]byte)(nonce), (*[16]byte)(key)
		loadPack4(&w, n, n, k, k)
	} else {
		loadBlock(&w, 0, nonce)
		loadBlock(&w, 1, nonce)
		loadBlock(&w, 2, key)
		loadBlock(&w, 3, key)
		pack(&w)
	}
	// g0 = S0 S2 S4 S6 = K^N, C0, K^N, K^C1; g1 = S1 S3 S5 S7 = C1, C1,
	// K^C0, K^C0.
	for i := range w {
		n, k := w[i]&lane01, w[i]&lane23
		n, k = n|n<<2, k|k>>2
		s.g[0][i] = k&lane023 ^ n&lane02 ^ init128[0][i]
		s.g[1][i] = k&lane23 ^ init128[1][i]
	}
	if useFused {
		update128N(&s.g, &w, 10)
	} else {
		for range 10 {
			s.update1(&w, 0)
		}
	}
	w = group{}
}

// init128 holds the constants of AEGIS-128L's initial state in the
// groups of State128: C0 in S2 and C1 in S6 (group 0), C1 in S1 and S3
// and C0 in S5 and S7 (group 1).
var init128 = func() (g [2]group) {
	setBlocks(g[:], 1, [][16]byte{{}, c1, c0, c1, {}, c0, c1, c0})
	return g
}()

// Rate returns the bytes of a rate block: 32D.
func (s *State128) Rate() int { return 32 * s.d }

// Degree returns D.
func (s *State128) Degree() int { return s.d }

// Wipe zeroes s.
func (s *State128) Wipe() { *s = State128{} }

// fromBlocks packs the blocks v[j][i] (block j of lane i) into s.
func (s *State128) fromBlocks(v *[8][4][16]byte) {
	n := 2 * s.d
	for g := range n {
		w := &s.g[g]
		for k := range 4 {
			j, i := g+n*(k/s.d), k%s.d
			loadBlock(w, k, v[j][i][:])
		}
		pack(w)
	}
}

// packMsg sets m to the message of an update that absorbs the rate block
// b: at degree 1 its M0 in lane 0 and M1 in lane 2 of m[0] (where V[0,0]
// and V[4,0] are), at degree 2 its four blocks in the lanes of m[0], at
// degree 4 M0 in m[0] and M1 in m[1].
func (s *State128) packMsg(m *msg128, b []byte) {
	switch s.d {
	case 1:
		load1(&m[0], b)
	case 2:
		pack4(&m[0], b[0:64])
	default:
		pack4(&m[0], b[0:64])
		pack4(&m[1], b[64:128])
	}
}

// update is the spec's Update, with the message m.
func (s *State128) update(m *msg128) {
	switch s.d {
	case 1:
		s.update1(&m[0], 0)
	case 2:
		s.update2(&m[0])
	default:
		s.update4(&m[0], &m[1])
	}
}

// The updates compute group 0 first, from the old last group with its
// lanes moved and the message, then the others from the last down, each
// in place, so that every round reads the old value of the group before
// it; group 0's old value is copied first.

// update1 is the Update of AEGIS-128L with the message in lanes 0 and 2
// of w moved down by sh lanes.
func (s *State128) update1(w *group, sh uint) {
	g := &s.g
	c := g[0]
	aesRoundRot(&g[0], &g[1], &g[0], w, sh, lane02) // S7, S1, S3, S5
	aesRound(&g[1], &c, &g[1])
}

func (s *State128) update2(m *group) {
	g := &s.g
	c := g[0]
	aesRoundSwap(&g[0], &g[3], &g[0], m, 0, ^uint64(0)) // V[3,*], V[7,*]: swapped
	aesRound(&g[3], &g[2], &g[3])
	aesRound(&g[2], &g[1], &g[2])
	aesRound(&g[1], &c, &g[1])
}

func (s *State128) update4(m0, m1 *group) {
	g := &s.g
	c := g[0]
	aesRoundMsg(&g[0], &g[7], &g[0], m0, 0, ^uint64(0))
	aesRound(&g[7], &g[6], &g[7])
	aesRound(&g[6], &g[5], &g[6])
	aesRound(&g[5], &g[4], &g[5])
	aesRoundMsg(&g[4], &g[3], &g[4], m1, 0, ^uint64(0))
	aesRound(&g[3], &g[2], &g[3])
	aesRound(&g[2], &g[1], &g[2])
	aesRound(&g[1], &c, &g[1])
}

// keystream sets z to the keystream of the next rate block, z0 = V1 ^ V6
// ^ (V2 & V3) and z1 = V2 ^ V5 ^ (V6 & V7), in the lanes of packMsg
// (lanes 1 and 3 zero at degree 1).
func (s *State128) keystream(z *msg128) {
	switch s.d {
	case 1:
		z[0] = group{}
		s.ks1(&z[0], 0)
	case 2:
		s.ks2(&z[0])
	default:
		s.ks4(&z[0], &z[1])
	}
}

// ks1 ors the keystream of AEGIS-128L, in lanes 0 and 2 moved up by sh
// lanes, into z. With g0 = S0 S2 S4 S6 and g1 = S1 S3 S5 S7, lane 0 of g1
// ^ rot(g0) ^ (g0 & g1 down one lane) is S1 ^ S6 ^ (S2 & S3) and lane 2
// is S5 ^ S2 ^ (S6 & S7).
func (s *State128) ks1(z *group, sh uint) {
	a, b := &s.g[0], &s.g[1]
	sh &= 63 // so that the shifts need no test of sh
	z[0] |= ks1w(a[0], b[0]) << sh
	z[1] |= ks1w(a[1], b[1]) << sh
	z[2] |= ks1w(a[2], b[2]) << sh
	z[3] |= ks1w(a[3], b[3]) << sh
	z[4] |= ks1w(a[4], b[4]) << sh
	z[5] |= ks1w(a[5], b[5]) << sh
	z[6] |= ks1w(a[6], b[6]) << sh
	z[7] |= ks1w(a[7], b[7]) << sh
}

func ks1w(x, y uint64) uint64 {
	return (y ^ (x>>3&lane0 | x<<1&lane2) ^ (x&y)>>1) & lane02
}

// ks2 sets z to the keystream of AEGIS-128X2: with group j = V[j,*],
// V[j+4,*], lanes 0, 1 of g1 ^ swap(g2) ^ (g2 & g3) are V1 ^ V6 ^ (V2 &
// V3) and lanes 2, 3 are V5 ^ V2 ^ (V6 & V7).
func (s *State128) ks2(z *group) {
	a, b, c := &s.g[1], &s.g[2], &s.g[3]
	z[0] = a[0] ^ swapHalvesW(b[0]) ^ b[0]&c[0]
	z[1] = a[1] ^ swapHalvesW(b[1]) ^ b[1]&c[1]
	z[2] = a[2] ^ swapHalvesW(b[2]) ^ b[2]&c[2]
	z[3] = a[3] ^ swapHalvesW(b[3]) ^ b[3]&c[3]
	z[4] = a[4] ^ swapHalvesW(b[4]) ^ b[4]&c[4]
	z[5] = a[5] ^ swapHalvesW(b[5]) ^ b[5]&c[5]
	z[6] = a[6] ^ swapHalvesW(b[6]) ^ b[6]&c[6]
	z[7] = a[7] ^ swapHalvesW(b[7]) ^ b[7]&c[7]
}

// ks4 sets z0 and z1 to the keystream of AEGIS-128X4 (group j = V[j,*]).
func (s *State128) ks4(z0, z1 *group) {
	g := &s.g
	for i := range z0 {
		v2, v6 := g[2][i], g[6][i]
		z0[i] = g[1][i] ^ v6 ^ v2&g[3][i]
		z1[i] = v2 ^ g[5][i] ^ v6&g[7][i]
	}
}

// keystreamBytes writes the keystream of the next rate block to z.
func (s *State128) keystreamBytes(z []byte) {
	var k msg128
	s.keystream(&k)
	switch s.d {
	case 1:
		store1(z, nil, &k[0])
	case 2:
		unpack4(z[0:64], &k[0])
	default:
		unpack4(z[0:64], &k[0])
		unpack4(z[64:128], &k[1])
	}
	k = msg128{}
}

// KeyBlock writes the keystream of the next rate block (Rate bytes) to
// z, leaving s as it is: what Enc would xor into that block. It serves
// the bytes of a block that is not yet complete.
func (s *State128) KeyBlock(z []byte) {
	_ = z[s.Rate()-1]
	s.keystreamBytes(z)
}

// At degree 1 the bulk loops take two rate blocks at a time into one
// group: the first in lanes 0 and 2, the second in lanes 1 and 3; a last
// single rate block goes in lanes 0 and 2.

// load2 packs two rate blocks of AEGIS-128L, b[0:64], into w.
func load2(w *group, b []byte) {
	_ = b[63]
	loadBlock(w, 0, b[0:16])
	loadBlock(w, 2, b[16:32])
	loadBlock(w, 1, b[32:48])
	loadBlock(w, 3, b[48:64])
	pack(w)
}

// store2 unpacks w in place and stores it as load2 loads it, xored with
// x[0:64] unless x is nil.
func store2(b, x []byte, w *group) {
	unpack(w)
	_ = b[63]
	if x == nil {
		storeBlock(b[0:16], w, 0)
		storeBlock(b[16:32], w, 2)
		storeBlock(b[32:48], w, 1)
		storeBlock(b[48:64], w, 3)
		return
	}
	_ = x[63]
	xorBlock(b[0:16], x[0:16], w, 0)
	xorBlock(b[16:32], x[16:32], w, 2)
	xorBlock(b[32:48], x[32:48], w, 1)
	xorBlock(b[48:64], x[48:64], w, 3)
}

// load1 packs one rate block of AEGIS-128L, b[0:32], into lanes 0 and 2
// of w, the others zero.
func load1(w *group, b []byte) {
	_ = b[31]
	*w = group{}
	loadBlock(w, 0, b[0:16])
	loadBlock(w, 2, b[16:32])
	pack(w)
}

// store1 unpacks w in place and stores lanes 0 and 2 as load1 loads
// them, xored with x[0:32] unless x is nil.
func store1(b, x []byte, w *group) {
	unpack(w)
	_ = b[31]
	if x == nil {
		storeBlock(b[0:16], w, 0)
		storeBlock(b[16:32], w, 2)
		return
	}
	_ = x[31]
	xorBlock(b[0:16], x[0:16], w, 0)
	xorBlock(b[16:32], x[16:32], w, 2)
}

// Absorb absorbs ad, a whole number of rate blocks: the spec's Absorb of
// each.
func (s *State128) Absorb(ad []byte) {
	checkBlocks(len(ad), s.Rate())
	var w, w1 group
	switch s.d {
	case 1:
		if useFused {
			s.fused(nil, ad, absorb256)
			break
		}
		for ; len(ad) >= 64; ad = ad[64:] {
			load2(&w, ad)
			s.update1(&w, 0)
			s.update1(&w, 1)
		}
		if len(ad) > 0 {
			load1(&w, ad)
			s.update1(&w, 0)
		}
	case 2:
		for ; len(ad) > 0; ad = ad[64:] {
			pack4(&w, ad)
			s.update2(&w)
		}
	default:
		for ; len(ad) > 0; ad = ad[128:] {
			pack4(&w, ad[0:64])
			pack4(&w1, ad[64:128])
			s.update4(&w, &w1)
		}
	}
	w, w1 = group{}, group{}
}

// AbsorbPartial absorbs ad, shorter than a rate block and not empty,
// zero-padded to one.
func (s *State128) AbsorbPartial(ad []byte) {
	r := s.Rate()
	checkPartial(len(ad), r)
	var b [128]byte
	copy(b[:], ad)
	s.Absorb(b[:r])
	wipe(b[:])
}

// Enc encrypts src, a whole number of rate blocks, to dst: the spec's Enc
// of each. dst may be src exactly, and must not overlap it otherwise.
func (s *State128) Enc(dst, src []byte) {
	checkBlocks(len(src), s.Rate())
	checkDst(dst, src)
	var w, w1, z, z1 group
	switch s.d {
	case 1:
		if useFused {
			s.fused(dst, src, enc256)
			break
		}
		for ; len(src) >= 64; src, dst = src[64:], dst[64:] {
			load2(&w, src)
			z = group{}
			s.ks1(&z, 0)
			s.update1(&w, 0)
			s.ks1(&z, 1)
			s.update1(&w, 1)
			xorGroup(&w, &w, &z)
			store2(dst, nil, &w)
		}
		if len(src) > 0 {
			load1(&w, src)
			z = group{}
			s.ks1(&z, 0)
			s.update1(&w, 0)
			xorGroup(&w, &w, &z)
			store1(dst, nil, &w)
		}
	case 2:
		for ; len(src) > 0; src, dst = src[64:], dst[64:] {
			pack4(&w, src)
			s.ks2(&z)
			s.update2(&w)
			xorGroup(&w, &w, &z)
			unpack4(dst, &w)
		}
	default:
		for ; len(src) > 0; src, dst = src[128:], dst[128:] {
			pack4(&w, src[0:64])
			pack4(&w1, src[64:128])
			s.ks4(&z, &z1)
			s.update4(&w, &w1)
			xorGroup(&w, &w, &z)
			xorGroup(&w1, &w1, &z1)
			unpack4(dst[0:64], &w)
			unpack4(dst[64:128], &w1)
		}
	}
	w, w1, z, z1 = group{}, group{}, group{}, group{}
}

// Dec decrypts src, a whole number of rate blocks, to dst: the spec's Dec
// of each. dst may be src exactly, and must not overlap it otherwise.
func (s *State128) Dec(dst, src []byte) {
	checkBlocks(len(src), s.Rate())
	checkDst(dst, src)
	var w, w1, z, z1 group
	switch s.d {
	case 1:
		// The plaintext of each block is its ciphertext xored with the
		// keystream, lane by lane, before its update.
		if useFused {
			s.fused(dst, src, dec256)
			break
		}
		for ; len(src) >= 64; src, dst = src[64:], dst[64:] {
			load2(&w, src)
			z = group{}
			s.ks1(&z, 0)
			xorGroup(&z, &z, &w) // lanes 0, 2: the first plaintext
			s.update1(&z, 0)
			z1 = group{}
			s.ks1(&z1, 1)
			xorGroup(&z1, &z1, &w) // lanes 1, 3: the second
			s.update1(&z1, 1)
			mergeLanes(&z, &z1, lane02)
			store2(dst, nil, &z)
		}
		if len(src) > 0 {
			load1(&w, src)
			z = group{}
			s.ks1(&z, 0)
			xorGroup(&z, &z, &w)
			s.update1(&z, 0)
			store1(dst, nil, &z)
		}
	case 2:
		for ; len(src) > 0; src, dst = src[64:], dst[64:] {
			pack4(&w, src)
			s.ks2(&z)
			xorGroup(&w, &w, &z)
			s.update2(&w)
			unpack4(dst, &w)
		}
	default:
		for ; len(src) > 0; src, dst = src[128:], dst[128:] {
			pack4(&w, src[0:64])
			pack4(&w1, src[64:128])
			s.ks4(&z, &z1)
			xorGroup(&w, &w, &z)
			xorGroup(&w1, &w1, &z1)
			s.update4(&w, &w1)
			unpack4(dst[0:64], &w)
			unpack4(dst[64:128], &w1)
		}
	}
	w, w1, z, z1 = group{}, group{}, group{}, group{}
}

// EncPartial encrypts src, shorter than a rate block and not empty, to
// dst: the spec's Enc of src zero-padded, truncated to len(src). It ends
// the message.
func (s *State128) EncPartial(dst, src []byte) {
	r := s.Rate()
	checkPartial(len(src), r)
	checkDst(dst, src)
	var b [128]byte
	copy(b[:], src)
	s.Enc(b[:r], b[:r])
	copy(dst, b[:len(src)])
	wipe(b[:])
}

// DecPartial decrypts src, shorter than a rate block and not empty, to
// dst: the spec's DecPartial (the keystream xored into src zero-padded,
// truncated, then the plaintext zero-padded absorbed). It ends the
// message.
func (s *State128) DecPartial(dst, src []byte) {
	r := s.Rate()
	checkPartial(len(src), r)
	checkDst(dst, src)
	var b [128]byte
	s.keystreamBytes(b[:r])
	for i, c := range src {
		b[i] ^= c
	}
	clear(b[len(src):r])
	copy(dst, b[:len(src)])
	s.Absorb(b[:r])
	wipe(b[:])
}

// KeyStream writes the next len(dst) bytes of the spec's Stream (the
// encryption of zeros) to dst, xored with src unless src is nil; len(dst)
// is a whole number of rate blocks and src, when not nil, as long. dst may
// be src exactly. s must come from Init with nothing absorbed.
func (s *State128) KeyStream(dst, src []byte) {
	r := s.Rate()
	checkBlocks(len(dst), r)
	if src != nil && len(src) != len(dst) {
		panic("soft: KeyStream of src and dst of different lengths")
	}
	var zero, z, z1 group
	switch s.d {
	case 1:
		for ; len(dst) >= 64; dst = dst[64:] {
			z = group{}
			s.ks1(&z, 0)
			s.update1(&zero, 0)
			s.ks1(&z, 1)
			s.update1(&zero, 0)
			store2(dst, src, &z)
			if src != nil {
				src = src[64:]
			}
		}
		if len(dst) > 0 {
			z = group{}
			s.ks1(&z, 0)
			s.update1(&zero, 0)
			store1(dst, src, &z)
		}
	case 2:
		for ; len(dst) > 0; dst = dst[64:] {
			s.ks2(&z)
			s.update2(&zero)
			unpack4x(dst, src, &z)
			if src != nil {
				src = src[64:]
			}
		}
	default:
		for ; len(dst) > 0; dst = dst[128:] {
			s.ks4(&z, &z1)
			s.update4(&zero, &zero)
			unpack4x(dst[0:64], src, &z)
			if src != nil {
				unpack4x(dst[64:128], src[64:], &z1)
				src = src[128:]
			} else {
				unpack4x(dst[64:128], nil, &z1)
			}
		}
	}
	z, z1 = group{}, group{}
}

// lengths returns the message of Finalize's updates: t = V[2,i] ^ u with
// u = LE64(x) || LE64(y), as both M0 and M1, in every lane or in lane 0
// only (zero elsewhere).
func (s *State128) lengths(x, y uint64, onlyLane0 bool) msg128 {
	d := s.d
	if d == 1 {
		// V[2,0] = S2 is lane 1 of group 0: moved to lanes 0 and 2.
		var m msg128
		if useFused {
			// Packed in lane 0, copied to lane 2 below.
			packLE(&m[0], x, y)
		} else {
			var u [16]byte
			putLE(u[:], x, y)
			loadBlock(&m[0], 0, u[:])
			loadBlock(&m[0], 2, u[:])
			pack(&m[0])
		}
		g := &s.g[0]
		for i := range m[0] {
			v := m[0][i]
			if useFused {
				v |= v << 2
			}
			m[0][i] = v ^ (g[i]>>1&lane0 | g[i]<<1&lane2)
		}
		return m
	}
	var rb [128]byte
	blockBytes(rb[:], s.g[:2*d], d, 2)
	var u [16]byte
	putLE(u[:], x, y)
	for i := range d {
		t := rb[16*i : 16*i+16]
		if onlyLane0 && i > 0 {
			clear(t)
			continue
		}
		xor16(t, t, u[:])
		copy(rb[16*(d+i):], t)
	}
	var m msg128
	s.packMsg(&m, rb[:32*d])
	wipe(rb[:])
	return m
}

// Finalize writes the tag (16 or 32 bytes: len(tag)) of a message of
// msgLenBits bits with adLenBits bits of associated data: the spec's
// Finalize, the lanes' tags xored together where d > 1. It wipes s.
func (s *State128) Finalize(adLenBits, msgLenBits uint64, tag []byte) {
	checkTag(tag)
	if useFused && s.d == 1 {
		s.finalize1(adLenBits, msgLenBits, tag)
		return
	}
	m := s.lengths(adLenBits, msgLenBits, false)
	{
		for range 7 {
			s.update(&m)
		}
	}
	s.tag(tag, true)
	m = msg128{}
	s.Wipe()
}

// finalize1 is Finalize at degree 1 with the fused chain (wasm): the
// lengths packed and xored with S2 in lanes 0 and 2 in one pass, with no
// group returned or copied (each a memory.copy or memory.fill there).
func (s *State128) finalize1(adLenBits, msgLenBits uint64, tag []byte) {
	var m group
	packLE(&m, adLenBits, msgLenBits)
	g := &s.g[0]
	for i := range m {
		v := m[i]
		// V[2,0] = S2 is lane 1 of group 0: moved to lanes 0 and 2.
		m[i] = v | v<<2 ^ (g[i]>>1&lane0 | g[i]<<1&lane2)
	}
	update128N(&s.g, &m, 7)
	s.tag(tag, true)
	m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7] = 0, 0, 0, 0, 0, 0, 0, 0
	s.Wipe()
}

// tag writes the tag of the finalized state: with 16 bytes S0 ^ ... ^ S6,
// with 32 bytes S0 ^ ... ^ S3 and S4 ^ ... ^ S7, of lane 0 alone or (all)
// xored over the lanes.
func (s *State128) tag(tag []byte, all bool) {
	if s.d > 1 {
		tagBytes(tag, s.g[:2*s.d], s.d, 7, 4, all)
		return
	}
	// Group 0 ^ group 1 holds S0^S1, S2^S3, S4^S5 and S6^S7: folded down
	// to lane 0 (without S7), or to lanes 0 and 2.
	var a group
	for i := range a {
		x := s.g[0][i] ^ s.g[1][i]
		if len(tag) == 16 {
			x ^= s.g[1][i] & ^uint64(lane0|lane12)
			x ^= x >> 2
		}
		a[i] = x ^ x>>1
	}
	if useFused {
		unpackTag128(tag, &a)
		a = group{}
		return
	}
	unpack(&a)
	storeBlock(tag, &a, 0)
	if len(tag) == 32 {
		storeBlock(tag[16:], &a, 2)
	}
	a = group{}
}

// FinalizeMAC writes the AEGIS-MAC tag (16 or 32 bytes: len(tag)) of
// dataLenBits bits of data absorbed: the spec's Finalize(|data|, tag
// bits) at degree 1, its FinalizeMac otherwise. It wipes s.
func (s *State128) FinalizeMAC(dataLenBits uint64, tag []byte) {
	checkTag(tag)
	d := s.d
	tagBits := uint64(8 * len(tag))
	m := s.lengths(dataLenBits, tagBits, false)
	for range 7 {
		s.update(&m)
	}
	if d > 1 {
		// Absorb the lanes' tags into lane 0, as M0 and M1 of lane 0:
		// with 16-byte tags those of every lane, lane 0 included, two
		// per update; with 32-byte tags those of lanes 1 to D-1, one
		// per update.
		gs := s.g[:2*d]
		var rb [128]byte
		if len(tag) == 16 {
			a := laneXor(gs, d, 0, 7, false)
			unpack(&a)
			for i := 0; i < d; i += 2 {
				storeBlock(rb[0:16], &a, i)
				storeBlock(rb[16*d:], &a, i+1)
				s.Absorb(rb[:32*d])
			}
			a = group{}
		} else {
			a, b := laneXor(gs, d, 0, 4, false), laneXor(gs, d, 4, 8, false)
			unpack(&a)
			unpack(&b)
			for i := 1; i < d; i++ {
				storeBlock(rb[0:16], &a, i)
				storeBlock(rb[16*d:], &b, i)
				s.Absorb(rb[:32*d])
			}
			a, b = group{}, group{}
		}
		wipe(rb[:])
		m = s.lengths(uint64(d), tagBits, true)
		for range 7 {
			s.update(&m)
		}
	}
	s.tag(tag, false)
	m = msg128{}
	s.Wipe()
}
