// SPDX-License-Identifier: MIT

//go:build purego || without_aegis || !(amd64 || arm64)

package asm_test

import (
	"reflect"
	"testing"

	"github.com/aegisgo/aegis/internal/asm"
)

// TestLookupNone checks a build without the assembly: Lookup finds
// nothing, and every table is zero.
func TestLookupNone(t *testing.T) {
	for v := range asm.NumVariants {
		for k := range asm.NumKernels {
			if one, fn := asm.Lookup(v, k); one != nil || fn != nil {
				t.Errorf("variant %d, kernel %d: Lookup gives functions in a build without assembly", v, k)
			}
		}
	}
	for _, tab := range []any{
		asm.OneShot128L, asm.Funcs128L, asm.OneShot128X2, asm.Funcs128X2, asm.OneShot128X4, asm.Funcs128X4,
		asm.OneShot256, asm.Funcs256, asm.OneShot256X2, asm.Funcs256X2, asm.OneShot256X4, asm.Funcs256X4,
	} {
		if !reflect.ValueOf(tab).IsZero() { // every entry nil
			t.Errorf("%T: functions in a build without assembly", tab)
		}
	}
}
