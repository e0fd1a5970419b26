// SPDX-License-Identifier: MIT

//go:build !without_aegis && !race

package core

import (
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

// TestWipeRaceNoCrash races Wipe against Seal and Open, which the API
// forbids: a call racing with Wipe may return garbage, but must not kill the
// process (a crash inside C cannot be recovered), and a call that starts
// after Wipe must panic in Go. Not under -race, where the misuse itself is
// what the detector reports.
func TestWipeRaceNoCrash(t *testing.T) {
	if runtime.GOARCH == "wasm" {
		// wasm runs goroutines one at a time and never preempts one, so
		// nothing races there: each worker would run its 2^20 calls to
		// the end before Wipe, for hours under node.
		t.Skip("no parallelism and no preemption on wasm: nothing to race")
	}
	rounds := 500
	if testing.Short() {
		rounds = 100
	}
	workers := max(2, runtime.GOMAXPROCS(0))
	key := make([]byte, 32)
	nonce := make([]byte, 32)
	msg := make([]byte, 64)
	for _, v := range Variants {
		v := v
		t.Run(v.Name, func(t *testing.T) {
			var a AEAD
			for r := 0; r < rounds; r++ {
				if err := a.Init(&Variants[v.ID], key[:v.KeySize], 16); err != nil {
					t.Fatal(err)
				}
				ct := a.Seal(nil, nonce[:v.NonceSize], msg, nil)
				var wg sync.WaitGroup
				var calls atomic.Int64
				for w := 0; w < workers; w++ {
					wg.Add(1)
					go func(w int) {
						defer wg.Done()
						out := make([]byte, 0, len(ct))
						for i := 0; i < 1<<20; i++ {
							calls.Add(1)
							if !callSurvives(t, func() {
								if w%2 == 0 {
									out = a.Seal(out[:0], nonce[:v.NonceSize], msg, nil)
								} else {
									out, _ = a.Open(out[:0], nonce[:v.NonceSize], ct, nil)
								}
							}) {
								return
							}
						}
					}(w)
				}
				for calls.Load() < int64(4*workers) {
					runtime.Gosched()
				}
				a.Wipe()
				wg.Wait()
				// After Wipe, every call panics in Go.
				if callSurvives(t, func() { a.Seal(nil, nonce[:v.NonceSize], msg, nil) }) {
					t.Fatal("Seal after Wipe did not panic")
				}
			}
		})
	}
}

// callSurvives runs f and reports whether it returned normally; a panic
// must be the AEAD's own "used after Wipe" panic.
func callSurvives(t *testing.T, f func()) (ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if s, isStr := r.(string); !isStr || !strings.Contains(s, "after Wipe") {
				t.Errorf("unexpected panic: %v", r)
			}
			ok = false
		}
	}()
	f()
	return true
}
