// SPDX-License-Identifier: MIT

package main_test

import (
	"crypto/cipher"
	"crypto/rand"
	"fmt"
	"testing"
	"time"

	"github.com/aegisgo/aegis/aegis128l"
	"github.com/aegisgo/aegis/aegis128x2"
	"github.com/aegisgo/aegis/aegis128x4"
	"github.com/aegisgo/aegis/aegis256"
	"github.com/aegisgo/aegis/aegis256x2"
	"github.com/aegisgo/aegis/aegis256x4"
	"github.com/aegisgo/aegis/common"
)

// randomCiphers are the variants' NewWithRandomNonce, in benchCiphers'
// order.
var randomCiphers = []func([]byte, int) (cipher.AEAD, error){
	aegis128l.NewWithRandomNonce, aegis128x2.NewWithRandomNonce, aegis128x4.NewWithRandomNonce,
	aegis256.NewWithRandomNonce, aegis256x2.NewWithRandomNonce, aegis256x4.NewWithRandomNonce,
}

// randomRunners returns one Seal of size bytes through New with a fixed
// nonce, one through NewWithRandomNonce, and one crypto/rand read of the
// nonce's size, each with room in dst.
func randomRunners(b *testing.B, i, size int) (plain, random, read func()) {
	c := benchCiphers[i]
	key := make([]byte, c.key)
	a, err := c.new(key)
	if err != nil {
		if !common.Available {
			b.Skip(err)
		}
		b.Fatal(err)
	}
	r, err := randomCiphers[i](key, 16)
	if err != nil {
		b.Fatal(err)
	}
	nonce := make([]byte, a.NonceSize())
	msg, ad := make([]byte, size), make([]byte, 13)
	dst := make([]byte, 0, size+r.Overhead())
	plain = func() { a.Seal(dst[:0], nonce, msg, ad) }
	random = func() { r.Seal(dst[:0], nil, msg, ad) }
	read = func() { rand.Read(nonce) }
	return plain, random, read
}

// BenchmarkRandomNonce times a Seal through New with the caller's nonce
// (op=new), a Seal through NewWithRandomNonce (op=random) and a bare
// crypto/rand read of the nonce's size (op=randread), apart:
//
//	go test -run '^$' -bench '^BenchmarkRandomNonce$' -count 10 ./cmd/aegis-speed
func BenchmarkRandomNonce(b *testing.B) {
	for _, size := range []int{16, 1024} {
		for i := range randomCiphers {
			for _, op := range []string{"new", "random", "randread"} {
				b.Run(fmt.Sprintf("size=%d/cipher=%s/op=%s", size, benchCiphers[i].name, op), func(b *testing.B) {
					plain, random, read := randomRunners(b, i, size)
					f := map[string]func(){"new": plain, "random": random, "randread": read}[op]
					if op != "randread" {
						b.SetBytes(int64(size))
					}
					b.ReportAllocs()
					for b.Loop() {
						f()
					}
				})
			}
		}
	}
}

// repeat runs f 32 times: timed in runs, the calls share the clock reads'
// cost, which would otherwise add the same to each of three short times and
// skew their ratios.
func repeat(f func()) {
	for range 32 {
		f()
	}
}

// BenchmarkRandomNonceRatio runs the three of BenchmarkRandomNonce in
// alternation inside one loop, so that they see the same moments of a
// noisy machine, and reports the cost of NewWithRandomNonce's Seal over
// New's in crypto/rand reads (extra/read: (random-new)/randread, at most 1
// when it costs at most one read more) and against New's Seal plus a read
// done by hand (random/(new+read)):
//
//	go test -run '^$' -bench '^BenchmarkRandomNonceRatio$' -count 10 ./cmd/aegis-speed
func BenchmarkRandomNonceRatio(b *testing.B) {
	for _, size := range []int{16, 1024} {
		for i := range randomCiphers {
			b.Run(fmt.Sprintf("size=%d/cipher=%s", size, benchCiphers[i].name), func(b *testing.B) {
				plain, random, read := randomRunners(b, i, size)
				var tPlain, tRandom, tRead time.Duration
				for b.Loop() {
					t0 := time.Now()
					repeat(plain)
					t1 := time.Now()
					repeat(random)
					t2 := time.Now()
					repeat(read)
					t3 := time.Now()
					tPlain += t1.Sub(t0)
					tRandom += t2.Sub(t1)
					tRead += t3.Sub(t2)
				}
				b.ReportMetric(float64(tRandom-tPlain)/float64(tRead), "extra/read")
				b.ReportMetric(float64(tRandom)/float64(tPlain+tRead), "random/(new+read)")
			})
		}
	}
}
