// SPDX-License-Identifier: MIT

package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/aegisgo/aegis/internal/core"
	"github.com/aegisgo/aegis/internal/testing/testdir"
	_ "github.com/aegisgo/aegis/internal/variants" // registers the six variants with core
)

var titles = []string{"AEGIS-128L", "AEGIS-128X2", "AEGIS-128X4", "AEGIS-256", "AEGIS-256X2", "AEGIS-256X4"}

func TestParseVariant(t *testing.T) {
	for _, c := range []struct {
		name string
		want int
	}{
		{"128l", 0}, {"AEGIS-128L", 0}, {"aegis128l", 0}, {"aegis_128l", 0}, {" Aegis-128l ", 0},
		{"128x2", 1}, {"AEGIS 128X4", 2}, {"256", 3}, {"aegis-256", 3}, {"256x2", 4}, {"AEGIS_256X4", 5},
	} {
		if got, ok := ParseVariant(c.name, titles); !ok || got != c.want {
			t.Errorf("ParseVariant(%q) = %d, %v; want %d (%s)", c.name, got, ok, c.want, titles[c.want])
		}
	}
	// The package names of the variants read the same.
	if got, ok := ParseVariant("AEGIS-256X2", []string{"aegis128l", "aegis256x2"}); !ok || got != 1 {
		t.Errorf("ParseVariant against package names: %d, %v", got, ok)
	}
	for _, name := range []string{"", " ", "aegis", "-", "128", "128l2", "512", "aes", "256x", "aegis-128lx"} {
		if got, ok := ParseVariant(name, titles); ok {
			t.Errorf("ParseVariant(%q) = %d (%s); want no variant", name, got, titles[got])
		}
	}
}

func TestStatus(t *testing.T) {
	var b bytes.Buffer
	s := &Status{w: &b, on: true}
	s.Show("working: %d%%", 5)
	s.Show("done")
	s.Show("a longer text")
	s.Keep()
	s.Keep() // nothing shown since: no second newline
	s.Show("next")
	s.Clear()
	s.Clear()
	const want = "\rworking: 5%" + "\rdone       " + "\ra longer text" + "\n" + "\rnext" + "\r    \r"
	if b.String() != want {
		t.Errorf("the line's bytes: %q\nwant %q", b.String(), want)
	}

	b.Reset()
	off := NewStatus(&b, false) // a buffer is no terminal
	quiet := &Status{w: &b, on: false}
	for _, s := range []*Status{off, quiet} {
		s.Show("x")
		s.Keep()
		s.Show("y")
		s.Clear()
	}
	if off.On() || b.Len() != 0 {
		t.Errorf("a status that is off: On %v, wrote %q", off.On(), b.String())
	}
}

// TestIsTerminalNot: pipes, files and /dev/null are not terminals, nor
// is a writer that is no file. (tty_linux_test.go tries a terminal.)
func TestIsTerminalNot(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	files := []*os.File{r, w}
	if f, err := os.Create(filepath.Join(testdir.TempDir(t), "f")); err == nil {
		files = append(files, f)
	}
	if f, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0); err == nil {
		files = append(files, f)
	}
	for _, f := range files {
		if IsTerminal(f) {
			t.Errorf("IsTerminal(%s) = true", f.Name())
		}
		if NewStatus(f, false).On() {
			t.Errorf("NewStatus(%s) is on", f.Name())
		}
		f.Close()
	}
	if IsTerminal(&bytes.Buffer{}) || IsTerminal((*os.File)(nil)) {
		t.Error("IsTerminal of a buffer or a nil file = true")
	}
}

func TestImplEnvProblem(t *testing.T) {
	const want = `AEGIS_IMPL="avx3" is not a kernel name (soft, aesni, avx2, avx512, neon, vperm, neonsha3); ignored`
	if got := implEnvProblem("avx3"); got != want {
		t.Errorf("implEnvProblem(avx3) = %q, want %q", got, want)
	}
	// This process's own AEGIS_IMPL: CI runs the tests with valid ones.
	env := os.Getenv("AEGIS_IMPL")
	_, known := core.KernelByName(env)
	if got := ImplEnvProblem(); (got == "") != (env == "" || known) {
		t.Errorf("AEGIS_IMPL=%q: ImplEnvProblem() = %q", env, got)
	}
	var b bytes.Buffer
	WarnImplEnv(&b, "cmd")
	if got := ImplEnvProblem(); got != "" && b.String() != "cmd: "+got+"\n" || got == "" && b.Len() != 0 {
		t.Errorf("WarnImplEnv wrote %q", b.String())
	}
}
