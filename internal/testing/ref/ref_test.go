// SPDX-License-Identifier: MIT

package ref

import (
	"bytes"
	"encoding/hex"
	"testing"

	"github.com/aegisgo/aegis/internal/testing/vectors"
)

func TestAESRoundVector(t *testing.T) {
	var in, rk block
	copy(in[:], mustHex("000102030405060708090a0b0c0d0e0f"))
	copy(rk[:], mustHex("101112131415161718191a1b1c1d1e1f"))
	out := AESRound(in, rk)
	if want := mustHex("7a7b4e5638782546a8c0477a3b813f43"); !bytes.Equal(out[:], want) {
		t.Fatalf("AESRound = %x, want %x", out, want)
	}
}

// TestVectors checks the reference itself against the spec's vectors.
func TestVectors(t *testing.T) {
	for _, c := range []struct {
		pkg    string
		fam128 bool
		d      int
	}{{"aegis128l", true, 1}, {"aegis128x2", true, 2}, {"aegis128x4", true, 4},
		{"aegis256", false, 1}, {"aegis256x2", false, 2}, {"aegis256x4", false, 4}} {
		vs, err := vectors.LoadAEAD(c.pkg)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range vs {
			if v.Fail {
				continue
			}
			for _, tag := range [][]byte{v.Tag128, v.Tag256} {
				got := Seal(c.fam128, c.d, v.Key, v.Nonce, v.Msg, v.AD, len(tag))
				if want := append(bytes.Clone(v.CT), tag...); !bytes.Equal(got, want) {
					t.Errorf("%s %s tag%d: %x, want %x", c.pkg, v.Name, len(tag)*8, got, want)
				}
			}
		}
	}
}

func mustHex(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

// TestMACVectors checks MAC against the spec's AEGIS-MAC vectors.
func TestMACVectors(t *testing.T) {
	for _, c := range []struct {
		pkg    string
		fam128 bool
		d      int
	}{{"aegis128l", true, 1}, {"aegis128x2", true, 2}, {"aegis128x4", true, 4},
		{"aegis256", false, 1}, {"aegis256x2", false, 2}, {"aegis256x4", false, 4}} {
		vs, err := vectors.LoadMAC(c.pkg)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range vs {
			for _, tag := range [][]byte{v.Tag128, v.Tag256} {
				if got := MAC(c.fam128, c.d, v.Key, v.Nonce, v.Data, len(tag)); !bytes.Equal(got, tag) {
					t.Errorf("%s %s tag%d: %x, want %x", c.pkg, v.Name, len(tag)*8, got, tag)
				}
			}
		}
	}
}
