// SPDX-License-Identifier: MIT

package cli

import (
	"os"
	"strconv"
	"testing"

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

func TestIsTerminal(t *testing.T) {
	master, slave := openPty(t)
	defer master.Close()
	defer slave.Close()
	for _, f := range []*os.File{master, slave} {
		if !IsTerminal(f) {
			t.Errorf("IsTerminal(%s) = false", f.Name())
		}
	}
	if !NewStatus(slave, false).On() || NewStatus(slave, true).On() {
		t.Error("a status on a terminal: want it on, and off when quiet")
	}
}
