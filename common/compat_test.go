// SPDX-License-Identifier: MIT

package common_test

import (
	"bytes"
	"testing"

	"github.com/aegisgo/aegis/common"
)

func TestOverlap(t *testing.T) {
	buf := make([]byte, 100)
	cases := []struct {
		name         string
		x, y         []byte
		any, inexact bool
	}{
		{"same slice", buf[:50], buf[:50], true, false},
		{"same start, other lengths", buf[:10], buf[:60], true, false},
		{"shifted by one", buf[1:51], buf[:50], true, true},
		{"last byte shared", buf[:50], buf[49:60], true, true},
		{"adjacent", buf[:50], buf[50:60], false, false},
		{"adjacent, capacity shared", buf[:50:100], buf[50:60], false, false},
		{"disjoint", buf[:10], buf[90:], false, false},
		{"empty x", buf[:0], buf[:10], false, false},
		{"empty y inside x", buf[:50], buf[5:5], false, false},
		{"other arrays", make([]byte, 8), make([]byte, 8), false, false},
	}
	for _, c := range cases {
		for _, swap := range []bool{false, true} {
			x, y := c.x, c.y
			if swap {
				x, y = y, x
			}
			if got := common.AnyOverlap(x, y); got != c.any {
				t.Errorf("%s (swapped %v): AnyOverlap = %v, want %v", c.name, swap, got, c.any)
			}
			if got := common.InexactOverlap(x, y); got != c.inexact {
				t.Errorf("%s (swapped %v): InexactOverlap = %v, want %v", c.name, swap, got, c.inexact)
			}
		}
	}
}

func TestGrowSlice(t *testing.T) {
	// With room: the same array, content kept, tail the new bytes.
	s := make([]byte, 3, 10)
	copy(s, "abc")
	res, tail := common.GrowSlice(s, 5)
	if len(res) != 8 || len(tail) != 5 || &res[0] != &s[0] || &tail[0] != &s[:4][3] || string(res[:3]) != "abc" {
		t.Fatalf("GrowSlice with room: len %d/%d, same array %v", len(res), len(tail), &res[0] == &s[0])
	}
	copy(tail, "defgh")
	if string(res) != "abcdefgh" {
		t.Fatalf("tail is not the end of result: %q", res)
	}
	// Without room: a new array, content copied, s untouched.
	res2, tail2 := common.GrowSlice(res, 5)
	if len(res2) != 13 || len(tail2) != 5 || &res2[0] == &res[0] || string(res2[:8]) != "abcdefgh" {
		t.Fatalf("GrowSlice without room: %q, len(tail) %d", res2, len(tail2))
	}
	if !bytes.Equal(tail2, make([]byte, 5)) || &tail2[0] != &res2[8] {
		t.Fatal("new tail is not the zeroed end of result")
	}
	// Exactly enough room still reuses the array.
	exact := make([]byte, 2, 6)
	if res, _ := common.GrowSlice(exact, 4); &res[0] != &exact[0] {
		t.Fatal("GrowSlice with exactly enough room allocated")
	}
	// nil and zero.
	if res, tail := common.GrowSlice(nil, 0); len(res) != 0 || len(tail) != 0 {
		t.Fatal("GrowSlice(nil, 0) is not empty")
	}
	if res, tail := common.GrowSlice(nil, 4); len(res) != 4 || len(tail) != 4 {
		t.Fatal("GrowSlice(nil, 4) is not 4 bytes")
	}
}

func TestAegisStruct(t *testing.T) {
	key := []byte{1, 2, 3, 4}
	a := &common.Aegis{Key: key, TagLen: 32}
	if a.Overhead() != 32 {
		t.Fatalf("Overhead = %d, want 32", a.Overhead())
	}
	a.Wipe()
	if !bytes.Equal(key, make([]byte, 4)) || a.TagLen != 0 || a.Overhead() != 0 {
		t.Fatalf("after Wipe: key %x, TagLen %d", key, a.TagLen)
	}
}
