// SPDX-License-Identifier: MIT

//go:build cgo && !without_aegis

package core

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/aegisgo/aegis/internal/asm"
)

// BenchmarkEngineRatio measures what a build without cgo gives up against
// the cgo build, in one process: for each variant on its default kernel,
// it runs the cgo build's route and the build without cgo's route of the
// same call in alternation, and reports the cgo route's time over the
// other's ("nocgo/cgo", the speed of the build without cgo against the
// cgo build's: above 1, it is faster). Both routes are the code each build runs:
//
//   - Seal and Open: the assembly up to the crossover in both builds (the
//     same code), then the C core in one cgo call, against the Go engine
//     (goengine.go) over the assembly in chunks under the byte limit;
//   - Encrypter and Decrypter, in 64 KiB writes, and MAC at 1 KiB and
//     64 KiB: the C core's incremental functions against the Go engine's.
//
// A run of two binaries in turn (cmd/aegis-speed's test binaries built
// with and without cgo) measures the same, but on a shared machine its
// noise is larger than the differences; here both routes meet the same
// load, alternating every few milliseconds:
//
//	go test -run '^$' -bench '^BenchmarkEngineRatio$' -count 6 ./internal/core
func BenchmarkEngineRatio(b *testing.B) {
	sizes := []int{16, 64, 256, 1 << 10, 4 << 10, 16 << 10, 64 << 10, 1 << 20}
	for vi := range Variants {
		v := &Variants[vi]
		k := DefaultKernel(v)
		g := goKernelFor(v.ID, k)
		if _, f := asm.Lookup(v.ID, int(k)); g == nil && f != nil {
			// A cgo build registers no Go engine over the assembly (the
			// C core runs what the assembly's Seal and Open do not): the
			// benchmark makes the one that a build without cgo registers.
			gk := newGoKernel(v, k, f)
			g = &gk
		}
		if g == nil || kernelOps(v.ID, k) == 0 {
			b.Fatalf("%s on %s: no Go engine or no C table", v.Name, k)
		}
		for _, size := range sizes {
			for _, op := range []string{"Seal", "Open"} {
				b.Run(fmt.Sprintf("%s/%s/%d", v.Name, op, size), func(b *testing.B) {
					benchEngineAEAD(b, v, k, g, size, op == "Open")
				})
			}
		}
		b.Run(v.Name+"/Encrypter/64KiBx16", func(b *testing.B) { benchEngineStream(b, v, k, g, false) })
		b.Run(v.Name+"/Decrypter/64KiBx16", func(b *testing.B) { benchEngineStream(b, v, k, g, true) })
		for _, size := range []int{1 << 10, 64 << 10} {
			b.Run(fmt.Sprintf("%s/MAC/%d", v.Name, size), func(b *testing.B) { benchEngineMAC(b, v, k, g, size) })
		}
	}
}

// alternate runs cgoRoute and goRoute in turn, a round of calls each per
// b.Loop iteration, each first in every other round, and reports the
// median over the iterations of the ratio of the two rounds' times, and
// the Go route's bytes per second. A round is short (about 10 µs), so
// that a burst of load from elsewhere falls on few pairs, and the median
// sets those aside (as cmd/aegis-speed's batchRatio does).
func alternate(b *testing.B, bytes int, cgoRoute, goRoute func()) {
	round := 1 + (1<<13)/bytes
	var ratios []float64
	var tg time.Duration
	for b.Loop() {
		first, second := cgoRoute, goRoute
		odd := len(ratios)%2 == 1
		if odd {
			first, second = goRoute, cgoRoute
		}
		t0 := time.Now()
		for range round {
			first()
		}
		t1 := time.Now()
		for range round {
			second()
		}
		t2 := time.Now()
		tc, tgo := t1.Sub(t0), t2.Sub(t1)
		if odd {
			tc, tgo = tgo, tc
		}
		ratios = append(ratios, float64(tc)/float64(max(tgo, 1)))
		tg += tgo
	}
	slices.Sort(ratios)
	b.ReportMetric(ratios[len(ratios)/2], "nocgo/cgo")
	b.ReportMetric(float64(b.N*round*bytes)/tg.Seconds()/1e6, "nocgo-MB/s")
}

func benchEngineAEAD(b *testing.B, v *Variant, k Kernel, g *goKernel, size int, open bool) {
	var a AEAD
	key := make([]byte, v.KeySize)
	if err := a.InitKernel(v, key, 16, k); err != nil {
		b.Fatal(err)
	}
	nonce := make([]byte, v.NonceSize)
	m := make([]byte, size)
	ct := a.Seal(nil, nonce, m, nil)
	out := make([]byte, size+16)
	// The build without cgo runs the same AEAD, whose calls above the
	// crossover go to the Go engine (core_nocgo.go's seal and open).
	toGo := !a.hdr().asmTakes(size, 0, false, 1)
	if !open {
		alternate(b, size, func() { a.Seal(out[:0], nonce, m, nil) }, func() {
			if toGo {
				g.seal(out[:size], out[size:], m, nil, &nonce[0], keyAt(&a.h, v))
			} else {
				a.Seal(out[:0], nonce, m, nil)
			}
		})
		return
	}
	alternate(b, size, func() {
		if _, err := a.Open(out[:0], nonce, ct, nil); err != nil {
			b.Fatal(err)
		}
	}, func() {
		if toGo {
			if !g.open(out[:size], ct[:size], ct[size:], nil, &nonce[0], keyAt(&a.h, v)) {
				b.Fatal("open failed")
			}
		} else if _, err := a.Open(out[:0], nonce, ct, nil); err != nil {
			b.Fatal(err)
		}
	})
}

// benchEngineStream encrypts (or decrypts) 1 MiB in 64 KiB writes with a
// fresh state per message, and finishes it.
func benchEngineStream(b *testing.B, v *Variant, k Kernel, g *goKernel, decrypt bool) {
	const chunk, chunks = 64 << 10, 16
	ops := kernelOps(v.ID, k)
	var key, nonce [32]byte
	in := make([]byte, chunk)
	out := make([]byte, chunk)
	var st [StateSize]byte
	var tag [16]byte
	alternate(b, chunk*chunks, func() {
		incInit(ops, &st, nil, &nonce, &key)
		for range chunks {
			if decrypt {
				incDecrypt(ops, &st, out, in)
			} else {
				incEncrypt(ops, &st, out, in)
			}
		}
		incFinal(ops, &st, tag[:])
	}, func() {
		g.incInit(&st, nil, &nonce, &key)
		for range chunks {
			g.incCrypt(&st, out, in, decrypt)
		}
		g.incFinal(&st, tag[:])
	})
}

// benchEngineMAC computes the MAC of size bytes, in one write, from a
// fresh state.
func benchEngineMAC(b *testing.B, v *Variant, k Kernel, g *goKernel, size int) {
	ops := kernelOps(v.ID, k)
	var key, nonce [32]byte
	data := make([]byte, size)
	var st [StateSize]byte
	var tag [16]byte
	alternate(b, size, func() {
		incInit(ops, &st, nil, &nonce, &key)
		macUpdate(ops, &st, data)
		macFinal(ops, &st, tag[:])
	}, func() {
		g.incInit(&st, nil, &nonce, &key)
		g.macUpdate(&st, data)
		g.macFinal(&st, tag[:])
	})
}
