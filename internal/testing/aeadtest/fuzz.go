// SPDX-License-Identifier: MIT

package aeadtest

import (
	"bytes"
	"errors"
	"slices"
	"testing"
	"unsafe"

	"github.com/aegisgo/aegis/common"
	"github.com/aegisgo/aegis/internal/core"
)

// fit returns b cut or zero-padded to n bytes.
func fit(b []byte, n int) []byte {
	out := make([]byte, n)
	copy(out, b)
	return out
}

// fuzzNonce maps any input to a valid nonce: 0 to NonceSize bytes.
func (v Variant) fuzzNonce(b []byte) []byte {
	if len(b) > v.V.NonceSize {
		return b[:v.V.NonceSize]
	}
	return b
}

func tagLenOf(long bool) int {
	if long {
		return 32
	}
	return 16
}

func addSeeds(f *testing.F, v Variant) {
	f.Add(make([]byte, v.V.KeySize), make([]byte, v.V.NonceSize), false, []byte{}, []byte{})
	f.Add(bytes.Repeat([]byte{1}, v.V.KeySize), []byte{7}, true, []byte("ad"), []byte("message"))
	f.Add([]byte("short key"), bytes.Repeat([]byte{9}, 40), false, make([]byte, 33), make([]byte, 3*v.V.Rate+5))
	f.Add(bytes.Repeat([]byte{0xff}, 64), make([]byte, v.V.NonceSize-1), true, make([]byte, v.V.Rate), make([]byte, v.V.Rate-1))
}

// FuzzSealOpen: Seal then Open round-trips under random key, nonce, tag
// length, associated data and message, and any one-bit change is refused.
// A key of the wrong size must be refused by New and is then fitted.
func FuzzSealOpen(f *testing.F, v Variant) {
	addSeeds(f, v)
	f.Fuzz(func(t *testing.T, key, nonce []byte, long bool, ad, msg []byte) {
		if !common.Available {
			t.Skip("built without the C core")
		}
		tagLen := tagLenOf(long)
		if len(key) != v.V.KeySize {
			if _, err := v.New(key, tagLen); !errors.Is(err, common.ErrBadKeyLength) {
				t.Fatalf("New with a %d-byte key: %v", len(key), err)
			}
			key = fit(key, v.V.KeySize)
		}
		a := v.mustNew(t, key, tagLen)
		nonce = v.fuzzNonce(nonce)
		ct := a.Seal(nil, nonce, msg, ad)
		if len(ct) != len(msg)+tagLen {
			t.Fatalf("len(Seal) = %d, want %d", len(ct), len(msg)+tagLen)
		}
		pt, err := a.Open(nil, nonce, ct, ad)
		if err != nil || !bytes.Equal(pt, msg) {
			t.Fatalf("Open(Seal(m)) = %v", err)
		}
		bit := (len(msg)*131 + len(ad)*7) % (len(ct) * 8)
		ct[bit/8] ^= 1 << (bit % 8)
		if pt, err := a.Open(nil, nonce, ct, ad); !errors.Is(err, common.ErrAuth) || pt != nil {
			t.Fatalf("Open after flipping bit %d = %v, %v", bit, pt, err)
		}
	})
}

// FuzzOpen: Open of arbitrary bytes never panics and never authenticates.
func FuzzOpen(f *testing.F, v Variant) {
	f.Add(make([]byte, v.V.KeySize), make([]byte, v.V.NonceSize), false, []byte{}, make([]byte, 16))
	f.Add(make([]byte, v.V.KeySize), []byte{1}, true, []byte("ad"), make([]byte, 100))
	f.Add(make([]byte, v.V.KeySize), []byte{2}, false, []byte{}, []byte{1, 2, 3})
	f.Fuzz(func(t *testing.T, key, nonce []byte, long bool, ad, sealed []byte) {
		if !common.Available {
			t.Skip("built without the C core")
		}
		a := v.mustNew(t, fit(key, v.V.KeySize), tagLenOf(long))
		pt, err := a.Open(nil, v.fuzzNonce(nonce), sealed, ad)
		if err == nil {
			t.Fatalf("Open authenticated %d arbitrary bytes: %x", len(sealed), pt)
		}
		if pt != nil || !(errors.Is(err, common.ErrAuth) || errors.Is(err, common.ErrTruncated)) {
			t.Fatalf("Open of arbitrary bytes = %v, %v", pt, err)
		}
	})
}

// FuzzKernels: every implementation this machine runs, each kernel through
// the C core and through its assembly, gives soft's bytes, for Seal and
// for Open.
func FuzzKernels(f *testing.F, v Variant) {
	addSeeds(f, v)
	f.Fuzz(func(t *testing.T, key, nonce []byte, long bool, ad, msg []byte) {
		if !common.Available {
			t.Skip("built without the C core")
		}
		key, nonce, tagLen := fit(key, v.V.KeySize), v.fuzzNonce(nonce), tagLenOf(long)
		want := v.withKernel(t, core.KernelSoft, key, tagLen).Seal(nil, nonce, msg, ad)
		for _, k := range core.Impls(v.V) {
			a := v.withImpl(t, k, key, tagLen)
			if got := a.Seal(nil, nonce, msg, ad); !bytes.Equal(got, want) {
				t.Fatalf("%s: Seal differs from soft", k)
			}
			if pt, err := a.Open(nil, nonce, want, ad); err != nil || !bytes.Equal(pt, msg) {
				t.Fatalf("%s: Open of soft's ciphertext: %v", k, err)
			}
		}
	})
}

// FuzzBatch: SealBatch and OpenBatch on messages laid out at random in one
// arena, so that buffers overlap in every way. A naive pairwise check of
// the overlap rules says whether the batch is valid. A valid batch must
// give, byte for byte, what one Seal or Open per message gives on a copy of
// the arena; an invalid one must panic and leave the arena as it was.
func FuzzBatch(f *testing.F, v Variant) {
	f.Add(make([]byte, v.V.KeySize), false, []byte{3, 0, 16, 40, 30, 1, 80, 4, 1, 100, 0}, []byte("arena"))
	f.Add(bytes.Repeat([]byte{2}, v.V.KeySize), true, bytes.Repeat([]byte{7, 1, 200, 13, 3}, 20), []byte{1, 2, 3})
	f.Add(make([]byte, v.V.KeySize), true, []byte{5, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3}, []byte{})
	f.Fuzz(func(t *testing.T, key []byte, open bool, layout, data []byte) {
		if !common.Available {
			t.Skip("built without the C core")
		}
		a := v.withKernel(t, core.DefaultKernel(v.V), fit(key, v.V.KeySize), 16)
		const arenaSize = 600
		arena := fit(data, arenaSize)
		if len(data) > 0 {
			for i := len(data); i < arenaSize; i++ {
				arena[i] = data[i%len(data)] + byte(i)
			}
		}
		next := func() int {
			if len(layout) == 0 {
				return 0
			}
			b := layout[0]
			layout = layout[1:]
			return int(b)
		}
		pieceOf := func(n int) []byte { // a slice of the arena
			off := 2 * next() % arenaSize
			n = min(n, arenaSize-off)
			return arena[off : off+n : off+n]
		}
		piece := func(maxLen int) []byte { return pieceOf(next() % (maxLen + 1)) }
		n := 1 + next()%12
		// One shape for most messages, at times: the kernels with lanes
		// run such messages side by side (csrc/lanes.h).
		shaped, inLen, adLen := next()%2 == 0, next()%101, next()%25
		nonces, ins, ads, dst := make([][]byte, n), make([][]byte, n), make([][]byte, n), make([][]byte, n)
		for i := range n {
			nonces[i] = piece(v.V.NonceSize)
			if shaped && next()%4 != 0 {
				ins[i], ads[i] = pieceOf(inLen), pieceOf(adLen)
			} else {
				ins[i], ads[i] = piece(100), piece(24)
			}
			need := len(ins[i]) + 16
			if open {
				need = max(0, len(ins[i])-16)
			}
			switch next() % 4 {
			case 0: // nil
			case 1: // in the arena, with room
				off, p := 2*next()%arenaSize, next()%4
				if end := off + p + need; end <= arenaSize {
					dst[i] = arena[off : off+p : end]
				} else {
					dst[i] = make([]byte, p)
				}
			case 2: // in place
				p := int(uintptr(unsafe.Pointer(unsafe.SliceData(ins[i]))) - uintptr(unsafe.Pointer(&arena[0])))
				if len(ins[i]) > 0 && p+need <= arenaSize {
					dst[i] = arena[p : p : p+need]
				}
			case 3: // without room, in the arena at times
				if p := next() % 6; p < 3 {
					dst[i] = make([]byte, p)
				} else {
					dst[i] = pieceOf(p)
				}
			}
		}
		if next()%2 == 0 {
			ads = nil
		}
		valid := batchValid(nonces, ins, ads, dst, open)

		// What one call per message gives, on a copy of the arena and of dst.
		arena2 := slices.Clone(arena)
		move := func(b []byte) []byte { // b's place in arena2, or b itself
			if len(b) == 0 && cap(b) == 0 {
				return b
			}
			p := uintptr(unsafe.Pointer(unsafe.SliceData(b))) - uintptr(unsafe.Pointer(&arena[0]))
			if p >= arenaSize {
				return slices.Clone(b)
			}
			return arena2[p : int(p)+len(b) : int(p)+cap(b)]
		}
		var want [][]byte
		var wantErr []error
		if valid {
			for i := range n {
				d, nonce, in, ad := move(dst[i]), move(nonces[i]), move(ins[i]), move(at(ads, i))
				if !open {
					want = append(want, a.Seal(d, nonce, in, ad))
					continue
				}
				out, err := a.Open(d, nonce, in, ad)
				if err != nil {
					out = d
				}
				want, wantErr = append(want, out), append(wantErr, err)
			}
		}

		before := slices.Clone(arena)
		var got [][]byte
		var err error
		panicked := func() (p bool) {
			defer func() {
				if recover() != nil {
					p = true
				}
			}()
			if open {
				got, err = a.OpenBatch(dst, nonces, ins, ads)
			} else {
				got = a.SealBatch(dst, nonces, ins, ads)
			}
			return false
		}()
		if !valid {
			if !panicked {
				t.Fatalf("an invalid batch (open=%v) did not panic", open)
			}
			if !bytes.Equal(arena, before) {
				t.Fatal("a batch that panicked changed the arena")
			}
			return
		}
		if panicked {
			t.Fatalf("a valid batch (open=%v) panicked", open)
		}
		if !bytes.Equal(arena, arena2) {
			t.Fatalf("the batch wrote other bytes than one call per message")
		}
		var be *common.BatchError
		failed := map[int]error{}
		if err != nil {
			if !errors.As(err, &be) {
				t.Fatalf("OpenBatch error %T %v", err, err)
			}
			for k, i := range be.Failed {
				failed[i] = be.Errs[k]
			}
		}
		for i := range n {
			if !bytes.Equal(got[i], want[i]) || len(got[i]) != len(want[i]) {
				t.Fatalf("message %d: batch %x, one call %x", i, got[i], want[i])
			}
			if open && failed[i] != wantErr[i] {
				t.Fatalf("message %d: batch error %v, Open error %v", i, failed[i], wantErr[i])
			}
		}
	})
}

// batchValid is the naive statement of the batch's overlap rules: each
// message's own (Seal's or Open's), and no output over another message's
// nonce, input, ad, dst prefix (dst[j] as passed) or output.
func batchValid(nonces, ins, ads, dst [][]byte, open bool) bool {
	n := len(dst)
	outs := make([][]byte, n)
	for i := range n {
		in, tag := ins[i], []byte(nil)
		need := len(in) + 16
		if open {
			if len(in) < 16 {
				continue
			}
			in, tag = in[:len(in)-16], in[len(in)-16:]
			need = len(in)
		}
		d := dst[i]
		if need == 0 || cap(d)-len(d) < need {
			continue
		}
		out := d[len(d) : len(d)+need]
		if len(in) > 0 && &out[0] != &in[0] && overlaps(out, in) {
			return false
		}
		if overlaps(out, tag) || overlaps(out, at(ads, i)) {
			return false
		}
		outs[i] = out
	}
	for i := range n {
		for j := range n {
			if i == j {
				continue
			}
			for _, x := range [][]byte{nonces[j], ins[j], at(ads, j), dst[j], outs[j]} {
				if overlaps(outs[i], x) {
					return false
				}
			}
		}
	}
	return true
}

func overlaps(x, y []byte) bool {
	if len(x) == 0 || len(y) == 0 {
		return false
	}
	x0, y0 := uintptr(unsafe.Pointer(&x[0])), uintptr(unsafe.Pointer(&y[0]))
	return x0 < y0+uintptr(len(y)) && y0 < x0+uintptr(len(x))
}
