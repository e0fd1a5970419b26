// SPDX-License-Identifier: MIT

package main_test

import (
	"crypto/aes"
	"crypto/cipher"
	"fmt"
	"testing"

	"golang.org/x/crypto/chacha20poly1305"

	"github.com/aegisgo/aegis/aegis128l"
	"github.com/aegisgo/aegis/aegis128x2"
	"github.com/aegisgo/aegis/aegis128x4"
	"github.com/aegisgo/aegis/aegis256"
	"github.com/aegisgo/aegis/aegis256x2"
	"github.com/aegisgo/aegis/aegis256x4"
	"github.com/aegisgo/aegis/common"
)

// The benchmarks put every AEGIS variant and the standard library's
// AES-GCM and x/crypto's ChaCha20-Poly1305 in one run, so that their ratios
// can be read from one benchstat table. They live beside the speed tool, in
// its own module, so that x/crypto stays out of the library's module graph;
// from the repository root (the go.work there includes this module):
//
//	go test -run '^$' -bench . -count 10 ./cmd/aegis-speed | tee bench.txt
//	go run golang.org/x/perf/cmd/benchstat@latest -col /cipher bench.txt

var benchSizes = []int{16, 64, 256, 1024, 4096, 16384, 65536, 1 << 20}

type benchCipher struct {
	name string
	new  func(key []byte) (cipher.AEAD, error)
	key  int
}

func gcm(key []byte) (cipher.AEAD, error) {
	b, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(b)
}

func tag16(f func([]byte, int) (cipher.AEAD, error)) func([]byte) (cipher.AEAD, error) {
	return func(k []byte) (cipher.AEAD, error) { return f(k, 16) }
}

var benchCiphers = []benchCipher{
	{"AEGIS-128L", tag16(aegis128l.New), 16},
	{"AEGIS-128X2", tag16(aegis128x2.New), 16},
	{"AEGIS-128X4", tag16(aegis128x4.New), 16},
	{"AEGIS-256", tag16(aegis256.New), 32},
	{"AEGIS-256X2", tag16(aegis256x2.New), 32},
	{"AEGIS-256X4", tag16(aegis256x4.New), 32},
	{"AES-128-GCM", gcm, 16},
	{"AES-256-GCM", gcm, 32},
	{"ChaCha20-Poly1305", chacha20poly1305.New, 32},
}

func benchAEAD(b *testing.B, open bool) {
	for _, size := range benchSizes {
		for _, c := range benchCiphers {
			b.Run(fmt.Sprintf("size=%d/cipher=%s", size, c.name), func(b *testing.B) {
				a, err := c.new(make([]byte, c.key))
				if err != nil {
					if !common.Available {
						b.Skip(err)
					}
					b.Fatal(err)
				}
				nonce := make([]byte, a.NonceSize())
				msg := make([]byte, size)
				ad := make([]byte, 13)
				ct := a.Seal(nil, nonce, msg, ad)
				dst := make([]byte, 0, size+a.Overhead())
				b.SetBytes(int64(size))
				b.ReportAllocs()
				b.ResetTimer()
				if open {
					for range b.N {
						if _, err := a.Open(dst[:0], nonce, ct, ad); err != nil {
							b.Fatal(err)
						}
					}
				} else {
					for range b.N {
						a.Seal(dst[:0], nonce, msg, ad)
					}
				}
			})
		}
	}
}

func BenchmarkSeal(b *testing.B) { benchAEAD(b, false) }
func BenchmarkOpen(b *testing.B) { benchAEAD(b, true) }
