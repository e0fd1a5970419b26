// SPDX-License-Identifier: MIT

//go:build !without_aegis

package consumertest

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aegis-aead/go-libaegis/common"
	"github.com/aegis-aead/go-libaegis/raf"
)

// vector is one entry of RFC 10032's test vectors, in the root
// module's testdata (entries without a key, such as state updates, are not
// used here).
type vector struct {
	Name   string
	Key    string
	Nonce  string
	AD     string
	Msg    *string
	Data   string
	CT     string
	Tag128 string
	Tag256 string
	Error  string
}

func loadVectors(t *testing.T, file string) []vector {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "..", "..", "testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	var all, keyed []vector
	if err := json.Unmarshal(b, &all); err != nil {
		t.Fatal(err)
	}
	for _, v := range all {
		if v.Key != "" {
			keyed = append(keyed, v)
		}
	}
	if len(keyed) == 0 {
		t.Fatalf("%s: no vectors", file)
	}
	return keyed
}

func unhex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The spec's vectors through the shim: Seal, Open, and the incremental API
// used as go-libaegis documents it, with one reused buffer per direction.
func TestVectors(t *testing.T) {
	for _, v := range variants {
		for _, tv := range loadVectors(t, "aegis-"+v.name+"-test-vectors.json") {
			key, nonce, ad, ct := unhex(t, tv.Key), unhex(t, tv.Nonce), unhex(t, tv.AD), unhex(t, tv.CT)
			for _, tagHex := range []string{tv.Tag128, tv.Tag256} {
				if tagHex == "" {
					continue // a vector with one tag length only
				}
				tag := unhex(t, tagHex)
				name := fmt.Sprintf("AEGIS-%s %s, %d-byte tag", v.name, tv.Name, len(tag))
				a, err := v.newAEAD(key, len(tag))
				if err != nil {
					t.Fatalf("%s: New: %v", name, err)
				}
				sealed := append(append([]byte{}, ct...), tag...)
				if tv.Error != "" {
					if _, err := a.Open(nil, nonce, sealed, ad); !errors.Is(err, common.ErrAuth) {
						t.Errorf("%s: Open of a must-fail vector: %v, want ErrAuth", name, err)
					}
					d, err := v.newDec(key, nonce, ad, len(tag))
					if err != nil {
						t.Fatalf("%s: NewDecrypter: %v", name, err)
					}
					if _, err := openPieces(d, ct, tag, 7); !errors.Is(err, common.ErrAuth) {
						t.Errorf("%s: Decrypter of a must-fail vector: %v, want ErrAuth", name, err)
					}
					continue
				}
				msg := unhex(t, *tv.Msg)
				if got := a.Seal(nil, nonce, msg, ad); !bytes.Equal(got, sealed) {
					t.Errorf("%s: Seal = %x, want %x", name, got, sealed)
				}
				if got, err := a.Open(nil, nonce, sealed, ad); err != nil || !bytes.Equal(got, msg) {
					t.Errorf("%s: Open = %x, %v; want %x", name, got, err, msg)
				}
				for _, size := range []int{1, 7, 16, 64} {
					e, err := v.newEnc(key, nonce, ad, len(tag))
					if err != nil {
						t.Fatalf("%s: NewEncrypter: %v", name, err)
					}
					if got := sealPieces(e, msg, size); !bytes.Equal(got, sealed) {
						t.Errorf("%s: Encrypter in pieces of %d = %x, want %x", name, size, got, sealed)
					}
					d, err := v.newDec(key, nonce, ad, len(tag))
					if err != nil {
						t.Fatalf("%s: NewDecrypter: %v", name, err)
					}
					if got, err := openPieces(d, ct, tag, size); err != nil || !bytes.Equal(got, msg) {
						t.Errorf("%s: Decrypter in pieces of %d = %x, %v; want %x", name, size, got, err, msg)
					}
				}
			}
		}
	}
}

// go-libaegis's EncryptTo and DecryptTo write at dst[0:], within dst's
// capacity, and return dst[:len(p)]; they allocate only when the capacity
// is short. Encrypt and Decrypt return new slices.
func TestIncrementalDst(t *testing.T) {
	msg := make([]byte, 100)
	rand.Read(msg)
	for _, v := range variants {
		key, nonce := make([]byte, v.keySize), make([]byte, v.nonceSize)
		rand.Read(key)
		rand.Read(nonce)
		a, err := v.newAEAD(key, 16)
		if err != nil {
			t.Fatal(err)
		}
		sealed := a.Seal(nil, nonce, msg, nil)
		e, err := v.newEnc(key, nonce, nil, 16)
		if err != nil {
			t.Fatal(err)
		}
		d, err := v.newDec(key, nonce, nil, 16)
		if err != nil {
			t.Fatal(err)
		}

		buf := bytes.Repeat([]byte{0xee}, 40) // len 40: stale bytes a caller reuses
		ct1 := e.EncryptTo(buf, msg[:30])
		if len(ct1) != 30 || &ct1[0] != &buf[0] {
			t.Fatalf("%s: EncryptTo(buf with len 40, 30 bytes) returned %d bytes at buf[0]: %v, want 30 at buf[0]",
				v.name, len(ct1), len(ct1) > 0 && &ct1[0] == &buf[0])
		}
		if !bytes.Equal(ct1, sealed[:30]) {
			t.Fatalf("%s: EncryptTo into a reused buffer = %x, want %x", v.name, ct1, sealed[:30])
		}
		ct2 := e.EncryptTo(buf[:0], msg[30:60]) // len 0, capacity 40
		if len(ct2) != 30 || &ct2[0] != &buf[0] || !bytes.Equal(ct2, sealed[30:60]) {
			t.Fatalf("%s: EncryptTo(buf[:0]) = %x (at buf[0]: %v), want %x there", v.name, ct2, &ct2[0] == &buf[0], sealed[30:60])
		}
		short := make([]byte, 5, 5)
		ct3 := e.EncryptTo(short, msg[60:100]) // capacity 5 < 40: a new slice
		if len(ct3) != 40 || &ct3[0] == &short[0] || !bytes.Equal(ct3, sealed[60:100]) {
			t.Fatalf("%s: EncryptTo with a short dst = %d bytes %x, want a new slice of %x", v.name, len(ct3), ct3, sealed[60:100])
		}
		if !bytes.Equal(short, make([]byte, 5)) {
			t.Fatalf("%s: EncryptTo wrote into a dst too short for the output: %x", v.name, short)
		}
		if tag := e.Final(); !bytes.Equal(tag, sealed[100:]) {
			t.Fatalf("%s: Final = %x, want %x", v.name, tag, sealed[100:])
		}

		out := bytes.Repeat([]byte{0xee}, 64)
		pt1 := d.DecryptTo(out, sealed[:50])
		if len(pt1) != 50 || &pt1[0] != &out[0] || !bytes.Equal(pt1, msg[:50]) {
			t.Fatalf("%s: DecryptTo(out with len 64, 50 bytes) = %d bytes (at out[0]: %v), want msg[:50] there",
				v.name, len(pt1), len(pt1) > 0 && &pt1[0] == &out[0])
		}
		pt2 := d.Decrypt(sealed[50:100])
		if !bytes.Equal(pt2, msg[50:]) {
			t.Fatalf("%s: Decrypt = %x, want %x", v.name, pt2, msg[50:])
		}
		if err := d.Final(sealed[100:]); err != nil {
			t.Fatalf("%s: Final: %v", v.name, err)
		}
	}
}

// An empty nonce is the all-zero nonce, as in go-libaegis; a Decrypter's
// Final with a tag of the wrong length returns ErrBadTagLength.
func TestNonceAndTagLength(t *testing.T) {
	msg := []byte("a message of some length, past one block of the cipher")
	for _, v := range variants {
		key := make([]byte, v.keySize)
		rand.Read(key)
		a, err := v.newAEAD(key, 16)
		if err != nil {
			t.Fatal(err)
		}
		want := a.Seal(nil, make([]byte, v.nonceSize), msg, []byte("ad"))
		if got := a.Seal(nil, nil, msg, []byte("ad")); !bytes.Equal(got, want) {
			t.Errorf("%s: Seal with an empty nonce differs from the zero nonce", v.name)
		}
		if got, err := a.Open(nil, []byte{}, want, []byte("ad")); err != nil || !bytes.Equal(got, msg) {
			t.Errorf("%s: Open with an empty nonce: %v", v.name, err)
		}
		e, err := v.newEnc(key, nil, []byte("ad"), 16)
		if err != nil {
			t.Fatalf("%s: NewEncrypter with a nil nonce: %v", v.name, err)
		}
		if got := append(e.Encrypt(msg), e.Final()...); !bytes.Equal(got, want) {
			t.Errorf("%s: Encrypter with a nil nonce differs from the zero nonce", v.name)
		}
		for _, tagLen := range []int{0, 15, 17, 32} {
			d, err := v.newDec(key, nil, []byte("ad"), 16)
			if err != nil {
				t.Fatalf("%s: NewDecrypter with a nil nonce: %v", v.name, err)
			}
			d.Decrypt(want[:len(msg)])
			if err := d.Final(make([]byte, tagLen)); !errors.Is(err, common.ErrBadTagLength) {
				t.Errorf("%s: Decrypter.Final with a %d-byte tag (16 expected): %v, want ErrBadTagLength", v.name, tagLen, err)
			}
		}
		if _, err := v.newAEAD(key, 24); !errors.Is(err, common.ErrBadTagLength) {
			t.Errorf("%s: New with tagLen 24: %v, want ErrBadTagLength", v.name, err)
		}
		if _, err := v.newAEAD(key[1:], 16); !errors.Is(err, common.ErrBadKeyLength) {
			t.Errorf("%s: New with a short key: %v, want ErrBadKeyLength", v.name, err)
		}
		if _, err := a.Open(nil, make([]byte, v.nonceSize), want[:15], nil); !errors.Is(err, common.ErrTruncated) {
			t.Errorf("%s: Open of 15 bytes: %v, want ErrTruncated", v.name, err)
		}
	}
}

// The one deliberate difference in behaviour that gocryptfs met: New copies
// the key, so zeroing the caller's slice afterwards changes nothing.
func TestKeyCopied(t *testing.T) {
	for _, v := range variants {
		key := make([]byte, v.keySize)
		rand.Read(key)
		nonce := make([]byte, v.nonceSize)
		a, err := v.newAEAD(append([]byte{}, key...), 16)
		if err != nil {
			t.Fatal(err)
		}
		want := a.Seal(nil, nonce, []byte("data"), nil)
		b, err := v.newAEAD(key, 16)
		if err != nil {
			t.Fatal(err)
		}
		clear(key)
		if got := b.Seal(nil, nonce, []byte("data"), nil); !bytes.Equal(got, want) {
			t.Errorf("%s: zeroing the key after New changed the ciphertext", v.name)
		}
	}
}

// AEGIS-MAC through the shim (an addition to go-libaegis's API), on the
// spec's vectors.
func TestMAC(t *testing.T) {
	byName := map[string]variant{}
	for _, v := range variants {
		byName[strings.ToUpper(v.name)] = v
	}
	seen := 0
	for _, tv := range loadVectors(t, "aegismac-test-vectors.json") {
		name, _, _ := strings.Cut(strings.TrimPrefix(tv.Name, "AEGISMAC-"), " ")
		v, ok := byName[name]
		if !ok {
			t.Fatalf("vector %q: no variant %q", tv.Name, name)
		}
		seen++
		for _, tag := range []string{tv.Tag128, tv.Tag256} {
			tag := unhex(t, tag)
			m, err := v.newMAC(unhex(t, tv.Key), unhex(t, tv.Nonce), len(tag))
			if err != nil {
				t.Fatal(err)
			}
			m.Write(unhex(t, tv.Data))
			if got := m.Sum(nil); !bytes.Equal(got, tag) {
				t.Errorf("%s: Sum = %x, want %x", tv.Name, got, tag)
			}
			if !m.Verify(tag) {
				t.Errorf("%s: Verify of the right tag is false", tv.Name)
			}
			tag[0] ^= 1
			if m.Verify(tag) {
				t.Errorf("%s: Verify of a wrong tag is true", tv.Name)
			}
		}
	}
	if seen != len(variants) {
		t.Fatalf("MAC vectors for %d variants, want %d", seen, len(variants))
	}
}

// RAF through the shim: Create with an unkeyed literal of go-libaegis's
// Options, a Store written against its interface, then Open, Probe, Info,
// and the errors.
func TestRAF(t *testing.T) {
	algs := []raf.Algorithm{raf.AEGIS128L, raf.AEGIS128X2, raf.AEGIS128X4, raf.AEGIS256, raf.AEGIS256X2, raf.AEGIS256X4}
	data := make([]byte, 3*raf.MinChunkSize+100)
	rand.Read(data)
	for _, alg := range algs {
		key := make([]byte, alg.KeySize())
		rand.Read(key)
		st := &memStore{}
		f, err := raf.Create(st, key, &raf.Options{alg, raf.MinChunkSize, false})
		if err != nil {
			t.Fatalf("%v: Create: %v", alg, err)
		}
		if n, err := f.WriteAt(data, 0); err != nil || n != len(data) {
			t.Fatalf("%v: WriteAt = %d, %v", alg, n, err)
		}
		if info := f.Info(); info != (raf.FileInfo{int64(len(data)), raf.MinChunkSize, alg}) {
			t.Fatalf("%v: Info = %+v", alg, info)
		}
		if err := f.Close(); err != nil {
			t.Fatalf("%v: Close: %v", alg, err)
		}
		if _, err := f.ReadAt(make([]byte, 1), 0); !errors.Is(err, raf.ErrClosed) {
			t.Fatalf("%v: ReadAt after Close: %v, want ErrClosed", alg, err)
		}

		info, err := raf.Probe(st)
		if err != nil || *info != (raf.FileInfo{int64(len(data)), raf.MinChunkSize, alg}) {
			t.Fatalf("%v: Probe = %+v, %v", alg, info, err)
		}
		g, err := raf.Open(st, key, nil)
		if err != nil {
			t.Fatalf("%v: Open: %v", alg, err)
		}
		got := make([]byte, len(data))
		if n, err := g.ReadAt(got, 0); err != nil || n != len(data) || !bytes.Equal(got, data) {
			t.Fatalf("%v: ReadAt = %d, %v (content equal: %v)", alg, n, err, bytes.Equal(got, data))
		}
		g.Close()

		if _, err := raf.Create(st, key, &raf.Options{alg, 0, false}); !errors.Is(err, raf.ErrExists) {
			t.Errorf("%v: Create over a file without Truncate: %v, want ErrExists", alg, err)
		}
		wrong := append([]byte{}, key...)
		wrong[0] ^= 1
		if _, err := raf.Open(st, wrong, nil); !errors.Is(err, raf.ErrAuth) {
			t.Errorf("%v: Open with a wrong key: %v, want ErrAuth", alg, err)
		}
		if _, err := raf.Open(st, key[1:], nil); !errors.Is(err, raf.ErrBadKeyLength) {
			t.Errorf("%v: Open with a short key: %v, want ErrBadKeyLength", alg, err)
		}
		st.buf[len(st.buf)-100] ^= 1 // inside the last chunk's record
		g, err = raf.Open(st, key, nil)
		if err != nil {
			t.Fatalf("%v: Open after tampering with a chunk: %v", alg, err)
		}
		if _, err := g.ReadAt(got, 0); !errors.Is(err, raf.ErrAuth) {
			t.Errorf("%v: ReadAt of a tampered chunk: %v, want ErrAuth", alg, err)
		}
		g.Close()

		f, err = raf.Create(st, key, &raf.Options{alg, 0, true})
		if err != nil {
			t.Fatalf("%v: Create with Truncate: %v", alg, err)
		}
		if size, err := f.Size(); err != nil || size != 0 {
			t.Errorf("%v: Size of a truncated file = %d, %v", alg, size, err)
		}
		f.Close()
	}
}

// A file on disk through NewFileStore, with the fallback helper's cipher
// choice alongside.
func TestFileStore(t *testing.T) {
	a, err := newFileCipher(make([]byte, 32))
	if err != nil || a.NonceSize() != 32 {
		t.Fatalf("newFileCipher with the C core: nonce size %d, %v; want AEGIS-256X2's 32", a.NonceSize(), err)
	}
	osf, err := os.Create(filepath.Join(t.TempDir(), "f.raf"))
	if err != nil {
		t.Fatal(err)
	}
	defer osf.Close()
	key := make([]byte, 32)
	rand.Read(key)
	f, err := raf.Create(raf.NewFileStore(osf), key, &raf.Options{Algorithm: raf.AEGIS256X2})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteAt([]byte("hello"), 70000); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	g, err := raf.Open(raf.NewFileStore(osf), key, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	got := make([]byte, 5)
	if _, err := g.ReadAt(got, 70000); err != nil || string(got) != "hello" {
		t.Fatalf("ReadAt = %q, %v", got, err)
	}
	if info := g.Info(); info.Size != 70005 || info.ChunkSize != raf.DefaultChunk || info.Algorithm != raf.AEGIS256X2 {
		t.Fatalf("Info = %+v", info)
	}
}
