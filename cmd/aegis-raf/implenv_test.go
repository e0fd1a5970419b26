// SPDX-License-Identifier: MIT

package main

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/aegisgo/aegis/internal/testing/testdir"
)

// TestImplEnvWarning: aegis-raf says on stderr, in one line, that a value
// of AEGIS_IMPL that names no kernel is ignored, and says nothing of a
// kernel name in another case, which caps the kernels as the name does.
func TestImplEnvWarning(t *testing.T) {
	const warning = `aegis-raf: AEGIS_IMPL="avx3" is not a kernel name (soft, aesni, avx2, avx512, neon, vperm, neonsha3); ignored` + "\n"
	for _, c := range []struct{ impl, stderr string }{
		{"avx3", warning}, {"AVX2", ""}, {"Soft", ""}, {"", ""},
	} {
		cmd := cliCmd(t, testdir.TempDir(t), "", "help")
		cmd.Env = append(slices.DeleteFunc(cmd.Env, func(s string) bool {
			return strings.HasPrefix(s, "AEGIS_IMPL=")
		}), "AEGIS_IMPL="+c.impl)
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		if err := cmd.Run(); err != nil {
			t.Fatalf("aegis-raf help with AEGIS_IMPL=%q: %v\n%s", c.impl, err, errb.String())
		}
		if errb.String() != c.stderr {
			t.Errorf("AEGIS_IMPL=%q: stderr %q, want %q", c.impl, errb.String(), c.stderr)
		}
		if out.Len() == 0 {
			t.Errorf("AEGIS_IMPL=%q: help printed nothing", c.impl)
		}
	}
}
