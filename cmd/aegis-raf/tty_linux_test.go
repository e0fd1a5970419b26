// SPDX-License-Identifier: MIT

package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/aegisgo/aegis/internal/testdir"
	"golang.org/x/sys/unix"
)

// openPty returns the two ends of a new pseudo-terminal.
func openPty(t *testing.T) (master, slave *os.File) {
	t.Helper()
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal here: %v", err)
	}
	fd := int(m.Fd())
	if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
		m.Close()
		t.Skipf("unlockpt: %v", err)
	}
	n, err := unix.IoctlGetUint32(fd, unix.TIOCGPTN)
	if err != nil {
		m.Close()
		t.Skipf("ptsname: %v", err)
	}
	s, err := os.OpenFile("/dev/pts/"+strconv.Itoa(int(n)), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		m.Close()
		t.Skipf("open the pty's slave: %v", err)
	}
	return m, s
}

// TestProgressOnTerminal: with stderr on a terminal, a long job shows its
// progress there, and -q turns it off. (internal/cli tests the terminal
// check itself; TestProgressNotInPipe the other side.)
func TestProgressOnTerminal(t *testing.T) {
	needCore(t)
	master, slave := openPty(t)
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
