// SPDX-License-Identifier: MIT

//go:build !purego && !without_aegis && (amd64 || arm64)

package asm_test

import (
	"fmt"
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
	key := make([]byte, 32)
	var nonce [32]byte
	for _, v := range variants() {
		for _, k := range ks {
			one, fn := asm.Lookup(v.ID, k)
			st := make([]byte, asm.StateSize(v.ID))
			fn.Init(ptr(st), ptr(key), &nonce[0])
			blocks := size / v.Rate
			for _, c := range []struct {
				op string
				f  func()
			}{
				{"Seal", func() { one.Seal(ptr(key), &nonce[0], ptr(buf), ptr(buf), size, nil, 0, 16) }},
				{"Open", func() { one.Open(ptr(key), &nonce[0], ptr(buf), ptr(buf), size, nil, 0, &buf[size], 16) }},
				{"Enc", func() { fn.Enc(ptr(st), ptr(buf), ptr(buf), blocks) }},
				{"Dec", func() { fn.Dec(ptr(st), ptr(buf), ptr(buf), blocks) }},
				{"Absorb", func() { fn.Absorb(ptr(st), ptr(buf), blocks) }},
				{"Stream", func() { fn.Stream(ptr(st), ptr(buf), ptr(buf), blocks) }},
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

// BenchmarkOneShot is the one-shot Seal and Open of short messages, the
// sizes where the cost of the call shows: through the table's func
// value, the nonce by value from the caller's stack, as internal/core
// calls them.
func BenchmarkOneShot(b *testing.B) {
	ks := cpuKernels()
	if len(ks) == 0 {
		b.Skip("this CPU runs none of the assembly's kernels")
	}
	buf := make([]byte, 1024+32)
	key := make([]byte, 32)
	for _, v := range []struct {
		id   int
		name string
	}{{asm.Variant128L, "128L"}, {asm.Variant256, "256"}} {
		for _, k := range ks {
			one, _ := asm.Lookup(v.id, k)
			for _, size := range []int{16, 64, 1024} {
				b.Run(fmt.Sprintf("%s/%s/Seal/%d", v.name, kernelName[k], size), func(b *testing.B) {
					b.SetBytes(int64(size))
					var n [32]byte
					for b.Loop() {
						one.Seal(&key[0], &n[0], &buf[0], &buf[0], size, nil, 0, 16)
					}
				})
				b.Run(fmt.Sprintf("%s/%s/Open/%d", v.name, kernelName[k], size), func(b *testing.B) {
					b.SetBytes(int64(size))
					var n [32]byte
					for b.Loop() {
						one.Open(&key[0], &n[0], &buf[0], &buf[0], size, nil, 0, &buf[size], 16)
					}
				})
			}
		}
	}
}
