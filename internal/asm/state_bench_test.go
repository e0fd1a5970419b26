// SPDX-License-Identifier: MIT

//go:build !purego && !without_aegis && (amd64 || arm64)

package asm_test

import (
	"testing"

	"github.com/aegisgo/aegis/internal/asm"
)

// BenchmarkState runs the whole-block state-level functions over 16 KiB
// in one call, beside the one-shot Seal and Open of as many bytes, whose
// loops are the same: a chunked engine should lose nothing to the
// one-shot functions but the calls.
func BenchmarkState(b *testing.B) {
	const size = 16 << 10
	ks := cpuKernels()
	if len(ks) == 0 {
		b.Skip("this CPU runs none of the assembly's kernels")
	}
	buf := make([]byte, size+32)
	key, nonce := make([]byte, 32), make([]byte, 32)
	for _, v := range variants() {
		for _, k := range ks {
			id := asm.ID(v.ID, k)
			st := make([]byte, asm.StateSize(v.ID))
			asm.Init(id, ptr(st), ptr(key), ptr(nonce))
			blocks := size / v.Rate
			for _, c := range []struct {
				op string
				f  func()
			}{
				{"Seal", func() { asm.Seal(id, ptr(key), ptr(nonce), ptr(buf), ptr(buf), size, nil, 0, 16) }},
				{"Open", func() { asm.Open(id, ptr(key), ptr(nonce), ptr(buf), ptr(buf), size, nil, 0, &buf[size], 16) }},
				{"Enc", func() { asm.Enc(id, ptr(st), ptr(buf), ptr(buf), blocks) }},
				{"Dec", func() { asm.Dec(id, ptr(st), ptr(buf), ptr(buf), blocks) }},
				{"Absorb", func() { asm.Absorb(id, ptr(st), ptr(buf), blocks) }},
				{"Stream", func() { asm.Stream(id, ptr(st), ptr(buf), ptr(buf), blocks) }},
			} {
				b.Run(v.Name+"/"+kernelName[k]+"/"+c.op, func(b *testing.B) {
					b.SetBytes(size)
					for b.Loop() {
						c.f()
					}
				})
			}
		}
	}
}
