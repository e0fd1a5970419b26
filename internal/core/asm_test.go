// SPDX-License-Identifier: MIT

package core

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
	"unsafe"

	"github.com/aegisgo/aegis/common"
	"github.com/aegisgo/aegis/internal/asm"
)

// asmKernels returns the kernels of v that have assembly here.
func asmKernels(v *Variant) []Kernel {
	var ks []Kernel
	for _, k := range Kernels(v) {
		if asmFor(v, k, PathAsm) {
			ks = append(ks, k)
		}
	}
	return ks
}

func randBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// asmCase seals and opens one message on the C core and on the assembly
// of the same kernel, apart and in place, and opens a forgery, which must
// leave zeros.
func asmCase(t *testing.T, c, x *AEAD, nonce, m, ad []byte) {
	t.Helper()
	name := fmt.Sprintf("%s %s tag%d: %d bytes, %d of ad", c.variant().Name, c.Kernel(), c.Overhead(), len(m), len(ad))
	want := c.Seal(nil, nonce, m, ad)
	if got := x.Seal(nil, nonce, m, ad); !bytes.Equal(got, want) {
		t.Fatalf("%s: the assembly's Seal differs from the C core's", name)
	}
	buf := make([]byte, len(m), len(m)+c.Overhead())
	copy(buf, m)
	if got := x.Seal(buf[:0], nonce, buf, ad); !bytes.Equal(got, want) {
		t.Fatalf("%s: the assembly's Seal in place differs", name)
	}
	if pt, err := x.Open(nil, nonce, want, ad); err != nil || !bytes.Equal(pt, m) {
		t.Fatalf("%s: the assembly's Open of the C core's output: %v", name, err)
	}
	ct := bytes.Clone(want)
	if pt, err := x.Open(ct[:0], nonce, ct, ad); err != nil || !bytes.Equal(pt, m) {
		t.Fatalf("%s: the assembly's Open in place: %v", name, err)
	}
	bad := bytes.Clone(want)
	bad[len(bad)-1-len(bad)%7] ^= 0x10
	out := bytes.Repeat([]byte{0xa5}, len(m))
	if _, err := x.Open(out[:0], nonce, bad, ad); err != common.ErrAuth {
		t.Fatalf("%s: the assembly's Open of a forgery: %v", name, err)
	}
	if !bytes.Equal(out, make([]byte, len(m))) {
		t.Fatalf("%s: the assembly's refused Open left output", name)
	}
	tag := want[len(m):]
	if _, err := x.OpenDetached(out[:0], nonce, want[:len(m)], tag[:len(tag)-1], ad); err != common.ErrBadTagLength {
		t.Fatalf("%s: the assembly's OpenDetached with a short tag: %v", name, err)
	}
}

// TestAsmAgainstC cross-checks the assembly of every kernel with the C
// core of the same kernel: every message length and every ad length
// across three rate blocks (with the other length short), then sizes
// around the crossover and the byte limit, split between ad and message.
func TestAsmAgainstC(t *testing.T) {
	for vi := range Variants {
		v := &Variants[vi]
		for _, k := range asmKernels(v) {
			t.Run(v.Name+"/"+k.String(), func(t *testing.T) {
				r := rand.New(rand.NewPCG(uint64(vi), uint64(k)))
				for _, tagLen := range []int{16, 32} {
					key := randBytes(r, v.KeySize)
					var c, x AEAD
					if err := c.InitPath(v, key, tagLen, k, PathC); err != nil {
						t.Fatal(err)
					}
					if err := x.InitPath(v, key, tagLen, k, PathAsm); err != nil {
						t.Fatal(err)
					}
					if x.AsmMax() < 3*v.Rate+1 || c.AsmMax() != -1 {
						t.Fatalf("AsmMax: assembly %d, C %d", x.AsmMax(), c.AsmMax())
					}
					nonce := randBytes(r, v.NonceSize)
					for n := 0; n <= 3*v.Rate+1; n++ {
						short := r.IntN(v.Rate + 2)
						asmCase(t, &c, &x, nonce, randBytes(r, n), randBytes(r, short))
						asmCase(t, &c, &x, nonce, randBytes(r, short), randBytes(r, n))
					}
					lim := asmLimits[v.ID][k]
					for _, edge := range []int{lim.crossover, lim.limit} {
						for _, n := range []int{edge - 1, edge, edge + 1} {
							adLen := r.IntN(3 * v.Rate)
							asmCase(t, &c, &x, nonce, randBytes(r, n-adLen), randBytes(r, adLen))
						}
					}
				}
			})
		}
	}
}

// TestAsmRouting checks which code takes a call of each size: on the
// default path the assembly up to the crossover, on PathAsm up to the
// byte limit, and the C core above; never the assembly on PathC, on soft,
// or on a kernel without it.
func TestAsmRouting(t *testing.T) {
	for vi := range Variants {
		v := &Variants[vi]
		for _, k := range Kernels(v) {
			lim := asmLimits[v.ID][k]
			has := asmFor(v, k, PathAsm)
			if has && (lim.crossover <= 0 || lim.crossover > lim.limit) {
				t.Errorf("%s %s: crossover %d, limit %d", v.Name, k, lim.crossover, lim.limit)
			}
			for _, p := range []Path{PathAuto, PathC, PathAsm} {
				var a AEAD
				if err := a.InitPath(v, make([]byte, v.KeySize), 16, k, p); err != nil {
					t.Fatal(err)
				}
				max := -1
				switch {
				case !has || p == PathC:
				case p == PathAuto:
					max = lim.crossover
				case p == PathAsm:
					max = lim.limit
				}
				if a.AsmMax() != max {
					t.Errorf("%s %s path %d: AsmMax %d, want %d", v.Name, k, p, a.AsmMax(), max)
				}
				takes := func(n int) bool { return a.hdr().asmTakes(n, 0, false, 1) }
				if max >= 0 && (!takes(max) || takes(max+1) || !takes(0) || !a.hdr().asmTakes(max-1, 1, false, 1) || a.hdr().asmTakes(max, 1, false, 1)) {
					t.Errorf("%s %s path %d: the assembly does not take exactly 0..%d bytes", v.Name, k, p, max)
				}
				if max >= 0 && (!a.hdr().asmTakes(max+16, 0, true, 1) || a.hdr().asmTakes(max+17, 0, true, 1) || a.hdr().asmTakes(15, 0, true, 1)) {
					t.Errorf("%s %s path %d: the assembly does not take exactly the tagged inputs of 16..%d bytes", v.Name, k, p, max+16)
				}
				if max < 0 && takes(0) {
					t.Errorf("%s %s path %d: the assembly takes a call", v.Name, k, p)
				}
			}
			if k == KernelSoft && has {
				t.Errorf("%s: soft has assembly", v.Name)
			}
		}
	}
}

// TestDefaultPath: New's AEADs take the default kernel's assembly where
// it has one.
func TestDefaultPath(t *testing.T) {
	for vi := range Variants {
		v := &Variants[vi]
		var a AEAD
		err := a.Init(v, make([]byte, v.KeySize), 16)
		if cpuKernels == 0 {
			// No C core: no kernel, and no assembly either.
			if !errors.Is(err, common.ErrNotAvailable) {
				t.Errorf("%s: Init without the C core: %v, want ErrNotAvailable", v.Name, err)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		k := DefaultKernel(v)
		want := -1
		if one, _ := asm.Lookup(v.ID, int(k)); one != nil {
			want = asmLimits[v.ID][k].crossover
			if oneShots[v.ID][k] == nil {
				t.Errorf("%s: the assembly of %s is in the build but not registered", v.Name, k)
			}
		}
		if a.AsmMax() != want {
			t.Errorf("%s: New's AEAD on %s gives the assembly up to %d bytes, want %d", v.Name, k, a.AsmMax(), want)
		}
	}
}

// TestAEADSize pins the AEADs' sizes: New is mostly its one allocation,
// whose cost grows with the size class. They stay pointer-free (the cheap,
// unscanned kind of allocation) and as small as their key allows: the key
// and a 4-byte header index, in the size classes 24 (the AEGIS-128
// family's 16-byte key) and 48 (32 bytes), on 64-bit and 32-bit alike.
func TestAEADSize(t *testing.T) {
	check := func(name string, typ reflect.Type, want uintptr, keyOff uintptr) {
		t.Helper()
		if s := typ.Size(); s != want {
			t.Errorf("%s is %d bytes, want %d", name, s, want)
		}
		if keyOff != 0 {
			t.Errorf("%s's key at offset %d, want 0 (see AEADOf)", name, keyOff)
		}
		if typ.Kind() != reflect.Struct || hasPointers(typ) {
			t.Errorf("%s holds a pointer", name)
		}
	}
	check("AEAD16", reflect.TypeFor[AEAD16](), 20, unsafe.Offsetof(AEAD16{}.key))
	check("AEAD", reflect.TypeFor[AEAD](), 36, unsafe.Offsetof(AEAD{}.key))
}

func hasPointers(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Chan, reflect.Func, reflect.Interface, reflect.String, reflect.UnsafePointer:
		return true
	case reflect.Array:
		return t.Len() > 0 && hasPointers(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if hasPointers(t.Field(i).Type) {
				return true
			}
		}
	}
	return false
}

// TestBatchMixedPaths runs batches whose messages go some to the
// assembly and some to the C core (sizes on both sides of the byte limit,
// batches smaller and larger than asmLaneBatch), apart, in place and with
// dst the inputs' own [][]byte, and one forged message in OpenBatch; every
// result must be the C core's Seal or Open of that message.
func TestBatchMixedPaths(t *testing.T) {
	for vi := range Variants {
		v := &Variants[vi]
		for _, k := range asmKernels(v) {
			r := rand.New(rand.NewPCG(uint64(vi), 7))
			key := randBytes(r, v.KeySize)
			var c, x AEAD
			if err := c.InitPath(v, key, 16, k, PathC); err != nil {
				t.Fatal(err)
			}
			if err := x.InitPath(v, key, 16, k, PathAsm); err != nil {
				t.Fatal(err)
			}
			lim := x.AsmMax()
			for _, n := range []int{2, 5, asmLaneBatch - 1, asmLaneBatch, 19} {
				name := fmt.Sprintf("%s %s n=%d", v.Name, k, n)
				lanes := lanesTable[v.ID][k] > 0 && n >= asmLaneBatch
				if x.hdr().asmTakes(lim, 0, false, n) == lanes || x.hdr().asmTakes(lim+1, 0, false, n) {
					t.Fatalf("%s: asmTakes of a batch's %d-byte message is %v, want %v", name, lim, lanes, !lanes)
				}
				nonces, msgs, ads := make([][]byte, n), make([][]byte, n), make([][]byte, n)
				want := make([][]byte, n)
				for i := range n {
					size := r.IntN(3 * v.Rate)
					if i%2 == 1 {
						size = lim - 20 + r.IntN(40) // both sides of the limit
					}
					nonces[i], ads[i] = randBytes(r, v.NonceSize), randBytes(r, r.IntN(20))
					msgs[i] = randBytes(r, size)
					want[i] = c.Seal(nil, nonces[i], msgs[i], ads[i])
				}
				dst := make([][]byte, n)
				got := x.SealBatch(dst, nonces, msgs, ads)
				for i := range n {
					if !bytes.Equal(got[i], want[i]) {
						t.Fatalf("%s: SealBatch message %d (%d bytes) differs from Seal", name, i, len(msgs[i]))
					}
				}
				// In place, with dst and the inputs one [][]byte: each
				// message is read before its result replaces it.
				bufs := make([][]byte, n)
				for i := range n {
					bufs[i] = append(make([]byte, 0, len(msgs[i])+16), msgs[i]...)
				}
				in := make([][]byte, n)
				for i := range n {
					in[i] = bufs[i][:0]
				}
				for i := range n {
					bufs[i] = bufs[i][:len(msgs[i])]
				}
				ins := make([][]byte, n)
				copy(ins, bufs)
				got = x.SealBatch(in, nonces, ins, ads)
				for i := range n {
					if !bytes.Equal(got[i], want[i]) {
						t.Fatalf("%s: SealBatch in place, message %d differs", name, i)
					}
				}
				cts := make([][]byte, n)
				for i := range n {
					cts[i] = bytes.Clone(want[i])
				}
				bad := n / 2
				cts[bad][len(cts[bad])-1] ^= 1
				pts, err := x.OpenBatch(cts, nonces, cts, ads)
				var be *common.BatchError
				if !errorsAs(err, &be) || len(be.Failed) != 1 || be.Failed[0] != bad {
					t.Fatalf("%s: OpenBatch with message %d forged: %v", name, bad, err)
				}
				// dst[i] as passed is the ciphertext: the plaintext is
				// appended to it.
				for i := range n {
					if i == bad {
						if !bytes.Equal(pts[i], cts[i]) {
							t.Fatalf("%s: OpenBatch changed the forged message's dst", name)
						}
						continue
					}
					if !bytes.Equal(pts[i], append(bytes.Clone(want[i]), msgs[i]...)) {
						t.Fatalf("%s: OpenBatch, dst the inputs, message %d differs", name, i)
					}
				}
			}
		}
	}
}

func errorsAs(err error, target any) bool { return errors.As(err, target) }
