// SPDX-License-Identifier: MIT

package core

import (
	"fmt"
	"math"
	"strconv"
	"testing"
)

// TestInitNew: Init16 and Init32, the variant packages' New, make the
// AEAD that Init makes, or return its error, for every variant, key length
// and tag length, good or not.
func TestInitNew(t *testing.T) {
	// 16 + 1<<32 is 16 in a uint32: where int is 32 bits (linux/386),
	// the list has 17 in its place.
	tagLens := []int{16, 32, -16, -1, 0, 1, 8, 15, 17, 24, 31, 33, 48, 64, 16 + 1<<(strconv.IntSize-32), math.MinInt, math.MaxInt}
	for id := range Variants {
		v := &Variants[id]
		for _, keyLen := range []int{0, 1, 15, 16, 17, 31, 32, 33, 64} {
			for _, tagLen := range tagLens {
				key := make([]byte, keyLen)
				for i := range key {
					key[i] = byte(i*7 + id + 1)
				}
				// Init16 against Init of the same AEAD16, Init32 of an AEAD.
				var err, wantErr error
				var got, want any
				if v.KeySize == 16 {
					var a, w AEAD16
					err, wantErr = Init16(&a, id, key, tagLen), w.Init(v, key, tagLen)
					got, want = a, w
				} else {
					var a, w AEAD
					err, wantErr = Init32(&a, id, key, tagLen), w.Init(v, key, tagLen)
					got, want = a, w
				}
				name := fmt.Sprintf("%s with a %d-byte key and tagLen %d", v.Name, keyLen, tagLen)
				if err != wantErr {
					t.Errorf("%s: error %v, want Init's %v", name, err, wantErr)
				} else if got != want {
					t.Errorf("%s: AEAD %x, want Init's %x", name, got, want)
				}
			}
		}
	}
}
