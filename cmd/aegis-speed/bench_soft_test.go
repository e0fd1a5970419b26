// SPDX-License-Identifier: MIT

package main_test

import (
	"crypto/cipher"
	"fmt"
	"testing"

	"golang.org/x/crypto/chacha20poly1305"

	"github.com/aegisgo/aegis/common"
	"github.com/aegisgo/aegis/internal/core"
)

// BenchmarkSoft seals with what a CPU without AES instructions runs, in
// one run: the constant-time Go kernel (impl=soft, internal/soft, through
// the Go engine), the C core's vperm kernel (impl=vperm, in cgo builds
// where the CPU runs it), the standard
// library's AES-GCM and x/crypto's ChaCha20-Poly1305. For the last two to
// run their fallbacks too, build with -tags purego (x/crypto's generic
// ChaCha20 and Poly1305; the library's own assembly is then off as well,
// which these cells do not use) and turn the standard library's AES and
// carry-less multiply off by GODEBUG, which it honours and purego does
// not reach:
//
//	cd cmd/aegis-speed
//	GODEBUG=cpu.aes=off,cpu.pclmulqdq=off go test -tags purego -run '^$' -bench Soft -count 6 . | tee soft.txt
//	go run golang.org/x/perf/cmd/benchstat@latest -col /impl soft.txt
func BenchmarkSoft(b *testing.B) {
	for _, size := range []int{16, 1024, 16384, 1 << 20} {
		msg, ad := make([]byte, size), make([]byte, 13)
		run := func(name, impl string, seal func()) {
			b.Run(fmt.Sprintf("size=%d/cipher=%s/impl=%s", size, name, impl), func(b *testing.B) {
				b.SetBytes(int64(size))
				b.ReportAllocs()
				for b.Loop() {
					seal()
				}
			})
		}
		for _, v := range []*core.Variant{core.AEGIS128L, core.AEGIS256} {
			key := make([]byte, v.KeySize)
			nonce := make([]byte, v.NonceSize)
			for _, k := range []struct {
				impl   string
				kernel core.Kernel
			}{{"soft", core.KernelSoft}, {"vperm", core.KernelVperm}} {
				var a core.AEAD
				switch err := a.InitPath(v, key, 16, k.kernel, core.PathC); err {
				case nil:
					dst := make([]byte, 0, size+16)
					run(v.Name, k.impl, func() { a.Seal(dst, nonce, msg, ad) })
				case common.ErrNotAvailable:
				default:
					b.Fatal(err)
				}
			}
		}
		for _, c := range []struct {
			name string
			new  func([]byte) (cipher.AEAD, error)
			key  int
		}{{"AES-128-GCM", gcm, 16}, {"AES-256-GCM", gcm, 32}, {"ChaCha20-Poly1305", chacha20poly1305.New, 32}} {
			a, err := c.new(make([]byte, c.key))
			if err != nil {
				b.Fatal(err)
			}
			nonce, dst := make([]byte, a.NonceSize()), make([]byte, 0, size+a.Overhead())
			run(c.name, "std", func() { a.Seal(dst, nonce, msg, ad) })
		}
	}
}
