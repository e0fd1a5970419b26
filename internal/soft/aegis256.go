// SPDX-License-Identifier: MIT

package soft

// State256 is the state of AEGIS-256 (degree 1), AEGIS-256X2 (2) or
// AEGIS-256X4 (4), kept bitsliced between calls. It holds no pointer and
// does not depend on its address: copy it to fork a computation. The zero
// value is not a state; Init makes one.
//
// The D x 6 blocks V[j,i] fill n groups, n = 2, 3 and 6 for D = 1, 2, 4:
// V[j,i] is lane i + D*(j/n) of group j mod n. So for AEGIS-256 group 0
// holds S0, S2, S4 and group 1 S1, S3, S5 (lane 3 unused); for AEGIS-256X2
// group j holds V[j,0], V[j,1], V[j+3,0], V[j+3,1]; for AEGIS-256X4
// group j is V[j,*]. Every update is one round per group.
type State256 struct {
	g [6]group
	d int
}

// groups256 returns the number of groups of degree d.
func groups256(d int) int {
	switch d {
	case 1:
		return 2
	case 2:
		return 3
	}
	return 6
}

// Init starts s for degree d (1, 2 or 4) with a 32-byte key and nonce:
// the spec's Init, with the context of each lane added before every
// update where d > 1.
func (s *State256) Init(d int, key, nonce []byte) {
	checkDegree(d)
	if len(key) != 32 || len(nonce) != 32 {
		panic("soft: AEGIS-256 key and nonce are 32 bytes")
	}
	s.d = d
	if d == 1 {
		s.init1(key, nonce)
		return
	}
	k0, k1, n0, n1 := key[:16], key[16:], nonce[:16], nonce[16:]
	var b [6][16]byte
	xor16(b[0][:], k0, n0)
	xor16(b[1][:], k1, n1)
	b[2], b[3] = c1, c0
	xor16(b[4][:], k0, c0[:])
	xor16(b[5][:], k1, c1[:])
	n := groups256(d)
	setBlocks(s.g[:n], d, b[:])
	// The four messages, k0, k1, k0 ^ n0 and k1 ^ n1, in every lane.
	var rb [64]byte
	var m [4]group
	for j, x := range [][]byte{k0, k1, b[0][:], b[1][:]} {
		for i := range d {
			copy(rb[16*i:], x)
		}
		s.packMsg(&m[j], rb[:16*d])
	}
	var c State256
	if d > 1 {
		// ctx[i] = Byte(i) || Byte(D-1), zero-padded, in V[3,i] and V[5,i].
		var v [6][4][16]byte
		for i := range d {
			v[3][i][0], v[3][i][1] = byte(i), byte(d-1)
			v[5][i] = v[3][i]
		}
		c.d = d
		c.fromBlocks(&v)
	}
	for range 4 {
		for j := range m {
			if d > 1 {
				// The contexts are in the groups of V[3,*] and V[5,*]
				// only (different groups at degrees 2 and 4).
				j3, j5 := 3%n, 5%n
				xorGroup(&s.g[j3], &s.g[j3], &c.g[j3])
				xorGroup(&s.g[j5], &s.g[j5], &c.g[j5])
			}
			s.update(&m[j], 0)
		}
	}
	b, m = [6][16]byte{}, [4]group{}
	wipe(rb[:])
}

// init1 is Init at degree 1 from one packed group, w = k0, k1, n0, n1:
// every block of the state is a lane of w moved to lanes 0 and 2 (k0,
// k1) or 0 (n0, n1), xored with packed constants (init256), and the
// messages k0, k1, k0 ^ n0 and k1 ^ n1 are lanes 0 and 1 of w and of w ^
// (w down two lanes).
func (s *State256) init1(key, nonce []byte) {
	var w, x group
	if useFused {
		loadPack4(&w, (*[16]byte)(key[:16]), (*[16]byte)(key[16:]), (*[16]byte)(nonce[:16]), (*[16]byte)(nonce[16:]))
	} else {
		loadBlock(&w, 0, key[:16])
		loadBlock(&w, 1, key[16:])
		loadBlock(&w, 2, nonce[:16])
		loadBlock(&w, 3, nonce[16:])
		pack(&w)
	}
	// g0 = S0 S2 S4 = k0^n0, C1, k0^C0; g1 = S1 S3 S5 = k1^n1, C0, k1^C1.
	for i := range w {
		k0, k1 := w[i]&lane0, w[i]>>1&lane0
		n0, n1 := w[i]>>2&lane0, w[i]>>3&lane0
		s.g[0][i] = (k0 | k0<<2) ^ n0 ^ init256[0][i]
		s.g[1][i] = (k1 | k1<<2) ^ n1 ^ init256[1][i]
		x[i] = w[i] ^ w[i]>>2
	}
	if useFused {
		// The messages in the order of the updates, lanes 0 to 3.
		for i := range x {
			x[i] = w[i]&lane01 | x[i]&lane01<<2
		}
		update256N(&s.g, &x, 16)
	} else {
		for range 4 {
			s.update1(&w, 0)
			s.update1(&w, 1)
			s.update1(&x, 0)
			s.update1(&x, 1)
		}
	}
	w, x = group{}, group{}
}

// init256 holds the constants of AEGIS-256's initial state in the groups
// of State256: C1 in S2 and C0 in S4 (group 0), C0 in S3 and C1 in S5
// (group 1).
var init256 = func() (g [2]group) {
	setBlocks(g[:], 1, [][16]byte{{}, {}, c1, c0, c0, c1})
	return g
}()

// Rate returns the bytes of a rate block: 16D.
func (s *State256) Rate() int { return 16 * s.d }

// Degree returns D.
func (s *State256) Degree() int { return s.d }

// Wipe zeroes s.
func (s *State256) Wipe() { *s = State256{} }

// fromBlocks packs the blocks v[j][i] (block j of lane i) into s.
func (s *State256) fromBlocks(v *[6][4][16]byte) {
	n := groups256(s.d)
	for g := range n {
		w := &s.g[g]
		*w = group{}
		for k := range 4 {
			if j, i := g+n*(k/s.d), k%s.d; j < 6 {
				loadBlock(w, k, v[j][i][:])
			}
		}
		pack(w)
	}
}

// packMsg sets m to the message of an update that absorbs the rate block
// b: lane i is the block of lane i.
func (s *State256) packMsg(m *group, b []byte) {
	*m = group{}
	for k := range s.d {
		loadBlock(m, k, b[16*k:])
	}
	pack(m)
}

// update is the spec's Update, with the message in lane 0 to d-1 of w
// moved down by sh lanes.
func (s *State256) update(w *group, sh uint) {
	switch s.d {
	case 1:
		s.update1(w, sh)
	case 2:
		s.update2(w, sh)
	default:
		s.update4(w)
	}
}

// The updates compute group 0 first, from the old last group with its
// lanes moved and the message, then the others from the last down, each
// in place, so that every round reads the old value of the group before
// it; group 0's old value is copied first.

func (s *State256) update1(w *group, sh uint) {
	g := &s.g
	c := g[0]
	aesRoundRot3(&g[0], &g[1], &g[0], w, sh, lane0) // S5, S1, S3
	aesRound(&g[1], &c, &g[1])
}

func (s *State256) update2(w *group, sh uint) {
	g := &s.g
	c := g[0]
	aesRoundSwap(&g[0], &g[2], &g[0], w, sh, lane01) // V[2,*], V[5,*]: swapped
	aesRound(&g[2], &g[1], &g[2])
	aesRound(&g[1], &c, &g[1])
}

func (s *State256) update4(w *group) {
	g := &s.g
	c := g[0]
	aesRoundMsg(&g[0], &g[5], &g[0], w, 0, ^uint64(0))
	aesRound(&g[5], &g[4], &g[5])
	aesRound(&g[4], &g[3], &g[4])
	aesRound(&g[3], &g[2], &g[3])
	aesRound(&g[2], &g[1], &g[2])
	aesRound(&g[1], &c, &g[1])
}

// keystream ors z = V1 ^ V4 ^ V5 ^ (V2 & V3) of the next rate block, in
// the lanes of packMsg moved up by sh lanes, into dst (sets it at degree
// 4).
func (s *State256) keystream(dst *group, sh uint) {
	switch s.d {
	case 1:
		s.ks1(dst, sh)
	case 2:
		s.ks2(dst, sh)
	default:
		s.ks4(dst)
	}
}

// ks1 ors the keystream of AEGIS-256, in lane sh, into z: with g0 = S0
// S2 S4 and g1 = S1 S3 S5, lane 0 of g1 ^ (g0 ^ g1 down two lanes) ^ (g0
// & g1 down one lane).
func (s *State256) ks1(z *group, sh uint) { s.ks1of(&s.g[0], &s.g[1], z, sh) }

// ks1of is ks1 of the groups a = S0 S2 S4 and b = S1 S3 S5.
func (s *State256) ks1of(a, b, z *group, sh uint) {
	sh &= 63 // so that the shifts need no test of sh
	z[0] |= ks256w1(a[0], b[0]) << sh
	z[1] |= ks256w1(a[1], b[1]) << sh
	z[2] |= ks256w1(a[2], b[2]) << sh
	z[3] |= ks256w1(a[3], b[3]) << sh
	z[4] |= ks256w1(a[4], b[4]) << sh
	z[5] |= ks256w1(a[5], b[5]) << sh
	z[6] |= ks256w1(a[6], b[6]) << sh
	z[7] |= ks256w1(a[7], b[7]) << sh
}

// ks2 ors the keystream of AEGIS-256X2, in lanes sh and sh+1, into z:
// with group j = V[j,*], V[j+3,*], lanes 0, 1 of g1 ^ (g1 and g2 down two
// lanes) ^ (g2 & g0 down two lanes).
func (s *State256) ks2(z *group, sh uint) {
	a, b, c := &s.g[0], &s.g[1], &s.g[2]
	sh &= 63
	z[0] |= ks256w2(a[0], b[0], c[0]) << sh
	z[1] |= ks256w2(a[1], b[1], c[1]) << sh
	z[2] |= ks256w2(a[2], b[2], c[2]) << sh
	z[3] |= ks256w2(a[3], b[3], c[3]) << sh
	z[4] |= ks256w2(a[4], b[4], c[4]) << sh
	z[5] |= ks256w2(a[5], b[5], c[5]) << sh
	z[6] |= ks256w2(a[6], b[6], c[6]) << sh
	z[7] |= ks256w2(a[7], b[7], c[7]) << sh
}

// ks4 sets z to the keystream of AEGIS-256X4 (group j = V[j,*]).
func (s *State256) ks4(z *group) {
	g := &s.g
	for i := range z {
		z[i] = g[1][i] ^ g[4][i] ^ g[5][i] ^ g[2][i]&g[3][i]
	}
}

func ks256w1(x, y uint64) uint64 { return (y ^ (x^y)>>2 ^ (x&y)>>1) & lane0 }

func ks256w2(x, y, z uint64) uint64 { return (y ^ (y^z)>>2 ^ z&(x>>2)) & lane01 }

// rateLanes returns the lanes of one rate block at lane 0: lanes 0 to
// d-1.
func rateLanes(d int) uint64 { return uint64(lane0) * (1<<d - 1) }

// mode256 says what crypt does with its input.
type mode256 int

const (
	absorb256 mode256 = iota
	enc256
	dec256
	stream256 // the keystream, xored with src unless src is nil
)

// crypt runs the updates of len(src) (or, for stream256, len(dst)) bytes,
// a whole number of rate blocks, 64 bytes at a time: 4/D rate blocks
// packed into one group, rate block t in lanes Dt to Dt+D-1 (the lanes of
// its blocks' offsets), so that one pack and one unpack serve 4/D
// updates.
func (s *State256) crypt(dst, src []byte, mode mode256) {
	d := s.d
	n := len(src)
	if mode == stream256 {
		n = len(dst)
	}
	var w, z, zero group
	if useFused && d == 1 && mode != stream256 {
		s.fused(dst, src, mode)
		return
	}
	for off := 0; off < n; off += 64 {
		nb := min(n-off, 64) / 16 // AES blocks in this chunk
		if src != nil {
			loadN(&w, src[off:], nb)
		}
		if d == 1 {
			z = group{}
			s.crypt1(&w, &z, nb, mode)
			if mode == absorb256 {
				continue
			}
			if mode != dec256 && src != nil {
				xorGroup(&z, &z, &w)
			}
			storeN(dst[off:], &z, nb)
			continue
		}
		switch mode {
		case absorb256:
			for k := 0; k < nb; k += d {
				s.update(&w, uint(k))
			}
			continue
		case enc256:
			z = group{}
			for k := 0; k < nb; k += d {
				s.keystream(&z, uint(k))
				s.update(&w, uint(k))
			}
			xorGroup(&z, &z, &w)
		case dec256:
			// The plaintext of each rate block is its ciphertext xored
			// with the keystream, lane by lane, before its update.
			z = group{}
			m := rateLanes(d)
			for k := 0; k < nb; k += d {
				s.keystream(&z, uint(k))
				xorLanes(&z, &w, m<<uint(k))
				s.update(&z, uint(k))
			}
		default:
			z = group{}
			for k := 0; k < nb; k += d {
				s.keystream(&z, uint(k))
				s.update(&zero, 0)
			}
			if src != nil {
				xorGroup(&z, &z, &w)
			}
		}
		storeN(dst[off:], &z, nb)
	}
	w, z = group{}, group{}
}

// crypt1 is crypt's work on one chunk at degree 1: the nb updates of the
// blocks in lanes 0 to nb-1 of w, with the keystream of each (enc256,
// stream256) or the plaintext (dec256) ored into the same lane of z. It
// writes each update's state to the other pair of groups, g0 g1 to g2
// g3 and back, rather than copying g0 first (the updates in place do),
// and fuses the keystream into group 0's round.
func (s *State256) crypt1(w, z *group, nb int, mode mode256) {
	g := &s.g
	var zero group
	m := w
	if mode == stream256 {
		m = &zero
	}
	for k := range nb {
		// a, b: the state; c, e: where its update goes.
		a, b, c, e := &g[0], &g[1], &g[2], &g[3]
		if k&1 == 1 {
			a, b, c, e = c, e, a, b
		}
		sh := uint(k)
		switch mode {
		case absorb256:
			aesRoundRot3(c, b, a, w, sh, lane0)
		case dec256:
			s.ks1of(a, b, z, sh)
			xorLanes(z, w, lane0<<sh)
			aesRoundRot3(c, b, a, z, sh, lane0)
		default:
			aesRoundRot3KS(c, b, a, m, z, sh, lane0)
		}
		aesRound(e, a, b)
	}
	if nb&1 == 1 {
		g[0], g[1] = g[2], g[3]
	}
}

// Absorb absorbs ad, a whole number of rate blocks: the spec's Absorb of
// each.
func (s *State256) Absorb(ad []byte) {
	checkBlocks(len(ad), s.Rate())
	s.crypt(nil, ad, absorb256)
}

// AbsorbPartial absorbs ad, shorter than a rate block and not empty,
// zero-padded to one.
func (s *State256) AbsorbPartial(ad []byte) {
	r := s.Rate()
	checkPartial(len(ad), r)
	var b [64]byte
	copy(b[:], ad)
	s.Absorb(b[:r])
	wipe(b[:])
}

// Enc encrypts src, a whole number of rate blocks, to dst: the spec's Enc
// of each. dst may be src exactly, and must not overlap it otherwise.
func (s *State256) Enc(dst, src []byte) {
	checkBlocks(len(src), s.Rate())
	checkDst(dst, src)
	s.crypt(dst, src, enc256)
}

// Dec decrypts src, a whole number of rate blocks, to dst: the spec's Dec
// of each. dst may be src exactly, and must not overlap it otherwise.
func (s *State256) Dec(dst, src []byte) {
	checkBlocks(len(src), s.Rate())
	checkDst(dst, src)
	s.crypt(dst, src, dec256)
}

// EncPartial encrypts src, shorter than a rate block and not empty, to
// dst: the spec's Enc of src zero-padded, truncated to len(src). It ends
// the message.
func (s *State256) EncPartial(dst, src []byte) {
	r := s.Rate()
	checkPartial(len(src), r)
	checkDst(dst, src)
	var b [64]byte
	copy(b[:], src)
	s.Enc(b[:r], b[:r])
	copy(dst, b[:len(src)])
	wipe(b[:])
}

// DecPartial decrypts src, shorter than a rate block and not empty, to
// dst: the spec's DecPartial (the keystream xored into src zero-padded,
// truncated, then the plaintext zero-padded absorbed). It ends the
// message.
func (s *State256) DecPartial(dst, src []byte) {
	r := s.Rate()
	checkPartial(len(src), r)
	checkDst(dst, src)
	var b [64]byte
	s.keystreamBytes(b[:r])
	for i, c := range src {
		b[i] ^= c
	}
	clear(b[len(src):r])
	copy(dst, b[:len(src)])
	s.Absorb(b[:r])
	wipe(b[:])
}

// keystreamBytes writes the keystream of the next rate block to z.
func (s *State256) keystreamBytes(z []byte) {
	var k group
	s.keystream(&k, 0)
	unpack(&k)
	for i := range s.d {
		storeBlock(z[16*i:], &k, i)
	}
	k = group{}
}

// KeyBlock writes the keystream of the next rate block (Rate bytes) to
// z, leaving s as it is: what Enc would xor into that block. It serves
// the bytes of a block that is not yet complete.
func (s *State256) KeyBlock(z []byte) {
	_ = z[s.Rate()-1]
	s.keystreamBytes(z)
}

// KeyStream writes the next len(dst) bytes of the spec's Stream (the
// encryption of zeros) to dst, xored with src unless src is nil; len(dst)
// is a whole number of rate blocks and src, when not nil, as long. dst may
// be src exactly. s must come from Init with nothing absorbed.
func (s *State256) KeyStream(dst, src []byte) {
	checkBlocks(len(dst), s.Rate())
	if src != nil && len(src) != len(dst) {
		panic("soft: KeyStream of src and dst of different lengths")
	}
	s.crypt(dst, src, stream256)
}

// lengths returns the message of Finalize's updates: t = V[3,i] ^ u with
// u = LE64(x) || LE64(y), in every lane or in lane 0 only (zero
// elsewhere).
func (s *State256) lengths(x, y uint64, onlyLane0 bool) group {
	d := s.d
	if d == 1 {
		// V[3,0] = S3 is lane 1 of group 1: moved to lane 0.
		var m group
		if useFused {
			packLE(&m, x, y)
		} else {
			var u [16]byte
			putLE(u[:], x, y)
			loadBlock(&m, 0, u[:])
			pack(&m)
		}
		g := &s.g[1]
		for i := range m {
			m[i] ^= g[i] >> 1 & lane0
		}
		return m
	}
	var rb [64]byte
	blockBytes(rb[:], s.g[:groups256(d)], d, 3)
	var u [16]byte
	putLE(u[:], x, y)
	for i := range d {
		t := rb[16*i : 16*i+16]
		if onlyLane0 && i > 0 {
			clear(t)
			continue
		}
		xor16(t, t, u[:])
	}
	var m group
	s.packMsg(&m, rb[:16*d])
	wipe(rb[:])
	return m
}

// Finalize writes the tag (16 or 32 bytes: len(tag)) of a message of
// msgLenBits bits with adLenBits bits of associated data: the spec's
// Finalize, the lanes' tags xored together where d > 1. It wipes s.
func (s *State256) Finalize(adLenBits, msgLenBits uint64, tag []byte) {
	checkTag(tag)
	if useFused && s.d == 1 {
		s.finalize1(adLenBits, msgLenBits, tag)
		return
	}
	m := s.lengths(adLenBits, msgLenBits, false)
	{
		for range 7 {
			s.update(&m, 0)
		}
	}
	s.tag(tag, true)
	m = group{}
	s.Wipe()
}

// finalize1 is Finalize at degree 1 with the fused chain (wasm): the
// lengths packed and xored with S3 in every lane in one pass, with no
// group returned or copied (each a memory.copy or memory.fill there).
func (s *State256) finalize1(adLenBits, msgLenBits uint64, tag []byte) {
	var m group
	packLE(&m, adLenBits, msgLenBits)
	g := &s.g[1]
	for i := range m {
		v := (m[i] ^ g[i]>>1) & lane0 // V[3,0] = S3 is lane 1 of group 1
		m[i] = v | v<<1 | v<<2 | v<<3
	}
	update256N(&s.g, &m, 7)
	s.tag(tag, true)
	m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7] = 0, 0, 0, 0, 0, 0, 0, 0
	s.Wipe()
}

// tag writes the tag of the finalized state: with 16 bytes S0 ^ ... ^ S5,
// with 32 bytes S0 ^ S1 ^ S2 and S3 ^ S4 ^ S5, of lane 0 alone or (all)
// xored over the lanes.
func (s *State256) tag(tag []byte, all bool) {
	if s.d > 1 {
		tagBytes(tag, s.g[:groups256(s.d)], s.d, 6, 3, all)
		return
	}
	// Group 0 ^ group 1 holds S0^S1, S2^S3, S4^S5 (lane 3 unused): folded
	// down to lane 0, or S0^S1^S2 to lane 0 and S3^S4^S5 to lane 1.
	var a group
	for i := range a {
		g0, g1 := s.g[0][i], s.g[1][i]
		x := (g0 ^ g1) & (lane01 | lane2)
		if len(tag) == 16 {
			x ^= x >> 2
			a[i] = (x ^ x>>1) & lane0
		} else {
			a[i] = (x^g0>>1)&lane0 | (g1^x>>1)&(lane01&^lane0)
		}
	}
	if useFused {
		unpackTag256(tag, &a)
		a = group{}
		return
	}
	unpack(&a)
	storeBlock(tag, &a, 0)
	if len(tag) == 32 {
		storeBlock(tag[16:], &a, 1)
	}
	a = group{}
}

// FinalizeMAC writes the AEGIS-MAC tag (16 or 32 bytes: len(tag)) of
// dataLenBits bits of data absorbed: the spec's Finalize(|data|, tag
// bits) at degree 1, its FinalizeMac otherwise. It wipes s.
func (s *State256) FinalizeMAC(dataLenBits uint64, tag []byte) {
	checkTag(tag)
	d := s.d
	gs := s.g[:groups256(d)]
	tagBits := uint64(8 * len(tag))
	m := s.lengths(dataLenBits, tagBits, false)
	for range 7 {
		s.update(&m, 0)
	}
	if d > 1 {
		// Absorb the tags of lanes 1 to D-1 into lane 0, 16 bytes per
		// update.
		var rb [64]byte
		var a, b group
		if len(tag) == 16 {
			a = laneXor(gs, d, 0, 6, false)
		} else {
			a, b = laneXor(gs, d, 0, 3, false), laneXor(gs, d, 3, 6, false)
		}
		unpack(&a)
		unpack(&b)
		for i := 1; i < d; i++ {
			storeBlock(rb[:16], &a, i)
			s.Absorb(rb[:16*d])
			if len(tag) == 32 {
				storeBlock(rb[:16], &b, i)
				s.Absorb(rb[:16*d])
			}
		}
		a, b = group{}, group{}
		wipe(rb[:])
		m = s.lengths(uint64(d), tagBits, true)
		for range 7 {
			s.update(&m, 0)
		}
	}
	s.tag(tag, false)
	m = group{}
	s.Wipe()
}
