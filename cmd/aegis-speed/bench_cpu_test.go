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

// BenchmarkOneCPU is the workload of the pinned-CPU comparison (issue 15,
// BENCHMARKS.md "One CPU"): AEGIS-128L Seal at 16 B, 1 KiB and 64 KiB, and
// a SealBatch of 64 x 1 KiB, reporting the context switches of the whole
// process (every thread, voluntary and involuntary) per operation. Run it
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
			cs := ctxSwitches()
			for b.Loop() {
				a.Seal(dst, nonce, msg, nil)
			}
			b.ReportMetric(float64(ctxSwitches()-cs)/float64(b.N), "ctxsw/op")
		})
	}
	b.Run("batch=64x1024", func(b *testing.B) {
		const n = 64
		nonces, msgs, bufs, dst := make([][]byte, n), make([][]byte, n), make([][]byte, n), make([][]byte, n)
		for i := range n {
			nonces[i], msgs[i], bufs[i] = nonce, make([]byte, 1024), make([]byte, 0, 1024+16)
		}
		b.SetBytes(n * 1024)
		cs := ctxSwitches()
		for b.Loop() {
			copy(dst, bufs)
			x.SealBatch(dst, nonces, msgs, nil)
		}
		b.ReportMetric(float64(ctxSwitches()-cs)/float64(b.N), "ctxsw/op")
	})
}

// ctxSwitches sums the context switches of every thread of the process
// (Linux; 0 elsewhere).
func ctxSwitches() int64 {
	tasks, _ := filepath.Glob("/proc/self/task/*/status")
	var sum int64
	for _, t := range tasks {
		b, err := os.ReadFile(t)
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(b), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.HasSuffix(k, "ctxt_switches") {
				n, _ := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
				sum += n
			}
		}
	}
	return sum
}
