// SPDX-License-Identifier: MIT

//go:build !without_aegis

package libaegisdiff_test

import (
	"bytes"
	"crypto/cipher"
	"fmt"
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/aegisgo/aegis/aegis128l"
	"github.com/aegisgo/aegis/aegis128x2"
	"github.com/aegisgo/aegis/aegis128x4"
	"github.com/aegisgo/aegis/aegis256"
	"github.com/aegisgo/aegis/aegis256x2"
	"github.com/aegisgo/aegis/aegis256x4"
	"github.com/aegisgo/aegis/common"
	"github.com/aegisgo/aegis/internal/testing/aeadtest"
)

// pkg is one variant package's API as the test drives it.
type pkg struct {
	name         string
	m            model
	New          func(key []byte, tagLen int) (cipher.AEAD, error)
	NewEncrypter func(key, nonce, ad []byte, tagLen int) (aeadtest.Encrypter, error)
	NewDecrypter func(key, nonce, ad []byte, tagLen int) (aeadtest.Decrypter, error)
}

// ctor turns a constructor that returns a concrete pointer into one that
// returns an interface, nil with an error.
func ctor[T any, I any](f func(key, nonce, ad []byte, tagLen int) (*T, error)) func(key, nonce, ad []byte, tagLen int) (I, error) {
	return func(key, nonce, ad []byte, tagLen int) (I, error) {
		x, err := f(key, nonce, ad, tagLen)
		if err != nil {
			var zero I
			return zero, err
		}
		return any(x).(I), nil
	}
}

var pkgs = []pkg{
	{"aegis128l", model{true, 1, 16, 16, 32}, aegis128l.New,
		ctor[aegis128l.Encrypter, aeadtest.Encrypter](aegis128l.NewEncrypter),
		ctor[aegis128l.Decrypter, aeadtest.Decrypter](aegis128l.NewDecrypter)},
	{"aegis128x2", model{true, 2, 16, 16, 64}, aegis128x2.New,
		ctor[aegis128x2.Encrypter, aeadtest.Encrypter](aegis128x2.NewEncrypter),
		ctor[aegis128x2.Decrypter, aeadtest.Decrypter](aegis128x2.NewDecrypter)},
	{"aegis128x4", model{true, 4, 16, 16, 128}, aegis128x4.New,
		ctor[aegis128x4.Encrypter, aeadtest.Encrypter](aegis128x4.NewEncrypter),
		ctor[aegis128x4.Decrypter, aeadtest.Decrypter](aegis128x4.NewDecrypter)},
	{"aegis256", model{false, 1, 32, 32, 16}, aegis256.New,
		ctor[aegis256.Encrypter, aeadtest.Encrypter](aegis256.NewEncrypter),
		ctor[aegis256.Decrypter, aeadtest.Decrypter](aegis256.NewDecrypter)},
	{"aegis256x2", model{false, 2, 32, 32, 32}, aegis256x2.New,
		ctor[aegis256x2.Encrypter, aeadtest.Encrypter](aegis256x2.NewEncrypter),
		ctor[aegis256x2.Decrypter, aeadtest.Decrypter](aegis256x2.NewDecrypter)},
	{"aegis256x4", model{false, 4, 32, 32, 64}, aegis256x4.New,
		ctor[aegis256x4.Encrypter, aeadtest.Encrypter](aegis256x4.NewEncrypter),
		ctor[aegis256x4.Decrypter, aeadtest.Decrypter](aegis256x4.NewDecrypter)},
}

func randBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// pick returns one of the choices, the first one half of the time.
func pick(r *rand.Rand, choices ...int) int {
	if r.IntN(2) == 0 {
		return choices[0]
	}
	return choices[r.IntN(len(choices))]
}

// buffers is a caller's buffer given to both sides: two arrays with the
// same random bytes, and the length of the slice of them that is passed
// as dst. nil stands for a nil dst.
type buffers struct {
	ours, model []byte // the whole arrays (len = cap)
	dstLen      int
	isNil       bool
}

func newBuffers(r *rand.Rand, need int) *buffers {
	if r.IntN(6) == 0 {
		return &buffers{isNil: true}
	}
	c := r.IntN(need + 40)
	if r.IntN(3) == 0 {
		c = need + r.IntN(3) // around the exact fit
	}
	b := &buffers{ours: randBytes(r, c)}
	b.model = exactCopy(b.ours)
	b.dstLen = r.IntN(c + 1)
	return b
}

func (b *buffers) dst(arr []byte) []byte {
	if b.isNil {
		return nil
	}
	return arr[:b.dstLen]
}

// where describes a returned slice: nil or not, its length and capacity,
// and the index in the caller's array where it starts (-1 when it is
// elsewhere: a new array).
type where struct {
	isNil         bool
	len, cap, off int
}

func locate(arr, s []byte) where {
	w := where{isNil: s == nil, len: len(s), cap: cap(s), off: -1}
	if cap(s) > 0 && cap(arr) > 0 {
		a := uintptr(unsafe.Pointer(unsafe.SliceData(arr)))
		p := uintptr(unsafe.Pointer(unsafe.SliceData(s)))
		if p >= a && p < a+uintptr(cap(arr)) {
			w.off = int(p - a)
		}
	}
	return w
}

// outcome is what one call did.
type outcome struct {
	panicked bool
	err      error
	res      []byte
	at       where
}

func run(arr []byte, f func() ([]byte, error)) (o outcome) {
	defer func() {
		if recover() != nil {
			o.panicked = true
		}
	}()
	o.res, o.err = f()
	o.at = locate(arr, o.res)
	o.res = bytes.Clone(o.res)
	return o
}

// seen counts the kinds of outcome per call, so that the test can check
// that the random calls reached every path of the model.
type seen map[string]int

func (s seen) note(call string, o outcome) {
	switch {
	case o.panicked:
		s[call+" panics"]++
	case o.err != nil:
		s[call+" "+o.err.Error()]++
	default:
		s[call+" ok"]++
	}
}

// compare reports the first difference between the two outcomes and the
// two arrays; skip, when not nil, is a region of the arrays whose content
// go-libaegis does not document (the output of a failed Open).
func compare(t *testing.T, what string, b *buffers, ours, want outcome, skip []int) {
	t.Helper()
	switch {
	case ours.panicked != want.panicked:
		t.Fatalf("%s: panicked %v, go-libaegis %v", what, ours.panicked, want.panicked)
	case ours.panicked:
		return
	case ours.err != want.err:
		t.Fatalf("%s: error %v, go-libaegis %v", what, ours.err, want.err)
	case !bytes.Equal(ours.res, want.res):
		t.Fatalf("%s: result\n%x\ngo-libaegis\n%x", what, ours.res, want.res)
	case ours.at != want.at:
		t.Fatalf("%s: result at %+v, go-libaegis at %+v", what, ours.at, want.at)
	}
	if b == nil || b.isNil {
		return
	}
	for i := range b.ours {
		if skip != nil && i >= skip[0] && i < skip[1] {
			continue
		}
		if b.ours[i] != b.model[i] {
			t.Fatalf("%s: the caller's buffer differs at byte %d of %d (dst had length %d)", what, i, len(b.ours), b.dstLen)
		}
	}
}

// TestDifferential runs random calls of the AEAD, the constructors, and
// the incremental API through each variant package and through the model
// of go-libaegis, and checks that they agree.
//
// The rounds stay at 400 under -short too: fewer do not reach every
// outcome that the test requires (100 missed "Open panics" in four of
// the six variants).
func TestDifferential(t *testing.T) {
	const rounds = 400
	for _, p := range pkgs {
		t.Run(p.name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(0x11baeb15, uint64(p.m.rate)<<8|uint64(p.m.keySize)))
			s := seen{}
			for i := 0; i < rounds; i++ {
				p.aeadRound(t, r, i, s)
				p.streamRound(t, r, i, s)
			}
			t.Logf("outcomes: %v", s)
			for _, want := range []string{
				"New ok", "New " + common.ErrBadKeyLength.Error(), "New " + common.ErrBadTagLength.Error(),
				"Seal ok", "Seal panics",
				"Open ok", "Open panics", "Open " + common.ErrAuth.Error(), "Open " + common.ErrTruncated.Error(),
				"NewEncrypter ok", "NewEncrypter " + common.ErrBadNonceLength.Error(),
				"NewEncrypter " + common.ErrBadKeyLength.Error(), "NewEncrypter " + common.ErrBadTagLength.Error(),
				"Encrypt ok", "EncryptTo ok", "Decrypt ok", "DecryptTo ok", "Encrypt after Final panics",
				"Decrypter.Final ok", "Decrypter.Final " + common.ErrAuth.Error(),
				"Decrypter.Final " + common.ErrBadTagLength.Error(), "Decrypter.Final twice panics",
			} {
				if s[want] == 0 {
					t.Errorf("no call had the outcome %q", want)
				}
			}
		})
	}
}

func (p *pkg) aeadRound(t *testing.T, r *rand.Rand, round int, s seen) {
	m := &p.m
	// New, with a key or a tag length that is sometimes wrong.
	key := randBytes(r, pick(r, m.keySize, m.keySize-1, m.keySize+1, 0))
	tagLen := pick(r, 16, 32, 0, 8, 24, 33)
	a, err := p.New(key, tagLen)
	ma, merr := m.New(key, tagLen)
	if err != merr {
		t.Fatalf("round %d: New(%d-byte key, %d) = %v, go-libaegis %v", round, len(key), tagLen, err, merr)
	}
	s.note("New", outcome{err: err})
	if err != nil {
		return
	}
	if a.NonceSize() != ma.NonceSize() || a.Overhead() != ma.Overhead() {
		t.Fatalf("round %d: NonceSize, Overhead = %d, %d; go-libaegis %d, %d",
			round, a.NonceSize(), a.Overhead(), ma.NonceSize(), ma.Overhead())
	}

	// Seal, into a caller's buffer or in place.
	nonce := randBytes(r, pick(r, m.nonceSize, 0, 1, m.nonceSize-1, m.nonceSize+1))
	msg := randBytes(r, r.IntN(3*m.rate+6))
	ad := randBytes(r, pick(r, r.IntN(2*m.rate+3), 0))
	b := newBuffers(r, len(msg)+tagLen)
	what := fmt.Sprintf("round %d: Seal(%d-byte nonce, %d bytes, %d of ad, dst %d/%d)",
		round, len(nonce), len(msg), len(ad), b.dstLen, len(b.ours))
	inPlace := !b.isNil && r.IntN(4) == 0 && b.dstLen+len(msg) <= len(b.ours)
	if inPlace {
		// The plaintext sits right after dst, so the output starts on it.
		copy(b.ours[b.dstLen:], msg)
		copy(b.model[b.dstLen:], msg)
		what += " in place"
	}
	ptIn := func(arr []byte) []byte {
		if inPlace {
			return arr[b.dstLen : b.dstLen+len(msg)]
		}
		return msg
	}
	ours := run(b.ours, func() ([]byte, error) { return a.Seal(b.dst(b.ours), nonce, ptIn(b.ours), ad), nil })
	want := run(b.model, func() ([]byte, error) { return ma.Seal(b.dst(b.model), nonce, ptIn(b.model), ad), nil })
	compare(t, what, b, ours, want, nil)
	s.note("Seal", ours)
	if ours.panicked {
		return
	}

	// Open of that message, sometimes changed, into another buffer.
	sealed := ours.res[len(ours.res)-len(msg)-tagLen:]
	openNonce, openAD := nonce, ad
	switch r.IntN(8) {
	case 0:
		sealed = bytes.Clone(sealed)
		sealed[r.IntN(len(sealed))] ^= 1 << r.IntN(8)
	case 1:
		sealed = sealed[:r.IntN(len(sealed))]
	case 2:
		openAD = append(bytes.Clone(ad), 0)
	case 3:
		openNonce = randBytes(r, pick(r, m.nonceSize, m.nonceSize+1, 0))
	}
	b = newBuffers(r, len(sealed))
	what = fmt.Sprintf("round %d: Open(%d-byte nonce, %d bytes, %d of ad, dst %d/%d)",
		round, len(openNonce), len(sealed), len(openAD), b.dstLen, len(b.ours))
	inPlace = !b.isNil && r.IntN(4) == 0 && b.dstLen+len(sealed) <= len(b.ours)
	if inPlace {
		copy(b.ours[b.dstLen:], sealed)
		copy(b.model[b.dstLen:], sealed)
		what += " in place"
	}
	ctIn := func(arr []byte) []byte {
		if inPlace {
			return arr[b.dstLen : b.dstLen+len(sealed)]
		}
		return sealed
	}
	ours = run(b.ours, func() ([]byte, error) { return a.Open(b.dst(b.ours), openNonce, ctIn(b.ours), openAD) })
	want = run(b.model, func() ([]byte, error) { return ma.Open(b.dst(b.model), openNonce, ctIn(b.model), openAD) })
	var skip []int
	if want.err != nil && !b.isNil {
		// After a failed check go-libaegis documents only the nil result.
		skip = []int{b.dstLen, b.dstLen + len(sealed)}
	}
	compare(t, what, b, ours, want, skip)
	s.note("Open", ours)
}

// streamRound makes an Encrypter and a Decrypter with random parameters,
// encrypts a message in random pieces with Encrypt and EncryptTo, decrypts
// it in other pieces, and finishes with a tag that is sometimes wrong.
func (p *pkg) streamRound(t *testing.T, r *rand.Rand, round int, s seen) {
	m := &p.m
	key := randBytes(r, pick(r, m.keySize, m.keySize+1, 0))
	nonce := randBytes(r, pick(r, m.nonceSize, 0, 3, m.nonceSize+1, m.nonceSize+8))
	ad := randBytes(r, r.IntN(m.rate+5))
	tagLen := pick(r, 16, 32, 0, 24)
	e, err := p.NewEncrypter(key, nonce, ad, tagLen)
	me, merr := m.NewEncrypter(key, nonce, ad, tagLen)
	if err != merr {
		t.Fatalf("round %d: NewEncrypter(%d-byte key, %d-byte nonce, %d) = %v, go-libaegis %v",
			round, len(key), len(nonce), tagLen, err, merr)
	}
	s.note("NewEncrypter", outcome{err: err})
	d, err := p.NewDecrypter(key, nonce, ad, tagLen)
	md, merr := m.NewDecrypter(key, nonce, ad, tagLen)
	if err != merr {
		t.Fatalf("round %d: NewDecrypter(%d-byte key, %d-byte nonce, %d) = %v, go-libaegis %v",
			round, len(key), len(nonce), tagLen, err, merr)
	}
	if err != nil {
		return
	}

	msg := randBytes(r, r.IntN(3*m.rate+20))
	var ct []byte
	for i, piece := range cut(r, msg, m.rate) {
		what := fmt.Sprintf("round %d: piece %d (%d bytes) of %d", round, i, len(piece), len(msg))
		var ours, want outcome
		var b *buffers
		call := "EncryptTo"
		switch r.IntN(3) {
		case 0:
			call = "Encrypt"
			what = "Encrypt " + what
			ours = run(nil, func() ([]byte, error) { return e.Encrypt(piece), nil })
			want = run(nil, func() ([]byte, error) { return me.Encrypt(piece), nil })
		case 1:
			b = newBuffers(r, len(piece))
			what = fmt.Sprintf("EncryptTo(dst %d/%d) %s", b.dstLen, len(b.ours), what)
			ours = run(b.ours, func() ([]byte, error) { return e.EncryptTo(b.dst(b.ours), piece), nil })
			want = run(b.model, func() ([]byte, error) { return me.EncryptTo(b.dst(b.model), piece), nil })
		case 2:
			// In place: the piece is dst itself, as go-libaegis's callers
			// pass it.
			b = &buffers{ours: exactCopy(piece), model: exactCopy(piece), dstLen: len(piece)}
			what = "EncryptTo in place " + what
			ours = run(b.ours, func() ([]byte, error) { return e.EncryptTo(b.ours, b.ours), nil })
			want = run(b.model, func() ([]byte, error) { return me.EncryptTo(b.model, b.model), nil })
		}
		compare(t, what, b, ours, want, nil)
		s.note(call, ours)
		ct = append(ct, ours.res...)
	}
	ours := run(nil, func() ([]byte, error) { return e.Final(), nil })
	want := run(nil, func() ([]byte, error) { return me.Final(), nil })
	compare(t, fmt.Sprintf("round %d: Encrypter.Final", round), nil, ours, want, nil)
	tag := ours.res
	ours = run(nil, func() ([]byte, error) { return e.Encrypt([]byte{1}), nil })
	want = run(nil, func() ([]byte, error) { return me.Encrypt([]byte{1}), nil })
	compare(t, fmt.Sprintf("round %d: Encrypt after Final", round), nil, ours, want, nil)
	s.note("Encrypt after Final", ours)

	for i, piece := range cut(r, ct, m.rate) {
		what := fmt.Sprintf("round %d: piece %d (%d bytes) of %d", round, i, len(piece), len(ct))
		var ours, want outcome
		var b *buffers
		call := "DecryptTo"
		if r.IntN(3) == 0 {
			call = "Decrypt"
			what = "Decrypt " + what
			ours = run(nil, func() ([]byte, error) { return d.Decrypt(piece), nil })
			want = run(nil, func() ([]byte, error) { return md.Decrypt(piece), nil })
		} else {
			b = newBuffers(r, len(piece))
			what = fmt.Sprintf("DecryptTo(dst %d/%d) %s", b.dstLen, len(b.ours), what)
			ours = run(b.ours, func() ([]byte, error) { return d.DecryptTo(b.dst(b.ours), piece), nil })
			want = run(b.model, func() ([]byte, error) { return md.DecryptTo(b.dst(b.model), piece), nil })
		}
		compare(t, what, b, ours, want, nil)
		s.note(call, ours)
	}
	switch r.IntN(5) {
	case 0:
		tag = bytes.Clone(tag)
		tag[r.IntN(len(tag))] ^= 1 << r.IntN(8)
	case 1:
		tag = tag[:r.IntN(len(tag))]
	case 2:
		tag = append(bytes.Clone(tag), 0)
	}
	ours = run(nil, func() ([]byte, error) { return nil, d.Final(tag) })
	want = run(nil, func() ([]byte, error) { return nil, md.Final(tag) })
	compare(t, fmt.Sprintf("round %d: Decrypter.Final(%d-byte tag)", round, len(tag)), nil, ours, want, nil)
	s.note("Decrypter.Final", ours)
	ours = run(nil, func() ([]byte, error) { return nil, d.Final(tag) })
	want = run(nil, func() ([]byte, error) { return nil, md.Final(tag) })
	compare(t, fmt.Sprintf("round %d: Decrypter.Final twice", round), nil, ours, want, nil)
	s.note("Decrypter.Final twice", ours)
}

// cut cuts b into pieces of random lengths, empty ones included, that
// start and end anywhere in a block.
func cut(r *rand.Rand, b []byte, rate int) [][]byte {
	var out [][]byte
	for len(b) > 0 {
		n := min(len(b), r.IntN(rate+rate/2+2))
		out = append(out, b[:n])
		b = b[n:]
	}
	if r.IntN(3) == 0 {
		out = append(out, b[:0])
	}
	return out
}
