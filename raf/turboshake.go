// SPDX-License-Identifier: MIT

package raf

import (
	"encoding/binary"
	"math/bits"
)

// This file holds TurboSHAKE (RFC 9861), the key derivation function of
// RAF: the sponge of SHAKE with the Keccak permutation cut to its last 12
// rounds. It is written from the FIPS 202 definition of Keccak-p; the
// golang.org/x/crypto/sha3 package has only the 24-round functions.

// The rates of TurboSHAKE128 and TurboSHAKE256, in bytes.
const (
	turboRate128 = 168
	turboRate256 = 136
)

// keccakRC holds the 24 round constants of Keccak-f[1600], produced at
// start-up by the LFSR of FIPS 202 (x^8 + x^6 + x^5 + x^4 + 1), so that no
// table of constants can be mistyped.
var keccakRC = func() (rc [24]uint64) {
	lfsr := uint8(1)
	for ir := range rc {
		for j := 0; j < 7; j++ {
			if lfsr&1 != 0 {
				rc[ir] |= 1 << ((1 << j) - 1)
			}
			if lfsr&0x80 != 0 {
				lfsr = lfsr<<1 ^ 0x71
			} else {
				lfsr <<= 1
			}
		}
	}
	return rc
}()

// keccakRho holds the rotation of each lane, indexed x+5y, computed by the
// walk of FIPS 202 (the offsets (t+1)(t+2)/2 along (x,y) -> (y, 2x+3y)).
var keccakRho = func() (r [25]int) {
	x, y := 1, 0
	for t := 0; t < 24; t++ {
		r[x+5*y] = ((t + 1) * (t + 2) / 2) % 64
		x, y = y, (2*x+3*y)%5
	}
	return r
}()

// keccakP1600 applies the last `rounds` rounds of Keccak-f[1600] to a:
// rounds = 24 is Keccak-f itself, rounds = 12 is the permutation of
// TurboSHAKE and KangarooTwelve.
func keccakP1600(a *[25]uint64, rounds int) {
	var b [25]uint64
	var c, d [5]uint64
	for ir := 24 - rounds; ir < 24; ir++ {
		// θ
		for x := 0; x < 5; x++ {
			c[x] = a[x] ^ a[x+5] ^ a[x+10] ^ a[x+15] ^ a[x+20]
		}
		for x := 0; x < 5; x++ {
			d[x] = c[(x+4)%5] ^ bits.RotateLeft64(c[(x+1)%5], 1)
		}
		// ρ and π: lane (x,y) moves to (y, 2x+3y).
		for y := 0; y < 5; y++ {
			for x := 0; x < 5; x++ {
				i := x + 5*y
				b[y+5*((2*x+3*y)%5)] = bits.RotateLeft64(a[i]^d[x], keccakRho[i])
			}
		}
		// χ
		for y := 0; y < 25; y += 5 {
			for x := 0; x < 5; x++ {
				a[y+x] = b[y+x] ^ (^b[y+(x+1)%5] & b[y+(x+2)%5])
			}
		}
		// ι
		a[0] ^= keccakRC[ir]
	}
}

// sponge is a Keccak sponge over the 1600-bit state, with a byte-granular
// rate and a given number of rounds. It absorbs everything, pads once, and
// squeezes.
type sponge struct {
	a      [25]uint64
	rate   int
	rounds int
}

func (s *sponge) xorByte(i int, v byte) {
	s.a[i/8] ^= uint64(v) << (8 * (i % 8))
}

func (s *sponge) byteAt(i int) byte {
	return byte(s.a[i/8] >> (8 * (i % 8)))
}

// sum absorbs msg, pads with the domain byte and the final bit, and fills
// out.
func (s *sponge) sum(out, msg []byte, domain byte) {
	for len(msg) >= s.rate {
		for i := 0; i+8 <= s.rate; i += 8 {
			s.a[i/8] ^= binary.LittleEndian.Uint64(msg[i:])
		}
		keccakP1600(&s.a, s.rounds)
		msg = msg[s.rate:]
	}
	for i, v := range msg {
		s.xorByte(i, v)
	}
	s.xorByte(len(msg), domain)
	s.xorByte(s.rate-1, 0x80)
	keccakP1600(&s.a, s.rounds)
	for {
		n := min(len(out), s.rate)
		for i := 0; i < n; i++ {
			out[i] = s.byteAt(i)
		}
		out = out[n:]
		if len(out) == 0 {
			return
		}
		keccakP1600(&s.a, s.rounds)
	}
}

// TurboSHAKE128 fills out with TurboSHAKE128(msg, domain, len(out)) of
// RFC 9861: rate 168 bytes, 12 rounds. The domain byte must be in
// 0x01..0x7F; RAF uses 0x1F, the default of the RFC. It panics otherwise.
func TurboSHAKE128(out, msg []byte, domain byte) {
	turboSHAKE(turboRate128, out, msg, domain)
}

// TurboSHAKE256 fills out with TurboSHAKE256(msg, domain, len(out)) of
// RFC 9861: rate 136 bytes, 12 rounds. The domain byte must be in
// 0x01..0x7F; RAF uses 0x1F. It panics otherwise.
func TurboSHAKE256(out, msg []byte, domain byte) {
	turboSHAKE(turboRate256, out, msg, domain)
}

func turboSHAKE(rate int, out, msg []byte, domain byte) {
	if domain == 0 || domain >= 0x80 {
		panic("raf: TurboSHAKE domain byte out of 0x01..0x7F")
	}
	s := sponge{rate: rate, rounds: 12}
	s.sum(out, msg, domain)
	clear(s.a[:])
}
