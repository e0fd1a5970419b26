// SPDX-License-Identifier: MIT

package consumertest

import (
	"bytes"
	"errors"
	"testing"

	"github.com/aegis-aead/go-libaegis/common"
	"github.com/aegis-aead/go-libaegis/raf"
	aegisgo "github.com/aegisgo/aegis/common"
	aegisgoraf "github.com/aegisgo/aegis/raf"
)

func TestAvailable(t *testing.T) {
	if common.Available != wantAvailable {
		t.Fatalf("common.Available = %v in this build, want %v", common.Available, wantAvailable)
	}
}

// The shim's errors are the target module's values, so errors.Is matches
// whichever import path a caller compares with.
func TestErrorIdentity(t *testing.T) {
	pairs := []struct {
		name       string
		shim, ours error
	}{
		{"ErrAuth", common.ErrAuth, aegisgo.ErrAuth},
		{"ErrTruncated", common.ErrTruncated, aegisgo.ErrTruncated},
		{"ErrBadNonceLength", common.ErrBadNonceLength, aegisgo.ErrBadNonceLength},
		{"ErrBadKeyLength", common.ErrBadKeyLength, aegisgo.ErrBadKeyLength},
		{"ErrBadTagLength", common.ErrBadTagLength, aegisgo.ErrBadTagLength},
		{"ErrNotAvailable", common.ErrNotAvailable, aegisgo.ErrNotAvailable},
		{"ErrFinalized", common.ErrFinalized, aegisgo.ErrFinalized},
		{"raf.ErrAuth", raf.ErrAuth, aegisgoraf.ErrAuth},
		{"raf.ErrInvalidHeader", raf.ErrInvalidHeader, aegisgoraf.ErrInvalidHeader},
		{"raf.ErrBadChunkSize", raf.ErrBadChunkSize, aegisgoraf.ErrBadChunkSize},
		{"raf.ErrBadKeyLength", raf.ErrBadKeyLength, aegisgoraf.ErrBadKeyLength},
		{"raf.ErrExists", raf.ErrExists, aegisgoraf.ErrExists},
		{"raf.ErrClosed", raf.ErrClosed, aegisgoraf.ErrClosed},
		{"raf.ErrOverflow", raf.ErrOverflow, aegisgoraf.ErrOverflow},
		{"raf.ErrNegativeOffset", raf.ErrNegativeOffset, aegisgoraf.ErrNegativeOffset},
	}
	for _, p := range pairs {
		if p.shim == nil || !errors.Is(p.shim, p.ours) {
			t.Errorf("%s: the shim's value %v is not the module's %v", p.name, p.shim, p.ours)
		}
	}
	if errors.Is(common.ErrFinalized, common.ErrAuth) || common.ErrFinalized == nil {
		t.Errorf("ErrFinalized = %v, want a value of its own", common.ErrFinalized)
	}
	// The shim's Aegis is the module's type (an alias): a value of one is a
	// value of the other, with no conversion.
	var _ *aegisgo.Aegis = new(common.Aegis)
}

func TestOverlap(t *testing.T) {
	buf := make([]byte, 64)
	for _, c := range []struct {
		name         string
		x, y         []byte
		any, inexact bool
	}{
		{"same slice", buf[:16], buf[:16], true, false},
		{"same start, other lengths", buf[:16], buf[:40], true, false},
		{"shifted by one", buf[0:16], buf[1:17], true, true},
		{"last byte of x is first of y", buf[0:16], buf[15:20], true, true},
		{"adjacent", buf[0:16], buf[16:32], false, false},
		{"capacity beyond length ignored", buf[0:16:64], buf[16:32], false, false},
		{"empty x", buf[4:4], buf[0:16], false, false},
		{"empty y", buf[0:16], nil, false, false},
		{"other arrays", make([]byte, 16), make([]byte, 16), false, false},
	} {
		if got := common.AnyOverlap(c.x, c.y); got != c.any {
			t.Errorf("%s: AnyOverlap = %v, want %v", c.name, got, c.any)
		}
		if got := common.AnyOverlap(c.y, c.x); got != c.any {
			t.Errorf("%s: AnyOverlap (swapped) = %v, want %v", c.name, got, c.any)
		}
		if got := common.InexactOverlap(c.x, c.y); got != c.inexact {
			t.Errorf("%s: InexactOverlap = %v, want %v", c.name, got, c.inexact)
		}
	}
}

func TestGrowSlice(t *testing.T) {
	// Room in the array: the result shares it, and tail is its last n bytes.
	s := make([]byte, 3, 10)
	copy(s, "abc")
	result, tail := common.GrowSlice(s, 4)
	if len(result) != 7 || len(tail) != 4 || &result[0] != &s[0] || &tail[0] != &result[3] {
		t.Fatalf("with room: len(result) %d, len(tail) %d, sharing %v", len(result), len(tail), &result[0] == &s[0])
	}
	copy(tail, "defg")
	if string(result) != "abcdefg" {
		t.Fatalf("with room: result %q", result)
	}

	// No room: a new array, s copied into it, s untouched.
	s = []byte("abc")
	result, tail = common.GrowSlice(s, 5)
	if len(result) != 8 || len(tail) != 5 || &result[0] == &s[0] || &tail[0] != &result[3] {
		t.Fatalf("without room: len(result) %d, len(tail) %d", len(result), len(tail))
	}
	if string(result[:3]) != "abc" || !bytes.Equal(tail, make([]byte, 5)) || string(s) != "abc" {
		t.Fatalf("without room: result %q, s %q", result, s)
	}

	// n = 0 returns s itself and an empty tail.
	result, tail = common.GrowSlice(s, 0)
	if len(result) != 3 || len(tail) != 0 || &result[0] != &s[0] {
		t.Fatalf("n = 0: len(result) %d, len(tail) %d", len(result), len(tail))
	}
}

func TestAegisType(t *testing.T) {
	key := []byte{1, 2, 3, 4}
	a := common.Aegis{key, 16, nil} // unkeyed, as go-libaegis's field set allows
	if a.Overhead() != 16 {
		t.Fatalf("Overhead = %d, want 16", a.Overhead())
	}
	a.Wipe()
	if a.TagLen != 0 || !bytes.Equal(key, make([]byte, 4)) {
		t.Fatalf("after Wipe: TagLen %d, key %x", a.TagLen, key)
	}
}

func TestNotAvailablePanics(t *testing.T) {
	defer func() {
		r := recover()
		err, ok := r.(error)
		if !ok || !errors.Is(err, common.ErrNotAvailable) {
			t.Fatalf("NotAvailable panicked with %v, want common.ErrNotAvailable", r)
		}
	}()
	common.NotAvailable()
}
