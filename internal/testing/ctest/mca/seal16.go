// SPDX-License-Identifier: MIT

//go:build ignore

// seal16 is the program that mca.sh traces under qemu: one Go-assembly
// Seal of each variant named on the command line (128L, 256, ...), of a
// 16-byte message without associated data and a 16-byte tag, on the
// neon kernel (on neonsha3 for a name with the prefix neonsha3/, which
// needs a CPU with SHA3: qemu's default has it), then one Open of the
// result. It calls each Seal once, so
// that the trace of the function's address range is exactly one call;
// the Open makes the binary link the Open functions too, whose loops
// mca.sh cuts from its disassembly.
package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/aegisgo/aegis/internal/asm"
)

var variants = map[string]int{
	"128L": asm.Variant128L, "128X2": asm.Variant128X2, "128X4": asm.Variant128X4,
	"256": asm.Variant256, "256X2": asm.Variant256X2, "256X4": asm.Variant256X4,
}

func main() {
	var k, n [32]byte // n: the nonce by value, as the one-shot functions take it
	var m [16]byte
	var out [16 + 32]byte
	for _, arg := range os.Args[1:] {
		kernel := asm.KernelNEON
		name, ok := strings.CutPrefix(arg, "neonsha3/")
		if ok {
			kernel = asm.KernelNEONSHA3
		}
		v, ok := variants[name]
		if !ok {
			fmt.Fprintf(os.Stderr, "seal16: no variant %q\n", name)
			os.Exit(2)
		}
		one, _ := asm.Lookup(v, kernel)
		if one == nil {
			fmt.Fprintf(os.Stderr, "seal16: no assembly for %s in this build\n", arg)
			os.Exit(2)
		}
		one.Seal(&k[0], n, &out[0], &m[0], len(m), nil, 0, 16)
		var back [16]byte
		if !one.Open(&k[0], n, &back[0], &out[0], len(m), nil, 0, &out[len(m)], 16) || back != m {
			fmt.Fprintf(os.Stderr, "seal16: %s: Open refuses what Seal wrote\n", name)
			os.Exit(1)
		}
		fmt.Printf("%s %x\n", arg, out[:32])
	}
}
