// SPDX-License-Identifier: MIT

package main_test

import (
	"fmt"
	"hash"
	"testing"

	"github.com/aegisgo/aegis/aegis128l"
	"github.com/aegisgo/aegis/aegis128x2"
	"github.com/aegisgo/aegis/aegis128x4"
	"github.com/aegisgo/aegis/aegis256"
	"github.com/aegisgo/aegis/aegis256x2"
	"github.com/aegisgo/aegis/aegis256x4"
	"github.com/aegisgo/aegis/common"
)

// The incremental and MAC benchmarks use the sizes and cipher names of
// BenchmarkSeal, so that one benchstat table sets them side by side:
//
//	go test -run '^$' -bench 'Seal|Incremental|MAC' -count 10 ./cmd/aegis-speed | tee bench.txt
//	go run golang.org/x/perf/cmd/benchstat@latest -row /size -col .name bench.txt
//
// BenchmarkIncremental encrypts a long message with one Encrypter, one
// EncryptTo of size bytes per operation: the steady cost of encrypting in
// pieces of that size, to compare with Seal of the same size.
// BenchmarkIncrementalMessage encrypts each message with a new Encrypter,
// in pieces of incrementalChunk bytes, and takes the tag: the whole cost,
// allocation and finalization included. BenchmarkMAC resets one MAC,
// writes the message at once and appends the tag to a buffer with room.

const incrementalChunk = 16 << 10

type encrypter interface {
	EncryptTo(dst, p []byte) []byte
	AppendEncrypt(dst, p []byte) []byte
	Final() []byte
}

type streamBenchCipher struct {
	name string
	key  int
	enc  func(key, nonce, ad []byte) (encrypter, error)
	mac  func(key []byte) (hash.Hash, error)
}

// asEncrypter and asMAC turn a package's constructor into the benchmark's,
// returning a nil interface with an error.
func asEncrypter[E encrypter](f func(key, nonce, ad []byte, tagLen int) (E, error)) func(key, nonce, ad []byte) (encrypter, error) {
	return func(key, nonce, ad []byte) (encrypter, error) {
		e, err := f(key, nonce, ad, 16)
		if err != nil {
			return nil, err
		}
		return e, nil
	}
}

func asMAC[M hash.Hash](f func(key, nonce []byte, tagLen int) (M, error)) func(key []byte) (hash.Hash, error) {
	return func(key []byte) (hash.Hash, error) {
		m, err := f(key, nil, 16)
		if err != nil {
			return nil, err
		}
		return m, nil
	}
}

var streamBenchCiphers = []streamBenchCipher{
	{"AEGIS-128L", 16, asEncrypter(aegis128l.NewEncrypter), asMAC(aegis128l.NewMAC)},
	{"AEGIS-128X2", 16, asEncrypter(aegis128x2.NewEncrypter), asMAC(aegis128x2.NewMAC)},
	{"AEGIS-128X4", 16, asEncrypter(aegis128x4.NewEncrypter), asMAC(aegis128x4.NewMAC)},
	{"AEGIS-256", 32, asEncrypter(aegis256.NewEncrypter), asMAC(aegis256.NewMAC)},
	{"AEGIS-256X2", 32, asEncrypter(aegis256x2.NewEncrypter), asMAC(aegis256x2.NewMAC)},
	{"AEGIS-256X4", 32, asEncrypter(aegis256x4.NewEncrypter), asMAC(aegis256x4.NewMAC)},
}

func skipUnavailable(b *testing.B, err error) {
	b.Helper()
	if !common.Available {
		b.Skip(err)
	}
	b.Fatal(err)
}

func BenchmarkIncremental(b *testing.B) {
	for _, size := range benchSizes {
		for _, c := range streamBenchCiphers {
			b.Run(fmt.Sprintf("size=%d/cipher=%s", size, c.name), func(b *testing.B) {
				key, nonce := make([]byte, c.key), make([]byte, c.key)
				e, err := c.enc(key, nonce, make([]byte, 13))
				if err != nil {
					skipUnavailable(b, err)
				}
				msg, dst := make([]byte, size), make([]byte, 0, size)
				b.SetBytes(int64(size))
				b.ReportAllocs()
				b.ResetTimer()
				for range b.N {
					e.EncryptTo(dst, msg)
				}
			})
		}
	}
}

func BenchmarkIncrementalMessage(b *testing.B) {
	for _, size := range benchSizes {
		for _, c := range streamBenchCiphers {
			b.Run(fmt.Sprintf("size=%d/cipher=%s", size, c.name), func(b *testing.B) {
				key, nonce := make([]byte, c.key), make([]byte, c.key)
				msg, ad := make([]byte, size), make([]byte, 13)
				dst := make([]byte, 0, size)
				if _, err := c.enc(key, nonce, ad); err != nil {
					skipUnavailable(b, err)
				}
				b.SetBytes(int64(size))
				b.ReportAllocs()
				b.ResetTimer()
				for range b.N {
					e, _ := c.enc(key, nonce, ad)
					out := dst[:0]
					for p := msg; len(p) > 0; {
						n := min(len(p), incrementalChunk)
						out = e.AppendEncrypt(out, p[:n])
						p = p[n:]
					}
					e.Final()
				}
			})
		}
	}
}

func BenchmarkMAC(b *testing.B) {
	for _, size := range benchSizes {
		for _, c := range streamBenchCiphers {
			b.Run(fmt.Sprintf("size=%d/cipher=%s", size, c.name), func(b *testing.B) {
				m, err := c.mac(make([]byte, c.key))
				if err != nil {
					skipUnavailable(b, err)
				}
				msg, tag := make([]byte, size), make([]byte, 0, 32)
				b.SetBytes(int64(size))
				b.ReportAllocs()
				b.ResetTimer()
				for range b.N {
					m.Reset()
					m.Write(msg)
					m.Sum(tag[:0])
				}
			})
		}
	}
}
