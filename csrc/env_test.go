// SPDX-License-Identifier: MIT

package csrc

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// TestNoEnvironment checks that the C core reads no environment variable.
// AEGIS_IMPL is read once, by internal/core (kernel.go), in any case, and
// the C core runs the kernel tables that it chose there; a second reading
// in C could disagree with that one (on case, on an unknown value), and
// the Go assembly and the C core would then run different kernels.
func TestNoEnvironment(t *testing.T) {
	sources, err := filepath.Glob("*.[ch]")
	if err != nil || len(sources) == 0 {
		t.Fatal("no C sources in the package directory:", err)
	}
	env := regexp.MustCompile(`\b(getenv|secure_getenv|_wgetenv|GetEnvironmentVariable[AW]?|environ)\b`)
	for _, s := range sources {
		b, err := os.ReadFile(s)
		if err != nil {
			t.Fatal(err)
		}
		for _, loc := range env.FindAllIndex(b, -1) {
			t.Errorf("%s reads the environment (%s): the kernel choice is internal/core's", s, b[loc[0]:loc[1]])
		}
	}
}
