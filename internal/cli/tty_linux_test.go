// SPDX-License-Identifier: MIT

package cli

import (
	"os"
	"testing"

	"github.com/aegisgo/aegis/internal/testing/testdir"
)

func TestIsTerminal(t *testing.T) {
	master, slave := testdir.OpenPty(t)
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
