// SPDX-License-Identifier: MIT

package soft

import (
	"fmt"
	"testing"
)

var benchSizes = []int{16, 1024, 16384, 1 << 20}

// BenchmarkSeal seals a message of each size with 13 bytes of ad and a
// 16-byte tag, in place.
func BenchmarkSeal(b *testing.B) {
	for _, v := range variants {
		for _, n := range benchSizes {
			b.Run(fmt.Sprintf("%s/%d", v.pkg, n), func(b *testing.B) {
				key, nonce := make([]byte, v.keySize()), make([]byte, v.keySize())
				msg, ad, tag := make([]byte, n), make([]byte, 13), make([]byte, 16)
				b.SetBytes(int64(n))
				b.ReportAllocs()
				for b.Loop() {
					v.seal(msg, tag, key, nonce, msg, ad)
				}
			})
		}
	}
}

// BenchmarkOpen opens what BenchmarkSeal seals.
func BenchmarkOpen(b *testing.B) {
	for _, v := range variants {
		for _, n := range benchSizes {
			b.Run(fmt.Sprintf("%s/%d", v.pkg, n), func(b *testing.B) {
				key, nonce := make([]byte, v.keySize()), make([]byte, v.keySize())
				msg, ad, tag := make([]byte, n), make([]byte, 13), make([]byte, 16)
				v.seal(msg, tag, key, nonce, msg, ad)
				pt := make([]byte, n)
				b.SetBytes(int64(n))
				b.ReportAllocs()
				for b.Loop() {
					if !v.open(pt, key, nonce, msg, tag, ad) {
						b.Fatal("Open fails")
					}
				}
			})
		}
	}
}
