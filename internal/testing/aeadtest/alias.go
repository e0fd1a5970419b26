// SPDX-License-Identifier: MIT

// Inputs that lie in the output region: the nonce of Seal, Open and their
// detached forms, of a batch's messages, and the key, nonce and ad of the
// incremental types. cipher.AEAD sets overlap rules for the plaintext and
// the additional data only, the standard library's AES-GCM reads the
// nonce before it writes, and the batch contract lets a message's nonce
// overlap its own output; so each of these is legal, and every engine must
// read such an input before it writes over it (or copy it aside).

package aeadtest

import (
	"bytes"
	"crypto/cipher"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/aegisgo/aegis/common"
	"github.com/aegisgo/aegis/internal/core"
)

// aliasMargin is the room on either side of an output region, where a
// nonce that straddles its start or end spills over.
const aliasMargin = 64

// aliasNonceShort is the length of the short nonces (zero-padded) that go
// in the output besides full ones.
const aliasNonceShort = 7

// nonceSpot is where a nonce lies against an output region: off bytes
// from the output's start (negative: before it).
type nonceSpot struct {
	name string
	off  int
}

// nonceSpots returns the places where a nonce of nl bytes overlaps an
// output of outLen bytes: at its start, in its middle, at its end (the
// tag, for Seal), and straddling its start and its end, half in and half
// out. Places that coincide for a short output are given once, and none
// for an empty output, which nothing can overlap.
func nonceSpots(outLen, nl int) []nonceSpot {
	if outLen == 0 || nl == 0 {
		return nil
	}
	var spots []nonceSpot
	for _, s := range []nonceSpot{
		{"at its start", 0},
		{"in its middle", (outLen - nl) / 2},
		{"at its end", outLen - nl},
		{"straddling its start", -(nl + 1) / 2},
		{"straddling its end", outLen - nl/2},
	} {
		if s.off >= outLen || s.off+nl <= 0 { // no overlap
			continue
		}
		if !slices.ContainsFunc(spots, func(x nonceSpot) bool { return x.off == s.off }) {
			spots = append(spots, s)
		}
	}
	return spots
}

// aliasAD is the ad length that goes with an n-byte message: none, short
// and more than a block, in turn.
func aliasAD(n int) int { return []int{0, 7, 45}[n%3] }

// aliasLens returns the message lengths of the tests: one and many lane
// groups (the assembly of some kernels runs a wide variant's lanes in
// groups, one after the other, over the whole message), and the sizes
// around asmMax, the most bytes of ad and message that go to the
// assembly, with the ad that aliasAD gives them.
func aliasLens(asmMax int) []int {
	lens := []int{0, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 255, 256, 257, 1000}
	if asmMax <= 0 {
		return lens
	}
	for _, total := range []int{asmMax - 1, asmMax, asmMax + 1} {
		// n + aliasAD(n) == total, for the n that has it.
		for n := total - 45; n <= total; n++ {
			if n >= 0 && n+aliasAD(n) == total && !slices.Contains(lens, n) {
				lens = append(lens, n)
			}
		}
	}
	return lens
}

// asmMaxOf returns the assembly's byte limit for the AEADs that
// mustNew returns: the Impl's, or the default kernel's crossover.
func (v Variant) asmMaxOf(t *testing.T, key []byte, tagLen int) int {
	t.Helper()
	if v.impl != nil {
		return v.withImpl(t, *v.impl, key, tagLen).AsmMax()
	}
	a := new(core.AEAD)
	if err := a.Init(v.V, key, tagLen); err != nil {
		t.Fatal(err)
	}
	return a.AsmMax()
}

// aliasFails collects the failures of a test with many cases, so that a
// broken implementation gives one readable report rather than thousands
// of lines.
type aliasFails struct {
	cases int
	fails []string
}

func (f *aliasFails) add(format string, args ...any) {
	f.fails = append(f.fails, fmt.Sprintf(format, args...))
}

func (f *aliasFails) report(t *testing.T, what string) {
	t.Helper()
	if len(f.fails) == 0 {
		return
	}
	shown := f.fails[:min(len(f.fails), 12)]
	t.Errorf("%s: %d of %d cases failed; the first:\n\t%s", what, len(f.fails), f.cases,
		strings.Join(shown, "\n\t"))
}

// outsideSame reports whether buf still holds before's bytes everywhere
// but in [lo, hi).
func outsideSame(buf, before []byte, lo, hi int) bool {
	return bytes.Equal(buf[:lo], before[:lo]) && bytes.Equal(buf[hi:], before[hi:])
}

// testNonceInOutput: Seal, Open, SealDetached and OpenDetached with the
// nonce (full and short) in the output region, at every spot of
// nonceSpots, for messages of one and many lane groups and around the
// assembly's byte limit, at both tag sizes; Seal also in place, where
// the nonce is part of the plaintext too. Each result must be the one
// with the nonce in memory of its own, must open with a clean nonce, and
// nothing outside the output may change.
func (v Variant) testNonceInOutput(t *testing.T) {
	r := rand.New(rand.NewPCG(40, uint64(v.V.ID)))
	var f aliasFails
	for _, tagLen := range []int{16, 32} {
		key := random(r, v.V.KeySize)
		a := v.mustNew(t, key, tagLen)
		x, ok := a.(Detached)
		if !ok {
			t.Fatalf("%T has no SealDetached and OpenDetached", a)
		}
		for _, n := range aliasLens(v.asmMaxOf(t, key, tagLen)) {
			m, ad := random(r, n), random(r, aliasAD(n))
			for _, nl := range []int{v.V.NonceSize, aliasNonceShort} {
				for _, sp := range nonceSpots(n+tagLen, nl) {
					for _, inPlace := range []bool{false, true} {
						for _, detached := range []bool{false, true} {
							f.cases++
							name := fmt.Sprintf("tag%d, %d bytes, %d of ad, %d-byte nonce %s (%d), in place %v",
								tagLen, n, len(ad), nl, sp.name, sp.off, inPlace)
							v.sealNonceInOutput(&f, name, r, a, x, m, ad, nl, sp, inPlace, detached)
						}
					}
				}
				for _, sp := range nonceSpots(n, nl) {
					for _, detached := range []bool{false, true} {
						f.cases++
						name := fmt.Sprintf("tag%d, %d bytes, %d of ad, %d-byte nonce %s (%d)",
							tagLen, n, len(ad), nl, sp.name, sp.off)
						v.openNonceInOutput(&f, name, r, a, x, m, ad, nl, sp, detached)
					}
				}
			}
		}
	}
	f.report(t, "Seal and Open with the nonce in the output")
}

func (v Variant) sealNonceInOutput(f *aliasFails, name string, r *rand.Rand, a cipher.AEAD, x Detached,
	m, ad []byte, nl int, sp nonceSpot, inPlace, detached bool) {
	n, outLen := len(m), len(m)+a.Overhead()
	base := aliasMargin
	buf := random(r, aliasMargin+outLen+aliasMargin)
	pt := m
	if inPlace {
		pt = buf[base : base+n]
		copy(pt, m)
	}
	nonce := buf[base+sp.off : base+sp.off+nl]
	copy(nonce, random(r, nl)) // over part of the plaintext, in place
	cleanNonce, cleanPt := bytes.Clone(nonce), bytes.Clone(pt)
	want := a.Seal(nil, cleanNonce, cleanPt, ad)
	before := bytes.Clone(buf)
	dst := buf[base:base]
	var got []byte
	if detached {
		ct, tag := x.SealDetached(dst, nonce, pt, ad)
		if len(ct) != n || len(tag) != outLen-n || (len(tag) > 0 && &tag[0] != &buf[base+n]) {
			f.add("SealDetached, %s: ciphertext and tag not at the output's place", name)
			return
		}
		got = buf[base : base+outLen]
	} else {
		got = a.Seal(dst, nonce, pt, ad)
		if len(got) != outLen || &got[0] != &buf[base] {
			f.add("Seal, %s: the output is not in dst's room", name)
			return
		}
	}
	op := map[bool]string{false: "Seal", true: "SealDetached"}[detached]
	if !bytes.Equal(got, want) {
		f.add("%s, %s: the result differs from the one with the nonce apart (first difference at byte %d)",
			op, name, firstDiff(got, want))
		return
	}
	if !outsideSame(buf, before, base, base+outLen) {
		f.add("%s, %s: wrote outside the output", op, name)
	}
	if back, err := a.Open(nil, cleanNonce, got, ad); err != nil || !bytes.Equal(back, cleanPt) {
		f.add("%s, %s: the result does not open with the clean nonce: %v", op, name, err)
	}
}

func (v Variant) openNonceInOutput(f *aliasFails, name string, r *rand.Rand, a cipher.AEAD, x Detached,
	m, ad []byte, nl int, sp nonceSpot, detached bool) {
	n := len(m)
	cleanNonce := random(r, nl)
	sealed := a.Seal(nil, cleanNonce, m, ad)
	base := aliasMargin
	buf := random(r, aliasMargin+n+aliasMargin)
	nonce := buf[base+sp.off : base+sp.off+nl]
	copy(nonce, cleanNonce)
	before := bytes.Clone(buf)
	dst := buf[base:base]
	var got []byte
	var err error
	op := "Open"
	if detached {
		op = "OpenDetached"
		got, err = x.OpenDetached(dst, nonce, sealed[:n], sealed[n:], ad)
	} else {
		got, err = a.Open(dst, nonce, sealed, ad)
	}
	switch {
	case err != nil:
		f.add("%s, %s: refused a valid message: %v", op, name, err)
	case len(got) != n || &got[0] != &buf[base]:
		f.add("%s, %s: the output is not in dst's room", op, name)
	case !bytes.Equal(got, m):
		f.add("%s, %s: wrong plaintext (first difference at byte %d)", op, name, firstDiff(got, m))
	case !outsideSame(buf, before, base, base+n):
		f.add("%s, %s: wrote outside the output", op, name)
	}
}

// firstDiff returns the index of the first byte where a and b differ, or
// the shorter length.
func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// testBatchNonceInOutput: SealBatch and OpenBatch, under every
// implementation, with each message's nonce (full or short) in its own
// output, which the batch contract allows, at the spots of nonceSpots in
// turn, some in place and some after a prefix in dst[i] (which a nonce
// straddling the output's start then overlaps). Batches below 16
// messages go to the assembly one message at a time where the kernel has
// lanes, larger ones to the lanes; the lengths are aliasLens's, up to
// the assembly's byte limit and past it. Every result must be Seal's or
// Open's with the nonce apart.
func (v Variant) testBatchNonceInOutput(t *testing.T) {
	r := rand.New(rand.NewPCG(41, uint64(v.V.ID)))
	for _, k := range core.Impls(v.V) {
		t.Run(k.String(), func(t *testing.T) { v.batchNonceInOutput(t, r, k) })
	}
}

func (v Variant) batchNonceInOutput(t *testing.T, r *rand.Rand, k core.Impl) {
	ns := v.V.NonceSize
	var f aliasFails
	for _, tagLen := range []int{16, 32} {
		key := random(r, v.V.KeySize)
		a := v.withImpl(t, k, key, tagLen)
		lens := aliasLens(a.AsmMax())
		for _, n := range []int{2, 7, core.BatchGroup, core.BatchGroup + 5} {
			for round := range 5 {
				f.cases += 2 * n // each message sealed and opened
				name := fmt.Sprintf("tag%d, %d messages, round %d", tagLen, n, round)
				msgs, ads := make([][]byte, n), make([][]byte, n)
				prefixes, cleanNonces := make([][]byte, n), make([][]byte, n)
				for i := range n {
					ml := lens[(i*7+round*3)%len(lens)]
					msgs[i], ads[i] = random(r, ml), random(r, aliasAD(ml))
					if i%4 == 2 {
						prefixes[i] = random(r, 3)
					}
					nl := ns
					if (i+round)%3 == 0 {
						nl = aliasNonceShort
					}
					cleanNonces[i] = random(r, nl)
				}
				// Seal: message i in bufs[i], its output at aliasMargin.
				bufs, dst, nonces, pts := make([][]byte, n), make([][]byte, n), make([][]byte, n), make([][]byte, n)
				for i := range n {
					outLen := len(msgs[i]) + tagLen
					b := random(r, aliasMargin+outLen+aliasMargin)
					p := len(prefixes[i])
					copy(b[aliasMargin-p:], prefixes[i])
					dst[i] = b[aliasMargin-p : aliasMargin]
					pts[i] = msgs[i]
					inPlace := (i+round)%3 == 1
					if inPlace {
						pts[i] = b[aliasMargin : aliasMargin+len(msgs[i])]
						copy(pts[i], msgs[i])
					}
					nonces[i] = placeNonce(b, outLen, cleanNonces[i], (i+round)%5)
					// The nonce may lie over the prefix, and in place over
					// the plaintext: they are what the buffer holds now.
					prefixes[i] = bytes.Clone(dst[i])
					msgs[i] = bytes.Clone(pts[i])
					bufs[i] = b
				}
				want := make([][]byte, n)
				for i := range want {
					want[i] = a.Seal(slices.Clone(prefixes[i]), cleanNonces[i], msgs[i], ads[i])
				}
				befores := cloneAll(bufs)
				got := a.SealBatch(dst, nonces, pts, ads)
				for i := range n {
					lo, hi := aliasMargin, aliasMargin+len(msgs[i])+tagLen
					switch {
					case !bytes.Equal(got[i], want[i]):
						f.add("SealBatch, %s: message %d (%d bytes, %d-byte nonce at %d) differs from Seal with the nonce apart (first difference at byte %d)",
							name, i, len(msgs[i]), len(cleanNonces[i]), nonceOffset(bufs[i], nonces[i]), firstDiff(got[i], want[i]))
					case &got[i][0] != &bufs[i][aliasMargin-len(prefixes[i])]:
						f.add("SealBatch, %s: message %d is not in dst[i]'s room", name, i)
					case !outsideSame(bufs[i], befores[i], lo, hi):
						f.add("SealBatch, %s: message %d wrote outside its output", name, i)
					}
				}
				// Open: the ciphertexts apart, each nonce in its own
				// output.
				cts := make([][]byte, n)
				obufs, odst, onces := make([][]byte, n), make([][]byte, n), make([][]byte, n)
				for i := range n {
					cts[i] = want[i][len(prefixes[i]):]
					b := random(r, aliasMargin+len(msgs[i])+aliasMargin)
					p := len(prefixes[i])
					copy(b[aliasMargin-p:], prefixes[i])
					odst[i] = b[aliasMargin-p : aliasMargin]
					onces[i] = placeNonce(b, len(msgs[i]), cleanNonces[i], (i+round)%5)
					prefixes[i] = bytes.Clone(odst[i]) // the nonce may lie over it
					obufs[i] = b
				}
				obefores := cloneAll(obufs)
				pts2, err := a.OpenBatch(odst, onces, cts, ads)
				for i := range n {
					if failedIn(err, i) {
						f.add("OpenBatch, %s: message %d (%d bytes, %d-byte nonce at %d) refused: %v",
							name, i, len(msgs[i]), len(cleanNonces[i]), nonceOffset(obufs[i], onces[i]), err)
						continue
					}
					wantPt := append(slices.Clone(prefixes[i]), msgs[i]...)
					switch {
					case !bytes.Equal(pts2[i], wantPt):
						f.add("OpenBatch, %s: message %d (%d bytes, %d-byte nonce at %d): wrong plaintext (first difference at byte %d)",
							name, i, len(msgs[i]), len(cleanNonces[i]), nonceOffset(obufs[i], onces[i]), firstDiff(pts2[i], wantPt))
					case !outsideSame(obufs[i], obefores[i], aliasMargin, aliasMargin+len(msgs[i])):
						f.add("OpenBatch, %s: message %d wrote outside its output", name, i)
					}
				}
			}
		}
	}
	f.report(t, "SealBatch and OpenBatch with each nonce in its own output")
}

// failedIn reports whether err, from OpenBatch, lists message i.
func failedIn(err error, i int) bool {
	var be *common.BatchError
	if err == nil {
		return false
	}
	if !errors.As(err, &be) {
		return true
	}
	return slices.Contains(be.Failed, i)
}

// placeNonce writes nonce into b, whose output region starts at
// aliasMargin and is outLen bytes long, at spot number which of
// nonceSpots (modulo their count), and returns the slice of b that holds
// it. An empty output has no spot: the nonce then goes after the margin
// of b, apart from the output.
func placeNonce(b []byte, outLen int, nonce []byte, which int) []byte {
	spots := nonceSpots(outLen, len(nonce))
	at := len(b) - len(nonce)
	if len(spots) > 0 {
		at = aliasMargin + spots[which%len(spots)].off
	}
	s := b[at : at+len(nonce) : at+len(nonce)]
	copy(s, nonce)
	return s
}

// nonceOffset returns where nonce starts from b's output region (at
// aliasMargin), for the failure reports.
func nonceOffset(b, nonce []byte) int {
	for i := range b {
		if len(nonce) > 0 && &b[i] == &nonce[0] {
			return i - aliasMargin
		}
	}
	return 0
}

// streamImpl is one way to make the incremental types: the variant
// package's constructors (default kernel), or core's types on a kernel.
type streamImpl struct {
	name   string
	enc    func(key, nonce, ad []byte, tagLen int) (Encrypter, error)
	dec    func(key, nonce, ad []byte, tagLen int) (Decrypter, error)
	mac    func(key, nonce []byte, tagLen int) (MAC, error)
	ks     func(key, nonce []byte) (KeyStream, error)
	stream func(dst, key, nonce []byte) error
}

func (v StreamVariant) streamImpls() []streamImpl {
	is := []streamImpl{{
		name: "package", enc: v.NewEncrypter, dec: v.NewDecrypter,
		mac: v.NewMAC, ks: v.NewKeyStream, stream: v.Stream,
	}}
	for _, k := range core.Kernels(v.V) {
		is = append(is, streamImpl{
			name: k.String(),
			enc: func(key, nonce, ad []byte, tagLen int) (Encrypter, error) {
				e := new(core.Encrypter)
				return e, e.InitKernel(v.V, key, nonce, ad, tagLen, k)
			},
			dec: func(key, nonce, ad []byte, tagLen int) (Decrypter, error) {
				d := new(core.Decrypter)
				return d, d.InitKernel(v.V, key, nonce, ad, tagLen, k)
			},
			mac: func(key, nonce []byte, tagLen int) (MAC, error) {
				m := new(core.MAC)
				return m, m.InitKernel(v.V, key, nonce, tagLen, k)
			},
			ks: func(key, nonce []byte) (KeyStream, error) {
				s := new(core.KeyStream)
				return s, s.InitKernel(v.V, key, nonce, k)
			},
			stream: func(dst, key, nonce []byte) error { return core.StreamKernel(v.V, dst, key, nonce, k) },
		})
	}
	return is
}

// testStreamAliases: the incremental types take the key, the nonce (full
// or short) and the ad at construction, and may be given them in memory
// that their output then overwrites: the first piece of an Encrypter's
// or a Decrypter's output, a MAC's tag, a KeyStream's bytes, and Stream's
// dst, which holds its own key and nonce. Every result must be the one
// with the inputs apart, under the package's constructors and on every
// kernel.
func (v StreamVariant) testStreamAliases(t *testing.T) {
	r := rand.New(rand.NewPCG(42, uint64(v.V.ID)))
	ks, ns := v.V.KeySize, v.V.NonceSize
	for _, im := range v.streamImpls() {
		t.Run(im.name, func(t *testing.T) {
			for _, tagLen := range []int{16, 32} {
				for _, nl := range []int{ns, aliasNonceShort} {
					name := fmt.Sprintf("tag%d, %d-byte nonce", tagLen, nl)
					key, nonce, ad := random(r, ks), random(r, nl), random(r, 45)
					// The key, the nonce and the ad, one after the other at
					// the start of buf, which the first piece's output
					// covers; the messages are long enough for the lanes
					// of the wide kernels.
					inputs := slices.Concat(key, nonce, ad)
					for _, n := range []int{len(inputs), 300, 5000} {
						m := random(r, n)
						want := v.aead(t, key, tagLen).Seal(nil, nonce, m, ad)
						cut := len(inputs) + (n-len(inputs))/3

						buf := make([]byte, n)
						copy(buf, inputs)
						e, err := im.enc(buf[:ks], buf[ks:ks+nl], buf[ks+nl:len(inputs)], tagLen)
						if err != nil {
							t.Fatal(err)
						}
						ct := e.EncryptTo(buf, m[:cut])
						ct = e.AppendEncrypt(ct, m[cut:])
						if got := append(ct, e.Final()...); !bytes.Equal(got, want) {
							t.Errorf("%s, %d bytes: Encrypter with its key, nonce and ad under its output differs from Seal", name, n)
						}

						buf = make([]byte, n)
						copy(buf, inputs)
						d, err := im.dec(buf[:ks], buf[ks:ks+nl], buf[ks+nl:len(inputs)], tagLen)
						if err != nil {
							t.Fatal(err)
						}
						pt := d.DecryptTo(buf, want[:cut])
						pt = d.AppendDecrypt(pt, want[cut:n])
						if err := d.Final(want[n:]); err != nil || !bytes.Equal(pt, m) {
							t.Errorf("%s, %d bytes: Decrypter with its key, nonce and ad under its output: %v", name, n, err)
						}
					}

					// A MAC's tags over its key, then over its nonce.
					data := random(r, 3*v.V.Rate+5)
					clean, err := im.mac(key, nonce, tagLen)
					if err != nil {
						t.Fatal(err)
					}
					buf := slices.Concat(key, nonce, make([]byte, 64))
					m, err := im.mac(buf[:ks], buf[ks:ks+nl], tagLen)
					if err != nil {
						t.Fatal(err)
					}
					for i, at := range []int{0, ks} {
						part := data[i*len(data)/2 : (i+1)*len(data)/2]
						m.Write(part)
						clean.Write(part)
						if got, want := m.Sum(buf[at:at]), clean.Sum(nil); !bytes.Equal(got, want) {
							t.Errorf("%s: MAC's Sum over its own %s: %x, want %x", name, []string{"key", "nonce"}[i], got, want)
						}
					}
					m.Reset()
					m.Write(data)
					if !m.Verify(clean.Sum(nil)) {
						t.Errorf("%s: MAC after Reset, its key and nonce overwritten: Verify refused its tag", name)
					}

					// A KeyStream read over its key and nonce, and Stream
					// with its key and nonce in dst.
					want := make([]byte, 700)
					if err := im.stream(want, key, nonce); err != nil {
						t.Fatal(err)
					}
					buf = slices.Concat(key, nonce, make([]byte, len(want)-ks-nl))
					s, err := im.ks(buf[:ks], buf[ks:ks+nl])
					if err != nil {
						t.Fatal(err)
					}
					s.Read(buf[:ks+nl+3])
					s.XORKeyStream(buf[ks+nl+3:], buf[ks+nl+3:]) // zeros: the keystream
					if !bytes.Equal(buf, want) {
						t.Errorf("%s: KeyStream read over its own key and nonce differs from Stream", name)
					}
					for _, spot := range []struct{ k, n int }{{0, ks}, {5, 100}, {600, 5}, {len(want) - ks, len(want) - ks - nl}} {
						buf := make([]byte, len(want))
						copy(buf[spot.k:], key)
						copy(buf[spot.n:], nonce) // may overlap the key: both are then what buf holds
						k, n := bytes.Clone(buf[spot.k:spot.k+ks]), bytes.Clone(buf[spot.n:spot.n+nl])
						exp := make([]byte, len(want))
						if err := im.stream(exp, k, n); err != nil {
							t.Fatal(err)
						}
						if err := im.stream(buf, buf[spot.k:spot.k+ks], buf[spot.n:spot.n+nl]); err != nil {
							t.Fatal(err)
						}
						if !bytes.Equal(buf, exp) {
							t.Errorf("%s: Stream with its key at %d and nonce at %d of dst differs from Stream with them apart", name, spot.k, spot.n)
						}
					}
				}
			}
		})
	}
}
