// SPDX-License-Identifier: MIT

package testdir

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// plainTempDirOK lists the files that may call t.TempDir, and why.
var plainTempDirOK = map[string]string{
	"csrc/names_test.go": "it skips before its TempDir without a go command, as under wine",
}

// TestNoPlainTempDir: no test of the module calls t.TempDir (or
// b.TempDir) itself. Its cleanup fails under wine as soon as the folder
// holds a file, and the test that forgot TempDir here is only found when
// the wine step runs; this finds it in the first go test.
func TestNoPlainTempDir(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("the module root is not %s: %v", root, err)
	}
	self, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	files := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if path != root && (strings.HasPrefix(name, ".") || name == "testdata" || name == "vendor") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil && path != root {
				return filepath.SkipDir // another module, which the wine step does not run
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || filepath.Dir(path) == self && !strings.HasSuffix(path, "_test.go") {
			return nil // TempDir itself calls t.TempDir
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		files++
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if _, ok := plainTempDirOK[rel]; ok {
			return nil
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) != 0 {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "TempDir" {
				return true
			}
			if pkg, ok := sel.X.(*ast.Ident); ok && (pkg.Name == "testdir" || pkg.Name == "os") {
				return true // ours, or os.TempDir, the system's folder
			}
			t.Errorf("%s:%d: a plain TempDir; use testdir.TempDir(t), whose cleanup wine can do", rel, fset.Position(call.Pos()).Line)
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 20 {
		t.Fatalf("read only %d Go files under %s: the walk missed the module", files, root)
	}
}

// TestTempDirRemoved: on Windows, TempDir's cleanup removes what the test
// left in it; elsewhere testing's own cleanup does.
func TestTempDirRemoved(t *testing.T) {
	var dir string
	t.Run("fill", func(t *testing.T) {
		dir = TempDir(t)
		if err := os.MkdirAll(filepath.Join(dir, "sub", "deeper"), 0o700); err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"a", "sub/b", "sub/deeper/c"} {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(name), 0o600); err != nil {
				t.Fatal(err)
			}
		}
	})
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("after the subtest's cleanup (%s): %s is still there (%v)", runtime.GOOS, dir, err)
	}
}
