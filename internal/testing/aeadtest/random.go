// SPDX-License-Identifier: MIT

package aeadtest

import (
	"bytes"
	"crypto/cipher"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/aegisgo/aegis/common"
	"github.com/aegisgo/aegis/internal/core"
)

// RandomVariant is what a variant package hands to the suite of
// NewWithRandomNonce.
type RandomVariant struct {
	V                  *core.Variant
	New                func(key []byte, tagLen int) (cipher.AEAD, error)
	NewWithRandomNonce func(key []byte, tagLen int) (cipher.AEAD, error)
	Wipe               func(cipher.AEAD) // calls the concrete type's Wipe
	ZeroValue          func() cipher.AEAD
}

// randomAEAD is one AEAD with random nonces under test: the package's
// own, or core's under one kernel.
type randomAEAD struct {
	name string
	new  func(t *testing.T, key []byte, tagLen int) cipher.AEAD
	// seals is how many Seals testRandomFresh checks for a repeat.
	seals int
}

// freshSeals is how many Seals testRandomFresh makes through the package's
// AEAD; a tenth where its kernel is soft, whose bitsliced Seal would make
// the qemu runs of other architectures crawl, and 1,000 on each other
// kernel. The nonce is drawn in Go before any kernel is called, and
// internal/core's TestRandomDraw draws 100,000 on every platform.
const freshSeals = 100_000

// RunRandomNonce runs the tests of NewWithRandomNonce: its constructor
// once, and its behaviour on the package's AEAD (default kernel) and on
// core's under every other kernel that runs here.
func RunRandomNonce(t *testing.T, v RandomVariant) {
	if !common.Available {
		if a, err := v.NewWithRandomNonce(make([]byte, v.V.KeySize), 16); a != nil || !errors.Is(err, common.ErrNotAvailable) {
			t.Fatalf("NewWithRandomNonce without the C core = %v, %v; want nil, ErrNotAvailable", a, err)
		}
		return
	}
	t.Run("Constructor", v.testRandomConstructor)
	t.Run("Wipe", v.testRandomWipe)
	t.Run("NonceSource", v.testRandomSource)
	def := core.DefaultKernel(v.V)
	seals := freshSeals
	if def == core.KernelSoft {
		seals = freshSeals / 10
	}
	aeads := []randomAEAD{{"package/" + def.String(), func(t *testing.T, key []byte, tagLen int) cipher.AEAD {
		t.Helper()
		a, err := v.NewWithRandomNonce(key, tagLen)
		if err != nil {
			t.Fatalf("NewWithRandomNonce: %v", err)
		}
		return a
	}, seals}}
	for _, k := range core.Kernels(v.V) {
		if k == def {
			continue
		}
		aeads = append(aeads, randomAEAD{k.String(), func(t *testing.T, key []byte, tagLen int) cipher.AEAD {
			t.Helper()
			return v.randomKernel(t, k, key, tagLen)
		}, 1_000})
	}
	for _, a := range aeads {
		t.Run(a.name, func(t *testing.T) {
			t.Run("RoundTrip", func(t *testing.T) { v.testRandomRoundTrip(t, a) })
			t.Run("FreshNonce", func(t *testing.T) { v.testRandomFresh(t, a) })
			t.Run("Interop", func(t *testing.T) { v.testRandomInterop(t, a) })
			t.Run("Tamper", func(t *testing.T) { v.testRandomTamper(t, a) })
			t.Run("Truncated", func(t *testing.T) { v.testRandomTruncated(t, a) })
			t.Run("InPlace", func(t *testing.T) { v.testRandomInPlace(t, a) })
			t.Run("Overlap", func(t *testing.T) { v.testRandomOverlap(t, a) })
			t.Run("NonceArg", func(t *testing.T) { v.testRandomNonceArg(t, a) })
			t.Run("Allocs", func(t *testing.T) { v.testRandomAllocs(t, a) })
		})
	}
}

func (v RandomVariant) randomKernel(t *testing.T, k core.Kernel, key []byte, tagLen int) *core.RandomNonceAEAD {
	t.Helper()
	r := new(core.RandomNonceAEAD)
	if err := r.InitKernel(v.V, key, tagLen, k); err != nil {
		t.Fatalf("InitKernel(%s): %v", k, err)
	}
	return r
}

func (v RandomVariant) mustNew(t *testing.T, key []byte, tagLen int) cipher.AEAD {
	t.Helper()
	a, err := v.New(key, tagLen)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return a
}

func (v RandomVariant) testRandomConstructor(t *testing.T) {
	ns := v.V.NonceSize
	for _, tagLen := range []int{16, 32} {
		a, err := v.NewWithRandomNonce(make([]byte, v.V.KeySize), tagLen)
		if err != nil {
			t.Fatalf("NewWithRandomNonce(tag %d): %v", tagLen, err)
		}
		if fmt.Sprintf("%T", a) != fmt.Sprintf("%T", v.ZeroValue()) {
			t.Fatalf("NewWithRandomNonce returns a %T, want %T", a, v.ZeroValue())
		}
		if a.NonceSize() != 0 || a.Overhead() != ns+tagLen {
			t.Fatalf("NonceSize, Overhead = %d, %d; want 0, %d", a.NonceSize(), a.Overhead(), ns+tagLen)
		}
	}
	for _, n := range []int{0, 1, v.V.KeySize - 1, v.V.KeySize + 1, 64} {
		if a, err := v.NewWithRandomNonce(make([]byte, n), 16); !errors.Is(err, common.ErrBadKeyLength) || a != nil {
			t.Errorf("NewWithRandomNonce with a %d-byte key = %v, %v; want ErrBadKeyLength", n, a, err)
		}
	}
	for _, n := range []int{-1, 0, 8, 12, 15, 17, 24, 31, 33, 64} {
		if a, err := v.NewWithRandomNonce(make([]byte, v.V.KeySize), n); !errors.Is(err, common.ErrBadTagLength) || a != nil {
			t.Errorf("NewWithRandomNonce with tagLen %d = %v, %v; want ErrBadTagLength", n, a, err)
		}
	}
	// The key is copied: zeroing the caller's slice changes nothing.
	r := rand.New(rand.NewPCG(30, uint64(v.V.ID)))
	key := random(r, v.V.KeySize)
	a, err := v.NewWithRandomNonce(key, 16)
	if err != nil {
		t.Fatal(err)
	}
	clearKey := bytes.Clone(key)
	clear(key)
	sealed := a.Seal(nil, nil, []byte("x"), nil)
	if _, err := v.mustNew(t, clearKey, 16).Open(nil, sealed[:v.V.NonceSize], sealed[v.V.NonceSize:], nil); err != nil {
		t.Fatalf("zeroing the caller's key after NewWithRandomNonce changed the AEAD's key: %v", err)
	}
	mustPanic(t, "Seal on the zero value", "aegis", func() { v.ZeroValue().Seal(nil, nil, nil, nil) })
	mustPanic(t, "Open on the zero value", "aegis", func() { v.ZeroValue().Open(nil, nil, make([]byte, 64), nil) })
}

func (v RandomVariant) testRandomWipe(t *testing.T) {
	a, err := v.NewWithRandomNonce(bytes.Repeat([]byte{1}, v.V.KeySize), 16)
	if err != nil {
		t.Fatal(err)
	}
	sealed := a.Seal(nil, nil, []byte("x"), nil)
	v.Wipe(a)
	p := v.V.Name + ": AEAD used after Wipe"
	mustPanic(t, "Seal after Wipe", p, func() { a.Seal(nil, nil, nil, nil) })
	mustPanic(t, "Open after Wipe", p, func() { a.Open(nil, nil, sealed, nil) })
	v.Wipe(a)
}

func (v RandomVariant) testRandomRoundTrip(t *testing.T, ra randomAEAD) {
	r := rand.New(rand.NewPCG(31, uint64(v.V.ID)))
	ns := v.V.NonceSize
	prefix := []byte("prefix")
	for _, tagLen := range []int{16, 32} {
		a := ra.new(t, random(r, v.V.KeySize), tagLen)
		for _, n := range msgLens {
			for _, adLen := range []int{0, 1, 33} {
				m, ad := random(r, n), random(r, adLen)
				sealed := a.Seal(nil, nil, m, ad)
				if len(sealed) != ns+n+tagLen {
					t.Fatalf("len(Seal of %d bytes) = %d, want %d", n, len(sealed), ns+n+tagLen)
				}
				if n >= 8 && bytes.Contains(sealed, m) {
					t.Fatalf("Seal left %d bytes in the clear", n)
				}
				pt, err := a.Open(nil, nil, sealed, ad)
				if err != nil || !bytes.Equal(pt, m) {
					t.Fatalf("Open(Seal(%d bytes, %d of ad)) = %v", n, adLen, err)
				}
				// Appending, with and without room.
				for _, room := range []int{0, ns + n + tagLen} {
					dst := append(make([]byte, 0, len(prefix)+room), prefix...)
					got := a.Seal(dst, nil, m, ad)
					if !bytes.Equal(got[:len(prefix)], prefix) || len(got) != len(prefix)+len(sealed) {
						t.Fatalf("Seal appending to %q with room %d: got %d bytes", prefix, room, len(got))
					}
					if room > 0 && &got[0] != &dst[0] {
						t.Fatal("Seal reallocated although dst had room")
					}
					dst = append(make([]byte, 0, len(prefix)+room), prefix...)
					pt, err := a.Open(dst, nil, got[len(prefix):], ad)
					if err != nil || !bytes.Equal(pt[:len(prefix)], prefix) || !bytes.Equal(pt[len(prefix):], m) {
						t.Fatalf("Open appending with room %d: %v", room, err)
					}
				}
			}
		}
	}
}

// testRandomFresh seals ra.seals messages and checks that no nonce
// repeats and none is all zeros.
func (v RandomVariant) testRandomFresh(t *testing.T, ra randomAEAD) {
	seals := ra.seals
	ns := v.V.NonceSize
	a := ra.new(t, make([]byte, v.V.KeySize), 16)
	seen := make(map[[32]byte]int, seals)
	dst := make([]byte, 0, ns+1+16)
	msg := []byte{0}
	for i := range seals {
		sealed := a.Seal(dst[:0], nil, msg, nil)
		var n [32]byte
		copy(n[:], sealed[:ns])
		if n == ([32]byte{}) {
			t.Fatalf("Seal %d used the all-zero nonce", i)
		}
		if j, ok := seen[n]; ok {
			t.Fatalf("Seals %d and %d used the same nonce %x", j, i, n[:ns])
		}
		seen[n] = i
	}
}

// testRandomInterop checks the framing against New: the output is the
// nonce, then New's Seal with that nonce, which New opens; and a message
// that New sealed opens once its nonce is put in front.
func (v RandomVariant) testRandomInterop(t *testing.T, ra randomAEAD) {
	r := rand.New(rand.NewPCG(32, uint64(v.V.ID)))
	ns := v.V.NonceSize
	for _, tagLen := range []int{16, 32} {
		key := random(r, v.V.KeySize)
		a, plain := ra.new(t, key, tagLen), v.mustNew(t, key, tagLen)
		for _, n := range msgLens {
			m, ad := random(r, n), random(r, n%41)
			sealed := a.Seal(nil, nil, m, ad)
			nonce, rest := sealed[:ns], sealed[ns:]
			if want := plain.Seal(nil, nonce, m, ad); !bytes.Equal(rest, want) {
				t.Fatalf("%d bytes: the output after the nonce is not New's Seal with that nonce", n)
			}
			if pt, err := plain.Open(nil, nonce, rest, ad); err != nil || !bytes.Equal(pt, m) {
				t.Fatalf("%d bytes: New's Open of the split output: %v", n, err)
			}
			nonce = random(r, ns)
			framed := append(bytes.Clone(nonce), plain.Seal(nil, nonce, m, ad)...)
			if pt, err := a.Open(nil, nil, framed, ad); err != nil || !bytes.Equal(pt, m) {
				t.Fatalf("%d bytes: Open of New's Seal behind its nonce: %v", n, err)
			}
		}
	}
}

// testRandomTamper flips every bit of the output (nonce, ciphertext, tag)
// and some of the ad, and checks that Open refuses each with ErrAuth and
// leaves zeros, apart and in place.
func (v RandomVariant) testRandomTamper(t *testing.T, ra randomAEAD) {
	r := rand.New(rand.NewPCG(33, uint64(v.V.ID)))
	ns := v.V.NonceSize
	for _, tagLen := range []int{16, 32} {
		a := ra.new(t, random(r, v.V.KeySize), tagLen)
		m, ad := random(r, 70), random(r, 20)
		sealed := a.Seal(nil, nil, m, ad)
		check := func(what string, sealed, ad []byte) {
			t.Helper()
			dst := append(make([]byte, 0, 3+len(sealed)), "abc"...)
			full := dst[:cap(dst)]
			for i := 3; i < len(full); i++ {
				full[i] = 0xa5
			}
			pt, err := a.Open(dst, nil, sealed, ad)
			if !errors.Is(err, common.ErrAuth) || pt != nil {
				t.Fatalf("Open with %s = %x, %v; want nil, ErrAuth", what, pt, err)
			}
			if string(full[:3]) != "abc" {
				t.Fatalf("Open with %s changed dst's existing bytes", what)
			}
			if out := full[3 : 3+len(sealed)-ns-tagLen]; !isZero(out) {
				t.Fatalf("Open with %s left non-zero output: %x", what, out)
			}
			buf := bytes.Clone(sealed)
			pt, err = a.Open(buf[:0], nil, buf, ad)
			if !errors.Is(err, common.ErrAuth) || pt != nil {
				t.Fatalf("in-place Open with %s = %x, %v; want nil, ErrAuth", what, pt, err)
			}
			if out := buf[:len(sealed)-ns-tagLen]; !isZero(out) {
				t.Fatalf("in-place Open with %s left non-zero output: %x", what, out)
			}
		}
		flip := func(b []byte, bit int) []byte {
			c := bytes.Clone(b)
			c[bit/8] ^= 1 << (bit % 8)
			return c
		}
		for bit := 0; bit < len(sealed)*8; bit++ {
			part := "ciphertext"
			switch {
			case bit < ns*8:
				part = "nonce"
			case bit >= (len(sealed)-tagLen)*8:
				part = "tag"
			}
			check(fmt.Sprintf("bit %d (of the %s) flipped", bit, part), flip(sealed, bit), ad)
		}
		for bit := 0; bit < len(ad)*8; bit += 5 {
			check("changed ad", sealed, flip(ad, bit))
		}
		check("no ad", sealed, nil)
		check("the nonce of another message", append(a.Seal(nil, nil, nil, nil)[:ns:ns], sealed[ns:]...), ad)
		check("a byte cut from the ciphertext", append(bytes.Clone(sealed[:ns+10]), sealed[ns+11:]...), ad)
	}
}

func isZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// testRandomTruncated opens every length below the overhead, of a real
// output and of zeros, and checks ErrTruncated; the overhead itself (an
// empty message) opens.
func (v RandomVariant) testRandomTruncated(t *testing.T, ra randomAEAD) {
	for _, tagLen := range []int{16, 32} {
		a := ra.new(t, make([]byte, v.V.KeySize), tagLen)
		over := v.V.NonceSize + tagLen
		sealed := a.Seal(nil, nil, make([]byte, 8), nil)
		for n := 0; n < over; n++ {
			for _, in := range [][]byte{sealed[:n], make([]byte, n)} {
				if pt, err := a.Open(nil, nil, in, nil); !errors.Is(err, common.ErrTruncated) || pt != nil {
					t.Fatalf("tag %d: Open of %d bytes = %x, %v; want nil, ErrTruncated", tagLen, n, pt, err)
				}
			}
		}
		empty := a.Seal(nil, nil, nil, nil)
		if pt, err := a.Open(nil, nil, empty, nil); len(empty) != over || err != nil || len(pt) != 0 {
			t.Fatalf("tag %d: an empty message of %d bytes opens to %x, %v", tagLen, len(empty), pt, err)
		}
	}
}

// testRandomInPlace seals with plaintext[:0] as dst and opens with
// ciphertext[:0], where the nonce shifts the output against the input.
func (v RandomVariant) testRandomInPlace(t *testing.T, ra randomAEAD) {
	r := rand.New(rand.NewPCG(34, uint64(v.V.ID)))
	ns := v.V.NonceSize
	for _, tagLen := range []int{16, 32} {
		key := random(r, v.V.KeySize)
		a, plain := ra.new(t, key, tagLen), v.mustNew(t, key, tagLen)
		for _, n := range append(msgLens, ns-1, ns, ns+1, 2*ns) {
			m, ad := random(r, n), random(r, 9)
			buf := make([]byte, n, ns+n+tagLen)
			copy(buf, m)
			sealed := a.Seal(buf[:0], nil, buf, ad)
			if len(sealed) != ns+n+tagLen || &sealed[0] != &buf[:1][0] {
				t.Fatalf("in-place Seal of %d bytes: %d bytes, not in buf", n, len(sealed))
			}
			if want := plain.Seal(nil, sealed[:ns], m, ad); !bytes.Equal(sealed[ns:], want) {
				t.Fatalf("in-place Seal of %d bytes differs from Seal with its nonce", n)
			}
			want := bytes.Clone(sealed)
			pt, err := a.Open(sealed[:0], nil, sealed, ad)
			if err != nil || !bytes.Equal(pt, m) {
				t.Fatalf("in-place Open of %d bytes: %v", n, err)
			}
			if n > 0 && &pt[0] != &buf[:1][0] {
				t.Fatalf("in-place Open of %d bytes wrote elsewhere", n)
			}
			// The other direction of each: in-place output opened apart,
			// and the reverse.
			if pt, err := a.Open(nil, nil, want, ad); err != nil || !bytes.Equal(pt, m) {
				t.Fatalf("Open of an in-place Seal of %d bytes: %v", n, err)
			}
		}
	}
}

// testRandomOverlap checks the panics of the standard library's rules,
// which look at the whole output, nonce included, and that a panic
// leaves the memory as it was. The layouts where the inner Seal or Open
// alone would not panic (the plaintext exactly where the ciphertext
// goes, the ad under the nonce) are the ones that need the outer check.
func (v RandomVariant) testRandomOverlap(t *testing.T, ra randomAEAD) {
	r := rand.New(rand.NewPCG(35, uint64(v.V.ID)))
	ns := v.V.NonceSize
	a := ra.new(t, random(r, v.V.KeySize), 16)
	p := v.V.Name + ": invalid buffer overlap"
	buf := make([]byte, 400)
	for i := range buf {
		buf[i] = byte(i)
	}
	orig := bytes.Clone(buf)
	try := func(what string, f func()) {
		t.Helper()
		mustPanic(t, what, p, f)
		if !bytes.Equal(buf, orig) {
			t.Errorf("%s: the panic left the buffer changed", what)
			copy(buf, orig)
		}
	}
	try("Seal with the plaintext one byte into the output", func() { a.Seal(buf[:0], nil, buf[1:101], nil) })
	try("Seal with the plaintext where the ciphertext goes", func() { a.Seal(buf[:0], nil, buf[ns:ns+100], nil) })
	try("Seal with the output one byte into the plaintext", func() { a.Seal(buf[1:1], nil, buf[:100], nil) })
	try("Seal with the output ending in the plaintext", func() { a.Seal(buf[:0], nil, buf[100:200], nil) })
	try("Seal with the ad under the nonce", func() { a.Seal(buf[:0], nil, buf[300:310], buf[:ns]) })
	try("Seal with the ad under the tag", func() { a.Seal(buf[:0], nil, nil, buf[ns+4:ns+5]) })
	sealed := a.Seal(nil, nil, random(r, 100), nil)
	copy(buf, sealed)
	copy(orig, sealed)
	in := buf[:len(sealed)]
	try("Open with the output where the ciphertext starts", func() { a.Open(buf[ns:ns], nil, in, nil) })
	try("Open with the output one byte into the input", func() { a.Open(buf[1:1], nil, in, nil) })
	try("Open with the output ending in the input", func() { a.Open(buf[len(sealed)-10:len(sealed)-10], nil, buf[len(sealed)-20:2*len(sealed)-20], nil) })
	try("Open with the output over the ad", func() { a.Open(buf[300:300], nil, sealed, buf[350:360]) })
	// Exactly in place is allowed.
	if _, err := a.Open(in[:0], nil, in, nil); err != nil {
		t.Fatalf("Open exactly in place: %v", err)
	}
}

func (v RandomVariant) testRandomNonceArg(t *testing.T, ra randomAEAD) {
	a := ra.new(t, make([]byte, v.V.KeySize), 16)
	sealed := a.Seal(nil, []byte{}, []byte("x"), nil) // an empty nonce is no nonce
	if _, err := a.Open(nil, []byte{}, sealed, nil); err != nil {
		t.Fatalf("Open with an empty nonce: %v", err)
	}
	p := v.V.Name + ": non-empty nonce"
	for _, n := range []int{1, v.V.NonceSize, v.V.NonceSize + 1} {
		nonce := make([]byte, n)
		mustPanic(t, fmt.Sprintf("Seal with a %d-byte nonce", n), p, func() { a.Seal(nil, nonce, []byte("x"), nil) })
		mustPanic(t, fmt.Sprintf("Open with a %d-byte nonce", n), p, func() { a.Open(nil, nonce, sealed, nil) })
	}
}

func (v RandomVariant) testRandomAllocs(t *testing.T, ra randomAEAD) {
	if testing.Short() {
		t.Skip("allocation counts are checked in full runs")
	}
	if raceEnabled {
		// The race detector's instrumentation of the getrandom call makes
		// crypto/rand.Read's buffer escape, so the nonce's array does too.
		t.Skip("crypto/rand.Read allocates under the race detector")
	}
	a := ra.new(t, make([]byte, v.V.KeySize), 16)
	m, ad := make([]byte, 1000), make([]byte, 10)
	dst := make([]byte, 0, 2000)
	sealed := a.Seal(nil, nil, m, ad)
	if n := testing.AllocsPerRun(100, func() { a.Seal(dst[:0], nil, m, ad) }); n != 0 {
		t.Errorf("Seal with room in dst: %v allocations, want 0", n)
	}
	if n := testing.AllocsPerRun(100, func() {
		if _, err := a.Open(dst[:0], nil, sealed, ad); err != nil {
			panic(err)
		}
	}); n != 0 {
		t.Errorf("Open with room in dst: %v allocations, want 0", n)
	}
	buf := make([]byte, len(sealed))
	if n := testing.AllocsPerRun(100, func() {
		copy(buf, m)
		s := a.Seal(buf[:0], nil, buf[:len(m)], ad)
		if _, err := a.Open(s[:0], nil, s, ad); err != nil {
			panic(err)
		}
	}); n != 0 {
		t.Errorf("Seal and Open in place: %v allocations, want 0", n)
	}
}

// testRandomSource gives Seal sources that fail, and checks that it
// panics, having written nothing, rather than seal; and that a working
// source is where the nonce comes from.
func (v RandomVariant) testRandomSource(t *testing.T) {
	ns := v.V.NonceSize
	key := bytes.Repeat([]byte{7}, v.V.KeySize)
	p := v.V.Name + ": the random source gave no nonce"
	sources := []struct {
		what string
		read func([]byte) (int, error)
	}{
		{"a source that fails", func(b []byte) (int, error) { return 0, errors.New("no entropy") }},
		{"a source that fails after filling", func(b []byte) (int, error) {
			for i := range b {
				b[i] = 0x11
			}
			return len(b), errors.New("late failure")
		}},
		{"a short source", func(b []byte) (int, error) {
			for i := range b[:len(b)-1] {
				b[i] = 0x22
			}
			return len(b) - 1, nil
		}},
		{"a source that writes nothing", func(b []byte) (int, error) { return len(b), nil }},
		{"a source of zeros", func(b []byte) (int, error) { clear(b); return len(b), nil }},
	}
	for _, k := range core.Kernels(v.V) {
		a := v.randomKernel(t, k, key, 16)
		for _, s := range sources {
			a.SetNonceReader(s.read)
			buf := make([]byte, 64, 64+ns+16)
			for i := range buf[:cap(buf)] {
				buf[:cap(buf)][i] = 0xa5
			}
			orig := bytes.Clone(buf[:cap(buf)])
			mustPanic(t, k.String()+": Seal with "+s.what, p, func() { a.Seal(buf[:0], nil, buf, nil) })
			if !bytes.Equal(buf[:cap(buf)], orig) {
				t.Fatalf("%s: Seal with %s wrote before it panicked", k, s.what)
			}
			mustPanic(t, k.String()+": Seal apart with "+s.what, p, func() { a.Seal(buf[64:64], nil, []byte("x"), nil) })
			if !bytes.Equal(buf[:cap(buf)], orig) {
				t.Fatalf("%s: Seal with %s wrote before it panicked", k, s.what)
			}
		}
		// A working source: its bytes are the nonce, in front and in use.
		nonce := make([]byte, ns)
		for i := range nonce {
			nonce[i] = byte(0x40 + i)
		}
		a.SetNonceReader(func(b []byte) (int, error) { return copy(b, nonce), nil })
		m := []byte("from the test's source")
		sealed := a.Seal(nil, nil, m, nil)
		if !bytes.Equal(sealed[:ns], nonce) {
			t.Fatalf("%s: the nonce in front is %x, not the source's %x", k, sealed[:ns], nonce)
		}
		if want := v.mustNew(t, key, 16).Seal(nil, nonce, m, nil); !bytes.Equal(sealed[ns:], want) {
			t.Fatalf("%s: Seal did not seal with the source's nonce", k)
		}
		a.SetNonceReader(nil)
		if s := a.Seal(nil, nil, m, nil); bytes.Equal(s[:ns], nonce) {
			t.Fatalf("%s: SetNonceReader(nil) kept the test's source", k)
		}
	}
}
