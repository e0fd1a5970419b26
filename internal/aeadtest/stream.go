package aeadtest

import (
	"bytes"
	"crypto/cipher"
	"errors"
	"fmt"
	"hash"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/aegisgo/aegis/common"
	"github.com/aegisgo/aegis/internal/core"
	"github.com/aegisgo/aegis/internal/vectors"
)

// The incremental API as the suite sees it. The variant packages' types
// and the core types behind them both have these methods, so one check
// runs on the public API and on every kernel.
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
	MAC interface {
		hash.Hash
		Verify(tag []byte) bool
	}
	KeyStream interface {
		io.Reader
		cipher.Stream
	}
	// Detached is what the concrete AEAD types add to cipher.AEAD.
	Detached interface {
		SealDetached(dst, nonce, plaintext, additionalData []byte) (ciphertext, tag []byte)
		OpenDetached(dst, nonce, ciphertext, tag, additionalData []byte) ([]byte, error)
	}
)

// StreamVariant is what a variant package hands to RunStream and the fuzz
// targets. The constructors return a nil interface with their error.
type StreamVariant struct {
	V            *core.Variant
	New          func(key []byte, tagLen int) (cipher.AEAD, error)
	NewEncrypter func(key, nonce, ad []byte, tagLen int) (Encrypter, error)
	NewDecrypter func(key, nonce, ad []byte, tagLen int) (Decrypter, error)
	NewMAC       func(key, nonce []byte, tagLen int) (MAC, error)
	NewKeyStream func(key, nonce []byte) (KeyStream, error)
	Stream       func(dst, key, nonce []byte) error
	// ZeroValues returns pointers to the zero values of the four types.
	ZeroValues func() (Encrypter, Decrypter, MAC, KeyStream)
	// CopyEncrypter and CopyMAC copy the value behind the pointer.
	CopyEncrypter func(Encrypter) Encrypter
	CopyMAC       func(MAC) MAC
}

// RunStream runs the suite of the incremental API, detached tags, the MAC
// and the keystream.
func RunStream(t *testing.T, v StreamVariant) {
	if !common.Available {
		t.Run("Unavailable", v.testUnavailable)
		return
	}
	t.Run("IncrementalVectors", v.testIncrementalVectors)
	t.Run("IncrementalKernels", v.testIncrementalKernels)
	t.Run("Incremental", v.testIncremental)
	t.Run("IncrementalTamper", v.testIncrementalTamper)
	t.Run("IncrementalParams", v.testIncrementalParams)
	t.Run("IncrementalAfterFinal", v.testAfterFinal)
	t.Run("Copy", v.testCopy)
	t.Run("Detached", v.testDetached)
	t.Run("DetachedOverlap", v.testDetachedOverlap)
	t.Run("MACVectors", v.testMACVectors)
	t.Run("MACKernels", v.testMACKernels)
	t.Run("MAC", v.testMAC)
	t.Run("Stream", v.testStream)
	t.Run("StreamKernels", v.testStreamKernels)
	t.Run("StreamAllocs", v.testStreamAllocs)
}

func (v StreamVariant) aead(t testing.TB, key []byte, tagLen int) cipher.AEAD {
	t.Helper()
	a, err := v.New(key, tagLen)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return a
}

// chunks cuts m into pieces of random lengths, empty ones included, up to
// a little more than two rates so that pieces start and end anywhere in a
// block and sometimes span several.
func chunks(r *rand.Rand, m []byte, rate int) [][]byte {
	var out [][]byte
	for len(m) > 0 {
		n := r.IntN(2*rate + 3)
		if r.IntN(8) == 0 {
			n = r.IntN(8 * rate)
		}
		n = min(n, len(m))
		out = append(out, m[:n])
		m = m[n:]
	}
	return out
}

// fuzzChunks cuts m by the lengths in sizes, cycling through them; a zero
// gives an empty piece. Without sizes, m is one piece.
func fuzzChunks(m, sizes []byte) [][]byte {
	if len(sizes) == 0 {
		return [][]byte{m}
	}
	var out [][]byte
	for i := 0; len(m) > 0; i++ {
		n := min(int(sizes[i%len(sizes)]), len(m))
		if i > len(sizes)+len(m) {
			n = len(m) // all sizes zero: stop cycling
		}
		out = append(out, m[:n])
		m = m[n:]
	}
	return out
}

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

func (v StreamVariant) testUnavailable(t *testing.T) {
	key, nonce := make([]byte, v.V.KeySize), make([]byte, v.V.NonceSize)
	if e, err := v.NewEncrypter(key, nonce, nil, 16); !errors.Is(err, common.ErrNotAvailable) || e != nil {
		t.Errorf("NewEncrypter without the C core = %v, %v", e, err)
	}
	if d, err := v.NewDecrypter(key, nonce, nil, 16); !errors.Is(err, common.ErrNotAvailable) || d != nil {
		t.Errorf("NewDecrypter without the C core = %v, %v", d, err)
	}
	if m, err := v.NewMAC(key, nil, 16); !errors.Is(err, common.ErrNotAvailable) || m != nil {
		t.Errorf("NewMAC without the C core = %v, %v", m, err)
	}
	if k, err := v.NewKeyStream(key, nil); !errors.Is(err, common.ErrNotAvailable) || k != nil {
		t.Errorf("NewKeyStream without the C core = %v, %v", k, err)
	}
	if err := v.Stream(make([]byte, 10), key, nil); !errors.Is(err, common.ErrNotAvailable) {
		t.Errorf("Stream without the C core = %v", err)
	}
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

func (v StreamVariant) testAfterFinal(t *testing.T) {
	key, nonce := make([]byte, v.V.KeySize), make([]byte, v.V.NonceSize)
	e, _ := v.NewEncrypter(key, nonce, nil, 16)
	e.Encrypt([]byte("x"))
	tag := e.Final()
	p := v.V.Name + ": Encrypter used after Final"
	mustPanic(t, "Encrypt after Final", p, func() { e.Encrypt(nil) })
	mustPanic(t, "EncryptTo after Final", p, func() { e.EncryptTo(nil, []byte("y")) })
	mustPanic(t, "Final after Final", p, func() { e.Final() })

	d, _ := v.NewDecrypter(key, nonce, nil, 16)
	d.Decrypt(v.aead(t, key, 16).Seal(nil, nonce, []byte("x"), nil)[:1])
	if err := d.Final(tag); err != nil {
		t.Fatal(err)
	}
	p = v.V.Name + ": Decrypter used after Final"
	mustPanic(t, "Decrypt after Final", p, func() { d.Decrypt(nil) })
	mustPanic(t, "Final after Final", p, func() { d.Final(tag) })
	d, _ = v.NewDecrypter(key, nonce, nil, 16)
	if err := d.Final(tag[:3]); err != common.ErrBadTagLength {
		t.Fatalf("Final with a 3-byte tag: %v, want ErrBadTagLength", err)
	}
	mustPanic(t, "Decrypt after a failed Final", p, func() { d.Decrypt([]byte("z")) })

	ze, zd, zm, zk := v.ZeroValues()
	mustPanic(t, "Encrypt on the zero value", "aegis: Encrypter used without NewEncrypter", func() { ze.Encrypt(nil) })
	mustPanic(t, "Decrypt on the zero value", "aegis: Decrypter used without NewDecrypter", func() { zd.Decrypt(nil) })
	mustPanic(t, "Write on the zero value", "aegis: MAC used without NewMAC", func() { zm.Write(nil) })
	mustPanic(t, "Read on the zero value", "aegis: KeyStream used without NewKeyStream", func() { zk.Read(nil) })
}

// testCopy checks that a copied value is an independent state that keeps
// working: the copy and the original go on from the same point.
func (v StreamVariant) testCopy(t *testing.T) {
	r := rand.New(rand.NewPCG(25, uint64(v.V.ID)))
	key, nonce := random(r, v.V.KeySize), random(r, v.V.NonceSize)
	m := random(r, 3*v.V.Rate+9)
	want := v.aead(t, key, 16).Seal(nil, nonce, m, nil)
	e, _ := v.NewEncrypter(key, nonce, nil, 16)
	cut := v.V.Rate + 3
	first := e.Encrypt(m[:cut])
	c := v.CopyEncrypter(e)
	rest := e.Encrypt(m[cut:])
	tag := e.Final()
	rest2 := c.Encrypt(m[cut:])
	tag2 := c.Final()
	got := append(append(bytes.Clone(first), rest...), tag...)
	got2 := append(append(bytes.Clone(first), rest2...), tag2...)
	if !bytes.Equal(got, want) || !bytes.Equal(got2, want) {
		t.Error("a copied Encrypter and its original do not both give Seal's bytes")
	}

	mac, _ := v.NewMAC(key, nonce, 16)
	mac.Write(m[:cut])
	mc := v.CopyMAC(mac)
	mac.Write(m[cut:])
	mc.Write([]byte("other"))
	ref, _ := v.NewMAC(key, nonce, 16)
	ref.Write(m)
	if !bytes.Equal(mac.Sum(nil), ref.Sum(nil)) {
		t.Error("writing to a copy of a MAC changed the original")
	}
	ref.Reset()
	ref.Write(m[:cut])
	ref.Write([]byte("other"))
	if !bytes.Equal(mc.Sum(nil), ref.Sum(nil)) {
		t.Error("a copied MAC does not continue from the original's state")
	}
}

func (v StreamVariant) detached(t testing.TB, key []byte, tagLen int) (cipher.AEAD, Detached) {
	t.Helper()
	a := v.aead(t, key, tagLen)
	d, ok := a.(Detached)
	if !ok {
		t.Fatalf("%T has no SealDetached and OpenDetached", a)
	}
	return a, d
}

func (v StreamVariant) testDetached(t *testing.T) {
	r := rand.New(rand.NewPCG(26, uint64(v.V.ID)))
	for _, tagLen := range []int{16, 32} {
		a, x := v.detached(t, random(r, v.V.KeySize), tagLen)
		for _, n := range msgLens {
			nonce, m, ad := random(r, v.V.NonceSize), random(r, n), random(r, 7)
			want := a.Seal(nil, nonce, m, ad)
			ct, tag := x.SealDetached(nil, nonce, m, ad)
			if !bytes.Equal(ct, want[:n]) || !bytes.Equal(tag, want[n:]) {
				t.Fatalf("SealDetached of %d bytes differs from Seal", n)
			}
			if cap(ct) != len(ct) || len(tag) != tagLen {
				t.Fatalf("SealDetached: cap(ciphertext) = %d for %d bytes, len(tag) = %d", cap(ct), len(ct), len(tag))
			}
			pt, err := x.OpenDetached(nil, nonce, ct, tag, ad)
			if err != nil || !bytes.Equal(pt, m) {
				t.Fatalf("OpenDetached of %d bytes: %v", n, err)
			}
			bad := bytes.Clone(tag)
			bad[n%tagLen] ^= 4
			out := make([]byte, n)
			for i := range out {
				out[i] = 0xa5
			}
			if pt, err := x.OpenDetached(out[:0], nonce, ct, bad, ad); !errors.Is(err, common.ErrAuth) || pt != nil {
				t.Fatalf("OpenDetached with a bad tag = %v, %v", pt, err)
			}
			if !bytes.Equal(out, make([]byte, n)) {
				t.Fatal("OpenDetached with a bad tag left plaintext behind")
			}
			for _, bl := range []int{0, tagLen - 1, tagLen + 1} {
				long := append(bytes.Clone(tag), 0)
				if _, err := x.OpenDetached(nil, nonce, ct, long[:bl], ad); !errors.Is(err, common.ErrAuth) {
					t.Fatalf("OpenDetached with a %d-byte tag: %v", bl, err)
				}
			}
		}
		// Appending into dst's room: the same memory as Seal, no allocation.
		nonce, m := random(r, v.V.NonceSize), random(r, 100)
		dst := make([]byte, 2, 2+len(m)+tagLen)
		ct, tag := x.SealDetached(dst, nonce, m, nil)
		if &ct[0] != &dst[0] || len(ct) != 2+len(m) || &tag[0] != &dst[:cap(dst)][2+len(m)] {
			t.Fatal("SealDetached did not use dst's room for the ciphertext and the tag")
		}
		// In place.
		buf := make([]byte, len(m), len(m)+tagLen)
		copy(buf, m)
		ct, tag = x.SealDetached(buf[:0], nonce, buf, nil)
		if pt, err := x.OpenDetached(ct[:0], nonce, ct, tag, nil); err != nil || !bytes.Equal(pt, m) {
			t.Fatalf("in-place detached round trip: %v", err)
		}
		if testing.Short() {
			continue
		}
		ct, tag = x.SealDetached(nil, nonce, m, nil)
		out := make([]byte, 0, 200)
		if n := testing.AllocsPerRun(50, func() {
			x.SealDetached(out[:0], nonce, m, nil)
			if _, err := x.OpenDetached(out[:0], nonce, ct, tag, nil); err != nil {
				panic(err)
			}
		}); n != 0 {
			t.Errorf("SealDetached and OpenDetached with room in dst: %v allocations, want 0", n)
		}
	}
}

// testDetachedOverlap checks the overlap rules, including the output
// running over the tag, which the C core reads last.
func (v StreamVariant) testDetachedOverlap(t *testing.T) {
	r := rand.New(rand.NewPCG(27, uint64(v.V.ID)))
	a, x := v.detached(t, random(r, v.V.KeySize), 16)
	nonce := random(r, v.V.NonceSize)
	p := v.V.Name + ": invalid buffer overlap"
	buf := make([]byte, 300)
	mustPanic(t, "SealDetached with output one byte after the plaintext", p, func() {
		x.SealDetached(buf[1:1], nonce, buf[:100], nil)
	})
	mustPanic(t, "SealDetached with output over the additional data", p, func() {
		x.SealDetached(buf[:0], nonce, nil, buf[:10])
	})
	ct, tag := x.SealDetached(nil, nonce, random(r, 10), nil)
	copy(buf[100:], tag)
	mustPanic(t, "OpenDetached with output over the tag", p, func() {
		x.OpenDetached(buf[95:95], nonce, ct, buf[100:116], nil)
	})
	// Open with the output placed after the ciphertext, over the tag.
	sealed := a.Seal(nil, nonce, random(r, 10), nil)
	copy(buf, sealed)
	mustPanic(t, "Open with output over the tag", p, func() {
		a.Open(buf[10:10], nonce, buf[:len(sealed)], nil)
	})
}

func (v StreamVariant) kernelMAC(t testing.TB, k core.Kernel, key, nonce []byte, tagLen int) *core.MAC {
	t.Helper()
	m := new(core.MAC)
	if err := m.InitKernel(v.V, key, nonce, tagLen, k); err != nil {
		t.Fatalf("MAC.InitKernel(%s): %v", k, err)
	}
	return m
}

// testMACVectors runs the spec's AEGIS-MAC vectors under every kernel,
// written at once and cut at random, and through the package's API.
func (v StreamVariant) testMACVectors(t *testing.T) {
	vs, err := vectors.LoadMAC(v.V.Name)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(28, uint64(v.V.ID)))
	for _, tv := range vs {
		for _, want := range [][]byte{tv.Tag128, tv.Tag256} {
			for _, k := range core.Kernels(v.V) {
				name := fmt.Sprintf("%s/%s/tag%d", k, tv.Name, len(want)*8)
				m := v.kernelMAC(t, k, tv.Key, tv.Nonce, len(want))
				m.Write(tv.Data)
				if got := m.Sum(nil); !bytes.Equal(got, want) {
					t.Errorf("%s: tag %x, want %x", name, got, want)
				}
				m.Reset()
				for _, p := range chunks(r, tv.Data, v.V.Rate) {
					m.Write(p)
				}
				if !m.Verify(want) {
					t.Errorf("%s: Verify refused the tag after a cut write", name)
				}
			}
			m, err := v.NewMAC(tv.Key, tv.Nonce, len(want))
			if err != nil {
				t.Fatal(err)
			}
			if n, err := m.Write(tv.Data); n != len(tv.Data) || err != nil {
				t.Fatalf("Write = %d, %v", n, err)
			}
			if got := m.Sum([]byte("pre")); string(got[:3]) != "pre" || !bytes.Equal(got[3:], want) {
				t.Errorf("%s tag%d: Sum = %x, want pre || %x", tv.Name, len(want)*8, got, want)
			}
		}
	}
}

// testMACKernels checks every kernel's MAC against soft's for data of
// every length across several blocks, with both tag sizes.
func (v StreamVariant) testMACKernels(t *testing.T) {
	r := rand.New(rand.NewPCG(29, uint64(v.V.ID)))
	key, nonce := random(r, v.V.KeySize), random(r, v.V.NonceSize)
	maxLen := 5*v.V.Rate + 7
	data := random(r, maxLen)
	for _, tagLen := range []int{16, 32} {
		ref := v.kernelMAC(t, core.KernelSoft, key, nonce, tagLen)
		seen := map[string]bool{}
		for n := 0; n <= maxLen; n++ {
			ref.Reset()
			ref.Write(data[:n])
			want := ref.Sum(nil)
			seen[string(want)] = true
			for _, k := range core.Kernels(v.V) {
				m := v.kernelMAC(t, k, key, nonce, tagLen)
				for _, p := range chunks(r, data[:n], v.V.Rate) {
					m.Write(p)
				}
				if got := m.Sum(nil); !bytes.Equal(got, want) {
					t.Fatalf("%s tag%d: MAC of %d bytes differs from soft's", k, tagLen, n)
				}
			}
		}
		if len(seen) != maxLen+1 {
			t.Fatalf("tag%d: %d distinct tags for %d lengths", tagLen, len(seen), maxLen+1)
		}
	}
}

func (v StreamVariant) testMAC(t *testing.T) {
	r := rand.New(rand.NewPCG(30, uint64(v.V.ID)))
	key, nonce := random(r, v.V.KeySize), random(r, v.V.NonceSize)
	data := random(r, 4*v.V.Rate+5)
	m, err := v.NewMAC(key, nonce, 32)
	if err != nil {
		t.Fatal(err)
	}
	if m.Size() != 32 || m.BlockSize() != v.V.Rate {
		t.Fatalf("Size, BlockSize = %d, %d; want 32, %d", m.Size(), m.BlockSize(), v.V.Rate)
	}
	// Sum in the middle leaves the state as it was.
	m.Write(data[:9])
	mid := m.Sum(nil)
	m.Write(data[9:])
	full := m.Sum(nil)
	one, _ := v.NewMAC(key, nonce, 32)
	one.Write(data)
	if !bytes.Equal(full, one.Sum(nil)) {
		t.Fatal("Sum changed the state")
	}
	if bytes.Equal(mid, full) {
		t.Fatal("the tags of a prefix and of the whole are equal")
	}
	if !m.Verify(full) || m.Verify(mid) || m.Verify(full[:16]) || m.Verify(nil) {
		t.Fatal("Verify accepts a wrong tag or refuses the right one")
	}
	bad := bytes.Clone(full)
	bad[31] ^= 0x80
	if m.Verify(bad) {
		t.Fatal("Verify accepted a tag with its last bit flipped")
	}
	m.Reset()
	m.Write(data[:9])
	if !bytes.Equal(m.Sum(nil), mid) {
		t.Fatal("Reset did not restart with the same key and nonce")
	}
	// A nil nonce is the all-zero nonce; other nonces and keys differ.
	z1, _ := v.NewMAC(key, nil, 16)
	z2, _ := v.NewMAC(key, make([]byte, v.V.NonceSize), 16)
	o, _ := v.NewMAC(key, nonce, 16)
	z1.Write(data)
	z2.Write(data)
	o.Write(data)
	if !bytes.Equal(z1.Sum(nil), z2.Sum(nil)) || bytes.Equal(z1.Sum(nil), o.Sum(nil)) {
		t.Fatal("a nil nonce is not the all-zero nonce")
	}
	// The MAC is not the AEAD's tag of the same input.
	if ct := v.aead(t, key, 16).Seal(nil, nonce, nil, data); bytes.Equal(ct, o.Sum(nil)) {
		t.Fatal("the MAC equals the AEAD tag of the data as associated data")
	}
	if testing.Short() {
		return
	}
	buf := make([]byte, 0, 64)
	if n := testing.AllocsPerRun(50, func() {
		m.Write(data[:33])
		m.Sum(buf[:0])
		m.Verify(full)
	}); n != 0 {
		t.Errorf("Write, Sum with room and Verify: %v allocations, want 0", n)
	}
}

// zeros returns Seal's encryption of n zero bytes with no associated
// data: the spec defines Stream by it.
func (v StreamVariant) zeros(t testing.TB, a cipher.AEAD, nonce []byte, n int) []byte {
	t.Helper()
	return a.Seal(nil, nonce, make([]byte, n), nil)[:n]
}

func (v StreamVariant) testStream(t *testing.T) {
	r := rand.New(rand.NewPCG(31, uint64(v.V.ID)))
	key, nonce := random(r, v.V.KeySize), random(r, v.V.NonceSize)
	a := v.aead(t, key, 16)
	const max = 1000
	want := v.zeros(t, a, nonce, max)
	for _, n := range []int{0, 1, 15, 16, 17, 31, 32, 33, 64, 127, 128, 129, 500, max} {
		got := make([]byte, n)
		if err := v.Stream(got, key, nonce); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want[:n]) {
			t.Fatalf("Stream of %d bytes is not the encryption of zeros", n)
		}
	}
	// Reads of any sizes give Stream's bytes: prefix-consistent.
	for try := 0; try < 20; try++ {
		ks, err := v.NewKeyStream(key, nonce)
		if err != nil {
			t.Fatal(err)
		}
		var got []byte
		for _, p := range chunks(r, make([]byte, max), v.V.Rate) {
			if n, err := ks.Read(p); n != len(p) || err != nil {
				t.Fatalf("Read = %d, %v", n, err)
			}
			got = append(got, p...)
		}
		if !bytes.Equal(got, want) {
			t.Fatal("KeyStream reads cut at random differ from Stream")
		}
	}
	// XORKeyStream, in place and into a longer dst.
	ks, _ := v.NewKeyStream(key, nonce)
	src := random(r, max)
	buf := bytes.Clone(src)
	for _, p := range chunks(r, buf, v.V.Rate) {
		ks.XORKeyStream(p, p)
	}
	for i := range buf {
		if buf[i] != src[i]^want[i] {
			t.Fatalf("XORKeyStream differs from the keystream at byte %d", i)
		}
	}
	ks, _ = v.NewKeyStream(key, nonce)
	long := make([]byte, 20)
	ks.XORKeyStream(long, src[:10])
	if long[10] != 0 || long[0] != src[0]^want[0] {
		t.Fatal("XORKeyStream into a longer dst")
	}
	mustPanic(t, "XORKeyStream into a short dst", v.V.Name+": output smaller than input", func() {
		ks.XORKeyStream(long[:3], src[:10])
	})
	mustPanic(t, "XORKeyStream with an inexact overlap", v.V.Name+": invalid buffer overlap", func() {
		ks.XORKeyStream(buf[1:], buf[:10])
	})
	// An empty nonce is the all-zero nonce.
	z1, z2 := make([]byte, 50), make([]byte, 50)
	if err := v.Stream(z1, key, nil); err != nil {
		t.Fatal(err)
	}
	if err := v.Stream(z2, key, make([]byte, v.V.NonceSize)); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(z1, z2) || bytes.Equal(z1, want[:50]) {
		t.Fatal("a nil nonce is not the all-zero nonce")
	}
}

// testStreamKernels checks every kernel's keystream, one-shot and read in
// pieces, against soft's encryption of zeros.
func (v StreamVariant) testStreamKernels(t *testing.T) {
	r := rand.New(rand.NewPCG(32, uint64(v.V.ID)))
	key, nonce := random(r, v.V.KeySize), random(r, v.V.NonceSize)
	ref := new(core.AEAD)
	if err := ref.InitKernel(v.V, key, 16, core.KernelSoft); err != nil {
		t.Fatal(err)
	}
	maxLen := 5*v.V.Rate + 7
	want := ref.Seal(nil, nonce, make([]byte, maxLen), nil)[:maxLen]
	for _, k := range core.Kernels(v.V) {
		for n := 0; n <= maxLen; n++ {
			got := make([]byte, n)
			if err := core.StreamKernel(v.V, got, key, nonce, k); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want[:n]) {
				t.Fatalf("%s: Stream of %d bytes differs from soft's encryption of zeros", k, n)
			}
		}
		ks := new(core.KeyStream)
		if err := ks.InitKernel(v.V, key, nonce, k); err != nil {
			t.Fatal(err)
		}
		got := make([]byte, maxLen)
		for _, p := range chunks(r, got, v.V.Rate) {
			ks.Read(p)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("%s: KeyStream differs from soft's encryption of zeros", k)
		}
	}
}

func (v StreamVariant) testStreamAllocs(t *testing.T) {
	if testing.Short() {
		t.Skip("allocation counts are checked in full runs")
	}
	key := make([]byte, v.V.KeySize)
	ks, _ := v.NewKeyStream(key, nil)
	buf := make([]byte, 300)
	if n := testing.AllocsPerRun(50, func() {
		ks.Read(buf)
		ks.XORKeyStream(buf, buf)
		if err := v.Stream(buf, key, nil); err != nil {
			panic(err)
		}
	}); n != 0 {
		t.Errorf("Read, XORKeyStream and Stream: %v allocations, want 0", n)
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

// FuzzMAC checks that the MAC of data written in pieces, as the fuzzer
// cuts it, is the MAC of one Write, and that Sum in between changes
// nothing.
func FuzzMAC(f *testing.F, v StreamVariant) {
	if !common.Available {
		f.Skip("built without the C core")
	}
	f.Add([]byte("some data to authenticate"), []byte{1, 0, 9}, []byte("nonce"), false)
	f.Add(bytes.Repeat([]byte{9}, 2*v.V.Rate+3), []byte{byte(v.V.Rate)}, []byte(nil), true)
	f.Fuzz(func(t *testing.T, data, cuts, nonce []byte, long bool) {
		tagLen := 16
		if long {
			tagLen = 32
		}
		if len(nonce) > v.V.NonceSize {
			nonce = nonce[:v.V.NonceSize]
		}
		key := bytes.Repeat([]byte{0x17}, v.V.KeySize)
		one, err := v.NewMAC(key, nonce, tagLen)
		if err != nil {
			t.Fatal(err)
		}
		one.Write(data)
		want := one.Sum(nil)
		m, _ := v.NewMAC(key, nonce, tagLen)
		for i, p := range fuzzChunks(data, cuts) {
			m.Write(p)
			if i%3 == 1 {
				m.Sum(nil)
			}
		}
		if got := m.Sum(nil); !bytes.Equal(got, want) {
			t.Fatalf("MAC written in pieces = %x, one Write = %x", got, want)
		}
		if !m.Verify(want) {
			t.Fatal("Verify refused the tag")
		}
		want[len(want)-1] ^= 1
		if m.Verify(want) {
			t.Fatal("Verify accepted a changed tag")
		}
	})
}

// FuzzDetached checks that SealDetached and OpenDetached are Seal and Open
// with the tag apart.
func FuzzDetached(f *testing.F, v StreamVariant) {
	if !common.Available {
		f.Skip("built without the C core")
	}
	f.Add([]byte("message"), []byte("ad"), uint8(3), false)
	f.Add([]byte{}, []byte{}, uint8(0), true)
	f.Fuzz(func(t *testing.T, msg, ad []byte, room uint8, long bool) {
		tagLen := 16
		if long {
			tagLen = 32
		}
		key := bytes.Repeat([]byte{0x99}, v.V.KeySize)
		nonce := bytes.Repeat([]byte{0x66}, v.V.NonceSize)
		a, x := v.detached(t, key, tagLen)
		want := a.Seal(nil, nonce, msg, ad)
		dst := make([]byte, 1, 1+int(room))
		ct, tag := x.SealDetached(dst, nonce, msg, ad)
		if ct[0] != 0 || !bytes.Equal(ct[1:], want[:len(msg)]) || !bytes.Equal(tag, want[len(msg):]) {
			t.Fatal("SealDetached differs from Seal")
		}
		pt, err := x.OpenDetached(nil, nonce, ct[1:], tag, ad)
		if err != nil || !bytes.Equal(pt, msg) {
			t.Fatalf("OpenDetached: %v", err)
		}
		tag[len(tag)/2] ^= 0x10
		if _, err := x.OpenDetached(nil, nonce, ct[1:], tag, ad); !errors.Is(err, common.ErrAuth) {
			t.Fatalf("OpenDetached accepted a changed tag: %v", err)
		}
	})
}
