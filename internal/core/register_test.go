// SPDX-License-Identifier: MIT

package core

import (
	"errors"
	"strings"
	"testing"

	"github.com/aegisgo/aegis/common"
)

// TestUnregisteredPanics: a variant whose package is not linked is a bug
// of the module's own code, which takes variants at run time (raf, the
// commands): it panics with a message that names the import, rather than
// pass for a kernel this CPU lacks.
func TestUnregisteredPanics(t *testing.T) {
	i := id256X4
	saved := registered[i]
	registered[i] = false
	defer func() { registered[i] = saved }()
	var h header // ops 0, as the headers of an unregistered variant
	if withoutAEGIS {
		// Nothing registers: every constructor says so.
		var a AEAD
		if err := a.init(AEGIS256X4, make([]byte, 32), 16, &h); !errors.Is(err, common.ErrNotAvailable) {
			t.Fatalf("Init without AEGIS: %v, want ErrNotAvailable", err)
		}
		return
	}
	defer func() {
		r := recover()
		msg, _ := r.(string)
		if !strings.Contains(msg, "import github.com/aegisgo/aegis/aegis256x4") {
			t.Fatalf("Init of an unregistered variant: recover() = %v, want a panic that names its package", r)
		}
	}()
	var a AEAD
	a.init(AEGIS256X4, make([]byte, 32), 16, &h)
	t.Fatal("Init of an unregistered variant returned")
}
