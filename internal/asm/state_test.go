// SPDX-License-Identifier: MIT

//go:build !purego && !without_aegis && (amd64 || arm64)

package asm_test

import (
	"bytes"
	"crypto/subtle"
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"runtime"
	"slices"
	"testing"
	"unsafe"

	"golang.org/x/sys/cpu"

	"github.com/aegisgo/aegis/internal/asm"
	"github.com/aegisgo/aegis/internal/cpuid"
	"github.com/aegisgo/aegis/internal/testing/ref"
	"github.com/aegisgo/aegis/internal/testing/vectors"
)

// The state-level functions, composed as internal/core's engine will
// compose them (see the package doc), checked against internal/testing/ref, the
// one-shot Seal and Open and the spec's vectors, on every kernel that
// this CPU runs. The tests stand apart from internal/core, which uses
// this package: core's own tests hold the assembly to the C core.

// variant is a variant with what the tests need of it. The numbers are
// the package's; the name is the Go package's, which names the vectors.
type variant struct {
	ID                       int
	Name                     string
	KeySize, NonceSize, Rate int
	fam128                   bool
	d                        int
}

func variants() []variant {
	var vs []variant
	for _, v := range []struct {
		id     int
		name   string
		fam128 bool
		d      int
	}{
		{asm.Variant128L, "aegis128l", true, 1},
		{asm.Variant128X2, "aegis128x2", true, 2},
		{asm.Variant128X4, "aegis128x4", true, 4},
		{asm.Variant256, "aegis256", false, 1},
		{asm.Variant256X2, "aegis256x2", false, 2},
		{asm.Variant256X4, "aegis256x4", false, 4},
	} {
		key, rate := 32, 16*v.d
		if v.fam128 {
			key, rate = 16, 32*v.d
		}
		vs = append(vs, variant{ID: v.id, Name: v.name, KeySize: key, NonceSize: key, Rate: rate, fam128: v.fam128, d: v.d})
	}
	if len(vs) != asm.NumVariants {
		panic("variants: not every variant of the package")
	}
	return vs
}

// cpuKernels returns the kernels of the assembly that this CPU runs,
// decoded here from CPUID and x/sys/cpu rather than taken from
// internal/core, which uses this package.
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

// TestKernelsHere checks the tests' kernel list: it holds the kernel
// that AEGISGO_WANT_KERNEL names where the assembly has that kernel (CI
// sets it under qemu, where a detection that falls back would leave neon
// untested), and each of its kernels has functions here.
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
		for _, k := range ks {
			if one, fn := asm.Lookup(v.ID, k); one == nil || fn == nil {
				t.Errorf("%s: the CPU runs %s, which has no functions here", v.Name, kernelName[k])
			}
		}
	}
}

// forEach runs f for every variant and every kernel here, with the
// functions that Lookup gives.
func forEach(t *testing.T, f func(t *testing.T, v variant, one asm.OneShot, fn asm.Funcs, r *rand.Rand)) {
	ks := cpuKernels()
	if len(ks) == 0 {
		t.Skip("this CPU runs none of the assembly's kernels")
	}
	for _, v := range variants() {
		for _, k := range ks {
			one, fn := asm.Lookup(v.ID, k)
			if one == nil || fn == nil {
				t.Fatalf("%s: no functions for %s", v.Name, kernelName[k])
			}
			t.Run(v.Name+"/"+kernelName[k], func(t *testing.T) {
				f(t, v, one, fn, rand.New(rand.NewPCG(uint64(v.ID), uint64(k))))
			})
		}
	}
}

func ptr(b []byte) *byte { return unsafe.SliceData(b) }

// nonceArg is the one-shot functions' nonce argument: the nonce, then
// random bytes, which the functions must not read (the 128 family's
// nonces are 16 bytes of the 32).
func nonceArg(r *rand.Rand, nonce []byte) *byte {
	n := make([]byte, 32)
	for i := range n {
		n[i] = byte(r.Uint32())
	}
	copy(n, nonce)
	return &n[0]
}

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
func absorbAD(r *rand.Rand, fn asm.Funcs, v variant, st, ad []byte) {
	whole := len(ad) / v.Rate
	at := 0
	for _, c := range chunks(r, whole) {
		fn.Absorb(ptr(st), &ad[at], c)
		at += c * v.Rate
	}
	fn.Absorb(ptr(st), nil, 0) // nothing
	if at < len(ad) {
		last := make([]byte, v.Rate)
		copy(last, ad[at:])
		fn.Absorb(ptr(st), ptr(last), 1)
	}
}

// crypt runs Enc (dec false) or Dec over in to out in chunks of whole
// blocks, then the partial block.
func crypt(r *rand.Rand, fn asm.Funcs, v variant, st, out, in []byte, dec bool) {
	whole := len(in) / v.Rate
	at := 0
	for _, c := range chunks(r, whole) {
		if dec {
			fn.Dec(ptr(st), &out[at], &in[at], c)
		} else {
			fn.Enc(ptr(st), &out[at], &in[at], c)
		}
		at += c * v.Rate
	}
	n := len(in) - at
	if n == 0 {
		// Nothing to do, and neither function touches the pointers.
		fn.EncPartial(ptr(st), nil, nil, 0)
		fn.DecPartial(ptr(st), nil, nil, 0)
		return
	}
	if dec {
		fn.DecPartial(ptr(st), &out[at], &in[at], n)
	} else {
		fn.EncPartial(ptr(st), &out[at], &in[at], n)
	}
}

// finalize returns Finalize's tag, and checks that it left st alone.
func finalize(t *testing.T, fn asm.Funcs, st []byte, adLen, mLen, tagLen int) []byte {
	t.Helper()
	before := bytes.Clone(st)
	tag := make([]byte, tagLen)
	fn.Finalize(ptr(st), ptr(tag), uint64(adLen), uint64(mLen), tagLen)
	if !bytes.Equal(st, before) {
		t.Fatal("Finalize changed the state")
	}
	return tag
}

// sealState is Seal composed of the state-level functions.
func sealState(t *testing.T, r *rand.Rand, fn asm.Funcs, v variant, key, nonce, msg, ad []byte, tagLen int, inPlace bool) []byte {
	st := make([]byte, asm.StateSize(v.ID))
	fn.Init(ptr(st), ptr(key), ptr(nonce))
	absorbAD(r, fn, v, st, ad)
	out := make([]byte, len(msg), len(msg)+tagLen)
	in := msg
	if inPlace {
		copy(out, msg)
		in = out
	}
	crypt(r, fn, v, st, out, in, false)
	return append(out, finalize(t, fn, st, len(ad), len(msg), tagLen)...)
}

// openState is Open composed of the state-level functions: the plaintext,
// and whether the tag matched.
func openState(t *testing.T, r *rand.Rand, fn asm.Funcs, v variant, key, nonce, ct, tag, ad []byte, inPlace bool) ([]byte, bool) {
	st := make([]byte, asm.StateSize(v.ID))
	fn.Init(ptr(st), ptr(key), ptr(nonce))
	absorbAD(r, fn, v, st, ad)
	out := make([]byte, len(ct))
	in := ct
	if inPlace {
		copy(out, ct)
		in = out
	}
	crypt(r, fn, v, st, out, in, true)
	want := finalize(t, fn, st, len(ad), len(ct), len(tag))
	return out, subtle.ConstantTimeCompare(want, tag) == 1
}

// TestStateSeal checks Seal and Open composed of the state-level
// functions (ad absorbed in random chunkings, the message in random
// block counts, in place and apart) and the one-shot Seal and Open (the
// nonce's array padded with random bytes) against internal/testing/ref,
// for every message and ad length across three rate blocks, a few long
// ones, and both tag sizes; a changed tag or ciphertext must be refused.
func TestStateSeal(t *testing.T) {
	forEach(t, func(t *testing.T, v variant, one asm.OneShot, fn asm.Funcs, r *rand.Rand) {
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
					if got := sealState(t, r, fn, v, key, nonce, msg, ad, tagLen, inPlace); !bytes.Equal(got, want) {
						t.Fatalf("%s: Seal of the state-level functions differs from internal/testing/ref (in place %v)", name, inPlace)
					}
					sealed := make([]byte, mlen+tagLen)
					src := msg
					if inPlace {
						copy(sealed, msg)
						src = sealed
					}
					one.Seal(ptr(key), nonceArg(r, nonce), ptr(sealed), ptr(src), mlen, ptr(ad), adlen, tagLen)
					if !bytes.Equal(sealed, want) {
						t.Fatalf("%s: the one-shot Seal differs from internal/testing/ref (in place %v)", name, inPlace)
					}
					ct, tag := want[:mlen], want[mlen:]
					opened := make([]byte, mlen)
					if ok := one.Open(ptr(key), nonceArg(r, nonce), ptr(opened), ptr(ct), mlen, ptr(ad), adlen, ptr(tag), tagLen); !ok || !bytes.Equal(opened, msg) {
						t.Fatalf("%s: the one-shot Open: ok %v, plaintext equal %v", name, ok, bytes.Equal(opened, msg))
					}
					if pt, ok := openState(t, r, fn, v, key, nonce, ct, tag, ad, !inPlace); !ok || !bytes.Equal(pt, msg) {
						t.Fatalf("%s: Open of the state-level functions: ok %v, plaintext equal %v", name, ok, bytes.Equal(pt, msg))
					}
					bad := bytes.Clone(tag)
					bad[r.IntN(tagLen)] ^= 1 << r.IntN(8)
					if _, ok := openState(t, r, fn, v, key, nonce, ct, bad, ad, false); ok {
						t.Fatalf("%s: Open of the state-level functions took a changed tag", name)
					}
					if one.Open(ptr(key), nonceArg(r, nonce), ptr(opened), ptr(ct), mlen, ptr(ad), adlen, ptr(bad), tagLen) {
						t.Fatalf("%s: the one-shot Open took a changed tag", name)
					}
					if mlen > 0 {
						badCT := bytes.Clone(ct)
						badCT[r.IntN(mlen)] ^= 1 << r.IntN(8)
						if _, ok := openState(t, r, fn, v, key, nonce, badCT, tag, ad, false); ok {
							t.Fatalf("%s: Open of the state-level functions took a changed ciphertext", name)
						}
						if one.Open(ptr(key), nonceArg(r, nonce), ptr(opened), ptr(badCT), mlen, ptr(ad), adlen, ptr(tag), tagLen) {
							t.Fatalf("%s: the one-shot Open took a changed ciphertext", name)
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
func cryptPieces(r *rand.Rand, fn asm.Funcs, v variant, st, out, in []byte, dec bool) {
	pend, z := make([]byte, v.Rate), make([]byte, v.Rate)
	pos, at := 0, 0
	for _, p := range pieces(r, len(in), v.Rate) {
		end := at + p
		for at < end {
			if pos == 0 && end-at >= v.Rate {
				nb := (end - at) / v.Rate
				if dec {
					fn.Dec(ptr(st), &out[at], &in[at], nb)
				} else {
					fn.Enc(ptr(st), &out[at], &in[at], nb)
				}
				at += nb * v.Rate
				continue
			}
			before := bytes.Clone(st)
			fn.KeyBlock(ptr(st), ptr(z))
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
				fn.Absorb(ptr(st), ptr(pend), 1)
				clear(pend)
				pos = 0
			}
		}
	}
	if pos > 0 {
		fn.Absorb(ptr(st), ptr(pend), 1)
	}
}

// TestStatePieces checks KeyBlock in the use it exists for: encrypting
// and decrypting a message given in pieces that do not fall on block
// boundaries, against internal/testing/ref.
func TestStatePieces(t *testing.T) {
	forEach(t, func(t *testing.T, v variant, one asm.OneShot, fn asm.Funcs, r *rand.Rand) {
		for _, tagLen := range []int{16, 32} {
			for _, n := range lengths(v.Rate) {
				key, nonce := randBytes(r, v.KeySize), randBytes(r, v.NonceSize)
				msg, ad := randBytes(r, n), randBytes(r, r.IntN(2*v.Rate))
				want := ref.Seal(v.fam128, v.d, key, nonce, msg, ad, tagLen)
				for _, dec := range []bool{false, true} {
					st := make([]byte, asm.StateSize(v.ID))
					fn.Init(ptr(st), ptr(key), ptr(nonce))
					absorbAD(r, fn, v, st, ad)
					in, wantOut := msg, want[:n]
					if dec {
						in, wantOut = want[:n], msg
					}
					out := make([]byte, n)
					cryptPieces(r, fn, v, st, out, in, dec)
					if !bytes.Equal(out, wantOut) {
						t.Fatalf("tag%d len %d dec %v: the output of the pieces differs from internal/testing/ref", tagLen, n, dec)
					}
					if tag := finalize(t, fn, st, len(ad), n, tagLen); !bytes.Equal(tag, want[n:]) {
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
func macState(t *testing.T, r *rand.Rand, fn asm.Funcs, v variant, key, nonce, data []byte, tagLen int) []byte {
	t.Helper()
	st := make([]byte, asm.StateSize(v.ID))
	fn.Init(ptr(st), ptr(key), ptr(nonce))
	whole := len(data) / v.Rate
	at := 0
	for _, c := range chunks(r, whole) {
		fn.Absorb(ptr(st), &data[at], c)
		at += c * v.Rate
	}
	last := bytes.Repeat([]byte{0xa5}, v.Rate)
	if at < len(data) {
		clear(last)
		copy(last, data[at:])
	}
	before := bytes.Clone(st)
	tag := make([]byte, tagLen)
	fn.MACFinalize(ptr(st), ptr(tag), ptr(last), uint64(len(data)), tagLen)
	if !bytes.Equal(st, before) {
		t.Fatal("MACFinalize changed the state")
	}
	return tag
}

// TestStateMACVectors checks AEGIS-MAC of the state-level functions with
// the spec's vectors, both tag sizes.
func TestStateMACVectors(t *testing.T) {
	forEach(t, func(t *testing.T, v variant, one asm.OneShot, fn asm.Funcs, r *rand.Rand) {
		vs, err := vectors.LoadMAC(v.Name)
		if err != nil {
			t.Fatal(err)
		}
		for _, tv := range vs {
			for _, want := range [][]byte{tv.Tag128, tv.Tag256} {
				if got := macState(t, r, fn, v, tv.Key, tv.Nonce, tv.Data, len(want)); !bytes.Equal(got, want) {
					t.Errorf("%s, %d-byte tag: got %x, want %x", tv.Name, len(want), got, want)
				}
			}
		}
	})
}

// TestStateMAC checks AEGIS-MAC of the state-level functions against
// internal/testing/ref's for every data length across three rate blocks
// and a few long ones, both tag sizes. (internal/core's tests hold the
// C core's MAC to the same reference.)
func TestStateMAC(t *testing.T) {
	forEach(t, func(t *testing.T, v variant, one asm.OneShot, fn asm.Funcs, r *rand.Rand) {
		for _, tagLen := range []int{16, 32} {
			for _, n := range lengths(v.Rate) {
				key, nonce := randBytes(r, v.KeySize), randBytes(r, v.NonceSize)
				data := randBytes(r, n)
				want := ref.MAC(v.fam128, v.d, key, nonce, data, tagLen)
				if got := macState(t, r, fn, v, key, nonce, data, tagLen); !bytes.Equal(got, want) {
					t.Fatalf("tag%d len %d: the MAC of the state-level functions differs from internal/testing/ref's", tagLen, n)
				}
			}
		}
	})
}

// TestStateStream checks the keystream (Stream over whole blocks, in
// chunks, then KeyBlock for the partial block) against internal/testing/ref's
// encryption of zeros, xored into random input, apart and in place.
func TestStateStream(t *testing.T) {
	forEach(t, func(t *testing.T, v variant, one asm.OneShot, fn asm.Funcs, r *rand.Rand) {
		for _, n := range lengths(v.Rate) {
			key, nonce := randBytes(r, v.KeySize), randBytes(r, v.NonceSize)
			ks := ref.Seal(v.fam128, v.d, key, nonce, make([]byte, n), nil, 16)[:n]
			in := randBytes(r, n)
			want := bytes.Clone(in)
			subtle.XORBytes(want, want, ks)
			for _, inPlace := range []bool{false, true} {
				st := make([]byte, asm.StateSize(v.ID))
				fn.Init(ptr(st), ptr(key), ptr(nonce))
				out := make([]byte, n)
				src := in
				if inPlace {
					copy(out, in)
					src = out
				}
				whole := n / v.Rate
				at := 0
				for _, c := range chunks(r, whole) {
					fn.Stream(ptr(st), &out[at], &src[at], c)
					at += c * v.Rate
				}
				fn.Stream(ptr(st), nil, nil, 0)
				if at < n {
					z := make([]byte, v.Rate)
					fn.KeyBlock(ptr(st), ptr(z))
					subtle.XORBytes(out[at:], src[at:], z)
				}
				if !bytes.Equal(out, want) {
					t.Fatalf("len %d in place %v: the keystream differs from internal/testing/ref's", n, inPlace)
				}
			}
		}
	})
}

// TestStateInit checks Init against the one-shot Seal's: the state that
// Init writes, finalized with no data, gives Seal's tag of the empty
// message, and internal/testing/ref's; and StateSize is the layout's.
func TestStateInit(t *testing.T) {
	forEach(t, func(t *testing.T, v variant, one asm.OneShot, fn asm.Funcs, r *rand.Rand) {
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
		fn.Init(ptr(st), ptr(key), ptr(nonce))
		if st[len(st)-1] != 0x5a {
			t.Fatal("Init wrote past the state")
		}
		want := ref.Seal(v.fam128, v.d, key, nonce, nil, nil, 32)
		got := finalize(t, fn, st[:len(st)-1], 0, 0, 32)
		if !bytes.Equal(got, want) {
			t.Fatalf("the tag of Init's state: %x, want %x", got, want)
		}
		sealed := make([]byte, 32)
		one.Seal(ptr(key), nonceArg(r, nonce), ptr(sealed), nil, 0, nil, 0, 32)
		if !bytes.Equal(got, sealed) {
			t.Fatalf("the tag of Init's state: %x, the one-shot Seal's %x", got, sealed)
		}
	})
}

// variantNames are the variants' names in internal/asm's, by number.
var variantNames = map[int]string{
	asm.Variant128L: "128L", asm.Variant128X2: "128X2", asm.Variant128X4: "128X4",
	asm.Variant256: "256", asm.Variant256X2: "256X2", asm.Variant256X4: "256X4",
}

// TestLookup checks the tables through Lookup: every kernel of this
// architecture's assembly is there, in the tables of its own variant
// (Lookup gives the tables' entries, which the other tests run); every
// other kernel, and every pair out of range, has none.
func TestLookup(t *testing.T) {
	here := map[string][]int{
		"amd64": {asm.KernelAESNI, asm.KernelAVX2, asm.KernelAVX512},
		"arm64": {asm.KernelNEON, asm.KernelNEONSHA3},
	}[runtime.GOARCH]
	tables := map[int]struct {
		one *[asm.NumKernels]asm.OneShot
		fns *[asm.NumKernels]asm.Funcs
	}{
		asm.Variant128L:  {&asm.OneShot128L, &asm.Funcs128L},
		asm.Variant128X2: {&asm.OneShot128X2, &asm.Funcs128X2},
		asm.Variant128X4: {&asm.OneShot128X4, &asm.Funcs128X4},
		asm.Variant256:   {&asm.OneShot256, &asm.Funcs256},
		asm.Variant256X2: {&asm.OneShot256X2, &asm.Funcs256X2},
		asm.Variant256X4: {&asm.OneShot256X4, &asm.Funcs256X4},
	}
	if len(tables) != asm.NumVariants {
		t.Fatalf("%d tables for %d variants", len(tables), asm.NumVariants)
	}
	for v := -1; v <= asm.NumVariants; v++ {
		for k := -1; k <= asm.NumKernels; k++ {
			one, fn := asm.Lookup(v, k)
			tab, ok := tables[v]
			if !ok || !slices.Contains(here, k) {
				if one != nil || fn != nil {
					t.Errorf("variant %d, kernel %d: Lookup gives functions where there is no assembly", v, k)
				}
				if ok && k >= 0 && k < asm.NumKernels && (tab.one[k] != nil || tab.fns[k] != nil) {
					t.Errorf("variant %d, kernel %d: the tables hold functions where there is no assembly", v, k)
				}
				continue
			}
			if one != tab.one[k] || fn != tab.fns[k] {
				t.Errorf("variant %d, kernel %s: Lookup does not give the variant's tables' entries", v, kernelName[k])
				continue
			}
			// The entries are the code of this variant and kernel: a
			// value of the variant's type (*variant128L) that names the
			// kernel, in both tables.
			want := "variant" + variantNames[v]
			for _, e := range []any{one, fn} {
				x := reflect.ValueOf(e)
				if x.Kind() != reflect.Pointer || x.Elem().Type().Name() != want || x.Elem().Field(0).Int() != int64(k) {
					t.Errorf("variant %d, kernel %s: the table holds %#v, want a *%s of kernel %d", v, kernelName[k], e, want, k)
				}
			}
		}
	}
}
