// SPDX-License-Identifier: MIT

package vperm

import (
	"encoding/hex"
	"encoding/json"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/aegisgo/aegis/internal/testing/ref"
)

// sbox is the AES S-box from its definition, by brute-force inversion in
// the AES field: nothing of the tower in it.
var sbox = func() (s [256]byte) {
	for x := 0; x < 256; x++ {
		var inv byte
		for y := 1; x != 0 && y < 256; y++ {
			if aesMul(byte(x), byte(y)) == 1 {
				inv = byte(y)
				break
			}
		}
		s[x] = affine(inv) ^ SBoxConst
	}
	return s
}()

var shuffles = []struct {
	name string
	sh   Shuffle
}{{"pshufb", PSHUFB}, {"tbl", TBL}}

// TestTower checks the field arithmetic that the tables rest on: λ makes
// z^2 + z + λ irreducible, and the map into the tower is a bijection that
// keeps sums and products.
func TestTower(t *testing.T) {
	for h := byte(0); h < 16; h++ {
		if gf16Mul(h, h)^h^Lambda == 0 {
			t.Fatalf("z^2 + z + %#x has the root %#x in GF(16)", Lambda, h)
		}
	}
	seen := map[byte]bool{}
	for a := 0; a < 256; a++ {
		seen[toTower[a]] = true
		if fromTower[toTower[a]] != byte(a) {
			t.Fatalf("fromTower(toTower(%#x)) = %#x", a, fromTower[toTower[a]])
		}
		for b := 0; b < 256; b++ {
			if toTower[a^b] != toTower[a]^toTower[b] {
				t.Fatalf("toTower is not additive at %#x, %#x", a, b)
			}
			if got, want := towerMul(toTower[a], toTower[b]), toTower[aesMul(byte(a), byte(b))]; got != want {
				t.Fatalf("toTower(%#x * %#x) = %#x, but the product in the tower is %#x", a, b, want, got)
			}
		}
	}
	if len(seen) != 256 {
		t.Fatalf("toTower takes %d values", len(seen))
	}
}

// TestSubByte checks the S-box through the tables against the S-box of
// the definition, for all 256 inputs, under both byte shuffles.
func TestSubByte(t *testing.T) {
	tb := Derive()
	for _, s := range shuffles {
		for x := 0; x < 256; x++ {
			if got := tb.SubByte(s.sh, byte(x)); got != sbox[x] {
				t.Errorf("%s: S(%#02x) = %#02x, want %#02x", s.name, x, got, sbox[x])
			}
		}
	}
	// The spec's own anchors: S(0) = 0x63, S(1) = 0x7c, S(0x53) = 0xed.
	for x, want := range map[byte]byte{0: 0x63, 1: 0x7c, 0x53: 0xed} {
		if sbox[x] != want {
			t.Errorf("the reference S(%#x) = %#x, want %#x", x, sbox[x], want)
		}
	}
}

// TestRound checks the whole round, step for step as the C kernel runs
// it, against the reference AESRound: on 16 blocks that hold all 256
// byte values at every position between them, the spec's AESRound
// vector, and random blocks.
func TestRound(t *testing.T) {
	tb := Derive()
	r := rand.New(rand.NewPCG(7, 8))
	var cases [][2]block
	for rot := 0; rot < 16; rot++ {
		for n := 0; n < 16; n++ {
			var in, rk block
			for b := range in {
				in[b] = byte(16*n + (b+rot)%16)
				rk[b] = byte(r.Uint32())
			}
			cases = append(cases, [2]block{in, rk})
		}
	}
	for range 2000 {
		var in, rk block
		for b := range in {
			in[b], rk[b] = byte(r.Uint32()), byte(r.Uint32())
		}
		cases = append(cases, [2]block{in, rk})
	}
	for _, s := range shuffles {
		for _, c := range cases {
			if got, want := tb.Round(s.sh, c[0], c[1]), ref.AESRound(c[0], c[1]); got != want {
				t.Fatalf("%s: AESRound(%x, %x) = %x, want %x", s.name, c[0], c[1], got, want)
			}
		}
	}
	// The spec's test vector for AESRound.
	raw, err := os.ReadFile("../../../testdata/aesround-test-vector.json")
	if err != nil {
		t.Fatal(err)
	}
	var vs []struct{ In, Rk, Out string }
	if err := json.Unmarshal(raw, &vs); err != nil || len(vs) != 1 {
		t.Fatalf("aesround-test-vector.json: %v, %d vectors", err, len(vs))
	}
	in, rk, want := unhex(t, vs[0].In), unhex(t, vs[0].Rk), unhex(t, vs[0].Out)
	for _, s := range shuffles {
		if got := tb.Round(s.sh, in, rk); got != want {
			t.Errorf("%s: the spec's AESRound vector: %x, want %x", s.name, got, want)
		}
	}
}

// TestRoundTower checks the round on the tower form, in and out, against
// the reference AESRound, on the blocks of TestRound, and the two
// conversions on every byte value at every position.
func TestRoundTower(t *testing.T) {
	tb := Derive()
	r := rand.New(rand.NewPCG(9, 10))
	for _, s := range shuffles {
		for rot := 0; rot < 16; rot++ {
			for n := 0; n < 16; n++ {
				var x block
				for b := range x {
					x[b] = byte(16*n + (b+rot)%16)
				}
				y := tb.ToTower(s.sh, x)
				for b := range y {
					if y[b] != toTower[x[b]] {
						t.Fatalf("%s: ToTower(%x) = %x", s.name, x, y)
					}
				}
				if got := tb.FromTower(s.sh, y); got != x {
					t.Fatalf("%s: FromTower(ToTower(%x)) = %x", s.name, x, got)
				}
				var rk block
				for b := range rk {
					rk[b] = byte(r.Uint32())
				}
				got := tb.FromTower(s.sh, tb.RoundTower(s.sh, y, tb.ToTower(s.sh, rk)))
				if want := ref.AESRound(x, rk); got != want {
					t.Fatalf("%s: AESRound(%x, %x) in the tower = %x, want %x", s.name, x, rk, got, want)
				}
			}
		}
		for range 2000 {
			var in, rk block
			for b := range in {
				in[b], rk[b] = byte(r.Uint32()), byte(r.Uint32())
			}
			got := tb.FromTower(s.sh, tb.RoundTower(s.sh, tb.ToTower(s.sh, in), tb.ToTower(s.sh, rk)))
			if want := ref.AESRound(in, rk); got != want {
				t.Fatalf("%s: AESRound(%x, %x) in the tower = %x, want %x", s.name, in, rk, got, want)
			}
		}
	}
}

func unhex(t *testing.T, s string) (b block) {
	t.Helper()
	if n, err := hex.Decode(b[:], []byte(s)); err != nil || n != 16 {
		t.Fatalf("%q: not 16 bytes of hex", s)
	}
	return b
}

// TestTablesSound checks properties that the round relies on beyond the
// results: every index it looks up is a nibble or has the high bit set
// (so PSHUFB and TBL agree), which TestSubByte covers only by its
// results.
func TestTablesSound(t *testing.T) {
	tb := Derive()
	for x := 0; x < 256; x++ {
		y := PSHUFB(tb.InHi, byte(x>>4)) ^ PSHUFB(tb.InLo, byte(x&15))
		j, k := y&15, y>>4
		i := j ^ k
		lk := PSHUFB(tb.InvLambdaK, k)
		for _, p := range []byte{PSHUFB(tb.Inv, i) ^ lk, PSHUFB(tb.Inv, j) ^ lk} {
			if p >= 16 && p&0xf0 != Infinity {
				t.Errorf("x %#02x: an index %#02x that PSHUFB and TBL read apart", x, p)
			}
			q := PSHUFB(tb.Inv, p)
			if q >= 16 && q != Infinity {
				t.Errorf("x %#02x: 1/P = %#02x", x, q)
			}
		}
	}
}

// TestHeader checks that csrc/vperm_tables.h is what the tables give: go
// run internal/gen/main.go writes it.
func TestHeader(t *testing.T) {
	got, err := os.ReadFile("../../../csrc/vperm_tables.h")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != Derive().Header() {
		t.Error("csrc/vperm_tables.h is stale: run CGO_ENABLED=0 go run internal/gen/main.go")
	}
}
