// SPDX-License-Identifier: MIT

package core

import (
	"fmt"
	"testing"
	"time"
)

// BenchmarkAsmRatio runs the C core and the assembly of every kernel with
// assembly on the same message in alternation, in rounds of calls long
// enough for the clock to be read, and reports the C core's time over the
// assembly's (above 1: the assembly is faster) and the assembly's time
// per byte. The crossovers and byte limits of asm.go come from it:
//
//	go test -run '^$' -bench '^BenchmarkAsmRatio$' -count 3 ./internal/core
func BenchmarkAsmRatio(b *testing.B) {
	for vi := range Variants {
		v := &Variants[vi]
		for _, k := range asmKernels(v) {
			for _, size := range []int{16, 64, 256, 1024, 4096, 16384, 65536} {
				b.Run(fmt.Sprintf("%s/%s/%d", v.Name, k, size), func(b *testing.B) {
					var c, x AEAD
					key := make([]byte, v.KeySize)
					if err := c.InitPath(v, key, 16, k, PathC); err != nil {
						b.Fatal(err)
					}
					if err := x.InitPath(v, key, 16, k, PathAsm); err != nil {
						b.Fatal(err)
					}
					m := make([]byte, size)
					dst := make([]byte, 0, size+16)
					nonce := make([]byte, v.NonceSize)
					round := 1 + 4096/size
					var tc, tx time.Duration
					for b.Loop() {
						t0 := time.Now()
						for range round {
							c.Seal(dst, nonce, m, nil)
						}
						t1 := time.Now()
						for range round {
							x.Seal(dst, nonce, m, nil)
						}
						tc += t1.Sub(t0)
						tx += time.Since(t1)
					}
					b.ReportMetric(float64(tc)/float64(tx), "C/asm")
					b.ReportMetric(float64(tx)/float64(b.N*round*size), "asm-ns/B")
				})
			}
		}
	}
}
