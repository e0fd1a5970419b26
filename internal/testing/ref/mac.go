// SPDX-License-Identifier: MIT

package ref

import "encoding/binary"

// MAC returns the spec's AEGIS-MAC tag of data (its Mac: Finalize at
// degree 1, FinalizeMac for the X variants).
func MAC(fam128 bool, d int, key, nonce, data []byte, tagLen int) []byte {
	s := &state{fam128: fam128, d: d}
	s.init(key, nonce)
	r := s.rate()
	for i := 0; i < len(data); i += r {
		b := make([]byte, r)
		copy(b, data[i:])
		s.update(s.split(b))
	}
	if d == 1 {
		return s.finalize(uint64(len(data)), uint64(tagLen), tagLen)
	}
	// FinalizeMac: the lengths block is LE64(|data|) || LE64(tag bits).
	var u block
	binary.LittleEndian.PutUint64(u[:8], uint64(len(data))*8)
	binary.LittleEndian.PutUint64(u[8:], uint64(tagLen)*8)
	j := 3
	if fam128 {
		j = 2
	}
	t := make([]block, d)
	for i := range t {
		t[i] = xor(s.v[j][i], u)
	}
	for r := 0; r < 7; r++ {
		s.update(t, t)
	}
	n := s.nblocks()
	var tags []byte
	for i := 0; i < d; i++ {
		var t0, t1 block
		switch {
		case tagLen == 16 && fam128: // tag from state 0 included
			for k := 0; k < n-1; k++ {
				t0 = xor(t0, s.v[k][i])
			}
			tags = append(tags, t0[:]...)
		case tagLen == 16 && i > 0: // 256X: state 0 skipped
			for k := 0; k < n; k++ {
				t0 = xor(t0, s.v[k][i])
			}
			tags = append(tags, t0[:]...)
		case tagLen == 32 && i > 0:
			for k := 0; k < n/2; k++ {
				t0 = xor(t0, s.v[k][i])
				t1 = xor(t1, s.v[n/2+k][i])
			}
			tags = append(tags, t0[:]...)
			tags = append(tags, t1[:]...)
		}
	}
	// Absorb the tags into state 0: ZeroPad(x0, R/2) || ZeroPad(x1, R/2)
	// per 256 bits for the 128 family, ZeroPad(v, R) per 128 bits for the
	// 256 family.
	if fam128 {
		for p := 0; p+32 <= len(tags); p += 32 {
			m0, m1 := make([]block, d), make([]block, d)
			copy(m0[0][:], tags[p:p+16])
			copy(m1[0][:], tags[p+16:p+32])
			s.update(m0, m1)
		}
	} else {
		for p := 0; p+16 <= len(tags); p += 16 {
			m := make([]block, d)
			copy(m[0][:], tags[p:p+16])
			s.update(m, nil)
		}
	}
	binary.LittleEndian.PutUint64(u[:8], uint64(d))
	binary.LittleEndian.PutUint64(u[8:], uint64(tagLen)*8)
	t = make([]block, d)
	t[0] = xor(s.v[j][0], u)
	for r := 0; r < 7; r++ {
		s.update(t, t)
	}
	var t0, t1 block
	if tagLen == 16 {
		last := n - 1
		if !fam128 {
			last = n
		}
		for k := 0; k < last; k++ {
			t0 = xor(t0, s.v[k][0])
		}
		return t0[:]
	}
	for k := 0; k < n/2; k++ {
		t0 = xor(t0, s.v[k][0])
		t1 = xor(t1, s.v[n/2+k][0])
	}
	return append(t0[:], t1[:]...)
}
