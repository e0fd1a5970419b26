// SPDX-License-Identifier: MIT

package raf

import (
	"fmt"
	"slices"
	"testing"
	"time"
)

// BenchmarkParallelThreshold measures where a parallel call starts to pay:
// for calls of a few chunks up to 1 MiB, at the smallest and the default
// chunk size, it times a WriteAt and a ReadAt on one goroutine
// (Concurrency 1) and on two (Concurrency 2, with every call of two
// chunks or more made parallel) in alternation, and reports the median
// over rounds of the first time over the second: above 1, two goroutines
// are faster. parMinShare is set from where both ratios stay above 1 on
// a machine with a core to spare:
//
//	go test -run '^$' -bench '^BenchmarkParallelThreshold$' -count 4 ./raf
func BenchmarkParallelThreshold(b *testing.B) {
	needCore(b)
	for _, cs := range []int{MinChunkSize, DefaultChunk} {
		for _, size := range []int{32 << 10, 64 << 10, 128 << 10, 256 << 10, 512 << 10, 1 << 20} {
			if size < 2*cs {
				continue
			}
			b.Run(fmt.Sprintf("cs=%d/size=%d", cs, size), func(b *testing.B) {
				old := minShareBytes
				minShareBytes = 1
				defer func() { minShareBytes = old }()
				p := make([]byte, size)
				files := [2]*File{}
				for i, conc := range []int{1, 2} {
					f, err := Create(NewMemStore(), seq(16), &Options{ChunkSize: cs, Concurrency: conc})
					if err != nil {
						b.Fatal(err)
					}
					defer f.Close()
					f.WriteAt(p, 0)
					files[i] = f
				}
				timed := func(fn func()) time.Duration {
					t0 := time.Now()
					fn()
					return time.Since(t0)
				}
				var wr, rd []float64
				for b.Loop() {
					for i, op := range []func(*File){
						func(f *File) { f.WriteAt(p, 0) },
						func(f *File) { f.ReadAt(p, 0) },
					} {
						// Alternate which side goes first.
						first := len(wr) % 2
						var t [2]time.Duration
						t[first] = timed(func() { op(files[first]) })
						t[1-first] = timed(func() { op(files[1-first]) })
						r := float64(t[0]) / float64(max(t[1], 1))
						if i == 0 {
							wr = append(wr, r)
						} else {
							rd = append(rd, r)
						}
					}
				}
				median := func(r []float64) float64 {
					slices.Sort(r)
					return r[len(r)/2]
				}
				b.ReportMetric(median(wr), "write-speedup")
				b.ReportMetric(median(rd), "read-speedup")
			})
		}
	}
}
