// SPDX-License-Identifier: MIT

package soft

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/aegisgo/aegis/internal/testdir"
)

// TestRoundGenerated runs the generator (_gen) and checks that round.go
// is its output: a change to _gen/circuit.txt without go generate fails
// here. It needs the go command of a Unix host, so it skips elsewhere
// (js, wasip1, windows under wine, -short) and where the command cannot
// be started (under emulation without it).
func TestRoundGenerated(t *testing.T) {
	switch runtime.GOOS {
	case "linux", "darwin", "freebsd", "netbsd", "openbsd":
	default:
		t.Skip("needs the go command of a Unix host")
	}
	if testing.Short() {
		t.Skip("runs the go command")
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command:", err)
	}
	want, err := os.ReadFile("round.go")
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(testdir.TempDir(t), "round.go")
	cmd := exec.Command(gobin, "run", "./_gen", "-o", out)
	// The generator runs on this machine, whatever GOOS and GOARCH the
	// test was built for (under emulation, say).
	for _, e := range os.Environ() {
		if !strings.HasPrefix(e, "GOOS=") && !strings.HasPrefix(e, "GOARCH=") {
			cmd.Env = append(cmd.Env, e)
		}
	}
	msg, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		t.Fatalf("go run ./_gen: %v\n%s", err, msg)
	case err != nil:
		t.Skip("cannot start the go command:", err)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("round.go is not what _gen writes from _gen/circuit.txt: run go generate in internal/soft")
	}
}
