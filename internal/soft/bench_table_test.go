// SPDX-License-Identifier: MIT

package soft

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/aegisgo/aegis/internal/testing/ref"
)

// A table-driven AEGIS-128L and AEGIS-256 Seal: the fast Go way of
// computing AES rounds without AES instructions, and not constant time
// (each round is sixteen lookups indexed by state bytes). It exists only
// as the yardstick of BenchmarkCompare: the bar for this package is half
// its speed.

// te holds the four T-tables: te[r][x] is the column that byte x of row
// r contributes to MixColumns(SubBytes(x)), as a little-endian word.
var te = func() (t [4][256]uint32) {
	var sb [256]byte
	for x := range 256 {
		var in, k [16]byte
		in[0] = byte(x)
		// AESRound of x then zeros, with a zero key: its first column
		// is MixColumns of (S(x), S(0), S(0), S(0)), whose row 1,
		// S(x) ^ (2 ^ 3 ^ 1)S(0), is S(x).
		out := ref.AESRound(in, k)
		sb[x] = out[1]
	}
	mul2 := func(b byte) byte { return b<<1 ^ 0x1b*(b>>7) }
	for x := range 256 {
		s := sb[x]
		s2, s3 := mul2(s), mul2(s)^s
		col := [4]byte{s2, s, s, s3}
		for r := range 4 {
			// Row r's byte lands in rows r, r+1, r+2, r+3 with factors
			// 2, 1, 1, 3 rotated.
			var c [4]byte
			for i := range 4 {
				c[(i+r)%4] = col[i]
			}
			t[r][x] = binary.LittleEndian.Uint32(c[:])
		}
	}
	return t
}()

type tblock [4]uint32

// tRound sets *o to AESRound(*x, *k ^ *m); o may be k.
func tRound(o, x, k, m *tblock) {
	t0, t1, t2, t3 := &te[0], &te[1], &te[2], &te[3]
	x0, x1, x2, x3 := x[0], x[1], x[2], x[3]
	o[0] = t0[byte(x0)] ^ t1[byte(x1>>8)] ^ t2[byte(x2>>16)] ^ t3[byte(x3>>24)] ^ k[0] ^ m[0]
	o[1] = t0[byte(x1)] ^ t1[byte(x2>>8)] ^ t2[byte(x3>>16)] ^ t3[byte(x0>>24)] ^ k[1] ^ m[1]
	o[2] = t0[byte(x2)] ^ t1[byte(x3>>8)] ^ t2[byte(x0>>16)] ^ t3[byte(x1>>24)] ^ k[2] ^ m[2]
	o[3] = t0[byte(x3)] ^ t1[byte(x0>>8)] ^ t2[byte(x1>>16)] ^ t3[byte(x2>>24)] ^ k[3] ^ m[3]
}

// tRoundK is tRound with no message.
func tRoundK(o, x, k *tblock) {
	t0, t1, t2, t3 := &te[0], &te[1], &te[2], &te[3]
	x0, x1, x2, x3 := x[0], x[1], x[2], x[3]
	o[0] = t0[byte(x0)] ^ t1[byte(x1>>8)] ^ t2[byte(x2>>16)] ^ t3[byte(x3>>24)] ^ k[0]
	o[1] = t0[byte(x1)] ^ t1[byte(x2>>8)] ^ t2[byte(x3>>16)] ^ t3[byte(x0>>24)] ^ k[1]
	o[2] = t0[byte(x2)] ^ t1[byte(x3>>8)] ^ t2[byte(x0>>16)] ^ t3[byte(x1>>24)] ^ k[2]
	o[3] = t0[byte(x3)] ^ t1[byte(x0>>8)] ^ t2[byte(x1>>16)] ^ t3[byte(x2>>24)] ^ k[3]
}

// tUpdate is the spec's Update of AEGIS-128L (n = 8) or AEGIS-256 (n =
// 6), in place from the last block down.
func tUpdate(s *[8]tblock, n int, m0, m1 *tblock) {
	last := s[n-1]
	if n == 8 {
		tRoundK(&s[7], &s[6], &s[7])
		tRoundK(&s[6], &s[5], &s[6])
		tRoundK(&s[5], &s[4], &s[5])
		tRound(&s[4], &s[3], &s[4], m1)
	} else {
		tRoundK(&s[5], &s[4], &s[5])
		tRoundK(&s[4], &s[3], &s[4])
	}
	tRoundK(&s[3], &s[2], &s[3])
	tRoundK(&s[2], &s[1], &s[2])
	tRoundK(&s[1], &s[0], &s[1])
	tRound(&s[0], &last, &s[0], m0)
}

func tLoad(b []byte) (t tblock) {
	for i := range t {
		t[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	return t
}

func tStore(b []byte, t tblock) {
	for i := range t {
		binary.LittleEndian.PutUint32(b[4*i:], t[i])
	}
}

func tXor(a, b tblock) tblock {
	return tblock{a[0] ^ b[0], a[1] ^ b[1], a[2] ^ b[2], a[3] ^ b[3]}
}

func tAnd(a, b tblock) tblock {
	return tblock{a[0] & b[0], a[1] & b[1], a[2] & b[2], a[3] & b[3]}
}

// tableSeal is Seal of AEGIS-128L (fam128) or AEGIS-256 with a 16-byte
// tag, ct and msg of equal length.
func tableSeal(fam128 bool, ct, tag, key, nonce, msg, ad []byte) {
	n := 6
	if fam128 {
		n = 8
	}
	var s [8]tblock
	upd := func(m0, m1 tblock) { tUpdate(&s, n, &m0, &m1) }
	C0, C1 := tLoad(c0[:]), tLoad(c1[:])
	rate := 16
	if fam128 {
		rate = 32
		k, no := tLoad(key), tLoad(nonce)
		s = [8]tblock{tXor(k, no), C1, C0, C1, tXor(k, no), tXor(k, C0), tXor(k, C1), tXor(k, C0)}
		for range 10 {
			upd(no, k)
		}
	} else {
		k0, k1, n0, n1 := tLoad(key), tLoad(key[16:]), tLoad(nonce), tLoad(nonce[16:])
		s = [8]tblock{tXor(k0, n0), tXor(k1, n1), C1, C0, tXor(k0, C0), tXor(k1, C1)}
		for range 4 {
			upd(k0, tblock{})
			upd(k1, tblock{})
			upd(tXor(k0, n0), tblock{})
			upd(tXor(k1, n1), tblock{})
		}
	}
	var buf [32]byte
	for i := 0; i < len(ad); i += rate {
		clear(buf[:])
		copy(buf[:rate], ad[i:])
		upd(tLoad(buf[:]), tLoad(buf[16:]))
	}
	for i := 0; i < len(msg); i += rate {
		clear(buf[:])
		copy(buf[:rate], msg[i:])
		m0, m1 := tLoad(buf[:]), tLoad(buf[16:])
		if fam128 {
			tStore(buf[:], tXor(tXor(tXor(s[1], s[6]), tAnd(s[2], s[3])), m0))
			tStore(buf[16:], tXor(tXor(tXor(s[2], s[5]), tAnd(s[6], s[7])), m1))
		} else {
			tStore(buf[:], tXor(tXor(tXor(tXor(s[1], s[4]), s[5]), tAnd(s[2], s[3])), m0))
		}
		copy(ct[i:], buf[:min(rate, len(msg)-i)])
		upd(m0, m1)
	}
	var u [16]byte
	putLE(u[:], 8*uint64(len(ad)), 8*uint64(len(msg)))
	j := 3
	if fam128 {
		j = 2
	}
	t := tXor(s[j], tLoad(u[:]))
	for range 7 {
		upd(t, t)
	}
	var acc tblock
	for j := range n - 1 {
		acc = tXor(acc, s[j])
	}
	if !fam128 {
		acc = tXor(acc, s[5])
	}
	tStore(tag, acc)
}

// TestTableSeal checks the yardstick itself.
func TestTableSeal(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, fam128 := range []bool{true, false} {
		ks := 32
		if fam128 {
			ks = 16
		}
		for _, n := range []int{0, 1, 16, 31, 32, 33, 100, 1000} {
			key, nonce, msg, ad := randBytes(r, ks), randBytes(r, ks), randBytes(r, n), randBytes(r, n/3)
			ct, tag := make([]byte, n), make([]byte, 16)
			tableSeal(fam128, ct, tag, key, nonce, msg, ad)
			d := 1
			if want := ref.Seal(fam128, d, key, nonce, msg, ad, 16); !bytes.Equal(append(ct, tag...), want) {
				t.Fatalf("fam128 %v, %d bytes: the table Seal differs from the reference", fam128, n)
			}
		}
	}
}
