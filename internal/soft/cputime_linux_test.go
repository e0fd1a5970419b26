// SPDX-License-Identifier: MIT

//go:build linux

package soft_test

import (
	"errors"
	"flag"
	"fmt"
	"runtime"
	"sort"
	"syscall"
	"testing"

	"github.com/aegisgo/aegis/common"
	"github.com/aegisgo/aegis/internal/core"
	"github.com/aegisgo/aegis/internal/soft"
)

var cpuTime = flag.Bool("soft.cputime", false, "run TestCPUTime: the Go and C soft kernels in thread CPU time")

// TestCPUTime seals each case with this package and with the C core's
// soft kernel in alternating rounds, timing each round in the thread's CPU
// time, and prints the medians and C time over Go time. On a loaded
// machine wall-clock benchmarks (BenchmarkCompare) move by tens of
// percent from one round to the next; time a thread spends descheduled
// does not count here. It runs only when asked:
//
//	go test -run TestCPUTime -v ./internal/soft -soft.cputime
func TestCPUTime(t *testing.T) {
	if !*cpuTime {
		t.Skip("run with -soft.cputime")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for _, v := range []*core.Variant{core.AEGIS128L, core.AEGIS128X2, core.AEGIS128X4,
		core.AEGIS256, core.AEGIS256X2, core.AEGIS256X4} {
		fam128 := v.KeySize == 16
		d := v.Rate / 16
		if fam128 {
			d = v.Rate / 32
		}
		for _, n := range []int{16, 1024, 16384} {
			key, nonce := make([]byte, v.KeySize), make([]byte, v.NonceSize)
			msg, ad, tag := make([]byte, n), make([]byte, 13), make([]byte, 16)
			var a core.AEAD
			err := a.InitPath(v, key, 16, core.KernelSoft, core.PathC)
			if errors.Is(err, common.ErrNotAvailable) {
				t.Skip("no C core in this build")
			} else if err != nil {
				t.Fatal(err)
			}
			dst := make([]byte, 0, n+16)
			iters := 200000 / (n/16 + 8)
			var g, c []float64
			for range 21 {
				t0 := threadCPU(t)
				for range iters {
					if fam128 {
						soft.Seal128(d, msg, tag, key, nonce, msg, ad)
					} else {
						soft.Seal256(d, msg, tag, key, nonce, msg, ad)
					}
				}
				t1 := threadCPU(t)
				for range iters {
					a.Seal(dst, nonce, msg, ad)
				}
				t2 := threadCPU(t)
				g = append(g, float64(t1-t0)/float64(iters))
				c = append(c, float64(t2-t1)/float64(iters))
			}
			sort.Float64s(g)
			sort.Float64s(c)
			rate := func(ns float64) string {
				if n == 16 {
					return fmt.Sprintf("%.2f us", ns/1000)
				}
				return fmt.Sprintf("%.0f MB/s", float64(n)/ns*1000)
			}
			t.Logf("%s %d: go %s, c %s, c/go time %.2f", v.Name, n, rate(g[10]), rate(c[10]), c[10]/g[10])
		}
	}
}

// threadCPU returns the CPU time of the calling thread in nanoseconds.
func threadCPU(t *testing.T) int64 {
	const rusageThread = 1 // RUSAGE_THREAD, Linux
	var ru syscall.Rusage
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		t.Fatal(err)
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
