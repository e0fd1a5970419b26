// SPDX-License-Identifier: MIT

package main_test

import (
	"crypto/cipher"
	"testing"

	"github.com/aegisgo/aegis/common"
)

// BenchmarkNew times each constructor beside the least that New of a
// 16-byte key can cost: one allocation that holds a copy of the key
// (cipher=bare16, bare32 for 32-byte keys). AES-GCM's New, which expands
// its key, is there for scale. New's cost is mostly its one allocation, so
// compare the ratios:
//
//	go test -run '^$' -bench New -count 10 ./cmd/aegis-speed | tee new.txt
//	go run golang.org/x/perf/cmd/benchstat@latest -col /cipher new.txt
func BenchmarkNew(b *testing.B) {
	b.Run("cipher=bare16", func(b *testing.B) {
		key := make([]byte, 16)
		b.ReportAllocs()
		for range b.N {
			k := new([16]byte)
			*k = [16]byte(key)
			newSink = k
		}
	})
	b.Run("cipher=bare32", func(b *testing.B) {
		key := make([]byte, 32)
		b.ReportAllocs()
		for range b.N {
			k := new([32]byte)
			*k = [32]byte(key)
			newSink = k
		}
	})
	for _, c := range benchCiphers {
		b.Run("cipher="+c.name, func(b *testing.B) {
			key := make([]byte, c.key)
			if _, err := c.new(key); err != nil {
				if !common.Available {
					b.Skip(err)
				}
				b.Fatal(err)
			}
			b.ReportAllocs()
			for range b.N {
				a, _ := c.new(key)
				aeadSink = a
			}
		})
	}
}

var (
	newSink  any
	aeadSink cipher.AEAD
)
