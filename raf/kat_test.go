// SPDX-License-Identifier: MIT

package raf

import (
	"bytes"
	"crypto/sha256"
	"crypto/sha3"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"strings"
	"testing"

	"github.com/aegisgo/aegis/common"
)

func needCore(t testing.TB) {
	t.Helper()
	if !common.Available {
		t.Skip("needs AEGIS: built with the without_aegis tag")
	}
}

func unhex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.NewReplacer(" ", "", "\n", "", "\t", "").Replace(s))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func seq(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i)
	}
	return b
}

// ptn is the test pattern of RFC 9861: 00 01 ... FA repeated.
func ptn(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i % 251)
	}
	return b
}

// The 24-round permutation of the same code must give SHAKE128 and
// SHAKE256, which the standard library computes independently.
func TestKeccakF1600AgainstSHAKE(t *testing.T) {
	for _, n := range []int{0, 1, 135, 136, 137, 167, 168, 169, 500} {
		msg := ptn(n)
		for _, c := range []struct {
			rate int
			ref  func([]byte, int) []byte
		}{
			{168, func(m []byte, l int) []byte { return sha3.SumSHAKE128(m, l) }},
			{136, func(m []byte, l int) []byte { return sha3.SumSHAKE256(m, l) }},
		} {
			got := make([]byte, 400)
			s := sponge{rate: c.rate, rounds: 24}
			s.sum(got, msg, 0x1F)
			if want := c.ref(msg, 400); !bytes.Equal(got, want) {
				t.Fatalf("rate %d len %d: sponge with 24 rounds is not SHAKE", c.rate, n)
			}
		}
	}
}

func TestTurboSHAKEVectors(t *testing.T) {
	type vec struct {
		msg    []byte
		d      byte
		outLen int
		want   string // the last len(want)/2 bytes of the output
	}
	ff := func(n int) []byte { return bytes.Repeat([]byte{0xff}, n) }
	v128 := []vec{
		{nil, 0x1F, 32, "1E 41 5F 1C 59 83 AF F2 16 92 17 27 7D 17 BB 53 8C D9 45 A3 97 DD EC 54 1F 1C E4 1A F2 C1 B7 4C"},
		{nil, 0x1F, 64, "1E 41 5F 1C 59 83 AF F2 16 92 17 27 7D 17 BB 53 8C D9 45 A3 97 DD EC 54 1F 1C E4 1A F2 C1 B7 4C 3E 8C CA E2 A4 DA E5 6C 84 A0 4C 23 85 C0 3C 15 E8 19 3B DF 58 73 73 63 32 16 91 C0 54 62 C8 DF"},
		{nil, 0x1F, 10032, "A3 B9 B0 38 59 00 CE 76 1F 22 AE D5 48 E7 54 DA 10 A5 24 2D 62 E8 C6 58 E3 F3 A9 23 A7 55 56 07"},
		{ptn(1), 0x1F, 32, "55 CE DD 6F 60 AF 7B B2 9A 40 42 AE 83 2E F3 F5 8D B7 29 9F 89 3E BB 92 47 24 7D 85 69 58 DA A9"},
		{ptn(17), 0x1F, 32, "9C 97 D0 36 A3 BA C8 19 DB 70 ED E0 CA 55 4E C6 E4 C2 A1 A4 FF BF D9 EC 26 9C A6 A1 11 16 12 33"},
		{ptn(17 * 17), 0x1F, 32, "96 C7 7C 27 9E 01 26 F7 FC 07 C9 B0 7F 5C DA E1 E0 BE 60 BD BE 10 62 00 40 E7 5D 72 23 A6 24 D2"},
		{ptn(17 * 17 * 17), 0x1F, 32, "D4 97 6E B5 6B CF 11 85 20 58 2B 70 9F 73 E1 D6 85 3E 00 1F DA F8 0E 1B 13 E0 D0 59 9D 5F B3 72"},
		{ptn(17 * 17 * 17 * 17), 0x1F, 32, "DA 67 C7 03 9E 98 BF 53 0C F7 A3 78 30 C6 66 4E 14 CB AB 7F 54 0F 58 40 3B 1B 82 95 13 18 EE 5C"},
		{ff(3), 0x01, 32, "BF 32 3F 94 04 94 E8 8E E1 C5 40 FE 66 0B E8 A0 C9 3F 43 D1 5E C0 06 99 84 62 FA 99 4E ED 5D AB"},
		{ff(1), 0x06, 32, "8E C9 C6 64 65 ED 0D 4A 6C 35 D1 35 06 71 8D 68 7A 25 CB 05 C7 4C CA 1E 42 50 1A BD 83 87 4A 67"},
		{ff(3), 0x07, 32, "B6 58 57 60 01 CA D9 B1 E5 F3 99 A9 F7 77 23 BB A0 54 58 04 2D 68 20 6F 72 52 68 2D BA 36 63 ED"},
		{ff(7), 0x0B, 32, "8D EE AA 1A EC 47 CC EE 56 9F 65 9C 21 DF A8 E1 12 DB 3C EE 37 B1 81 78 B2 AC D8 05 B7 99 CC 37"},
		{ff(1), 0x30, 32, "55 31 22 E2 13 5E 36 3C 32 92 BE D2 C6 42 1F A2 32 BA B0 3D AA 07 C7 D6 63 66 03 28 65 06 32 5B"},
		{ff(3), 0x7F, 32, "16 27 4C C6 56 D4 4C EF D4 22 39 5D 0F 90 53 BD A6 D2 8E 12 2A BA 15 C7 65 E5 AD 0E 6E AF 26 F9"},
	}
	v256 := []vec{
		{nil, 0x1F, 64, "36 7A 32 9D AF EA 87 1C 78 02 EC 67 F9 05 AE 13 C5 76 95 DC 2C 66 63 C6 10 35 F5 9A 18 F8 E7 DB 11 ED C0 E1 2E 91 EA 60 EB 6B 32 DF 06 DD 7F 00 2F BA FA BB 6E 13 EC 1C C2 0D 99 55 47 60 0D B0"},
		{nil, 0x1F, 10032, "AB EF A1 16 30 C6 61 26 92 49 74 26 85 EC 08 2F 20 72 65 DC CF 2F 43 53 4E 9C 61 BA 0C 9D 1D 75"},
		{ptn(1), 0x1F, 64, "3E 17 12 F9 28 F8 EA F1 05 46 32 B2 AA 0A 24 6E D8 B0 C3 78 72 8F 60 BC 97 04 10 15 5C 28 82 0E 90 CC 90 D8 A3 00 6A A2 37 2C 5C 5E A1 76 B0 68 2B F2 2B AE 74 67 AC 94 F7 4D 43 D3 9B 04 82 E2"},
		{ptn(17), 0x1F, 64, "B3 BA B0 30 0E 6A 19 1F BE 61 37 93 98 35 92 35 78 79 4E A5 48 43 F5 01 10 90 FA 2F 37 80 A9 E5 CB 22 C5 9D 78 B4 0A 0F BF F9 E6 72 C0 FB E0 97 0B D2 C8 45 09 1C 60 44 D6 87 05 4D A5 D8 E9 C7"},
		{ptn(17 * 17), 0x1F, 64, "66 B8 10 DB 8E 90 78 04 24 C0 84 73 72 FD C9 57 10 88 2F DE 31 C6 DF 75 BE B9 D4 CD 93 05 CF CA E3 5E 7B 83 E8 B7 E6 EB 4B 78 60 58 80 11 63 16 FE 2C 07 8A 09 B9 4A D7 B8 21 3C 0A 73 8B 65 C0"},
		{ptn(17 * 17 * 17), 0x1F, 64, "C7 4E BC 91 9A 5B 3B 0D D1 22 81 85 BA 02 D2 9E F4 42 D6 9D 3D 42 76 A9 3E FE 0B F9 A1 6A 7D C0 CD 4E AB AD AB 8C D7 A5 ED D9 66 95 F5 D3 60 AB E0 9E 2C 65 11 A3 EC 39 7D A3 B7 6B 9E 16 74 FB"},
		{ptn(17 * 17 * 17 * 17), 0x1F, 64, "02 CC 3A 88 97 E6 F4 F6 CC B6 FD 46 63 1B 1F 52 07 B6 6C 6D E9 C7 B5 5B 2D 1A 23 13 4A 17 0A FD AC 23 4E AB A9 A7 7C FF 88 C1 F0 20 B7 37 24 61 8C 56 87 B3 62 C4 30 B2 48 CD 38 64 7F 84 8A 1D"},
		{ff(1), 0x06, 64, "73 8D 7B 4E 37 D1 8B 7F 22 AD 1B 53 13 E3 57 E3 DD 7D 07 05 6A 26 A3 03 C4 33 FA 35 33 45 52 80 F4 F5 A7 D4 F7 00 EF B4 37 FE 6D 28 14 05 E0 7B E3 2A 0A 97 2E 22 E6 3A DC 1B 09 0D AE FE 00 4B"},
		{ff(7), 0x0B, 64, "BB 36 76 49 51 EC 97 E9 D8 5F 7E E9 A6 7A 77 18 FC 00 5C F4 25 56 BE 79 CE 12 C0 BD E5 0E 57 36 D6 63 2B 0D 0D FB 20 2D 1B BB 8F FE 3D D7 4C B0 08 34 FA 75 6C B0 34 71 BA B1 3A 1E 2C 16 B3 C0"},
	}
	run := func(name string, fn func(out, msg []byte, d byte), vs []vec) {
		for i, v := range vs {
			want := unhex(t, v.want)
			out := make([]byte, v.outLen)
			fn(out, v.msg, v.d)
			if got := out[len(out)-len(want):]; !bytes.Equal(got, want) {
				t.Errorf("%s #%d (len %d, D=%#x): got %x, want %x", name, i, len(v.msg), v.d, got, want)
			}
		}
	}
	run("TurboSHAKE128", TurboSHAKE128, v128)
	run("TurboSHAKE256", TurboSHAKE256, v256)
}

func TestFileKeyKAT(t *testing.T) {
	var id [fileIDSize]byte
	copy(id[:], seq(fileIDSize))
	for _, c := range []struct {
		kl   int
		want string
	}{
		{16, "4cc4759d9f10cf1b391cfc220d9b329d" + "07656537477b6965708f98f35e7807af"},
		{32, "1e051b0052c53b397417d5670a1595f892a365101bcc79128cef842498b4cf90" + "732b8fc7cec6a07f83b0c3631e97487454db4961b5ca8a39f5b5e2c87cbd85ba"},
	} {
		if got := hex.EncodeToString(deriveFileKeys(seq(c.kl), &id)); got != c.want {
			t.Errorf("key length %d: got %s, want %s", c.kl, got, c.want)
		}
	}
}

func TestDeriveMasterKeyKAT(t *testing.T) {
	for _, c := range []struct {
		kl   int
		ctx  string
		want string
	}{
		{16, "test-context", "fb80072c5a6f1cddc6e97b35ed1f3bf3"},
		{32, "test-context", "fee2d3cc58c69d8f43fd7b4e33eaec0053539685c7e284e6e12ee9c4f423d136"},
		{16, "", "9b8e6ddb09c9eb0137888ca2a366fdd0"},
	} {
		got, err := DeriveMasterKey(seq(c.kl), []byte(c.ctx))
		if err != nil {
			t.Fatal(err)
		}
		if hex.EncodeToString(got) != c.want {
			t.Errorf("key %d ctx %q: got %x, want %s", c.kl, c.ctx, got, c.want)
		}
	}
	for _, c := range []struct{ kl, n int }{{16, 120}, {32, 72}} {
		if _, err := DeriveMasterKey(seq(c.kl), make([]byte, c.n)); err != nil {
			t.Errorf("key %d context %d: %v", c.kl, c.n, err)
		}
		if _, err := DeriveMasterKey(seq(c.kl), make([]byte, c.n+1)); !errors.Is(err, ErrContextTooLong) {
			t.Errorf("key %d context %d: err %v, want ErrContextTooLong", c.kl, c.n+1, err)
		}
	}
	for _, kl := range []int{0, 15, 24, 33} {
		if _, err := DeriveMasterKey(make([]byte, kl), nil); !errors.Is(err, ErrBadKeyLength) {
			t.Errorf("key %d: err %v", kl, err)
		}
	}
}

// counterRNG returns 00 01 02 ... across calls, as the RNG of the libaegis
// known-answer files.
type counterRNG struct{ n byte }

func (r *counterRNG) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = r.n
		r.n++
	}
	return len(p), nil
}

// Files that libaegis produced with a counter RNG (FORMAT.md §8.2).
var libaegisKAT = []struct {
	alg                          Algorithm
	mac11, mac0, tag, ct0, whole string
}{
	{AEGIS128L, "1d8bd024e293eb27c8d8eb5107d44108", "812747392b4daae3e12b15538b5d6c17", "b00b009830672a77f0eaeee19a96892e", "35134d4b772d7d65e72fa0243a0efe2b", "859cfbfbfab198b154c555ae295b66a711f62a9d5aba11ac8422a65fffc41435"},
	{AEGIS128X2, "f69b656d5c0933cb5e554d19c5a308f8", "89a0f4571d7c3f47d1e56e1162c26683", "ad77d1e844f16b60bafe48abf1333b44", "bc460da962db5c1caeacb3547b22957f", "34ae8a3bd1d3a37a9f38fcd7e64773f014b8bf1b0813f54ec956448a8191bf2f"},
	{AEGIS128X4, "675c8e8193ccce3b52bbb0c40cb49e5c", "f03304a80e4f371eb2bb614ea2aed373", "b0c0464b84a2dda3d0d5bd31d6a621f8", "b9254f991363fd9376e480648ff743e5", "09b2fc4ac6cdf8668aa9bc7032a4bb5e0bac26ae0363d161920335aaa566ac5f"},
	{AEGIS256, "f2ec230cb5ab9dc025b2fa2f532139c1", "eb591b410b33f3a53aeb953b336e3edf", "9bb9dcef68ffc10e90dee8538fc15e1b", "e7cba11cb77b7de66664e0e9396b45ab", "9ec94901751e9a7752ce0fc1f5f0e1b7b51b04a0ace0b38b0c01f090d16a9408"},
	{AEGIS256X2, "b16137b11f38920225ab5c13450d1e95", "5ee761ae1e53ffd1716251a5538b47e6", "6a62af44766637332996b06dba7084d4", "0dff4df595730e684172df159a13dc8d", "5bb3d61b1ebf219704ad9e4932d1eda36828ba7cd49dfce7a780e6a0c73c5b84"},
	{AEGIS256X4, "8078c1af4cd3bb955a2aed678bc1c661", "8d3340ed1362e1494b7a261252d1b3bb", "9638a4dc287b5187c1faa5956dad6325", "fd8b3ee742c32acbba1c878014e7cf84", "9c04fe4d35ae1b91d44c60af622f5b15686acaf7dbad3b2ae2a855fdeb0b5a80"},
}

func TestLibaegisFiles(t *testing.T) {
	needCore(t)
	for _, k := range libaegisKAT {
		t.Run(k.alg.String(), func(t *testing.T) {
			kl := k.alg.KeySize()
			nl := kl // the nonce is as long as the key in every variant
			st := NewMemStore()
			f, err := create(st, seq(kl), &Options{Algorithm: k.alg, ChunkSize: 1024}, &counterRNG{})
			if err != nil {
				t.Fatal(err)
			}
			hdr := st.Bytes()
			wantHdr := "4145474953524146" + "4000" + "01" + hex.EncodeToString([]byte{byte(k.alg) + 1}) + "00040000" + "0000000000000000" + hex.EncodeToString(seq(24)) + k.mac0
			if got := hex.EncodeToString(hdr); got != wantHdr {
				t.Fatalf("empty header:\n got %s\nwant %s", got, wantHdr)
			}
			if _, err := f.WriteAt([]byte("Hello, RAF!"), 0); err != nil {
				t.Fatal(err)
			}
			if err := f.Close(); err != nil {
				t.Fatal(err)
			}
			b := st.Bytes()
			if want := 64 + nl + 1024 + 16; len(b) != want {
				t.Fatalf("file length %d, want %d", len(b), want)
			}
			wantHdr = wantHdr[:32] + "0b00000000000000" + hex.EncodeToString(seq(24)) + k.mac11
			if got := hex.EncodeToString(b[:64]); got != wantHdr {
				t.Errorf("header:\n got %s\nwant %s", got, wantHdr)
			}
			nonce := make([]byte, nl)
			for i := range nonce {
				nonce[i] = byte(24 + i)
			}
			if !bytes.Equal(b[64:64+nl], nonce) {
				t.Errorf("nonce %x, want %x", b[64:64+nl], nonce)
			}
			if got := hex.EncodeToString(b[64+nl : 64+nl+16]); got != k.ct0 {
				t.Errorf("ciphertext[0:16] %s, want %s", got, k.ct0)
			}
			if got := hex.EncodeToString(b[len(b)-16:]); got != k.tag {
				t.Errorf("tag %s, want %s", got, k.tag)
			}
			sum := sha256.Sum256(b)
			if got := hex.EncodeToString(sum[:]); got != k.whole {
				t.Errorf("SHA-256 %s, want %s", got, k.whole)
			}

			// And it opens and reads back, with the right size.
			g, err := Open(NewMemStoreBytes(b), seq(kl), nil)
			if err != nil {
				t.Fatal(err)
			}
			defer g.Close()
			if info := g.Info(); info != (FileInfo{Size: 11, ChunkSize: 1024, Algorithm: k.alg}) {
				t.Errorf("Info %+v", info)
			}
			out := make([]byte, 20)
			n, err := g.ReadAt(out, 0)
			if n != 11 || string(out[:n]) != "Hello, RAF!" || err == nil {
				t.Errorf("ReadAt: %d %q %v", n, out[:n], err)
			}
		})
	}
}

func TestHeaderLayout(t *testing.T) {
	needCore(t)
	st := NewMemStore()
	f, err := create(st, seq(32), &Options{Algorithm: AEGIS256X2, ChunkSize: 1040}, &counterRNG{n: 0x40})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteAt(make([]byte, 3000), 0); err != nil {
		t.Fatal(err)
	}
	mac := f.header(3000)
	f.Close()
	b := st.Bytes()
	if string(b[0:8]) != "AEGISRAF" {
		t.Errorf("magic %q", b[0:8])
	}
	if v := binary.LittleEndian.Uint16(b[8:10]); v != 64 {
		t.Errorf("header_size %d", v)
	}
	if b[10] != 1 || b[11] != 5 {
		t.Errorf("version %d alg_id %d", b[10], b[11])
	}
	if v := binary.LittleEndian.Uint32(b[12:16]); v != 1040 {
		t.Errorf("chunk_size %d", v)
	}
	if v := binary.LittleEndian.Uint64(b[16:24]); v != 3000 {
		t.Errorf("file_size %d", v)
	}
	for i := 0; i < 24; i++ {
		if b[24+i] != byte(0x40+i) {
			t.Fatalf("file_id %x", b[24:48])
		}
	}
	rs := 32 + 1040 + 16
	if len(b) != 64+3*rs {
		t.Errorf("store %d bytes, want %d", len(b), 64+3*rs)
	}
	// The nonces follow the file_id in the RNG's stream, one per chunk.
	for i := 0; i < 3; i++ {
		if b[64+i*rs] != byte(0x40+24+32*i) {
			t.Errorf("record %d nonce starts %#x", i, b[64+i*rs])
		}
	}
	if !bytes.Equal(mac[48:], b[48:64]) {
		t.Error("header MAC is not over bytes 0..47")
	}
	info, err := Probe(NewMemStoreBytes(b))
	if err != nil || *info != (FileInfo{Size: 3000, ChunkSize: 1040, Algorithm: AEGIS256X2}) {
		t.Errorf("Probe: %+v %v", info, err)
	}
}
