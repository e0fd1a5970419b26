// SPDX-License-Identifier: MIT

// Command kernels prints the names of the kernels that this CPU runs and
// this build has, one line, separated by spaces: what the C test programs
// of internal/testing/ctest take as AEGISGO_KERNELS (run.sh sets it). The module
// detects the CPU once, in Go (internal/core), and the C core reads no
// CPU feature registers, so its test programs are told the answer as the
// library is:
//
//	AEGISGO_KERNELS="$(go run ./internal/testing/ctest/kernels)" ./driver
package main

import (
	"fmt"
	"strings"

	"github.com/aegisgo/aegis/internal/core"
	// Registers the variants: core knows a variant's kernels only once its
	// package has linked them, and without it this printed nothing.
	_ "github.com/aegisgo/aegis/internal/variants"
)

func main() {
	var names []string
	for _, k := range core.Kernels(&core.Variants[0]) {
		names = append(names, k.String())
	}
	fmt.Println(strings.Join(names, " "))
}
