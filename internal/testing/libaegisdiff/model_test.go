// SPDX-License-Identifier: MIT

//go:build !without_aegis

package libaegisdiff_test

import (
	"bytes"
	"crypto/subtle"

	"github.com/aegisgo/aegis/common"
	"github.com/aegisgo/aegis/internal/testing/ref"
)

// model is go-libaegis's behaviour for one variant, as its doc comments
// and README describe it. The sentinel errors are the module's common
// ones: the drop-in promise is that errors.Is keeps working after the
// import path changes, so the identities must be the same values.
type model struct {
	fam128    bool
	degree    int
	keySize   int
	nonceSize int
	rate      int
}

// seal and keystreamAt are the bytes, from the spec's reference.
func (m *model) seal(key, nonce, msg, ad []byte, tagLen int) []byte {
	return ref.Seal(m.fam128, m.degree, key, nonce, msg, ad, tagLen)
}

// decrypt returns the plaintext of ct. AEGIS encrypts block i with a
// keystream that depends on the key, the nonce, the ad and blocks 0..i-1 of
// the plaintext only, and Seal of those blocks followed by a zero block
// shows that keystream as the zero block's ciphertext. A partial last block
// uses the start of its keystream, as the spec's DecPartial does.
func (m *model) decrypt(key, nonce, ad, ct []byte) []byte {
	pt := make([]byte, 0, len(ct))
	for len(pt) < len(ct) {
		probe := append(bytes.Clone(pt), make([]byte, m.rate)...)
		z := m.seal(key, nonce, probe, ad, 16)[len(pt) : len(pt)+m.rate]
		n := min(m.rate, len(ct)-len(pt))
		for i := 0; i < n; i++ {
			pt = append(pt, ct[len(pt)]^z[i])
		}
	}
	return pt
}

// padNonce is go-libaegis's nonce rule: longer than NonceSize is refused,
// shorter is zero-padded (an empty nonce is the all-zero nonce).
func (m *model) padNonce(nonce []byte) ([]byte, bool) {
	if len(nonce) > m.nonceSize {
		return nil, false
	}
	p := make([]byte, m.nonceSize)
	copy(p, nonce)
	return p, true
}

// exactCopy is go-libaegis's new output slice: make([]byte, n), whose
// capacity is its length (bytes.Clone may round the capacity up).
func exactCopy(b []byte) []byte {
	c := make([]byte, len(b))
	copy(c, b)
	return c
}

// growSlice is go-libaegis's common.GrowSlice as documented: s followed
// by n more bytes, in s's array when it has room, else in a new one.
func growSlice(s []byte, n int) (result, tail []byte) {
	if cap(s)-len(s) >= n {
		return s[:len(s)+n], s[len(s) : len(s)+n]
	}
	g := make([]byte, len(s)+n)
	copy(g, s)
	return g, g[len(s):]
}

// modelAEAD is go-libaegis's AEAD: New checks the key, then the tag length.
type modelAEAD struct {
	m      *model
	key    []byte
	tagLen int
}

func (m *model) New(key []byte, tagLen int) (*modelAEAD, error) {
	if len(key) != m.keySize {
		return nil, common.ErrBadKeyLength
	}
	if tagLen != 16 && tagLen != 32 {
		return nil, common.ErrBadTagLength
	}
	return &modelAEAD{m, bytes.Clone(key), tagLen}, nil
}

func (a *modelAEAD) NonceSize() int { return a.m.nonceSize }
func (a *modelAEAD) Overhead() int  { return a.tagLen }

// Seal panics on a nonce longer than NonceSize and appends ct||tag to dst,
// in dst's capacity when it has room.
func (a *modelAEAD) Seal(dst, nonce, plaintext, ad []byte) []byte {
	n, ok := a.m.padNonce(nonce)
	if !ok {
		panic("aegis: invalid nonce length")
	}
	out := a.m.seal(a.key, n, plaintext, ad, a.tagLen)
	res, tail := growSlice(dst, len(out))
	copy(tail, out)
	return res
}

// Open panics on a nonce longer than NonceSize, returns ErrTruncated for
// input shorter than a tag and ErrAuth (with nil) when the tag does not
// match, and otherwise appends the plaintext as Seal appends.
func (a *modelAEAD) Open(dst, nonce, ciphertext, ad []byte) ([]byte, error) {
	n, ok := a.m.padNonce(nonce)
	if !ok {
		panic("aegis: invalid nonce length")
	}
	if len(ciphertext) < a.tagLen {
		return nil, common.ErrTruncated
	}
	clen := len(ciphertext) - a.tagLen
	pt := a.m.decrypt(a.key, n, ad, ciphertext[:clen])
	want := a.m.seal(a.key, n, pt, ad, a.tagLen)[clen:]
	if subtle.ConstantTimeCompare(want, ciphertext[clen:]) != 1 {
		return nil, common.ErrAuth
	}
	res, tail := growSlice(dst, clen)
	copy(tail, pt)
	return res, nil
}

// modelStream holds what go-libaegis's Encrypter and Decrypter share: the
// constructor's checks (key, nonce, tag length) and the message so far.
type modelStream struct {
	m          *model
	key, nonce []byte
	ad         []byte
	tagLen     int
	msg, ct    []byte // the plaintext and ciphertext so far
	finalized  bool
}

func (m *model) newStream(key, nonce, ad []byte, tagLen int) (*modelStream, error) {
	if len(key) != m.keySize {
		return nil, common.ErrBadKeyLength
	}
	n, ok := m.padNonce(nonce)
	if !ok {
		return nil, common.ErrBadNonceLength
	}
	if tagLen != 16 && tagLen != 32 {
		return nil, common.ErrBadTagLength
	}
	return &modelStream{m: m, key: bytes.Clone(key), nonce: n, ad: bytes.Clone(ad), tagLen: tagLen}, nil
}

type modelEncrypter struct{ s *modelStream }
type modelDecrypter struct{ s *modelStream }

func (m *model) NewEncrypter(key, nonce, ad []byte, tagLen int) (*modelEncrypter, error) {
	s, err := m.newStream(key, nonce, ad, tagLen)
	if err != nil {
		return nil, err
	}
	return &modelEncrypter{s}, nil
}

func (m *model) NewDecrypter(key, nonce, ad []byte, tagLen int) (*modelDecrypter, error) {
	s, err := m.newStream(key, nonce, ad, tagLen)
	if err != nil {
		return nil, err
	}
	return &modelDecrypter{s}, nil
}

func (s *modelStream) live() {
	if s.finalized {
		panic("aegis: used after Final")
	}
}

// encryptNext returns the ciphertext of the next piece p: the bytes that
// Seal of the whole message so far gives at p's place.
func (s *modelStream) encryptNext(p []byte) []byte {
	s.msg = append(s.msg, p...)
	all := s.m.seal(s.key, s.nonce, s.msg, s.ad, s.tagLen)
	return all[len(s.msg)-len(p) : len(s.msg)]
}

// decryptNext returns the plaintext of the next piece c.
func (s *modelStream) decryptNext(c []byte) []byte {
	s.ct = append(s.ct, c...)
	pt := s.m.decrypt(s.key, s.nonce, s.ad, s.ct)
	return pt[len(s.ct)-len(c):]
}

// into is go-libaegis's EncryptTo/DecryptTo output rule: an empty input
// gives dst[:0]; otherwise the output goes to dst[:n] when cap(dst) >= n,
// else to a new slice.
func into(dst []byte, out []byte) []byte {
	if len(out) == 0 {
		return dst[:0]
	}
	if cap(dst) < len(out) {
		dst = make([]byte, len(out))
	} else {
		dst = dst[:len(out)]
	}
	copy(dst, out)
	return dst
}

// Encrypt returns nil for an empty piece, else a new slice.
func (e *modelEncrypter) Encrypt(p []byte) []byte {
	e.s.live()
	if len(p) == 0 {
		return nil
	}
	return exactCopy(e.s.encryptNext(p))
}

func (e *modelEncrypter) EncryptTo(dst, p []byte) []byte {
	e.s.live()
	return into(dst, e.s.encryptNext(p))
}

func (e *modelEncrypter) Final() []byte {
	e.s.live()
	e.s.finalized = true
	return bytes.Clone(e.s.m.seal(e.s.key, e.s.nonce, e.s.msg, e.s.ad, e.s.tagLen)[len(e.s.msg):])
}

func (d *modelDecrypter) Decrypt(c []byte) []byte {
	d.s.live()
	if len(c) == 0 {
		return nil
	}
	return exactCopy(d.s.decryptNext(c))
}

func (d *modelDecrypter) DecryptTo(dst, c []byte) []byte {
	d.s.live()
	return into(dst, d.s.decryptNext(c))
}

// Final ends the Decrypter even when it fails; a tag of the wrong length
// is ErrBadTagLength, a wrong tag ErrAuth.
func (d *modelDecrypter) Final(tag []byte) error {
	d.s.live()
	d.s.finalized = true
	if len(tag) != d.s.tagLen {
		return common.ErrBadTagLength
	}
	pt := d.s.m.decrypt(d.s.key, d.s.nonce, d.s.ad, d.s.ct)
	want := d.s.m.seal(d.s.key, d.s.nonce, pt, d.s.ad, d.s.tagLen)[len(pt):]
	if subtle.ConstantTimeCompare(want, tag) != 1 {
		return common.ErrAuth
	}
	return nil
}
