// SPDX-License-Identifier: MIT

package main_test

import (
	"bytes"
	"crypto/cipher"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/aegisgo/aegis/aegis128l"
	"github.com/aegisgo/aegis/aegis128x2"
	"github.com/aegisgo/aegis/aegis128x4"
	"github.com/aegisgo/aegis/aegis256"
	"github.com/aegisgo/aegis/aegis256x2"
	"github.com/aegisgo/aegis/aegis256x4"
	"github.com/aegisgo/aegis/raf"
)

// BenchmarkRAF compares RAF's sequential throughput on a 64 MiB file in
// 64 KiB chunks with the variant's one-shot Seal of the same 64 MiB, in the
// same run:
//
//	go test -run '^$' -bench '^BenchmarkRAF$' -count 6 ./cmd/aegis-speed | tee raf.txt
//	go run golang.org/x/perf/cmd/benchstat@latest -col /op raf.txt
//
// All three move the same memory: 64 MiB of plaintext read from (or written
// to) a 64 MiB buffer, and 64 MiB of ciphertext written to (or read from)
// memory allocated before the timed loop. For the file, an untimed first
// pass writes the file, so the timed passes rewrite (or read) a store that
// already holds it, as Seal's destination is allocated before its loop.
// The ratio write (or read) : oneshot is the cost of the format and of the
// chunking: a random nonce, a cgo call and a tag per chunk, the header.
// seal64K, one 64 KiB message sealed over and over in cache, is the
// kernel's speed without the memory traffic.

const (
	rafFileSize = 64 << 20
	rafChunk    = 64 << 10
)

type rafVariant struct {
	alg raf.Algorithm
	new func([]byte, int) (cipher.AEAD, error)
}

var rafVariants = []rafVariant{
	{raf.AEGIS128L, aegis128l.New},
	{raf.AEGIS128X2, aegis128x2.New},
	{raf.AEGIS128X4, aegis128x4.New},
	{raf.AEGIS256, aegis256.New},
	{raf.AEGIS256X2, aegis256x2.New},
	{raf.AEGIS256X4, aegis256x4.New},
}

func rafBenchFile(b *testing.B, alg raf.Algorithm, st *raf.MemStore) *raf.File {
	f, err := raf.Create(st, make([]byte, alg.KeySize()), &raf.Options{Algorithm: alg, ChunkSize: rafChunk, Truncate: true})
	if err != nil {
		b.Skip(err)
	}
	return f
}

// rafPlain returns the 64 MiB of plaintext the benchmarks write.
func rafPlain() []byte {
	plain := make([]byte, rafFileSize)
	for i := range plain {
		plain[i] = byte(i * 7)
	}
	return plain
}

// rafSealer returns the variant's AEAD (zero key, 16-byte tags) and a zero
// nonce, for the Seal the file is compared with.
func rafSealer(b *testing.B, v rafVariant) (cipher.AEAD, []byte) {
	a, err := v.new(make([]byte, v.alg.KeySize()), 16)
	if err != nil {
		b.Skip(err)
	}
	return a, make([]byte, a.NonceSize())
}

// rafWriteFile writes plain to f sequentially in chunk-sized writes.
func rafWriteFile(b *testing.B, f *raf.File, plain []byte) {
	for off := 0; off < len(plain); off += rafChunk {
		if _, err := f.WriteAt(plain[off:off+rafChunk], int64(off)); err != nil {
			b.Fatal(err)
		}
	}
}

// rafReadFile reads the file back into out, a chunk per call.
func rafReadFile(b *testing.B, f *raf.File, out []byte) {
	for off := 0; off < len(out); off += rafChunk {
		if _, err := f.ReadAt(out[off:off+rafChunk], int64(off)); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRAF(b *testing.B) {
	plain := rafPlain()
	out := make([]byte, rafFileSize)
	for _, v := range rafVariants {
		alg := v.alg
		b.Run(fmt.Sprintf("op=seal64K/alg=%v", alg), func(b *testing.B) {
			a, nonce := rafSealer(b, v)
			dst := make([]byte, 0, rafChunk+16)
			b.SetBytes(rafChunk)
			for b.Loop() {
				a.Seal(dst, nonce, plain[:rafChunk], nil)
			}
		})
		b.Run(fmt.Sprintf("op=oneshot/alg=%v", alg), func(b *testing.B) {
			a, nonce := rafSealer(b, v)
			dst := a.Seal(make([]byte, 0, rafFileSize+16), nonce, plain, nil) // untimed: faults the pages in
			b.SetBytes(rafFileSize)
			for b.Loop() {
				a.Seal(dst[:0], nonce, plain, nil)
			}
		})
		b.Run(fmt.Sprintf("op=write/alg=%v", alg), func(b *testing.B) {
			st := raf.NewMemStore()
			rafWriteFile(b, rafBenchFile(b, alg, st), plain) // untimed: allocates the store
			b.SetBytes(rafFileSize)
			for b.Loop() {
				f := rafBenchFile(b, alg, st)
				rafWriteFile(b, f, plain)
				f.Close()
			}
		})
		b.Run(fmt.Sprintf("op=read/alg=%v", alg), func(b *testing.B) {
			st := raf.NewMemStore()
			f := rafBenchFile(b, alg, st)
			rafWriteFile(b, f, plain)
			b.SetBytes(rafFileSize)
			for b.Loop() {
				rafReadFile(b, f, out)
			}
			f.Close()
			if !bytes.Equal(out, plain) {
				b.Fatal("read back differs from what was written")
			}
		})
	}
}

// BenchmarkRAFRatio measures RAF's sequential write and read against the
// one-shot Seal of the same 64 MiB in alternation, pass after pass, so that
// both sides of each ratio see the same moment of a noisy machine's memory
// bandwidth. It reports the throughput ratios write/oneshot and
// read/oneshot (ns/op is the time of the three passes together):
//
//	go test -run '^$' -bench '^BenchmarkRAFRatio$' -count 6 ./cmd/aegis-speed
func BenchmarkRAFRatio(b *testing.B) {
	plain := rafPlain()
	out := make([]byte, rafFileSize)
	for _, v := range rafVariants {
		alg := v.alg
		b.Run(fmt.Sprintf("alg=%v", alg), func(b *testing.B) {
			a, nonce := rafSealer(b, v)
			dst := a.Seal(make([]byte, 0, rafFileSize+16), nonce, plain, nil) // untimed: faults the pages in
			st := raf.NewMemStore()
			rafWriteFile(b, rafBenchFile(b, alg, st), plain) // untimed: allocates the store
			var tSeal, tWrite, tRead time.Duration
			for b.Loop() {
				t0 := time.Now()
				a.Seal(dst[:0], nonce, plain, nil)
				t1 := time.Now()
				f := rafBenchFile(b, alg, st)
				rafWriteFile(b, f, plain)
				t2 := time.Now()
				rafReadFile(b, f, out)
				t3 := time.Now()
				f.Close()
				tSeal += t1.Sub(t0)
				tWrite += t2.Sub(t1)
				tRead += t3.Sub(t2)
			}
			if !bytes.Equal(out, plain) {
				b.Fatal("read back differs from what was written")
			}
			b.ReportMetric(float64(tSeal)/float64(tWrite), "write/oneshot")
			b.ReportMetric(float64(tSeal)/float64(tRead), "read/oneshot")
		})
	}
}

// BenchmarkRAFLoopRatio compares RAF with what it is built on: a WriteAt
// of 1 MiB (16 chunks of 64 KiB) into a file that holds it against a loop
// of 16 Seals of 64 KiB, and a ReadAt of that 1 MiB against a loop of 16
// Opens, in alternation. It reports the median over rounds of loop time /
// file time (above 1: the file is faster), so that a burst of load from
// elsewhere falls on few rounds; what is left is the format's own cost
// (a random nonce, a header and a store per chunk), the same in builds
// with and without cgo:
//
//	go test -run '^$' -bench '^BenchmarkRAFLoopRatio$' -count 6 ./cmd/aegis-speed
//	CGO_ENABLED=0 go test -run '^$' -bench '^BenchmarkRAFLoopRatio$' -count 6 ./cmd/aegis-speed
//
// write/seals and read/opens take loops that write every output to the
// same 64 KiB, which stays in the core's cache, while the file writes
// 1 MiB of records (or of plaintext, reading): on this machine's 1 MiB L2
// that alone costs the file 5 to 16% with the wide kernels (128X2 to
// 256X4), whatever its format does. write/kept-seals and read/kept-opens
// take loops that keep their 16 outputs as the file does: each Seal into
// its place in 1 MiB laid out as the file's records (a nonce's room before
// each, so the same alignment), with associated data of the file's length
// (36 bytes), and each Open from there into its place in 1 MiB; they
// measure the format's cost alone.
func BenchmarkRAFLoopRatio(b *testing.B) {
	const chunks = 16
	const size = chunks * rafChunk
	plain := rafPlain()[:size]
	for _, v := range rafVariants {
		b.Run(fmt.Sprintf("alg=%v", v.alg), func(b *testing.B) {
			a, nonce := rafSealer(b, v)
			sealed := make([][]byte, chunks)
			for i := range sealed {
				sealed[i] = a.Seal(nil, nonce, plain[i*rafChunk:(i+1)*rafChunk], nil)
			}
			dst := make([]byte, 0, rafChunk+a.Overhead())
			out := make([]byte, size)
			f := rafBenchFile(b, v.alg, raf.NewMemStore())
			defer f.Close()
			if _, err := f.WriteAt(plain, 0); err != nil {
				b.Fatal(err)
			}
			seals := func() {
				for i := range chunks {
					a.Seal(dst, nonce, plain[i*rafChunk:(i+1)*rafChunk], nil)
				}
			}
			opens := func() {
				for i := range chunks {
					if _, err := a.Open(dst, nonce, sealed[i], nil); err != nil {
						b.Fatal(err)
					}
				}
			}
			write := func() {
				if _, err := f.WriteAt(plain, 0); err != nil {
					b.Fatal(err)
				}
			}
			read := func() {
				if _, err := f.ReadAt(out, 0); err != nil {
					b.Fatal(err)
				}
			}
			// The kept loops' records: nonce room, ciphertext and tag.
			rs := a.NonceSize() + rafChunk + a.Overhead()
			recs := make([]byte, raf.HeaderSize+chunks*rs)
			ad := make([]byte, 36)
			recAt := func(i int) int { return raf.HeaderSize + i*rs + a.NonceSize() }
			keptSeals := func() {
				for i := range chunks {
					a.Seal(recs[recAt(i):recAt(i)], nonce, plain[i*rafChunk:(i+1)*rafChunk], ad)
				}
			}
			keptSeals()
			kept := make([]byte, size)
			keptOpens := func() {
				for i := range chunks {
					r := recs[recAt(i) : recAt(i)+rafChunk+a.Overhead()]
					if _, err := a.Open(kept[i*rafChunk:i*rafChunk], nonce, r, ad); err != nil {
						b.Fatal(err)
					}
				}
			}
			var wr, rd, wk, rk []float64
			for b.Loop() {
				wr = append(wr, pairRatio(seals, write, len(wr)%2 == 1))
				rd = append(rd, pairRatio(opens, read, len(rd)%2 == 1))
				wk = append(wk, pairRatio(keptSeals, write, len(wk)%2 == 1))
				rk = append(rk, pairRatio(keptOpens, read, len(rk)%2 == 1))
			}
			if !bytes.Equal(out, plain) || !bytes.Equal(kept, plain) {
				b.Fatal("read back differs from what was written")
			}
			median := func(r []float64) float64 {
				slices.Sort(r)
				return r[len(r)/2]
			}
			b.ReportMetric(median(wr), "write/seals")
			b.ReportMetric(median(rd), "read/opens")
			b.ReportMetric(median(wk), "write/kept-seals")
			b.ReportMetric(median(rk), "read/kept-opens")
		})
	}
}

// pairRatio runs loop and x once each, x first when xFirst, and returns
// loop's time over x's.
func pairRatio(loop, x func(), xFirst bool) float64 {
	first, second := loop, x
	if xFirst {
		first, second = x, loop
	}
	t0 := time.Now()
	first()
	t1 := time.Now()
	second()
	tFirst, tSecond := t1.Sub(t0), time.Since(t1)
	if xFirst {
		tFirst, tSecond = tSecond, tFirst
	}
	return float64(tFirst) / float64(max(tSecond, 1))
}

// BenchmarkRAFRandomRead reads 4 KiB at random offsets of a 64 MiB file
// from 1, 2 and 4 goroutines. ns/op is wall time per read, so it falls as
// parallel reads scale.
func BenchmarkRAFRandomRead(b *testing.B) {
	for _, alg := range []raf.Algorithm{raf.AEGIS128L, raf.AEGIS256} {
		st := raf.NewMemStore()
		f := rafBenchFile(b, alg, st)
		f.Truncate(rafFileSize)
		for _, g := range []int{1, 2, 4} {
			b.Run(fmt.Sprintf("alg=%v/goroutines=%d", alg, g), func(b *testing.B) {
				b.SetBytes(4096)
				n := b.N
				var wg sync.WaitGroup
				b.ResetTimer()
				for w := 0; w < g; w++ {
					wg.Add(1)
					go func(w int) {
						defer wg.Done()
						rng := rand.New(rand.NewPCG(uint64(w), 9))
						p := make([]byte, 4096)
						for i := w; i < n; i += g {
							off := rng.Int64N(rafFileSize - 4096)
							if _, err := f.ReadAt(p, off); err != nil {
								b.Error(err)
								return
							}
						}
					}(w)
				}
				wg.Wait()
			})
		}
		f.Close()
	}
}

// BenchmarkRAFParallel times a WriteAt and a ReadAt of 1 MiB (16 chunks
// of the default 64 KiB) in a MemStore that holds the file, for every
// variant, with Options.Concurrency 1 (every chunk on the caller's
// goroutine) and 0 (up to GOMAXPROCS goroutines). Compare the two with
// benchstat:
//
//	go test -run '^$' -bench '^BenchmarkRAFParallel$' -count 10 ./cmd/aegis-speed | tee par.txt
//	go run golang.org/x/perf/cmd/benchstat@latest -col /conc par.txt
func BenchmarkRAFParallel(b *testing.B) {
	const size = 1 << 20
	plain := rafPlain()[:size]
	out := make([]byte, size)
	for _, v := range rafVariants {
		for _, op := range []string{"write", "read"} {
			for _, conc := range []int{1, 0} {
				name := fmt.Sprintf("op=%s/alg=%v/conc=%s", op, v.alg, rafConcName(conc))
				b.Run(name, func(b *testing.B) {
					f := rafParallelFile(b, v.alg, conc, plain)
					defer f.Close()
					b.SetBytes(size)
					for b.Loop() {
						if op == "write" {
							if _, err := f.WriteAt(plain, 0); err != nil {
								b.Fatal(err)
							}
						} else if _, err := f.ReadAt(out, 0); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		}
	}
}

// BenchmarkRAFParallelRatio runs the 1 MiB WriteAt (and ReadAt) of
// BenchmarkRAFParallel with Concurrency 1 and 0 in alternation, on two
// Files over two stores, and reports the median over rounds of the time
// with 1 over the time with 0: the speedup from parallel chunks, measured
// so that load from elsewhere on a shared machine falls on both sides of
// each round. For scale it reports the same for the Seals of the chunks
// (64 KiB each) on one goroutine against shared out to GOMAXPROCS
// goroutines started for the purpose (seal-speedup: what this machine, at
// this moment, gives any such split), and GOMAXPROCS. The same at 8 MiB
// shows what is left once the start of the goroutines is spread over
// more work:
//
//	go test -run '^$' -bench '^BenchmarkRAFParallelRatio$' -count 6 ./cmd/aegis-speed
func BenchmarkRAFParallelRatio(b *testing.B) {
	for _, size := range []int{1 << 20, 8 << 20} {
		for _, v := range rafVariants {
			b.Run(fmt.Sprintf("size=%dMiB/alg=%v", size>>20, v.alg), func(b *testing.B) {
				rafParallelRatio(b, v, size)
			})
		}
	}
}

// rafParallelRatio is one variant and size of BenchmarkRAFParallelRatio.
func rafParallelRatio(b *testing.B, v rafVariant, size int) {
	plain := rafPlain()[:size]
	out := make([]byte, size)
	one := rafParallelFile(b, v.alg, 1, plain)
	defer one.Close()
	all := rafParallelFile(b, v.alg, 0, plain)
	defer all.Close()
	write := func(f *raf.File) func() {
		return func() {
			if _, err := f.WriteAt(plain, 0); err != nil {
				b.Fatal(err)
			}
		}
	}
	read := func(f *raf.File) func() {
		return func() {
			if _, err := f.ReadAt(out, 0); err != nil {
				b.Fatal(err)
			}
		}
	}
	a, nonce := rafSealer(b, v)
	procs := runtime.GOMAXPROCS(0)
	dsts := make([][]byte, procs)
	for i := range dsts {
		dsts[i] = make([]byte, 0, rafChunk+a.Overhead())
	}
	seals := func(from, to int, dst []byte) {
		for i := from; i < to; i++ {
			a.Seal(dst, nonce, plain[i*rafChunk:(i+1)*rafChunk], nil)
		}
	}
	chunks := size / rafChunk
	sealsOne := func() { seals(0, chunks, dsts[0]) }
	sealsAll := func() {
		var wg sync.WaitGroup
		for g := 1; g < procs; g++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				seals(g*chunks/procs, (g+1)*chunks/procs, dsts[g])
			}()
		}
		seals(0, chunks/procs, dsts[0])
		wg.Wait()
	}
	var wr, rd, sl []float64
	for b.Loop() {
		wr = append(wr, pairRatio(write(one), write(all), len(wr)%2 == 1))
		rd = append(rd, pairRatio(read(one), read(all), len(rd)%2 == 1))
		sl = append(sl, pairRatio(sealsOne, sealsAll, len(sl)%2 == 1))
	}
	if !bytes.Equal(out, plain) {
		b.Fatal("read back differs from what was written")
	}
	median := func(r []float64) float64 {
		slices.Sort(r)
		return r[len(r)/2]
	}
	b.ReportMetric(median(wr), "write-speedup")
	b.ReportMetric(median(rd), "read-speedup")
	b.ReportMetric(median(sl), "seal-speedup")
	b.ReportMetric(float64(procs), "procs")
}

// BenchmarkRAFSmallWrite times the WriteAt of one 64 KiB chunk and of a
// few, below the size at which a call goes parallel, with Concurrency 1
// and 0: the small calls must not pay for the parallel path.
//
//	go test -run '^$' -bench '^BenchmarkRAFSmallWrite$' -count 10 ./cmd/aegis-speed | tee small.txt
//	go run golang.org/x/perf/cmd/benchstat@latest -col /conc small.txt
func BenchmarkRAFSmallWrite(b *testing.B) {
	plain := rafPlain()[:1<<20]
	for _, chunks := range []int{1, 3} {
		for _, conc := range []int{1, 0} {
			b.Run(fmt.Sprintf("chunks=%d/conc=%s", chunks, rafConcName(conc)), func(b *testing.B) {
				f := rafParallelFile(b, raf.AEGIS128L, conc, plain)
				defer f.Close()
				p := plain[:chunks*rafChunk]
				b.SetBytes(int64(len(p)))
				for b.Loop() {
					if _, err := f.WriteAt(p, rafChunk); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// rafParallelFile makes a file at the default chunk size in a MemStore,
// with the given Concurrency, that holds plain.
func rafParallelFile(b *testing.B, alg raf.Algorithm, conc int, plain []byte) *raf.File {
	f, err := raf.Create(raf.NewMemStore(), make([]byte, alg.KeySize()), &raf.Options{Algorithm: alg, Concurrency: conc})
	if err != nil {
		b.Skip(err)
	}
	if _, err := f.WriteAt(plain, 0); err != nil {
		b.Fatal(err)
	}
	return f
}

// rafConcName names a Concurrency in benchmark names: "1" or "max".
func rafConcName(conc int) string {
	if conc == 0 {
		return "max"
	}
	return fmt.Sprint(conc)
}
