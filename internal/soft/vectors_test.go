// SPDX-License-Identifier: MIT

package soft

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aegisgo/aegis/internal/testing/vectors"
)

// variant is one of the six, as this package computes it.
type variant struct {
	pkg    string // the package name, as internal/testing/vectors takes it
	fam128 bool
	d      int
}

var variants = []variant{
	{"aegis128l", true, 1}, {"aegis128x2", true, 2}, {"aegis128x4", true, 4},
	{"aegis256", false, 1}, {"aegis256x2", false, 2}, {"aegis256x4", false, 4},
}

func (v variant) keySize() int {
	if v.fam128 {
		return 16
	}
	return 32
}

func (v variant) rate() int {
	if v.fam128 {
		return 32 * v.d
	}
	return 16 * v.d
}

func (v variant) seal(dst, tag, key, nonce, msg, ad []byte) {
	if v.fam128 {
		Seal128(v.d, dst, tag, key, nonce, msg, ad)
	} else {
		Seal256(v.d, dst, tag, key, nonce, msg, ad)
	}
}

func (v variant) open(dst, key, nonce, ct, tag, ad []byte) bool {
	if v.fam128 {
		return Open128(v.d, dst, key, nonce, ct, tag, ad)
	}
	return Open256(v.d, dst, key, nonce, ct, tag, ad)
}

func (v variant) mac(tag, key, nonce, data []byte) {
	if v.fam128 {
		MAC128(v.d, tag, key, nonce, data)
	} else {
		MAC256(v.d, tag, key, nonce, data)
	}
}

func (v variant) stream(dst, key, nonce []byte) {
	if v.fam128 {
		Stream128(v.d, dst, key, nonce)
	} else {
		Stream256(v.d, dst, key, nonce)
	}
}

func TestVectors(t *testing.T) {
	for _, v := range variants {
		vs, err := vectors.LoadAEAD(v.pkg)
		if err != nil {
			t.Fatal(err)
		}
		for _, tv := range vs {
			for _, tag := range [][]byte{tv.Tag128, tv.Tag256} {
				name := fmt.Sprintf("%s %s tag%d", v.pkg, tv.Name, 8*len(tag))
				if !tv.Fail {
					ct, got := make([]byte, len(tv.Msg)), make([]byte, len(tag))
					v.seal(ct, got, tv.Key, tv.Nonce, tv.Msg, tv.AD)
					if !bytes.Equal(ct, tv.CT) || !bytes.Equal(got, tag) {
						t.Errorf("%s: Seal = %x %x, want %x %x", name, ct, got, tv.CT, tag)
					}
				}
				pt := bytes.Repeat([]byte{0xa5}, len(tv.CT))
				ok := v.open(pt, tv.Key, tv.Nonce, tv.CT, tag, tv.AD)
				switch {
				case tv.Fail && ok:
					t.Errorf("%s: Open accepts a vector that must fail", name)
				case tv.Fail && !bytes.Equal(pt, make([]byte, len(pt))):
					t.Errorf("%s: Open failed and left %x", name, pt)
				case !tv.Fail && (!ok || !bytes.Equal(pt, tv.Msg)):
					t.Errorf("%s: Open = %x, %v, want %x", name, pt, ok, tv.Msg)
				}
			}
		}
	}
}

func TestMACVectors(t *testing.T) {
	for _, v := range variants {
		vs, err := vectors.LoadMAC(v.pkg)
		if err != nil {
			t.Fatal(err)
		}
		for _, tv := range vs {
			for _, want := range [][]byte{tv.Tag128, tv.Tag256} {
				got := make([]byte, len(want))
				v.mac(got, tv.Key, tv.Nonce, tv.Data)
				if !bytes.Equal(got, want) {
					t.Errorf("%s %s tag%d: %x, want %x", v.pkg, tv.Name, 8*len(want), got, want)
				}
			}
		}
	}
}

// rawVectors returns the entries of a vector file whose names start with
// prefix, as maps of hex strings decoded.
func rawVectors(t *testing.T, file, prefix string) []map[string][]byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(vectors.Dir(), file))
	if err != nil {
		t.Fatal(err)
	}
	var raw []map[string]string
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	var out []map[string][]byte
	for _, r := range raw {
		if !strings.HasPrefix(r["name"], prefix) {
			continue
		}
		m := map[string][]byte{}
		for k, s := range r {
			if k == "name" {
				continue
			}
			if m[k], err = hex.DecodeString(s); err != nil {
				t.Fatalf("%s %s: %v", file, k, err)
			}
		}
		out = append(out, m)
	}
	if len(out) == 0 {
		t.Fatalf("%s: no %q entries", file, prefix)
	}
	return out
}

func TestAESRoundVector(t *testing.T) {
	v := rawVectors(t, "aesround-test-vector.json", "AESRound")[0]
	var x, k [4][16]byte
	copy(x[2][:], v["in"])
	copy(k[2][:], v["rk"])
	gx, gk := packBlocks(&x), packBlocks(&k)
	var out group
	aesRound(&out, &gx, &gk)
	if got := unpackBlocks(out); !bytes.Equal(got[2][:], v["out"]) {
		t.Fatalf("AESRound = %x, want %x", got[2], v["out"])
	}
}

// TestUpdateVectors runs the spec's Update vectors of AEGIS-128L and
// AEGIS-256 through the bitsliced update.
func TestUpdateVectors(t *testing.T) {
	v := rawVectors(t, "aegis-128l-test-vectors.json", "Update")[0]
	s := State128{d: 1}
	var b [8][4][16]byte
	for j := range 8 {
		copy(b[j][0][:], v[fmt.Sprintf("S%d", j)])
	}
	s.fromBlocks(&b)
	var m msg128
	s.packMsg(&m, append(bytes.Clone(v["M0"]), v["M1"]...))
	s.update(&m)
	b = s.toBlocks()
	for j := range 8 {
		if want := v[fmt.Sprintf("S%d_2", j)]; !bytes.Equal(b[j][0][:], want) {
			t.Errorf("AEGIS-128L Update: S%d = %x, want %x", j, b[j][0], want)
		}
	}

	v = rawVectors(t, "aegis-256-test-vectors.json", "Update")[0]
	s2 := State256{d: 1}
	var b2 [6][4][16]byte
	for j := range 6 {
		copy(b2[j][0][:], v[fmt.Sprintf("S%d", j)])
	}
	s2.fromBlocks(&b2)
	var m2 group
	s2.packMsg(&m2, v["M"])
	s2.update(&m2, 0)
	b2 = s2.toBlocks()
	for j := range 6 {
		if want := v[fmt.Sprintf("S%d_2", j)]; !bytes.Equal(b2[j][0][:], want) {
			t.Errorf("AEGIS-256 Update: S%d = %x, want %x", j, b2[j][0], want)
		}
	}
}

// TestInitVectors checks the state after Init against the spec's vectors
// of the X variants.
func TestInitVectors(t *testing.T) {
	for _, v := range variants {
		if v.d == 1 {
			continue
		}
		file := "aegis-" + strings.TrimPrefix(v.pkg, "aegis") + "-test-vectors.json"
		in := rawVectors(t, file, "Initial State")
		var key, nonce []byte
		var want map[string][]byte
		for _, e := range in {
			if e["key"] != nil {
				key, nonce = e["key"], e["nonce"]
			} else {
				want = e
			}
		}
		got := func(j, i int) []byte {
			if v.fam128 {
				var s State128
				s.Init(v.d, key, nonce)
				b := s.toBlocks()
				return b[j][i][:]
			}
			var s State256
			s.Init(v.d, key, nonce)
			b := s.toBlocks()
			return b[j][i][:]
		}
		n := 6
		if v.fam128 {
			n = 8
		}
		for j := range n {
			for i := range v.d {
				w := want[fmt.Sprintf("V[%d,%d]", j, i)]
				if w == nil {
					t.Fatalf("%s: no V[%d,%d] in the vector", v.pkg, j, i)
				}
				if g := got(j, i); !bytes.Equal(g, w) {
					t.Errorf("%s: V[%d,%d] = %x, want %x", v.pkg, j, i, g, w)
				}
			}
		}
	}
}
