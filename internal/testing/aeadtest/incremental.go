// SPDX-License-Identifier: MIT

// The incremental encryption and decryption of the suite: Encrypter and
// Decrypter.

package aeadtest

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/aegisgo/aegis/common"
	"github.com/aegisgo/aegis/internal/core"
	"github.com/aegisgo/aegis/internal/testing/vectors"
)

// Encrypter and Decrypter are the incremental API as the suite sees it. The
// variant packages' types and the core types behind them both have these
// methods, so one check runs on the public API and on every kernel.
type (
	Encrypter interface {
		Encrypt(p []byte) []byte
		EncryptTo(dst, p []byte) []byte
		AppendEncrypt(dst, p []byte) []byte
		Final() []byte
	}
	Decrypter interface {
		Decrypt(c []byte) []byte
		DecryptTo(dst, c []byte) []byte
		AppendDecrypt(dst, c []byte) []byte
		Final(tag []byte) error
	}
)

// encryptPieces encrypts the pieces in order, cycling through Encrypt,
// EncryptTo and AppendEncrypt, and checks that each call returns its
// piece's length at once.
func encryptPieces(t testing.TB, e Encrypter, pieces [][]byte) (ct, tag []byte) {
	t.Helper()
	var scratch scratchBuf
	for i, p := range pieces {
		var out []byte
		switch i % 3 {
		case 0:
			out = e.Encrypt(p)
		case 1:
			out = scratch.into(t, "EncryptTo", p, e.EncryptTo)
		case 2:
			n := len(ct)
			ct = e.AppendEncrypt(ct, p)
			out = ct[n:]
		}
		if len(out) != len(p) {
			t.Fatalf("encrypting a %d-byte piece returned %d bytes", len(p), len(out))
		}
		if i%3 != 2 {
			ct = append(ct, out...)
		}
	}
	return ct, e.Final()
}

func decryptPieces(t testing.TB, d Decrypter, pieces [][]byte, tag []byte) ([]byte, error) {
	t.Helper()
	var pt []byte
	var scratch scratchBuf
	for i, c := range pieces {
		var out []byte
		switch i % 3 {
		case 0:
			n := len(pt)
			pt = d.AppendDecrypt(pt, c)
			out = pt[n:]
		case 1:
			out = d.Decrypt(c)
		case 2:
			out = scratch.into(t, "DecryptTo", c, d.DecryptTo)
		}
		if len(out) != len(c) {
			t.Fatalf("decrypting a %d-byte piece returned %d bytes", len(c), len(out))
		}
		if i%3 != 0 {
			pt = append(pt, out...)
		}
	}
	return pt, d.Final(tag)
}

// scratchBuf is a reused buffer for EncryptTo and DecryptTo, which write
// at the start of dst, using its capacity, as go-libaegis's do. Its length
// is never the input's, and its bytes past the output must survive.
type scratchBuf struct {
	buf   []byte
	calls int
}

const scratchFill = 0xa5

// into runs f(dst, in) with dst the scratch buffer, of a length that does
// not matter and a capacity that is, in turn, short, exact and ample. It
// checks where the output went and that nothing past it was written, and
// returns a copy of it.
func (s *scratchBuf) into(t testing.TB, name string, in []byte, f func(dst, in []byte) []byte) []byte {
	t.Helper()
	s.calls++
	c := len(in) + 7
	switch s.calls % 3 {
	case 0:
		c = len(in) - 1 // short: f must allocate
	case 1:
		c = len(in)
	}
	if c < 0 {
		c = 0
	}
	s.buf = make([]byte, c)
	for i := range s.buf {
		s.buf[i] = scratchFill
	}
	dst := s.buf[:c/2] // a length other than len(in)
	out := f(dst, in)
	if len(out) != len(in) {
		t.Fatalf("%s of %d bytes returned %d bytes", name, len(in), len(out))
	}
	if c >= len(in) && len(in) > 0 && &out[0] != &s.buf[0] {
		t.Fatalf("%s of %d bytes into a buffer of capacity %d did not write at its start", name, len(in), c)
	}
	if c < len(in) && c > 0 && &out[0] == &s.buf[0] {
		t.Fatalf("%s of %d bytes into a buffer of capacity %d wrote into it", name, len(in), c)
	}
	if c >= len(in) {
		for i := len(in); i < c; i++ {
			if s.buf[i] != scratchFill {
				t.Fatalf("%s of %d bytes wrote dst's byte %d", name, len(in), i)
			}
		}
	}
	return bytes.Clone(out)
}

func (v StreamVariant) kernelEncrypter(t testing.TB, k core.Kernel, key, nonce, ad []byte, tagLen int) *core.Encrypter {
	t.Helper()
	e := new(core.Encrypter)
	if err := e.InitKernel(v.V, key, nonce, ad, tagLen, k); err != nil {
		t.Fatalf("Encrypter.InitKernel(%s): %v", k, err)
	}
	return e
}

func (v StreamVariant) kernelDecrypter(t testing.TB, k core.Kernel, key, nonce, ad []byte, tagLen int) *core.Decrypter {
	t.Helper()
	d := new(core.Decrypter)
	if err := d.InitKernel(v.V, key, nonce, ad, tagLen, k); err != nil {
		t.Fatalf("Decrypter.InitKernel(%s): %v", k, err)
	}
	return d
}

// testIncrementalVectors runs the spec's vectors through the incremental
// types of every kernel, cut at random.
func (v StreamVariant) testIncrementalVectors(t *testing.T) {
	vs, err := vectors.LoadAEAD(v.V.Name)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(20, uint64(v.V.ID)))
	for _, k := range core.Kernels(v.V) {
		for _, tv := range vs {
			for _, tag := range [][]byte{tv.Tag128, tv.Tag256} {
				name := fmt.Sprintf("%s/%s/tag%d", k, tv.Name, len(tag)*8)
				d := v.kernelDecrypter(t, k, tv.Key, tv.Nonce, tv.AD, len(tag))
				pt, err := decryptPieces(t, d, chunks(r, tv.CT, v.V.Rate), tag)
				if tv.Fail {
					if !errors.Is(err, common.ErrAuth) {
						t.Errorf("%s: Decrypter accepted a must-fail vector: %v", name, err)
					}
					continue
				}
				if err != nil || !bytes.Equal(pt, tv.Msg) {
					t.Errorf("%s: Decrypter = %x, %v; want %x", name, pt, err, tv.Msg)
				}
				e := v.kernelEncrypter(t, k, tv.Key, tv.Nonce, tv.AD, len(tag))
				ct, gotTag := encryptPieces(t, e, chunks(r, tv.Msg, v.V.Rate))
				if !bytes.Equal(ct, tv.CT) || !bytes.Equal(gotTag, tag) {
					t.Errorf("%s: Encrypter = %x %x, want %x %x", name, ct, gotTag, tv.CT, tag)
				}
			}
		}
	}
}

// testIncrementalKernels checks every kernel's incremental encryption,
// under random cuts, against soft's one-shot Seal, for every message
// length across several blocks.
func (v StreamVariant) testIncrementalKernels(t *testing.T) {
	r := rand.New(rand.NewPCG(21, uint64(v.V.ID)))
	key, nonce := random(r, v.V.KeySize), random(r, v.V.NonceSize)
	maxLen := 5*v.V.Rate + 7
	buf := random(r, maxLen+40)
	for _, tagLen := range []int{16, 32} {
		ref := new(core.AEAD)
		if err := ref.InitKernel(v.V, key, tagLen, core.KernelSoft); err != nil {
			t.Fatal(err)
		}
		for _, k := range core.Kernels(v.V) {
			for n := 0; n <= maxLen; n++ {
				m, ad := buf[:n], buf[maxLen-n%37:]
				want := ref.Seal(nil, nonce, m, ad)
				e := v.kernelEncrypter(t, k, key, nonce, ad, tagLen)
				ct, tag := encryptPieces(t, e, chunks(r, m, v.V.Rate))
				if !bytes.Equal(append(ct, tag...), want) {
					t.Fatalf("%s tag%d: incremental encryption of %d bytes differs from soft's Seal",
						k, tagLen, n)
				}
				d := v.kernelDecrypter(t, k, key, nonce, ad, tagLen)
				pt, err := decryptPieces(t, d, chunks(r, want[:n], v.V.Rate), want[n:])
				if err != nil || !bytes.Equal(pt, m) {
					t.Fatalf("%s tag%d: incremental decryption of %d bytes: %v",
						k, tagLen, n, err)
				}
			}
			// Long messages in long pieces, which take the kernels'
			// paths for long inputs (see longLengths).
			for _, n := range longLengths {
				m, ad := random(r, n), random(r, r.IntN(40))
				want := ref.Seal(nil, nonce, m, ad)
				e := v.kernelEncrypter(t, k, key, nonce, ad, tagLen)
				ct, tag := encryptPieces(t, e, chunks(r, m, 1500))
				if !bytes.Equal(append(ct, tag...), want) {
					t.Fatalf("%s tag%d: incremental encryption of %d bytes in long pieces differs from soft's Seal",
						k, tagLen, n)
				}
				d := v.kernelDecrypter(t, k, key, nonce, ad, tagLen)
				pt, err := decryptPieces(t, d, chunks(r, want[:n], 1500), want[n:])
				if err != nil || !bytes.Equal(pt, m) {
					t.Fatalf("%s tag%d: incremental decryption of %d bytes in long pieces: %v",
						k, tagLen, n, err)
				}
			}
		}
	}
}

// testIncremental checks the package's API: any cut gives Seal's bytes,
// in place and appending too, without allocation when dst has room.
func (v StreamVariant) testIncremental(t *testing.T) {
	r := rand.New(rand.NewPCG(22, uint64(v.V.ID)))
	for _, tagLen := range []int{16, 32} {
		key := random(r, v.V.KeySize)
		a := v.aead(t, key, tagLen)
		for _, n := range msgLens {
			nonce, m, ad := random(r, v.V.NonceSize), random(r, n), random(r, n%50)
			want := a.Seal(nil, nonce, m, ad)
			for try := 0; try < 4; try++ {
				e, err := v.NewEncrypter(key, nonce, ad, tagLen)
				if err != nil {
					t.Fatal(err)
				}
				ct, tag := encryptPieces(t, e, chunks(r, m, v.V.Rate))
				if !bytes.Equal(append(ct, tag...), want) {
					t.Fatalf("tag%d: Encrypter on %d bytes differs from Seal", tagLen, n)
				}
				// In place: each piece encrypted over itself, given as
				// dst either whole (EncryptTo's form) or as p[:0]
				// (AppendEncrypt's).
				buf := bytes.Clone(m)
				e, _ = v.NewEncrypter(key, nonce, ad, tagLen)
				for i, p := range chunks(r, buf, v.V.Rate) {
					var out []byte
					switch i % 3 {
					case 0:
						out = e.EncryptTo(p, p)
					case 1:
						out = e.EncryptTo(p[:0], p)
					case 2:
						out = e.AppendEncrypt(p[:0], p)
					}
					if len(out) != len(p) || len(p) > 0 && &out[0] != &p[0] {
						t.Fatal("in-place EncryptTo or AppendEncrypt moved the output")
					}
				}
				if tag := e.Final(); !bytes.Equal(buf, want[:n]) || !bytes.Equal(tag, want[n:]) {
					t.Fatalf("tag%d: in-place Encrypter on %d bytes differs from Seal", tagLen, n)
				}
				d, err := v.NewDecrypter(key, nonce, ad, tagLen)
				if err != nil {
					t.Fatal(err)
				}
				for i, c := range chunks(r, buf, v.V.Rate) {
					var out []byte
					if i%2 == 0 {
						out = d.DecryptTo(c, c)
					} else {
						out = d.AppendDecrypt(c[:0], c)
					}
					if len(out) != len(c) || len(c) > 0 && &out[0] != &c[0] {
						t.Fatal("in-place DecryptTo or AppendDecrypt moved the output")
					}
				}
				if err := d.Final(want[n:]); err != nil || !bytes.Equal(buf, m) {
					t.Fatalf("tag%d: in-place Decrypter on %d bytes: %v", tagLen, n, err)
				}
			}
		}
		// AppendEncrypt appends to a prefix, reusing dst's room.
		nonce, m := random(r, v.V.NonceSize), random(r, 3*v.V.Rate+5)
		want := a.Seal(nil, nonce, m, nil)
		e, _ := v.NewEncrypter(key, nonce, nil, tagLen)
		dst := make([]byte, 3, 3+len(m))
		copy(dst, "abc")
		got := e.AppendEncrypt(dst, m[:7])
		got = e.AppendEncrypt(got, m[7:])
		if &got[0] != &dst[0] || string(got[:3]) != "abc" || !bytes.Equal(got[3:], want[:len(m)]) {
			t.Fatal("AppendEncrypt did not append in dst's room")
		}
		if tag := e.Final(); !bytes.Equal(tag, want[len(m):]) || len(tag) != tagLen {
			t.Fatalf("Final = %x, want %x", tag, want[len(m):])
		}
		// EncryptTo and DecryptTo reuse one buffer for every piece, as
		// go-libaegis's callers do: each call overwrites the last.
		e, _ = v.NewEncrypter(key, nonce, nil, tagLen)
		d, _ := v.NewDecrypter(key, nonce, nil, tagLen)
		buf, pbuf := make([]byte, 5, 64), make([]byte, 0, 64)
		var ct, pt []byte
		for p := m; len(p) > 0; {
			n := min(len(p), 1+len(p)%61)
			out := e.EncryptTo(buf, p[:n])
			if &out[0] != &buf[0] || len(out) != n {
				t.Fatalf("EncryptTo of %d bytes into a reused buffer: %d bytes, at its start %v", n, len(out), &out[0] == &buf[0])
			}
			ct = append(ct, out...)
			back := d.DecryptTo(pbuf, out)
			if &back[0] != &pbuf[:1][0] || len(back) != n {
				t.Fatalf("DecryptTo of %d bytes into a reused buffer: %d bytes", n, len(back))
			}
			pt = append(pt, back...)
			p = p[n:]
		}
		if !bytes.Equal(ct, want[:len(m)]) || !bytes.Equal(pt, m) {
			t.Fatal("EncryptTo and DecryptTo into a reused buffer differ from Seal")
		}
		if err := d.Final(e.Final()); err != nil {
			t.Fatalf("Final after EncryptTo and DecryptTo into a reused buffer: %v", err)
		}
	}
	// Overlap other than in place panics.
	key, nonce := random(r, v.V.KeySize), random(r, v.V.NonceSize)
	p := v.V.Name + ": invalid buffer overlap"
	buf := make([]byte, 100)
	e, _ := v.NewEncrypter(key, nonce, nil, 16)
	mustPanic(t, "EncryptTo one byte after its input", p, func() { e.EncryptTo(buf[1:1], buf[:50]) })
	d, _ := v.NewDecrypter(key, nonce, nil, 16)
	mustPanic(t, "DecryptTo one byte after its input", p, func() { d.DecryptTo(buf[1:1], buf[:50]) })
	mustPanic(t, "AppendEncrypt one byte after its input", p, func() { e.AppendEncrypt(buf[1:1], buf[:50]) })
	mustPanic(t, "AppendDecrypt one byte after its input", p, func() { d.AppendDecrypt(buf[1:1], buf[:50]) })
	mustPanic(t, "EncryptTo one byte before its input", p, func() { e.EncryptTo(buf[:60], buf[1:51]) })

	if testing.Short() {
		return
	}
	e, _ = v.NewEncrypter(key, nonce, nil, 16)
	d, _ = v.NewDecrypter(key, nonce, nil, 16)
	src, dst := make([]byte, 1000), make([]byte, 0, 1000)
	if n := testing.AllocsPerRun(50, func() {
		e.EncryptTo(dst, src[:333])
		d.DecryptTo(dst, src[:333])
		e.AppendEncrypt(dst[:0], src[:333])
		d.AppendDecrypt(dst[:0], src[:333])
	}); n != 0 {
		t.Errorf("EncryptTo, DecryptTo and the Append forms with room in dst: %v allocations, want 0", n)
	}
}

func (v StreamVariant) testIncrementalTamper(t *testing.T) {
	r := rand.New(rand.NewPCG(23, uint64(v.V.ID)))
	for _, tagLen := range []int{16, 32} {
		key, nonce := random(r, v.V.KeySize), random(r, v.V.NonceSize)
		m, ad := random(r, 2*v.V.Rate+3), random(r, 11)
		sealed := v.aead(t, key, tagLen).Seal(nil, nonce, m, ad)
		n := len(m)
		// A tag of the wrong length is ErrBadTagLength, as in
		// go-libaegis; any other change is ErrAuth.
		check := func(what string, nonce, ad, ct, tag []byte) {
			t.Helper()
			d, err := v.NewDecrypter(key, nonce, ad, tagLen)
			if err != nil {
				t.Fatal(err)
			}
			want := common.ErrAuth
			if len(tag) != tagLen {
				want = common.ErrBadTagLength
			}
			if _, err := decryptPieces(t, d, chunks(r, ct, v.V.Rate), tag); err != want {
				t.Errorf("Decrypter with %s: Final = %v, want %v", what, err, want)
			}
		}
		flip := func(b []byte, i int) []byte {
			c := bytes.Clone(b)
			c[i/8] ^= 1 << (i % 8)
			return c
		}
		for i := 0; i < n*8; i += 13 {
			check(fmt.Sprintf("ciphertext bit %d flipped", i), nonce, ad, flip(sealed[:n], i), sealed[n:])
		}
		for i := 0; i < tagLen*8; i += 3 {
			check(fmt.Sprintf("tag bit %d flipped", i), nonce, ad, sealed[:n], flip(sealed[n:], i))
		}
		check("a changed nonce", flip(nonce, 0), ad, sealed[:n], sealed[n:])
		check("changed ad", nonce, flip(ad, 9), sealed[:n], sealed[n:])
		check("a shortened ciphertext", nonce, ad, sealed[:n-1], sealed[n:])
		check("a short tag", nonce, ad, sealed[:n], sealed[n:len(sealed)-1])
		check("a long tag", nonce, ad, sealed[:n], append(bytes.Clone(sealed[n:]), 0))
		check("no tag", nonce, ad, sealed[:n], nil)
	}
}

func (v StreamVariant) testIncrementalParams(t *testing.T) {
	r := rand.New(rand.NewPCG(24, uint64(v.V.ID)))
	key, nonce := random(r, v.V.KeySize), random(r, v.V.NonceSize)
	type ctor struct {
		name string
		f    func(key, nonce []byte, tagLen int) error
	}
	ctors := []ctor{
		{"NewEncrypter", func(k, n []byte, tl int) error { _, err := v.NewEncrypter(k, n, nil, tl); return err }},
		{"NewDecrypter", func(k, n []byte, tl int) error { _, err := v.NewDecrypter(k, n, nil, tl); return err }},
	}
	for _, c := range ctors {
		for _, n := range []int{0, v.V.KeySize - 1, v.V.KeySize + 1} {
			if err := c.f(make([]byte, n), nonce, 16); !errors.Is(err, common.ErrBadKeyLength) {
				t.Errorf("%s with a %d-byte key: %v", c.name, n, err)
			}
		}
		for _, n := range []int{v.V.NonceSize + 1, 64} {
			if err := c.f(key, make([]byte, n), 16); !errors.Is(err, common.ErrBadNonceLength) {
				t.Errorf("%s with a %d-byte nonce: %v", c.name, n, err)
			}
		}
		for _, n := range []int{0, 8, 24, 64} {
			if err := c.f(key, nonce, n); !errors.Is(err, common.ErrBadTagLength) {
				t.Errorf("%s with tagLen %d: %v", c.name, n, err)
			}
		}
	}
	if _, err := v.NewMAC(make([]byte, v.V.KeySize+1), nil, 16); !errors.Is(err, common.ErrBadKeyLength) {
		t.Errorf("NewMAC with a long key: %v", err)
	}
	if _, err := v.NewMAC(key, make([]byte, v.V.NonceSize+1), 16); !errors.Is(err, common.ErrBadNonceLength) {
		t.Errorf("NewMAC with a long nonce: %v", err)
	}
	if _, err := v.NewMAC(key, nil, 20); !errors.Is(err, common.ErrBadTagLength) {
		t.Errorf("NewMAC with tagLen 20: %v", err)
	}
	if _, err := v.NewKeyStream(key[1:], nil); !errors.Is(err, common.ErrBadKeyLength) {
		t.Errorf("NewKeyStream with a short key: %v", err)
	}
	if _, err := v.NewKeyStream(key, make([]byte, v.V.NonceSize+1)); !errors.Is(err, common.ErrBadNonceLength) {
		t.Errorf("NewKeyStream with a long nonce: %v", err)
	}
	if err := v.Stream(nil, key[1:], nil); !errors.Is(err, common.ErrBadKeyLength) {
		t.Errorf("Stream with a short key: %v", err)
	}
	if err := v.Stream(nil, key, make([]byte, v.V.NonceSize+1)); !errors.Is(err, common.ErrBadNonceLength) {
		t.Errorf("Stream with a long nonce: %v", err)
	}

	// An empty or nil nonce is the all-zero nonce, as in go-libaegis.
	m := random(r, 40)
	zeroSealed := v.aead(t, key, 16).Seal(nil, make([]byte, v.V.NonceSize), m, nil)
	for _, n := range [][]byte{nil, {}} {
		e, err := v.NewEncrypter(key, n, nil, 16)
		if err != nil {
			t.Fatalf("NewEncrypter with an empty nonce: %v", err)
		}
		if ct, tag := encryptPieces(t, e, [][]byte{m}); !bytes.Equal(append(ct, tag...), zeroSealed) {
			t.Error("NewEncrypter with an empty nonce differs from Seal with the all-zero nonce")
		}
		d, err := v.NewDecrypter(key, n, nil, 16)
		if err != nil {
			t.Fatalf("NewDecrypter with an empty nonce: %v", err)
		}
		if pt, err := decryptPieces(t, d, [][]byte{zeroSealed[:len(m)]}, zeroSealed[len(m):]); err != nil || !bytes.Equal(pt, m) {
			t.Errorf("NewDecrypter with an empty nonce: %v", err)
		}
	}

	// A short nonce is zero-padded, and the key and nonce are copied.
	short := bytes.Clone(nonce[:5])
	padded := make([]byte, v.V.NonceSize)
	copy(padded, short)
	want := v.aead(t, key, 16).Seal(nil, padded, m, nil)
	k2 := bytes.Clone(key)
	e, err := v.NewEncrypter(k2, short, nil, 16)
	if err != nil {
		t.Fatal(err)
	}
	clear(k2)
	clear(short)
	if ct, tag := encryptPieces(t, e, [][]byte{m}); !bytes.Equal(append(ct, tag...), want) {
		t.Error("NewEncrypter with a short nonce differs from Seal with it zero-padded, or did not copy the key")
	}
}

// FuzzIncremental checks that incremental encryption and decryption, cut
// as the fuzzer says, give the bytes of one-shot Seal and Open.
func FuzzIncremental(f *testing.F, v StreamVariant) {
	if !common.Available {
		f.Skip("built without the C core")
	}
	f.Add([]byte("hello, world"), []byte{3, 0, 5}, []byte{1}, []byte("ad"), false)
	f.Add(bytes.Repeat([]byte{7}, 3*v.V.Rate+1), []byte{byte(v.V.Rate - 1), 2}, []byte{0, 200}, []byte(nil), true)
	f.Add([]byte{}, []byte{}, []byte{}, []byte("only ad"), false)
	f.Fuzz(func(t *testing.T, msg, encCuts, decCuts, ad []byte, long bool) {
		tagLen := 16
		if long {
			tagLen = 32
		}
		key := bytes.Repeat([]byte{0x42}, v.V.KeySize)
		nonce := bytes.Repeat([]byte{0x24}, v.V.NonceSize)
		want := v.aead(t, key, tagLen).Seal(nil, nonce, msg, ad)
		e, err := v.NewEncrypter(key, nonce, ad, tagLen)
		if err != nil {
			t.Fatal(err)
		}
		ct, tag := encryptPieces(t, e, fuzzChunks(msg, encCuts))
		if !bytes.Equal(append(ct, tag...), want) {
			t.Fatal("Encrypter differs from Seal")
		}
		d, err := v.NewDecrypter(key, nonce, ad, tagLen)
		if err != nil {
			t.Fatal(err)
		}
		pt, err := decryptPieces(t, d, fuzzChunks(ct, decCuts), tag)
		if err != nil || !bytes.Equal(pt, msg) {
			t.Fatalf("Decrypter: %v", err)
		}
		tag[0] ^= 1
		d, _ = v.NewDecrypter(key, nonce, ad, tagLen)
		if _, err := decryptPieces(t, d, fuzzChunks(ct, decCuts), tag); !errors.Is(err, common.ErrAuth) {
			t.Fatalf("Decrypter accepted a changed tag: %v", err)
		}
	})
}
