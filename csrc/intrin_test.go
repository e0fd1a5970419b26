// SPDX-License-Identifier: MIT

package csrc_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var (
	includeKernel = regexp.MustCompile(`(?m)^#include "(kernel_\w+\.h)"`)
	includeSystem = regexp.MustCompile(`(?m)^\s*#\s*include\s*<([^>]+)>`)
)

// TestIntrinsicsBeforePragmas checks the rule of the engines' C files
// (internal/engines/*/*.c): each includes every x86 intrinsics header
// (*mmintrin.h) of the kernels it instantiates before the first kernel,
// that is before any kernel's target pragma. A header that a file reads
// first under a kernel's pragma gives its inline functions that kernel's
// target, and gcc then refuses to inline them into the baseline code of
// a kernel after it (or compiles them for the wrong CPU). Each file
// includes only what its own kernels need (<immintrin.h> is most of a
// kernel's compile time), so a kernel header that gains an include needs
// the generator to see it.
func TestIntrinsicsBeforePragmas(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "internal", "engines", "*", "*.c"))
	if err != nil || len(files) == 0 {
		t.Fatal("no C sources in internal/engines:", err)
	}
	checked := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		src := string(b)
		kernels := includeKernel.FindAllStringSubmatchIndex(src, -1)
		if len(kernels) == 0 {
			continue
		}
		before := map[string]bool{}
		for _, m := range includeSystem.FindAllStringSubmatch(src[:kernels[0][0]], -1) {
			before[m[1]] = true
		}
		for _, k := range kernels {
			name := src[k[2]:k[3]]
			h, err := os.ReadFile(name)
			if err != nil {
				t.Fatalf("%s includes %s: %v", f, name, err)
			}
			for _, m := range includeSystem.FindAllStringSubmatch(string(h), -1) {
				if strings.HasSuffix(m[1], "mmintrin.h") && !before[m[1]] {
					t.Errorf("%s: %s includes <%s>, which the file does not include before its first kernel", f, name, m[1])
				}
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no kernel included by any engines' C file")
	}
	t.Logf("%d kernel instances in %d files", checked, len(files))
}
