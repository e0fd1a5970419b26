// SPDX-License-Identifier: MIT

package main_test

import (
	"crypto/cipher"
	"testing"

	"github.com/aegisgo/aegis/aegis128l"
	"github.com/aegisgo/aegis/aegis128x2"
	"github.com/aegisgo/aegis/aegis128x4"
	"github.com/aegisgo/aegis/aegis256"
	"github.com/aegisgo/aegis/aegis256x2"
	"github.com/aegisgo/aegis/aegis256x4"
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
//
// Each AEGIS variant's loop calls its New directly, as a program does and
// as the bare cases allocate directly: through benchCiphers' func values it
// would also time an indirect call and a closure that no user pays.
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
	// An AEGIS AEAD holds its key and a uint32 (core.AEADOf): 24 bytes
	// with a 16-byte key, 48 with a 32-byte one, the size classes above
	// bare16's and bare32's. bare24 and bare48 allocate those sizes, to
	// tell the cost of the size from that of New's code.
	b.Run("cipher=bare24", func(b *testing.B) {
		key := make([]byte, 16)
		b.ReportAllocs()
		for range b.N {
			k := new(keyAndIndex[[16]byte])
			k.key = [16]byte(key)
			k.i = 1
			newSink = k
		}
	})
	b.Run("cipher=bare48", func(b *testing.B) {
		key := make([]byte, 32)
		b.ReportAllocs()
		for range b.N {
			k := new(keyAndIndex[[32]byte])
			k.key = [32]byte(key)
			k.i = 1
			newSink = k
		}
	})
	// direct holds a loop of direct calls for each AEGIS variant in
	// benchCiphers.
	direct := map[string]func(b *testing.B, key []byte){
		"AEGIS-128L": func(b *testing.B, key []byte) {
			for range b.N {
				a, _ := aegis128l.New(key, 16)
				aeadSink = a
			}
		},
		"AEGIS-128X2": func(b *testing.B, key []byte) {
			for range b.N {
				a, _ := aegis128x2.New(key, 16)
				aeadSink = a
			}
		},
		"AEGIS-128X4": func(b *testing.B, key []byte) {
			for range b.N {
				a, _ := aegis128x4.New(key, 16)
				aeadSink = a
			}
		},
		"AEGIS-256": func(b *testing.B, key []byte) {
			for range b.N {
				a, _ := aegis256.New(key, 16)
				aeadSink = a
			}
		},
		"AEGIS-256X2": func(b *testing.B, key []byte) {
			for range b.N {
				a, _ := aegis256x2.New(key, 16)
				aeadSink = a
			}
		},
		"AEGIS-256X4": func(b *testing.B, key []byte) {
			for range b.N {
				a, _ := aegis256x4.New(key, 16)
				aeadSink = a
			}
		},
	}
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
			if loop, ok := direct[c.name]; ok {
				loop(b, key)
				return
			}
			for range b.N {
				a, _ := c.new(key)
				aeadSink = a
			}
		})
	}
}

// keyAndIndex has an AEGIS AEAD's size and layout.
type keyAndIndex[K [16]byte | [32]byte] struct {
	key K
	i   uint32
}

var (
	newSink  any
	aeadSink cipher.AEAD
)
