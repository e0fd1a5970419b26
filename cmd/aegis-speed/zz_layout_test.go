package main_test

import (
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/aegisgo/aegis/aegis128l"
)

func BenchmarkZZLayout(b *testing.B) {
	const n, size = 32, 4096
	for _, ostride := range []int{4096 + 16, 4096 + 64, 4096 + 768, 4864, 8192, 4096 + 2048, 4096 + 1024} {
		for _, ioff := range []int{0, 64, 2048} {
			b.Run(fmt.Sprintf("ostride=%d/ioff=%d", ostride, ioff), func(b *testing.B) {
				aa, _ := aegis128l.New(make([]byte, 16), 16); a := aa.(*aegis128l.Aegis128L)
				islab := make([]byte, n*8192+8192)
				oslab := make([]byte, n*ostride+8192)
				nonces, msgs, ads, bufs, dst := make([][]byte, n), make([][]byte, n), make([][]byte, n), make([][]byte, n), make([][]byte, n)
				for i := range n {
					nonces[i] = make([]byte, 16)
					msgs[i] = islab[i*4096+ioff : i*4096+ioff+size]
					ads[i] = make([]byte, 13)
					bufs[i] = oslab[i*ostride : i*ostride : i*ostride+size+16]
				}
				var tl, tb time.Duration
				for b.Loop() {
					t0 := time.Now()
					for i := range n {
						a.Seal(bufs[i], nonces[i], msgs[i], ads[i])
					}
					t1 := time.Now()
					copy(dst, bufs)
					a.SealBatch(dst, nonces, msgs, ads)
					t2 := time.Now()
					tl += t1.Sub(t0)
					tb += t2.Sub(t1)
				}
				N := float64(b.N * n)
				b.ReportMetric(float64(tl)/N, "loopns")
				b.ReportMetric(float64(tb)/N, "batchns")
				b.ReportMetric(float64(tl)/float64(tb), "x")
			})
		}
	}
}

func BenchmarkZZOnly(b *testing.B) {
	n, size := 32, 4096
	if os.Getenv("ZZSHORT") != "" {
		n, size = 256, 64
	}
	if os.Getenv("ZZTINY") != "" {
		n, size = 3, 64
	}
	aa, _ := aegis128l.New(make([]byte, 16), 16)
	a := aa.(*aegis128l.Aegis128L)
	nonces, msgs, ads, bufs, dst := make([][]byte, n), make([][]byte, n), make([][]byte, n), make([][]byte, n), make([][]byte, n)
	for i := range n {
		nonces[i] = make([]byte, 16)
		msgs[i] = make([]byte, size)
		ads[i] = make([]byte, 13)
		bufs[i] = make([]byte, 0, size+16)
	}
	b.SetBytes(int64(n * size))
	for b.Loop() {
		copy(dst, bufs)
		a.SealBatch(dst, nonces, msgs, ads)
	}
}

func BenchmarkZZOpen(b *testing.B) {
	n, size := 32, 4096
	if os.Getenv("ZZSHORT") != "" {
		n, size = 256, 64
	}
	aa, _ := aegis128l.New(make([]byte, 16), 16)
	a := aa.(*aegis128l.Aegis128L)
	nonces, cts, ads, bufs, dst := make([][]byte, n), make([][]byte, n), make([][]byte, n), make([][]byte, n), make([][]byte, n)
	for i := range n {
		nonces[i] = make([]byte, 16)
		ads[i] = make([]byte, 13)
		cts[i] = a.Seal(nil, nonces[i], make([]byte, size), ads[i])
		bufs[i] = make([]byte, 0, size+16)
	}
	b.SetBytes(int64(n * size))
	for b.Loop() {
		copy(dst, bufs)
		if _, err := a.OpenBatch(dst, nonces, cts, ads); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkZZSmall(b *testing.B) {
	for _, n := range []int{1, 2, 3, 4, 8, 16} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			aa, _ := aegis128l.New(make([]byte, 16), 16)
			a := aa.(*aegis128l.Aegis128L)
			nonces, msgs, ads, bufs, dst := make([][]byte, n), make([][]byte, n), make([][]byte, n), make([][]byte, n), make([][]byte, n)
			for i := range n {
				nonces[i] = make([]byte, 16)
				msgs[i] = make([]byte, 64)
				ads[i] = make([]byte, 13)
				bufs[i] = make([]byte, 0, 80)
			}
			var tl, tb time.Duration
			for b.Loop() {
				t0 := time.Now()
				for i := range n {
					a.Seal(bufs[i], nonces[i], msgs[i], ads[i])
				}
				t1 := time.Now()
				copy(dst, bufs)
				a.SealBatch(dst, nonces, msgs, ads)
				tl += t1.Sub(t0)
				tb += time.Since(t1)
			}
			b.ReportMetric(float64(tl)/float64(tb), "x")
		})
	}
}

func BenchmarkZZOne(b *testing.B) {
	n := 1
	if s := os.Getenv("ZZN"); s != "" {
		fmt.Sscan(s, &n)
	}
	aa, _ := aegis128l.New(make([]byte, 16), 16)
	a := aa.(*aegis128l.Aegis128L)
	nonces, msgs, ads, bufs, dst := make([][]byte, n), make([][]byte, n), make([][]byte, n), make([][]byte, n), make([][]byte, n)
	for i := range n {
		nonces[i] = make([]byte, 16)
		msgs[i] = make([]byte, 64)
		ads[i] = make([]byte, 13)
		bufs[i] = make([]byte, 0, 80)
	}
	for b.Loop() {
		copy(dst, bufs)
		a.SealBatch(dst, nonces, msgs, ads)
	}
}
