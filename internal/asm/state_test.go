// SPDX-License-Identifier: MIT

//go:build !purego && !without_aegis && (amd64 || arm64)

package asm_test

import (
	"bytes"
	"crypto/subtle"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"testing"
	"unsafe"

	"golang.org/x/sys/cpu"

	"github.com/aegisgo/aegis/common"
	"github.com/aegisgo/aegis/internal/asm"
	"github.com/aegisgo/aegis/internal/core"
	_ "github.com/aegisgo/aegis/internal/variants" // registers the six variants with core
	"github.com/aegisgo/aegis/internal/cpuid"
	"github.com/aegisgo/aegis/internal/testing/ref"
	"github.com/aegisgo/aegis/internal/testing/vectors"
)

// The state-level functions, composed as internal/core's engine will
// compose them (see the package doc), checked against internal/testing/ref, the
// one-shot Seal and Open, the C core (where cgo builds it) and the spec's
// vectors, on every kernel that this CPU runs.

// variant is a variant with what the tests need of it.
type variant struct {
	*core.Variant
	fam128 bool
	d      int
}

func variants() []variant {
	var vs []variant
	for i := range core.Variants {
		v := &core.Variants[i]
		fam128 := v.KeySize == 16
		d := v.Rate / 16
		if fam128 {
			d = v.Rate / 32
		}
		vs = append(vs, variant{v, fam128, d})
	}
	return vs
}

// cpuKernels returns the kernels of the assembly that this CPU runs,
// decoded here from CPUID and x/sys/cpu rather than taken from
// internal/core, which knows none without the C core. Where core knows
// them (cgo builds), TestKernelsHere holds the two to each other.
func cpuKernels() []int {
	var ks []int
	switch runtime.GOARCH {
	case "amd64":
		r, ok := cpuid.Read()
		if !ok || r.Leaf1ECX&(1<<25) == 0 { // AES
			return nil
		}
		ks = append(ks, asm.KernelAESNI)
		vaes := r.Leaf7ECX&(1<<9) != 0
		if cpu.X86.HasAVX2 && vaes {
			ks = append(ks, asm.KernelAVX2)
			if cpu.X86.HasAVX512F && cpu.X86.HasAVX512VL && cpu.X86.HasAVX512BW {
				ks = append(ks, asm.KernelAVX512)
			}
		}
	case "arm64":
		if cpu.ARM64.HasAES || runtime.GOOS == "darwin" || runtime.GOOS == "ios" {
			ks = append(ks, asm.KernelNEON)
			if cpu.ARM64.HasSHA3 || sysctlSHA3() {
				ks = append(ks, asm.KernelNEONSHA3)
			}
		}
	}
	return ks
}

var kernelName = map[int]string{
	asm.KernelAESNI: "aesni", asm.KernelAVX2: "avx2", asm.KernelAVX512: "avx512",
	asm.KernelNEON: "neon", asm.KernelNEONSHA3: "neonsha3",
}

// TestKernelsHere checks the tests' kernel list: it agrees with
// internal/core's where the C core gives one, and holds the kernel that
// AEGISGO_WANT_KERNEL names where the assembly has that kernel (CI sets
// it under qemu, where a detection that falls back would leave neon
// untested).
func TestKernelsHere(t *testing.T) {
	ks := cpuKernels()
	var names []string
	for _, k := range ks {
		names = append(names, kernelName[k])
	}
	t.Logf("kernels: %v", names)
	// soft and vperm have no assembly: a run meant for them tests none.
	hasAsm := false
	for _, n := range kernelName {
		hasAsm = hasAsm || n == os.Getenv("AEGISGO_WANT_KERNEL")
	}
	if want := os.Getenv("AEGISGO_WANT_KERNEL"); hasAsm && !slices.Contains(names, want) {
		t.Errorf("AEGISGO_WANT_KERNEL=%s, but the tests run %v", want, names)
	}
	for _, v := range variants() {
		cks := core.Kernels(v.Variant)
		if len(cks) == 0 {
			continue // no C core
		}
		var fromCore []int
		for _, k := range cks {
			if asm.ID(v.ID, int(k)) >= 0 {
				fromCore = append(fromCore, int(k))
			}
		}
		if !slices.Equal(fromCore, ks) {
			t.Errorf("%s: core runs the assembly kernels %v, the tests %v", v.Name, fromCore, ks)
		}
	}
}

// forEach runs f for every variant and every kernel here.
func forEach(t *testing.T, f func(t *testing.T, v variant, id int, r *rand.Rand)) {
	ks := cpuKernels()
	if len(ks) == 0 {
		t.Skip("this CPU runs none of the assembly's kernels")
	}
	for _, v := range variants() {
		for _, k := range ks {
			id := asm.ID(v.ID, k)
			if id < 0 {
				t.Fatalf("%s: no functions for %s", v.Name, kernelName[k])
			}
			t.Run(v.Name+"/"+kernelName[k], func(t *testing.T) {
				f(t, v, id, rand.New(rand.NewPCG(uint64(v.ID), uint64(k))))
			})
		}
	}
}

func ptr(b []byte) *byte { return unsafe.SliceData(b) }

func randBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// chunks splits n blocks into random counts, odd and even, now and then
// all at once, as a caller that loops under the byte limit would.
func chunks(r *rand.Rand, n int) []int {
	var cs []int
	for n > 0 {
		c := n
		if r.IntN(4) != 0 {
			c = 1 + r.IntN(min(n, 5))
		}
		cs = append(cs, c)
		n -= c
	}
	return cs
}

// lengths returns the lengths to test for a rate: 0 to three rate blocks
// and one byte, and a few long ones.
func lengths(rate int) []int {
	var ls []int
	for n := 0; n <= 3*rate+1; n++ {
		ls = append(ls, n)
	}
	return append(ls, 17*rate-1, 64*rate+5, 20000)
}

// absorbAD absorbs ad: its whole blocks in chunks, then its partial
// block, zero-padded, as one block.
func absorbAD(r *rand.Rand, id int, v variant, st, ad []byte) {
	whole := len(ad) / v.Rate
	at := 0
	for _, c := range chunks(r, whole) {
		asm.Absorb(id, ptr(st), &ad[at], c)
		at += c * v.Rate
	}
	asm.Absorb(id, ptr(st), nil, 0) // nothing
	if at < len(ad) {
		last := make([]byte, v.Rate)
		copy(last, ad[at:])
		asm.Absorb(id, ptr(st), ptr(last), 1)
	}
}

// crypt runs Enc (dec false) or Dec over in to out in chunks of whole
// blocks, then the partial block.
func crypt(r *rand.Rand, id int, v variant, st, out, in []byte, dec bool) {
	whole := len(in) / v.Rate
	at := 0
	for _, c := range chunks(r, whole) {
		if dec {
			asm.Dec(id, ptr(st), &out[at], &in[at], c)
		} else {
			asm.Enc(id, ptr(st), &out[at], &in[at], c)
		}
		at += c * v.Rate
	}
	n := len(in) - at
	if n == 0 {
		// Nothing to do, and neither function touches the pointers.
		asm.EncPartial(id, ptr(st), nil, nil, 0)
		asm.DecPartial(id, ptr(st), nil, nil, 0)
		return
	}
	if dec {
		asm.DecPartial(id, ptr(st), &out[at], &in[at], n)
	} else {
		asm.EncPartial(id, ptr(st), &out[at], &in[at], n)
	}
}

// finalize returns Finalize's tag, and checks that it left st alone.
func finalize(t *testing.T, id int, st []byte, adLen, mLen, tagLen int) []byte {
	t.Helper()
	before := bytes.Clone(st)
	tag := make([]byte, tagLen)
	asm.Finalize(id, ptr(st), ptr(tag), uint64(adLen), uint64(mLen), tagLen)
	if !bytes.Equal(st, before) {
		t.Fatal("Finalize changed the state")
	}
	return tag
}

// sealState is Seal composed of the state-level functions.
func sealState(t *testing.T, r *rand.Rand, id int, v variant, key, nonce, msg, ad []byte, tagLen int, inPlace bool) []byte {
	st := make([]byte, asm.StateSize(v.ID))
	asm.Init(id, ptr(st), ptr(key), ptr(nonce))
	absorbAD(r, id, v, st, ad)
	out := make([]byte, len(msg), len(msg)+tagLen)
	in := msg
	if inPlace {
		copy(out, msg)
		in = out
	}
	crypt(r, id, v, st, out, in, false)
	return append(out, finalize(t, id, st, len(ad), len(msg), tagLen)...)
}

// openState is Open composed of the state-level functions: the plaintext,
// and whether the tag matched.
func openState(t *testing.T, r *rand.Rand, id int, v variant, key, nonce, ct, tag, ad []byte, inPlace bool) ([]byte, bool) {
	st := make([]byte, asm.StateSize(v.ID))
	asm.Init(id, ptr(st), ptr(key), ptr(nonce))
	absorbAD(r, id, v, st, ad)
	out := make([]byte, len(ct))
	in := ct
	if inPlace {
		copy(out, ct)
		in = out
	}
	crypt(r, id, v, st, out, in, true)
	want := finalize(t, id, st, len(ad), len(ct), len(tag))
	return out, subtle.ConstantTimeCompare(want, tag) == 1
}

// TestStateSeal checks Seal and Open composed of the state-level
// functions (ad absorbed in random chunkings, the message in random
// block counts, in place and apart) against internal/testing/ref and the
// one-shot Seal and Open, for every message and ad length across three
// rate blocks, a few long ones, and both tag sizes; a changed tag or
// ciphertext must be refused.
func TestStateSeal(t *testing.T) {
	forEach(t, func(t *testing.T, v variant, id int, r *rand.Rand) {
		for _, tagLen := range []int{16, 32} {
			for _, n := range lengths(v.Rate) {
				short := r.IntN(2*v.Rate + 2)
				for _, c := range [][2]int{{n, short}, {short, n}} {
					mlen, adlen := c[0], c[1]
					name := fmt.Sprintf("tag%d mlen %d adlen %d", tagLen, mlen, adlen)
					key, nonce := randBytes(r, v.KeySize), randBytes(r, v.NonceSize)
					msg, ad := randBytes(r, mlen), randBytes(r, adlen)
					want := ref.Seal(v.fam128, v.d, key, nonce, msg, ad, tagLen)
					inPlace := r.IntN(2) == 0
					if got := sealState(t, r, id, v, key, nonce, msg, ad, tagLen, inPlace); !bytes.Equal(got, want) {
						t.Fatalf("%s: Seal of the state-level functions differs from internal/testing/ref (in place %v)", name, inPlace)
					}
					one := make([]byte, mlen+tagLen)
					asm.Seal(id, ptr(key), ptr(nonce), ptr(one), ptr(msg), mlen, ptr(ad), adlen, tagLen)
					if !bytes.Equal(one, want) {
						t.Fatalf("%s: the one-shot Seal differs from internal/testing/ref", name)
					}
					ct, tag := want[:mlen], want[mlen:]
					if pt, ok := openState(t, r, id, v, key, nonce, ct, tag, ad, !inPlace); !ok || !bytes.Equal(pt, msg) {
						t.Fatalf("%s: Open of the state-level functions: ok %v, plaintext equal %v", name, ok, bytes.Equal(pt, msg))
					}
					bad := bytes.Clone(tag)
					bad[r.IntN(tagLen)] ^= 1 << r.IntN(8)
					if _, ok := openState(t, r, id, v, key, nonce, ct, bad, ad, false); ok {
						t.Fatalf("%s: Open of the state-level functions took a changed tag", name)
					}
					if mlen > 0 {
						badCT := bytes.Clone(ct)
						badCT[r.IntN(mlen)] ^= 1 << r.IntN(8)
						if _, ok := openState(t, r, id, v, key, nonce, badCT, tag, ad, false); ok {
							t.Fatalf("%s: Open of the state-level functions took a changed ciphertext", name)
						}
					}
				}
			}
		}
	})
}

// pieces splits n into random lengths of 1 to two rate blocks and one.
func pieces(r *rand.Rand, n, rate int) []int {
	var ps []int
	for n > 0 {
		p := min(n, 1+r.IntN(2*rate+1))
		ps = append(ps, p)
		n -= p
	}
	return ps
}

// cryptPieces is the streaming Encrypter's and Decrypter's walk over a
// message given in pieces of any length: whole blocks through Enc or Dec
// where a piece starts on a block boundary; the bytes of a partial block
// from KeyBlock's keystream, kept (as plaintext) until the block is
// complete, then absorbed; a partial block left at the end absorbed
// zero-padded.
func cryptPieces(r *rand.Rand, id int, v variant, st, out, in []byte, dec bool) {
	pend, z := make([]byte, v.Rate), make([]byte, v.Rate)
	pos, at := 0, 0
	for _, p := range pieces(r, len(in), v.Rate) {
		end := at + p
		for at < end {
			if pos == 0 && end-at >= v.Rate {
				nb := (end - at) / v.Rate
				if dec {
					asm.Dec(id, ptr(st), &out[at], &in[at], nb)
				} else {
					asm.Enc(id, ptr(st), &out[at], &in[at], nb)
				}
				at += nb * v.Rate
				continue
			}
			before := bytes.Clone(st)
			asm.KeyBlock(id, ptr(st), ptr(z))
			if !bytes.Equal(st, before) {
				panic("KeyBlock changed the state")
			}
			c := min(v.Rate-pos, end-at)
			for j := range c {
				x := in[at+j]
				out[at+j] = x ^ z[pos+j]
				if dec {
					pend[pos+j] = out[at+j]
				} else {
					pend[pos+j] = x
				}
			}
			pos += c
			at += c
			if pos == v.Rate {
				asm.Absorb(id, ptr(st), ptr(pend), 1)
				clear(pend)
				pos = 0
			}
		}
	}
	if pos > 0 {
		asm.Absorb(id, ptr(st), ptr(pend), 1)
	}
}

// TestStatePieces checks KeyBlock in the use it exists for: encrypting
// and decrypting a message given in pieces that do not fall on block
// boundaries, against internal/testing/ref.
func TestStatePieces(t *testing.T) {
	forEach(t, func(t *testing.T, v variant, id int, r *rand.Rand) {
		for _, tagLen := range []int{16, 32} {
			for _, n := range lengths(v.Rate) {
				key, nonce := randBytes(r, v.KeySize), randBytes(r, v.NonceSize)
				msg, ad := randBytes(r, n), randBytes(r, r.IntN(2*v.Rate))
				want := ref.Seal(v.fam128, v.d, key, nonce, msg, ad, tagLen)
				for _, dec := range []bool{false, true} {
					st := make([]byte, asm.StateSize(v.ID))
					asm.Init(id, ptr(st), ptr(key), ptr(nonce))
					absorbAD(r, id, v, st, ad)
					in, wantOut := msg, want[:n]
					if dec {
						in, wantOut = want[:n], msg
					}
					out := make([]byte, n)
					cryptPieces(r, id, v, st, out, in, dec)
					if !bytes.Equal(out, wantOut) {
						t.Fatalf("tag%d len %d dec %v: the output of the pieces differs from internal/testing/ref", tagLen, n, dec)
					}
					if tag := finalize(t, id, st, len(ad), n, tagLen); !bytes.Equal(tag, want[n:]) {
						t.Fatalf("tag%d len %d dec %v: the tag of the pieces differs from internal/testing/ref", tagLen, n, dec)
					}
				}
			}
		}
	})
}

// macState is AEGIS-MAC composed of the state-level functions: the whole
// blocks of data absorbed in chunks, then MACFinalize with the partial
// block zero-padded in last. Where there is no partial block, last holds
// bytes that would change the tag if they were read.
func macState(t *testing.T, r *rand.Rand, id int, v variant, key, nonce, data []byte, tagLen int) []byte {
	t.Helper()
	st := make([]byte, asm.StateSize(v.ID))
	asm.Init(id, ptr(st), ptr(key), ptr(nonce))
	whole := len(data) / v.Rate
	at := 0
	for _, c := range chunks(r, whole) {
		asm.Absorb(id, ptr(st), &data[at], c)
		at += c * v.Rate
	}
	last := bytes.Repeat([]byte{0xa5}, v.Rate)
	if at < len(data) {
		clear(last)
		copy(last, data[at:])
	}
	before := bytes.Clone(st)
	tag := make([]byte, tagLen)
	asm.MACFinalize(id, ptr(st), ptr(tag), ptr(last), uint64(len(data)), tagLen)
	if !bytes.Equal(st, before) {
		t.Fatal("MACFinalize changed the state")
	}
	return tag
}

// TestStateMACVectors checks AEGIS-MAC of the state-level functions with
// the spec's vectors, both tag sizes.
func TestStateMACVectors(t *testing.T) {
	forEach(t, func(t *testing.T, v variant, id int, r *rand.Rand) {
		vs, err := vectors.LoadMAC(v.Name)
		if err != nil {
			t.Fatal(err)
		}
		for _, tv := range vs {
			for _, want := range [][]byte{tv.Tag128, tv.Tag256} {
				if got := macState(t, r, id, v, tv.Key, tv.Nonce, tv.Data, len(want)); !bytes.Equal(got, want) {
					t.Errorf("%s, %d-byte tag: got %x, want %x", tv.Name, len(want), got, want)
				}
			}
		}
	})
}

// TestStateMACAgainstC checks AEGIS-MAC of the state-level functions
// against the C core's MAC (on the same kernel) for every data length
// across three rate blocks and a few long ones, written to the C MAC in
// random pieces.
func TestStateMACAgainstC(t *testing.T) {
	forEach(t, func(t *testing.T, v variant, id int, r *rand.Rand) {
		k := core.Kernel(id % asm.NumKernels)
		for _, tagLen := range []int{16, 32} {
			for _, n := range lengths(v.Rate) {
				key, nonce := randBytes(r, v.KeySize), randBytes(r, v.NonceSize)
				data := randBytes(r, n)
				var m core.MAC
				if err := m.InitKernel(v.Variant, key, nonce, tagLen, k); err == common.ErrNotAvailable {
					t.Skip("no C core in this build: the vectors only")
				} else if err != nil {
					t.Fatal(err)
				}
				rest := data
				for _, p := range pieces(r, n, v.Rate) {
					m.Write(rest[:p])
					rest = rest[p:]
				}
				want := m.Sum(nil)
				if got := macState(t, r, id, v, key, nonce, data, tagLen); !bytes.Equal(got, want) {
					t.Fatalf("tag%d len %d: the MAC of the state-level functions differs from the C core's", tagLen, n)
				}
			}
		}
	})
}

// TestStateStream checks the keystream (Stream over whole blocks, in
// chunks, then KeyBlock for the partial block) against internal/testing/ref's
// encryption of zeros, xored into random input, apart and in place, and
// against the C core's Stream on the same kernel.
func TestStateStream(t *testing.T) {
	forEach(t, func(t *testing.T, v variant, id int, r *rand.Rand) {
		for _, n := range lengths(v.Rate) {
			key, nonce := randBytes(r, v.KeySize), randBytes(r, v.NonceSize)
			ks := ref.Seal(v.fam128, v.d, key, nonce, make([]byte, n), nil, 16)[:n]
			in := randBytes(r, n)
			want := bytes.Clone(in)
			subtle.XORBytes(want, want, ks)
			for _, inPlace := range []bool{false, true} {
				st := make([]byte, asm.StateSize(v.ID))
				asm.Init(id, ptr(st), ptr(key), ptr(nonce))
				out := make([]byte, n)
				src := in
				if inPlace {
					copy(out, in)
					src = out
				}
				whole := n / v.Rate
				at := 0
				for _, c := range chunks(r, whole) {
					asm.Stream(id, ptr(st), &out[at], &src[at], c)
					at += c * v.Rate
				}
				asm.Stream(id, ptr(st), nil, nil, 0)
				if at < n {
					z := make([]byte, v.Rate)
					asm.KeyBlock(id, ptr(st), ptr(z))
					subtle.XORBytes(out[at:], src[at:], z)
				}
				if !bytes.Equal(out, want) {
					t.Fatalf("len %d in place %v: the keystream differs from internal/testing/ref's", n, inPlace)
				}
			}
			c := make([]byte, n)
			if err := core.StreamKernel(v.Variant, c, key, nonce, core.Kernel(id%asm.NumKernels)); err == common.ErrNotAvailable {
				continue
			} else if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(c, ks) {
				t.Fatalf("len %d: the C core's Stream differs from internal/testing/ref's", n)
			}
		}
	})
}

// TestStateInit checks Init against the one-shot Seal's: the state that
// Init writes, finalized with no data, gives Seal's tag of the empty
// message; and StateSize is the layout's.
func TestStateInit(t *testing.T) {
	forEach(t, func(t *testing.T, v variant, id int, r *rand.Rand) {
		words := 6
		if v.fam128 {
			words = 8
		}
		if got, want := asm.StateSize(v.ID), 16*v.d*words; got != want || got > asm.MaxStateSize {
			t.Fatalf("StateSize = %d, want %d (MaxStateSize %d)", got, want, asm.MaxStateSize)
		}
		key, nonce := randBytes(r, v.KeySize), randBytes(r, v.NonceSize)
		st := make([]byte, asm.StateSize(v.ID)+1)
		st[len(st)-1] = 0x5a
		asm.Init(id, ptr(st), ptr(key), ptr(nonce))
		if st[len(st)-1] != 0x5a {
			t.Fatal("Init wrote past the state")
		}
		want := ref.Seal(v.fam128, v.d, key, nonce, nil, nil, 32)
		if got := finalize(t, id, st[:len(st)-1], 0, 0, 32); !bytes.Equal(got, want) {
			t.Fatalf("the tag of Init's state: %x, want %x", got, want)
		}
	})
}

// TestStateBadID checks that the dispatchers refuse an id they have no
// function for.
func TestStateBadID(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("Init of id -1 did not panic")
		}
	}()
	asm.Init(-1, nil, nil, nil)
}
