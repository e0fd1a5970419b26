// SPDX-License-Identifier: MIT

//go:build !without_aegis

package core

import "testing"

// TestMACWipe checks that Wipe clears both the running state and the state
// saved for Reset, and that the MAC cannot be used afterwards.
func TestMACWipe(t *testing.T) {
	var m MAC
	if err := m.Init(&Variants[0], make([]byte, 16), nil, 16); err != nil {
		t.Fatal(err)
	}
	m.Write([]byte("some data"))
	m.Wipe()
	if m.s.st != ([StateSize]byte{}) || m.start != ([StateSize]byte{}) {
		t.Error("Wipe left key-derived state behind")
	}
	defer func() {
		if recover() == nil {
			t.Error("Sum after Wipe did not panic")
		}
	}()
	m.Sum(nil)
}
