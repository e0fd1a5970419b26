package aegis_test

import (
	"crypto/cipher"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/aegisgo/aegis/aegis128l"
	"github.com/aegisgo/aegis/aegis128x2"
	"github.com/aegisgo/aegis/aegis128x4"
	"github.com/aegisgo/aegis/aegis256"
	"github.com/aegisgo/aegis/aegis256x2"
	"github.com/aegisgo/aegis/aegis256x4"
	"github.com/aegisgo/aegis/raf"
)

// BenchmarkRAF compares RAF's sequential throughput with the variant's
// one-shot Seal on messages of the chunk size, in the same run:
//
//	go test -run '^$' -bench RAF -count 10 . | tee raf.txt
//	go run golang.org/x/perf/cmd/benchstat@latest -col /op raf.txt
//
// The ratio write (or read) : seal64K is the cost of the format: a random
// nonce per chunk, the copy to and from the store, the header.

const (
	rafFileSize = 64 << 20
	rafChunk    = 64 << 10
)

var rafVariants = []struct {
	alg raf.Algorithm
	new func([]byte, int) (cipher.AEAD, error)
}{
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

func BenchmarkRAF(b *testing.B) {
	buf := make([]byte, rafChunk)
	for _, v := range rafVariants {
		alg := v.alg
		b.Run(fmt.Sprintf("op=seal64K/alg=%v", alg), func(b *testing.B) {
			a, err := v.new(make([]byte, alg.KeySize()), 16)
			if err != nil {
				b.Skip(err)
			}
			nonce := make([]byte, a.NonceSize())
			out := make([]byte, 0, rafChunk+16)
			b.SetBytes(rafChunk)
			for b.Loop() {
				a.Seal(out, nonce, buf, nil)
			}
		})
		// The same sealing, chunk by chunk, into a 64 MiB buffer: the
		// memory traffic of RAF without the format. On a machine whose
		// kernel seals faster than memory is written, this, not seal64K,
		// is the bound.
		b.Run(fmt.Sprintf("op=seal64MiB/alg=%v", alg), func(b *testing.B) {
			a, err := v.new(make([]byte, alg.KeySize()), 16)
			if err != nil {
				b.Skip(err)
			}
			nonce := make([]byte, a.NonceSize())
			rec := rafChunk + 16
			out := make([]byte, rafFileSize/rafChunk*rec)
			b.SetBytes(rafFileSize)
			for b.Loop() {
				for i := 0; i < len(out); i += rec {
					a.Seal(out[i:i], nonce, buf, nil)
				}
			}
		})
		b.Run(fmt.Sprintf("op=write/alg=%v", alg), func(b *testing.B) {
			st := raf.NewMemStore()
			b.SetBytes(rafFileSize)
			for b.Loop() {
				f := rafBenchFile(b, alg, st)
				for off := int64(0); off < rafFileSize; off += rafChunk {
					if _, err := f.WriteAt(buf, off); err != nil {
						b.Fatal(err)
					}
				}
				f.Close()
			}
		})
		b.Run(fmt.Sprintf("op=read/alg=%v", alg), func(b *testing.B) {
			st := raf.NewMemStore()
			f := rafBenchFile(b, alg, st)
			f.Truncate(rafFileSize)
			b.SetBytes(rafFileSize)
			for b.Loop() {
				for off := int64(0); off < rafFileSize; off += rafChunk {
					if _, err := f.ReadAt(buf, off); err != nil {
						b.Fatal(err)
					}
				}
			}
			f.Close()
		})
	}
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
