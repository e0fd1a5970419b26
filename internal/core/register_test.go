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
	i, j := id256X4, headerIndex(PathAuto, id256X4, KernelSoft)
	saved, savedHeader := registered[i], hdrs[j]
	registered[i], hdrs[j] = false, header{} // as an unregistered variant's
	defer func() { registered[i], hdrs[j] = saved, savedHeader }()
	if withoutAEGIS {
		// Nothing registers: every constructor says so.
		var a AEAD
		if err := a.init(AEGIS256X4, make([]byte, 32), 16, j); !errors.Is(err, common.ErrNotAvailable) {
			t.Fatalf("Init without AEGIS: %v, want ErrNotAvailable", err)
		}
		return
	}
	defer wantImportPanic(t)
	var a AEAD
	a.init(AEGIS256X4, make([]byte, 32), 16, j)
	t.Fatal("Init of an unregistered variant returned")
}

// TestUnregisteredInitPanics: Init, which raf and the commands call with a
// variant chosen at run time, panics the same way for a variant that did
// not register, whose default header is none: it must not take another
// variant's header for it.
func TestUnregisteredInitPanics(t *testing.T) {
	i := id256X4
	saved, savedDefault := registered[i], defaultHeaders[i]
	registered[i], defaultHeaders[i] = false, 0 // as an unregistered variant's
	defer func() { registered[i], defaultHeaders[i] = saved, savedDefault }()
	if withoutAEGIS {
		var a AEAD
		if err := a.Init(AEGIS256X4, make([]byte, 32), 16); !errors.Is(err, common.ErrNotAvailable) {
			t.Fatalf("Init without AEGIS: %v, want ErrNotAvailable", err)
		}
		return
	}
	defer wantImportPanic(t)
	var a AEAD
	err := a.Init(AEGIS256X4, make([]byte, 32), 16)
	t.Fatalf("Init of an unregistered variant returned %v, header %d", err, a.h)
}

// wantImportPanic, deferred, fails t unless the test panics with the
// message that names AEGIS-256X4's package.
func wantImportPanic(t *testing.T) {
	r := recover()
	msg, _ := r.(string)
	if !strings.Contains(msg, "import github.com/aegisgo/aegis/aegis256x4") {
		t.Fatalf("Init of an unregistered variant: recover() = %v, want a panic that names its package", r)
	}
}
