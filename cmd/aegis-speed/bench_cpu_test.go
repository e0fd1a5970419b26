// SPDX-License-Identifier: MIT

package main_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/aegisgo/aegis/aegis128l"
)

// BenchmarkOneCPU is the workload of the pinned-CPU comparison
// (BENCHMARKS.md "One CPU"): AEGIS-128L Seal at 16 B, 1 KiB and 64 KiB, a
// SealBatch of 64 x 1 KiB, and AES-128-GCM's Seal of 1 KiB, the
// reference of what pinning costs code that makes no cgo call. It reports
// the context switches of the whole
// process (every thread) per operation: voluntary ones (a thread of the
// process went to sleep: the runtime's futex waits) and involuntary ones
// (the kernel preempted it for another thread, here often another
// process on a shared machine). Run it
// pinned and unpinned in alternation:
//
//	for i in 1 2 3 4 5 6; do
//	  taskset -c 0 env GOMAXPROCS=1 go test -run '^$' -bench '^BenchmarkOneCPU$' ./cmd/aegis-speed | sed 's/OneCPU/OneCPU\/cpu=pinned/'
//	  go test -run '^$' -bench '^BenchmarkOneCPU$' ./cmd/aegis-speed | sed 's/OneCPU/OneCPU\/cpu=free/'
//	done | tee onecpu.txt
func BenchmarkOneCPU(b *testing.B) {
	a, err := aegis128l.New(make([]byte, aegis128l.KeySize), 16)
	if err != nil {
		b.Skip(err)
	}
	x := a.(*aegis128l.Aegis128L)
	nonce := make([]byte, aegis128l.NonceSize)
	for _, size := range []int{16, 1024, 65536} {
		b.Run("seal="+strconv.Itoa(size), func(b *testing.B) {
			msg, dst := make([]byte, size), make([]byte, 0, size+16)
			b.SetBytes(int64(size))
			v0, i0 := ctxSwitches()
			for b.Loop() {
				a.Seal(dst, nonce, msg, nil)
			}
			reportSwitches(b, v0, i0)
		})
	}
	b.Run("gcm-seal=1024", func(b *testing.B) {
		g, err := gcm(make([]byte, 16))
		if err != nil {
			b.Fatal(err)
		}
		msg, dst := make([]byte, 1024), make([]byte, 0, 1024+16)
		b.SetBytes(1024)
		v0, i0 := ctxSwitches()
		for b.Loop() {
			g.Seal(dst, nonce[:12], msg, nil)
		}
		reportSwitches(b, v0, i0)
	})
	b.Run("batch=64x1024", func(b *testing.B) {
		const n = 64
		nonces, msgs, bufs, dst := make([][]byte, n), make([][]byte, n), make([][]byte, n), make([][]byte, n)
		for i := range n {
			nonces[i], msgs[i], bufs[i] = nonce, make([]byte, 1024), make([]byte, 0, 1024+16)
		}
		b.SetBytes(n * 1024)
		v0, i0 := ctxSwitches()
		for b.Loop() {
			copy(dst, bufs)
			x.SealBatch(dst, nonces, msgs, nil)
		}
		reportSwitches(b, v0, i0)
	})
}

func reportSwitches(b *testing.B, v0, i0 int64) {
	v, i := ctxSwitches()
	b.ReportMetric(float64(v-v0)/float64(b.N)*1e6, "vcsw/Mop")
	b.ReportMetric(float64(i-i0)/float64(b.N)*1e6, "icsw/Mop")
}

// ctxSwitches sums the voluntary and the involuntary context switches of
// every thread of the process (Linux; 0 elsewhere).
func ctxSwitches() (vol, invol int64) {
	tasks, _ := filepath.Glob("/proc/self/task/*/status")
	for _, t := range tasks {
		b, err := os.ReadFile(t)
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(b), "\n") {
			k, v, _ := strings.Cut(line, ":")
			n, _ := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
			switch k {
			case "voluntary_ctxt_switches":
				vol += n
			case "nonvoluntary_ctxt_switches":
				invol += n
			}
		}
	}
	return vol, invol
}
