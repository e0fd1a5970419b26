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

	"github.com/aegisgo/aegis/internal/testing/testdir"
)

// TestRoundGenerated runs the generator (internal/gen/softround) and
// checks that round.go, fused_gen.go and the C core's
// csrc/soft_round_gen.h are its output: a change to its circuit.txt
// without go generate fails here. It needs the go command of a Unix host, so it skips elsewhere
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
	files := map[string]string{"round.go": "round.go", "fused_gen.go": "fused_gen.go",
		"soft_round_gen.h": filepath.Join("..", "..", "csrc", "soft_round_gen.h")}
	dir := testdir.TempDir(t)
	cmd := exec.Command(gobin, "run", "../gen/softround", "-o", filepath.Join(dir, "round.go"),
		"-c", filepath.Join(dir, "soft_round_gen.h"), "-f", filepath.Join(dir, "fused_gen.go"))
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
		t.Fatalf("go run ../gen/softround: %v\n%s", err, msg)
	case err != nil:
		t.Skip("cannot start the go command:", err)
	}
	for name, path := range files {
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is not what _gen writes from _gen/circuit.txt: run go generate in internal/soft", path)
		}
	}
}
