// SPDX-License-Identifier: MIT

package aegis_test

import (
	"fmt"
	"go/ast"
	"go/build/constraint"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/aegisgo/aegis/common"
)

// TestBuilds builds testdata/buildreport in each combination of the tags
// that build_tags.go describes, runs it, and checks what it reports
// against that file's table.
//
// It builds the module six times, a minute and more with empty caches,
// so it runs where AEGISGO_TEST_BUILDS=1 asks for it: CI's build step
// (.ci/run) does.
func TestBuilds(t *testing.T) {
	if os.Getenv("AEGISGO_TEST_BUILDS") != "1" {
		t.Skip("builds the module six times: set AEGISGO_TEST_BUILDS=1 (CI does)")
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command:", err)
	}
	// Under an emulator (the cross tests), the go command is the host's.
	out, err := exec.Command(gobin, "env", "GOHOSTOS", "GOHOSTARCH", "CGO_ENABLED", "CC").Output()
	env := strings.Fields(string(out))
	if err != nil || len(env) < 3 || env[0] != runtime.GOOS || env[1] != runtime.GOARCH {
		t.Skipf("no go command of this GOOS and GOARCH runs here (%v, %q)", err, env)
	}
	asmArch := runtime.GOARCH == "amd64" || runtime.GOARCH == "arm64"
	cc := false
	if env[2] == "1" && len(env) > 3 {
		_, err := exec.LookPath(env[3])
		cc = err == nil
	}
	for _, b := range []struct {
		name      string
		cgo       bool
		tags      string
		available bool
		asm       bool
		impl      string // the kernel New takes; "" for any of this CPU's
	}{
		{"cgo", true, "", true, asmArch, ""},
		{"cgo purego", true, "purego", true, false, ""},
		{"no cgo", false, "", true, asmArch, ""},
		{"no cgo purego", false, "purego", true, false, "soft"},
		{"without_aegis", true, "without_aegis", false, false, ""},
		{"no cgo without_aegis", false, "without_aegis", false, false, ""},
	} {
		t.Run(b.name, func(t *testing.T) {
			if b.cgo && !cc {
				t.Skip("cgo does not build here")
			}
			cmd := exec.Command(gobin, "run", "-tags="+b.tags, "./testdata/buildreport")
			cmd.Env = append(os.Environ(), "CGO_ENABLED="+map[bool]string{true: "1", false: "0"}[b.cgo], "AEGIS_IMPL=")
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("go run: %v\n%s", err, out)
			}
			impl, newResult := "none", fmt.Sprintf("%q", common.ErrNotAvailable.Error())
			if b.available {
				impl, newResult = "", `"ok"`
			}
			got := strings.TrimSpace(string(out))
			want := fmt.Sprintf("available=%v impl=%s asm=%v new=%s", b.available, impl, b.asm, newResult)
			if b.available {
				// Any kernel of this CPU: the name stands between impl= and asm=.
				before, after, ok := strings.Cut(want, "impl=")
				if !ok || !strings.HasPrefix(got, before+"impl=") || !strings.HasSuffix(got, after) {
					t.Fatalf("reports %q, want %q with a kernel's name", got, want)
				}
				k := strings.TrimSuffix(strings.TrimPrefix(got, before+"impl="), after)
				if !slices.Contains([]string{"soft", "aesni", "avx2", "avx512", "neon", "neonsha3", "vperm"}, k) {
					t.Fatalf("reports the kernel %q", k)
				}
				if b.impl != "" && k != b.impl {
					t.Fatalf("reports the kernel %q, want %q", k, b.impl)
				}
				return
			}
			if got != want {
				t.Fatalf("reports %q, want %q", got, want)
			}
		})
	}
}

// TestCgoFilesComplemented checks the rule of build_tags.go: every file
// that imports "C" builds only with cgo && !without_aegis and, unless it
// declares nothing (csrc.go, which links the C core), is a *_cgo.go; each *_cgo.go file of the library has a *_nocgo.go beside
// it whose constraint is the exact complement (and none without one).
func TestCgoFilesComplemented(t *testing.T) {
	cgoExpr, _ := constraint.Parse("//go:build cgo && !without_aegis")
	seen := 0
	err := filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			// Other modules, and folders the go command skips.
			if path != "." && (strings.HasPrefix(d.Name(), "_") || strings.HasPrefix(d.Name(), ".") ||
				d.Name() == "testdata" || fileExists(filepath.Join(path, "go.mod"))) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		expr := buildExpr(t, path, src)
		f, err := parser.ParseFile(token.NewFileSet(), path, src, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		importsC := slices.ContainsFunc(f.Imports, func(s *ast.ImportSpec) bool { return s.Path.Value == `"C"` })
		declares := slices.ContainsFunc(f.Decls, func(d ast.Decl) bool {
			g, ok := d.(*ast.GenDecl)
			return !ok || g.Tok != token.IMPORT
		})
		cgoFile := strings.HasSuffix(path, "_cgo.go")
		if importsC {
			seen++
			if !implies(expr, cgoExpr) {
				t.Errorf("%s imports \"C\": its constraint must imply %s", path, cgoExpr)
			}
			// A file that only links C code (csrc) has nothing to replace.
			if declares && !cgoFile {
				t.Errorf("%s imports \"C\" and declares: it must be a *_cgo.go file", path)
			}
		}
		if strings.HasSuffix(path, "_nocgo.go") && !fileExists(strings.TrimSuffix(path, "_nocgo.go")+"_cgo.go") {
			t.Errorf("%s has no *_cgo.go beside it", path)
		}
		if !cgoFile {
			return nil
		}
		twin := strings.TrimSuffix(path, "_cgo.go") + "_nocgo.go"
		tsrc, err := os.ReadFile(twin)
		if err != nil {
			t.Errorf("%s has no %s beside it", path, filepath.Base(twin))
			return nil
		}
		if texpr := buildExpr(t, twin, tsrc); !complements(expr, texpr) {
			t.Errorf("%s (%s) and %s (%s) are not exact complements", path, expr, twin, texpr)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if seen == 0 {
		t.Fatal("no file imports \"C\": the walk missed the C core")
	}
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// buildExpr returns the file's //go:build constraint (a constant true
// where it has none).
func buildExpr(t *testing.T, path string, src []byte) constraint.Expr {
	for _, line := range strings.Split(string(src), "\n") {
		if strings.HasPrefix(line, "package ") {
			break
		}
		if constraint.IsGoBuild(line) {
			e, err := constraint.Parse(line)
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			return e
		}
	}
	e, _ := constraint.Parse("//go:build cgo || !cgo")
	return e
}

// tagsOf lists the tags that x and y name.
func tagsOf(x, y constraint.Expr) []string {
	var tags []string
	collect := func(tag string) bool {
		if !slices.Contains(tags, tag) {
			tags = append(tags, tag)
		}
		return true
	}
	x.Eval(collect)
	y.Eval(collect)
	return tags
}

// forAll reports whether f holds for every assignment of x's and y's tags.
func forAll(x, y constraint.Expr, f func(bx, by bool) bool) bool {
	tags := tagsOf(x, y)
	for m := 0; m < 1<<len(tags); m++ {
		on := func(tag string) bool { return m>>slices.Index(tags, tag)&1 == 1 }
		if !f(x.Eval(on), y.Eval(on)) {
			return false
		}
	}
	return true
}

func implies(x, y constraint.Expr) bool {
	return forAll(x, y, func(bx, by bool) bool { return !bx || by })
}

func complements(x, y constraint.Expr) bool {
	return forAll(x, y, func(bx, by bool) bool { return bx != by })
}
