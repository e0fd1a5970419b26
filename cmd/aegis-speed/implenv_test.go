// SPDX-License-Identifier: MIT

package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/aegisgo/aegis/common"
	"github.com/aegisgo/aegis/internal/core"
)

// TestMain makes this test binary aegis-speed itself when
// AEGIS_SPEED_TEST_MAIN=1, for the tests that need a process of their
// own: the module reads AEGIS_IMPL once, at start-up.
func TestMain(m *testing.M) {
	if os.Getenv("AEGIS_SPEED_TEST_MAIN") == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// speedProc runs aegis-speed, as this test binary, with AEGIS_IMPL set
// to impl, on one small cell in JSON, and returns its stdout and stderr.
func speedProc(t *testing.T, impl string) (stdout, stderr string) {
	t.Helper()
	env := slices.DeleteFunc(os.Environ(), func(s string) bool {
		return strings.HasPrefix(s, "AEGIS_IMPL=") || strings.HasPrefix(s, "AEGIS_SPEED_TEST_MAIN=")
	})
	env = append(env, "AEGIS_SPEED_TEST_MAIN=1", "AEGIS_IMPL="+impl,
		strings.TrimSpace("GORACE="+os.Getenv("GORACE")+" atexit_sleep_ms=0"))
	c := exec.Command(os.Args[0], "-json", "-q", "-d", "1ms", "-rounds", "1", "-sizes", "16",
		"-variants", "128l,256x4", "-baselines=false")
	c.Env = env
	var out, errb strings.Builder
	c.Stdout, c.Stderr = &out, &errb
	if err := c.Run(); err != nil {
		t.Fatalf("aegis-speed with AEGIS_IMPL=%q: %v\nstderr: %s", impl, err, errb.String())
	}
	return out.String(), errb.String()
}

// TestImplEnvWarning: a value of AEGIS_IMPL that names no kernel is
// ignored, and aegis-speed says so on stderr, in one line, and in its
// header; a kernel name in another case is that kernel's cap, without a
// word.
func TestImplEnvWarning(t *testing.T) {
	if !common.Available {
		t.Skip("no AEGIS to measure without the C core")
	}
	type doc struct {
		AEGISImpl string            `json:"aegis_impl"`
		Kernels   map[string]string `json:"kernels"`
		Warnings  []string          `json:"warnings"`
	}
	parse := func(out string) doc {
		var d doc
		if err := json.Unmarshal([]byte(out), &d); err != nil {
			t.Fatalf("output is not JSON: %v\n%s", err, out)
		}
		return d
	}
	// The kernel that a variant runs under the cap of a kernel name.
	capped := func(v *core.Variant, name string) string {
		for _, k := range core.KernelChain(name) {
			if slices.Contains(core.Kernels(v), k) {
				return k.String()
			}
		}
		return "soft"
	}
	variants := []*core.Variant{core.AEGIS128L, core.AEGIS256X4}

	const warning = `aegis-speed: AEGIS_IMPL="avx3" is not a kernel name (soft, aesni, avx2, avx512, neon, vperm, neonsha3); ignored` + "\n"
	out, errs := speedProc(t, "avx3")
	if errs != warning {
		t.Errorf("AEGIS_IMPL=avx3: stderr %q, want %q", errs, warning)
	}
	d := parse(out)
	if !slices.Contains(d.Warnings, strings.TrimPrefix(strings.TrimSuffix(warning, "\n"), "aegis-speed: ")) {
		t.Errorf("AEGIS_IMPL=avx3: header warnings %q lack the warning", d.Warnings)
	}
	for _, v := range variants {
		if got, want := d.Kernels[v.Title], core.Kernels(v)[len(core.Kernels(v))-1].String(); got != want {
			t.Errorf("AEGIS_IMPL=avx3: %s runs %s, want the best kernel here, %s", v.Title, got, want)
		}
	}

	for _, impl := range []string{"AVX2", "Soft", "AESNI"} {
		out, errs := speedProc(t, impl)
		if errs != "" {
			t.Errorf("AEGIS_IMPL=%s: stderr %q, want nothing", impl, errs)
		}
		d := parse(out)
		if d.AEGISImpl != impl || len(d.Warnings) != 0 {
			t.Errorf("AEGIS_IMPL=%s: header says %q, warnings %q", impl, d.AEGISImpl, d.Warnings)
		}
		for _, v := range variants {
			if got, want := d.Kernels[v.Title], capped(v, strings.ToLower(impl)); got != want {
				t.Errorf("AEGIS_IMPL=%s: %s runs %s, want %s", impl, v.Title, got, want)
			}
		}
	}
}
