// SPDX-License-Identifier: MIT

package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aegisgo/aegis/internal/testing/testdir"
)

// TestProgressOnTerminal: with stderr on a terminal, a long job shows its
// progress there, and -q turns it off. (internal/cli tests the terminal
// check itself; TestProgressNotInPipe the other side.)
func TestProgressOnTerminal(t *testing.T) {
	needCore(t)
	master, slave := testdir.OpenPty(t)
	defer master.Close()
	dir := testdir.TempDir(t)
	os.WriteFile(filepath.Join(dir, "big"), make([]byte, bigJob()), 0o600)
	var got bytes.Buffer
	done := make(chan struct{})
	go func() {
		io.Copy(&got, master) // ends with EIO once the slave is closed
		close(done)
	}()
	for _, args := range [][]string{
		{"encrypt", "-in", "big", "-out", "big.raf"},
		{"decrypt", "-in", "big.raf", "-out", "big.dec"},
		{"encrypt", "-q", "-in", "big", "-out", "quiet.raf"},
	} {
		c := cliCmd(t, dir, strings.Repeat("ab", 16), args...)
		c.Stderr = slave
		if err := c.Run(); err != nil {
			t.Fatalf("%q: %v", args, err)
		}
	}
	slave.Close()
	<-done
	out := got.String()
	if strings.Count(out, "100%") != 2 || !strings.Contains(out, "encrypting:") || !strings.Contains(out, "decrypting:") {
		t.Errorf("progress on a terminal: %q; want encrypting and decrypting to 100%%, and nothing with -q", out)
	}
}
