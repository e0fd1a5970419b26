// SPDX-License-Identifier: MIT

package soft_test

import (
	"crypto/aes"
	"crypto/cipher"
	"fmt"
	"testing"

	"github.com/aegisgo/aegis/common"
	"github.com/aegisgo/aegis/internal/core"
	"github.com/aegisgo/aegis/internal/soft"
	_ "github.com/aegisgo/aegis/internal/variants" // registers the six variants with core
)

// BenchmarkCompare seals each case (13 bytes of ad, a 16-byte tag) with
// this package (impl=go), the table-driven yardstick (impl=table,
// AEGIS-128L and AEGIS-256 only), the C core's vperm kernel through cgo
// (impl=vperm, skipped where the module has no C core or the CPU cannot
// run it) and the standard library's AES-GCM
// with the same key (impl=gcm, AEGIS-128L and AEGIS-256 only), one after
// the other, so that the ratios come from one stretch of time on a shared
// machine:
//
//	go test -run '^$' -bench Compare -count 10 ./internal/soft
//
// It lives in package soft_test because the C kernel is reached through
// internal/core.
func BenchmarkCompare(b *testing.B) {
	for _, v := range []*core.Variant{core.AEGIS128L, core.AEGIS128X2, core.AEGIS128X4,
		core.AEGIS256, core.AEGIS256X2, core.AEGIS256X4} {
		fam128 := v.KeySize == 16
		d := v.Rate / 16
		if fam128 {
			d = v.Rate / 32
		}
		for _, n := range []int{16, 1024, 16384, 1 << 20} {
			key, nonce := make([]byte, v.KeySize), make([]byte, v.NonceSize)
			msg, ad, tag := make([]byte, n), make([]byte, 13), make([]byte, 16)
			run := func(impl string, seal func()) {
				b.Run(fmt.Sprintf("%s/%d/impl=%s", v.Name, n, impl), func(b *testing.B) {
					b.SetBytes(int64(n))
					b.ReportAllocs()
					for b.Loop() {
						seal()
					}
				})
			}
			run("go", func() {
				if fam128 {
					soft.Seal128(d, msg, tag, key, nonce, msg, ad)
				} else {
					soft.Seal256(d, msg, tag, key, nonce, msg, ad)
				}
			})
			if d == 1 {
				run("table", func() { soft.TableSeal(fam128, msg, tag, key, nonce, msg, ad) })
			}
			// The C core's vperm kernel, where this build has the C core
			// and this machine runs it (SSSE3 or arm64).
			for _, k := range []struct {
				impl   string
				kernel core.Kernel
			}{{"vperm", core.KernelVperm}} {
				if !withC {
					break
				}
				var a core.AEAD
				switch err := a.InitPath(v, key, 16, k.kernel, core.PathC); err {
				case nil:
					dst := make([]byte, 0, n+16)
					run(k.impl, func() { a.Seal(dst, nonce, msg, ad) })
				case common.ErrNotAvailable:
				default:
					b.Fatal(err)
				}
			}
			// AES-GCM of the standard library, with the AES instructions
			// where the CPU has them: the yardstick a user would compare.
			if d == 1 {
				blk, err := aes.NewCipher(key)
				if err != nil {
					b.Fatal(err)
				}
				gcm, err := cipher.NewGCM(blk)
				if err != nil {
					b.Fatal(err)
				}
				dst, gnonce := make([]byte, 0, n+16), make([]byte, gcm.NonceSize())
				run("gcm", func() { gcm.Seal(dst, gnonce, msg, ad) })
			}
		}
	}
}
