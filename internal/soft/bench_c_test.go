// SPDX-License-Identifier: MIT

package soft_test

import (
	"fmt"
	"testing"

	"github.com/aegisgo/aegis/common"
	"github.com/aegisgo/aegis/internal/core"
)

// BenchmarkCSoft is the C core's soft kernel on the cases of
// BenchmarkSeal, through cgo, for the ratios of the two in one run:
//
//	go test -run '^$' -bench 'Seal|CSoft' ./internal/soft
//
// It skips where the module has no C core.
func BenchmarkCSoft(b *testing.B) {
	for _, v := range []*core.Variant{core.AEGIS128L, core.AEGIS128X2, core.AEGIS128X4,
		core.AEGIS256, core.AEGIS256X2, core.AEGIS256X4} {
		for _, n := range []int{16, 1024, 16384, 1 << 20} {
			b.Run(fmt.Sprintf("%s/%d", v.Name, n), func(b *testing.B) {
				var a core.AEAD
				if err := a.InitPath(v, make([]byte, v.KeySize), 16, core.KernelSoft, core.PathC); err != nil {
					if err == common.ErrNotAvailable {
						b.Skip("no C core in this build")
					}
					b.Fatal(err)
				}
				nonce, msg, ad := make([]byte, v.NonceSize), make([]byte, n), make([]byte, 13)
				dst := make([]byte, 0, n+16)
				b.SetBytes(int64(n))
				b.ReportAllocs()
				for b.Loop() {
					a.Seal(dst, nonce, msg, ad)
				}
			})
		}
	}
}
