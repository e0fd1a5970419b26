// SPDX-License-Identifier: MIT

// Command buildreport prints what the build it is compiled in has, for
// build_tags_test.go: common.Available, AEGIS-128L's Implementation,
// whether the Go assembly is linked, and what New and a Seal give.
package main

import (
	"bytes"
	"fmt"

	"github.com/aegisgo/aegis/aegis128l"
	"github.com/aegisgo/aegis/common"
	"github.com/aegisgo/aegis/internal/asm"
)

func main() {
	hasAsm := false
	for k := range asm.NumKernels {
		one, _ := asm.Lookup(asm.Variant128L, k)
		hasAsm = hasAsm || one != nil
	}
	newResult := "ok"
	a, err := aegis128l.New(make([]byte, aegis128l.KeySize), 16)
	switch {
	case err != nil:
		newResult = err.Error()
	default:
		ct := a.Seal(nil, nil, []byte("buildreport"), nil)
		pt, err := a.Open(nil, nil, ct, nil)
		if err != nil || !bytes.Equal(pt, []byte("buildreport")) {
			newResult = "round trip failed"
		}
	}
	fmt.Printf("available=%v impl=%s asm=%v new=%q\n", common.Available, aegis128l.Implementation(), hasAsm, newResult)
}
