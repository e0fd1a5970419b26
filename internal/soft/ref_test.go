// SPDX-License-Identifier: MIT

package soft

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/aegisgo/aegis/internal/testing/ref"
)

func randBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// lengths returns every length from 0 to three rate blocks and one byte,
// and a few long ones.
func (v variant) lengths() []int {
	var ls []int
	for n := 0; n <= 3*v.rate()+1; n++ {
		ls = append(ls, n)
	}
	return append(ls, 1000, 4096+v.rate()/2+3, 10000)
}

// checkSeal compares Seal and Open of one message with the reference.
func (v variant) checkSeal(t *testing.T, r *rand.Rand, msgLen, adLen int) {
	t.Helper()
	key, nonce := randBytes(r, v.keySize()), randBytes(r, v.keySize())
	msg, ad := randBytes(r, msgLen), randBytes(r, adLen)
	for _, tl := range []int{16, 32} {
		want := ref.Seal(v.fam128, v.d, key, nonce, msg, ad, tl)
		ct, tag := make([]byte, msgLen), make([]byte, tl)
		v.seal(ct, tag, key, nonce, msg, ad)
		if !bytes.Equal(append(ct, tag...), want) {
			t.Fatalf("%s msg %d ad %d tag%d: Seal differs from the reference", v.pkg, msgLen, adLen, 8*tl)
		}
		pt := make([]byte, msgLen)
		if !v.open(pt, key, nonce, ct, tag, ad) || !bytes.Equal(pt, msg) {
			t.Fatalf("%s msg %d ad %d tag%d: Open does not invert Seal", v.pkg, msgLen, adLen, 8*tl)
		}
		// In place.
		buf := bytes.Clone(msg)
		v.seal(buf, tag, key, nonce, buf, ad)
		if !bytes.Equal(buf, ct) {
			t.Fatalf("%s msg %d ad %d: Seal in place differs", v.pkg, msgLen, adLen)
		}
		if !v.open(buf, key, nonce, buf, tag, ad) || !bytes.Equal(buf, msg) {
			t.Fatalf("%s msg %d ad %d: Open in place differs", v.pkg, msgLen, adLen)
		}
		// A flipped bit of the tag, the ciphertext or the ad is refused,
		// and the output cleared.
		bad := bytes.Clone(tag)
		bad[r.IntN(tl)] ^= 1 << r.IntN(8)
		for i, c := range [][3][]byte{{ct, bad, ad}, {flip(r, ct), tag, ad}, {ct, tag, flip(r, ad)}} {
			if i == 1 && msgLen == 0 || i == 2 && adLen == 0 {
				continue // nothing to flip
			}
			pt := bytes.Repeat([]byte{1}, msgLen)
			if v.open(pt, key, nonce, c[0], c[1], c[2]) {
				t.Fatalf("%s msg %d ad %d: Open accepts forgery %d", v.pkg, msgLen, adLen, i)
			}
			if !bytes.Equal(pt, make([]byte, msgLen)) {
				t.Fatalf("%s msg %d ad %d: a failed Open leaves output", v.pkg, msgLen, adLen)
			}
		}
	}
}

// flip returns a copy of b with one bit flipped (b itself when empty).
func flip(r *rand.Rand, b []byte) []byte {
	if len(b) == 0 {
		return b
	}
	c := bytes.Clone(b)
	c[r.IntN(len(c))] ^= 1 << r.IntN(8)
	return c
}

func TestSealAgainstRef(t *testing.T) {
	for _, v := range variants {
		t.Run(v.pkg, func(t *testing.T) {
			r := rand.New(rand.NewPCG(uint64(v.d), 7))
			for _, n := range v.lengths() {
				v.checkSeal(t, r, n, r.IntN(2*v.rate()+2))
				v.checkSeal(t, r, r.IntN(2*v.rate()+2), n)
			}
		})
	}
}

func TestMACAgainstRef(t *testing.T) {
	for _, v := range variants {
		r := rand.New(rand.NewPCG(uint64(v.d), 8))
		for _, n := range v.lengths() {
			key, nonce, data := randBytes(r, v.keySize()), randBytes(r, v.keySize()), randBytes(r, n)
			for _, tl := range []int{16, 32} {
				got := make([]byte, tl)
				v.mac(got, key, nonce, data)
				if want := ref.MAC(v.fam128, v.d, key, nonce, data, tl); !bytes.Equal(got, want) {
					t.Fatalf("%s data %d tag%d: MAC %x, want %x", v.pkg, n, 8*tl, got, want)
				}
			}
		}
	}
}

func TestStreamAgainstRef(t *testing.T) {
	for _, v := range variants {
		r := rand.New(rand.NewPCG(uint64(v.d), 9))
		key, nonce := randBytes(r, v.keySize()), randBytes(r, v.keySize())
		ls := v.lengths()
		zeros := ref.Seal(v.fam128, v.d, key, nonce, make([]byte, ls[len(ls)-1]), nil, 16)
		for _, n := range ls {
			got := bytes.Repeat([]byte{0xff}, n)
			v.stream(got, key, nonce)
			if !bytes.Equal(got, zeros[:n]) {
				t.Fatalf("%s: Stream of %d bytes is not the encryption of zeros", v.pkg, n)
			}
		}
	}
}

// stateOps is a state of either family, for the tests of incremental use.
type stateOps interface {
	Rate() int
	Absorb(ad []byte)
	Enc(dst, src []byte)
	Dec(dst, src []byte)
	EncPartial(dst, src []byte)
	DecPartial(dst, src []byte)
	KeyStream(dst, src []byte)
	KeyBlock(z []byte)
	Finalize(adLenBits, msgLenBits uint64, tag []byte)
	FinalizeMAC(dataLenBits uint64, tag []byte)
}

func (v variant) newState(key, nonce []byte) stateOps {
	if v.fam128 {
		s := new(State128)
		s.Init(v.d, key, nonce)
		return s
	}
	s := new(State256)
	s.Init(v.d, key, nonce)
	return s
}

// copyState returns a copy of s: states are values.
func copyState(s stateOps) stateOps {
	switch s := s.(type) {
	case *State128:
		c := *s
		return &c
	case *State256:
		c := *s
		return &c
	}
	panic("unknown state")
}

// split cuts n whole rate blocks into calls of random numbers of blocks,
// empty calls included.
func split(r *rand.Rand, n, rate int) []int {
	var cuts []int
	for n > 0 {
		k := r.IntN(min(n/rate, 5)+1) * rate
		cuts = append(cuts, k)
		n -= k
	}
	return cuts
}

// TestIncremental checks that Absorb, Enc, Dec and KeyStream give the
// bytes of one call whatever the blocks per call, and that a copy of a
// state goes on as the state would.
func TestIncremental(t *testing.T) {
	for _, v := range variants {
		r := rand.New(rand.NewPCG(uint64(v.d), 10))
		rate := v.rate()
		for try := range 40 {
			key, nonce := randBytes(r, v.keySize()), randBytes(r, v.keySize())
			adLen, msgLen := r.IntN(12*rate), r.IntN(12*rate)
			if try == 0 {
				adLen, msgLen = 0, 0
			}
			ad, msg := randBytes(r, adLen), randBytes(r, msgLen)
			want := ref.Seal(v.fam128, v.d, key, nonce, msg, ad, 32)
			name := fmt.Sprintf("%s ad %d msg %d", v.pkg, adLen, msgLen)

			enc := v.newState(key, nonce)
			feed(r, enc, ad, rate)
			ct := make([]byte, msgLen)
			full := msgLen - msgLen%rate
			off := 0
			z := make([]byte, rate)
			for _, k := range split(r, full, rate) {
				// KeyBlock gives the keystream of the next block, and
				// leaves the state as it is (else the tag differs).
				enc.KeyBlock(z)
				enc.Enc(ct[off:off+k], msg[off:off+k])
				for j := range min(k, rate) { // k may be 0
					if z[j]^msg[off+j] != ct[off+j] {
						t.Fatalf("%s: KeyBlock at %d differs from Enc's keystream", name, off)
					}
				}
				off += k
			}
			if full < msgLen {
				// The last, partial block's keystream too.
				enc.KeyBlock(z)
				partial := make([]byte, msgLen-full)
				copyState(enc).EncPartial(partial, msg[full:])
				for j := range partial {
					if z[j]^msg[full+j] != partial[j] {
						t.Fatalf("%s: KeyBlock of the partial block differs from EncPartial's", name)
					}
				}
			}
			// A copy taken before the last block finishes the message as
			// the original does.
			fork := copyState(enc)
			if full < msgLen {
				enc.EncPartial(ct[full:], msg[full:])
				fork.EncPartial(make([]byte, msgLen-full), msg[full:])
			}
			tag, ftag := make([]byte, 32), make([]byte, 32)
			enc.Finalize(8*uint64(adLen), 8*uint64(msgLen), tag)
			fork.Finalize(8*uint64(adLen), 8*uint64(msgLen), ftag)
			if !bytes.Equal(append(ct, tag...), want) {
				t.Fatalf("%s: incremental Enc differs from the reference", name)
			}
			if !bytes.Equal(ftag, tag) {
				t.Fatalf("%s: a copy of the state gives another tag", name)
			}

			dec := v.newState(key, nonce)
			feed(r, dec, ad, rate)
			pt := bytes.Clone(ct)
			off = 0
			for _, k := range split(r, full, rate) {
				dec.Dec(pt[off:off+k], pt[off:off+k])
				off += k
			}
			if full < msgLen {
				dec.DecPartial(pt[full:], pt[full:])
			}
			dec.Finalize(8*uint64(adLen), 8*uint64(msgLen), tag)
			if !bytes.Equal(pt, msg) || !bytes.Equal(append(ct, tag...), want) {
				t.Fatalf("%s: incremental Dec differs", name)
			}

			// MAC: the data fed in random whole blocks, then the rest.
			mac := v.newState(key, nonce)
			feed(r, mac, msg, rate)
			if want := ref.MAC(v.fam128, v.d, key, nonce, msg, 16); true {
				got := make([]byte, 16)
				mac.FinalizeMAC(8*uint64(msgLen), got)
				if !bytes.Equal(got, want) {
					t.Fatalf("%s: incremental MAC differs", name)
				}
			}

			// KeyStream, with and without src, in random whole blocks.
			zeros := ref.Seal(v.fam128, v.d, key, nonce, make([]byte, full), nil, 16)[:full]
			ks := v.newState(key, nonce)
			got := make([]byte, full)
			src := randBytes(r, full)
			off = 0
			for i, k := range split(r, full, rate) {
				if i%2 == 0 {
					ks.KeyStream(got[off:off+k], nil)
				} else {
					copy(got[off:], src[off:off+k])
					ks.KeyStream(got[off:off+k], got[off:off+k])
					for j := off; j < off+k; j++ {
						got[j] ^= src[j]
					}
				}
				off += k
			}
			if !bytes.Equal(got, zeros) {
				t.Fatalf("%s: incremental KeyStream differs from the encryption of zeros", name)
			}
		}
	}
}

// feed absorbs data in random whole blocks, then its zero-padded rest.
func feed(r *rand.Rand, s stateOps, data []byte, rate int) {
	full := len(data) - len(data)%rate
	off := 0
	for _, k := range split(r, full, rate) {
		s.Absorb(data[off : off+k])
		off += k
	}
	if full < len(data) {
		b := make([]byte, rate)
		copy(b, data[full:])
		s.Absorb(b)
	}
}
