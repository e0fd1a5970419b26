// SPDX-License-Identifier: MIT

//go:build cgo && !without_aegis

package csrc_test

import (
	"debug/dwarf"
	"debug/elf"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	_ "github.com/aegisgo/aegis/internal/variants" // links every variant's kernels
)

// TestNamesAreLiteral checks that every C function of the module that
// reaches a binary is named literally somewhere in csrc/ or in the
// engines' packages (internal/engines/*), so that grep finds what a
// profiler shows. The bodies are written once and instantiated per kernel
// and degree with token-pasted names (FN in instance.h); only the
// functions that are inlined everywhere may keep such names. It reads the
// DWARF of the test binary itself, which links every variant's C code:
// every function with code of its own (a low PC) in a compilation unit of
// a csrc/*.c or internal/engines/*/*.c file. go test links the binary it
// runs without DWARF, so the test links its own package again with it.
func TestNamesAreLiteral(t *testing.T) {
	if testing.Short() {
		t.Skip("links a test binary (-short)")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to link a binary with DWARF:", err)
	}
	exe := filepath.Join(t.TempDir(), "csrc.test")
	if out, err := exec.Command(goTool, "test", "-c", "-o", exe, ".").CombinedOutput(); err != nil {
		t.Fatalf("go test -c: %v\n%s", err, out)
	}
	f, err := elf.Open(exe)
	if err != nil {
		t.Skipf("not an ELF binary (%v): the check runs where the binary is ELF", err)
	}
	defer f.Close()
	d, err := f.DWARF()
	if err != nil {
		t.Fatalf("no DWARF in %s: %v", exe, err)
	}

	sources, err := filepath.Glob("*.[ch]")
	if err != nil || len(sources) == 0 {
		t.Fatal("no C sources in the package directory:", err)
	}
	instances, err := filepath.Glob(filepath.Join("..", "internal", "engines", "*", "*.c"))
	if err != nil || len(instances) == 0 {
		t.Fatal("no C sources in internal/engines:", err)
	}
	sources = append(sources, instances...)
	own := map[string]bool{}
	var text strings.Builder
	for _, s := range sources {
		b, err := os.ReadFile(s)
		if err != nil {
			t.Fatal(err)
		}
		text.WriteString(string(b))
		if strings.HasSuffix(s, ".c") {
			own[filepath.Base(s)] = true
		}
	}
	all := text.String()

	funcs, units := ownFunctions(t, d, own)
	if units == 0 {
		t.Skip("the binary's DWARF has no compilation unit of csrc/*.c (linked without C debug info)")
	}
	if len(funcs) < 20 {
		t.Fatalf("found only %d C functions in %d compilation units of csrc: is the DWARF reader broken? %v",
			len(funcs), units, funcs)
	}
	var missing []string
	for _, name := range funcs {
		if !containsWord(all, name) {
			missing = append(missing, name)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Fatalf("%d of %d C functions in the binary are named nowhere in csrc/ or internal/engines (token-pasted names "+
			"a profiler shows but grep cannot find): %s", len(missing), len(funcs), strings.Join(missing, " "))
	}
	t.Logf("%d C functions in %d compilation units, all named in csrc/ or internal/engines", len(funcs), units)
}

// ownFunctions returns the names of the functions with code of their own
// in the compilation units of the given C files, and how many such units
// there are. Compiler clones (names with a dot) are left out.
func ownFunctions(t *testing.T, d *dwarf.Data, own map[string]bool) ([]string, int) {
	t.Helper()
	r := d.Reader()
	seen := map[string]bool{}
	var names []string
	units := 0
	for {
		cu, err := r.Next()
		if err != nil {
			t.Fatal(err)
		}
		if cu == nil {
			break
		}
		if cu.Tag != dwarf.TagCompileUnit {
			r.SkipChildren()
			continue
		}
		name, _ := cu.Val(dwarf.AttrName).(string)
		if !own[filepath.Base(name)] {
			r.SkipChildren()
			continue
		}
		units++
		for {
			e, err := r.Next()
			if err != nil {
				t.Fatal(err)
			}
			if e == nil || e.Tag == 0 {
				break // end of this unit's children
			}
			if e.Tag != dwarf.TagSubprogram {
				if e.Children {
					r.SkipChildren()
				}
				continue
			}
			if e.Val(dwarf.AttrLowpc) != nil {
				if n := subprogramName(t, d, e); n != "" && !strings.Contains(n, ".") && !seen[n] {
					seen[n] = true
					names = append(names, n)
				}
			}
			if e.Children {
				r.SkipChildren()
			}
		}
	}
	return names, units
}

// subprogramName returns a subprogram's name, following the abstract
// origin or specification of an out-of-line copy of an inline function.
func subprogramName(t *testing.T, d *dwarf.Data, e *dwarf.Entry) string {
	for range 4 {
		if n, ok := e.Val(dwarf.AttrName).(string); ok {
			return n
		}
		off, ok := e.Val(dwarf.AttrAbstractOrigin).(dwarf.Offset)
		if !ok {
			off, ok = e.Val(dwarf.AttrSpecification).(dwarf.Offset)
		}
		if !ok {
			return ""
		}
		r := d.Reader()
		r.Seek(off)
		next, err := r.Next()
		if err != nil || next == nil {
			t.Fatalf("DWARF: no entry at %#x: %v", off, err)
		}
		e = next
	}
	return ""
}

// containsWord reports whether name occurs in text as a whole identifier.
func containsWord(text, name string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], name)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(name)
		if (j == 0 || !isIdent(text[j-1])) && (end == len(text) || !isIdent(text[end])) {
			return true
		}
		i = j + 1
	}
}

func isIdent(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}
