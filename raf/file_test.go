// SPDX-License-Identifier: MIT

package raf

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/aegisgo/aegis/common"
	"github.com/aegisgo/aegis/internal/testing/testdir"
)

var allAlgs = []Algorithm{AEGIS128L, AEGIS128X2, AEGIS128X4, AEGIS256, AEGIS256X2, AEGIS256X4}

func TestAlgorithm(t *testing.T) {
	names := []string{"AEGIS-128L", "AEGIS-128X2", "AEGIS-128X4", "AEGIS-256", "AEGIS-256X2", "AEGIS-256X4"}
	for i, a := range allAlgs {
		if int(a) != i || a.String() != names[i] || a.KeySize() != []int{16, 16, 16, 32, 32, 32}[i] {
			t.Errorf("%d: %v %d", i, a, a.KeySize())
		}
	}
	for _, a := range []Algorithm{-1, 6, 100} {
		if a.String() != "unknown" || a.KeySize() != 0 {
			t.Errorf("%d: %q %d", a, a.String(), a.KeySize())
		}
	}
	if MinChunkSize != 1024 || MaxChunkSize != 1<<20 || HeaderSize != 64 || DefaultChunk != 65536 {
		t.Error("constants")
	}
}

func newFile(t testing.TB, alg Algorithm, cs int) (*File, *MemStore, []byte) {
	t.Helper()
	st := NewMemStore()
	key := seq(alg.KeySize())
	f, err := Create(st, key, &Options{Algorithm: alg, ChunkSize: cs})
	if err != nil {
		t.Fatal(err)
	}
	return f, st, key
}

func readAll(t testing.TB, f *File) []byte {
	t.Helper()
	n, err := f.Size()
	if err != nil {
		t.Fatal(err)
	}
	b := make([]byte, n)
	if m, err := f.ReadAt(b, 0); m != int(n) || (err != nil && err != io.EOF) {
		t.Fatalf("ReadAt: %d %v", m, err)
	}
	return b
}

// Without AEGIS (without_aegis), Create and Open say so, and Probe still works.
func TestNotAvailable(t *testing.T) {
	if common.Available {
		t.Skip("the C core is compiled in")
	}
	if _, err := Create(NewMemStore(), seq(16), &Options{}); !errors.Is(err, common.ErrNotAvailable) {
		t.Errorf("Create: %v", err)
	}
	if _, err := Open(NewMemStore(), seq(16), nil); !errors.Is(err, common.ErrNotAvailable) {
		t.Errorf("Open: %v", err)
	}
}

func TestChunkSizes(t *testing.T) {
	needCore(t)
	for _, cs := range []int{1024, 1040, 3008, 65536, 1 << 20} {
		t.Run(fmt.Sprint(cs), func(t *testing.T) {
			f, st, key := newFile(t, AEGIS128L, cs)
			rng := rand.New(rand.NewPCG(uint64(cs), 1))
			data := make([]byte, 2*cs+cs/3)
			for i := range data {
				data[i] = byte(rng.Uint32())
			}
			// Unaligned pieces across chunk boundaries.
			for off := 0; off < len(data); {
				n := min(len(data)-off, 1+rng.IntN(cs+100))
				if _, err := f.WriteAt(data[off:off+n], int64(off)); err != nil {
					t.Fatal(err)
				}
				off += n
			}
			f.Close()
			g, err := Open(st, key, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer g.Close()
			if !bytes.Equal(readAll(t, g), data) || g.Info().ChunkSize != cs {
				t.Fatal("content differs")
			}
			buf := make([]byte, 100)
			for _, off := range []int{cs - 50, 2*cs - 1, len(data) - 100} {
				if _, err := g.ReadAt(buf, int64(off)); err != nil || !bytes.Equal(buf, data[off:off+100]) {
					t.Errorf("ReadAt(%d): %v", off, err)
				}
			}
		})
	}
	for _, cs := range []int{-16, 16, 1008, 1032, 1025, MaxChunkSize + 16, 1 << 21} {
		if _, err := Create(NewMemStore(), seq(16), &Options{ChunkSize: cs}); !errors.Is(err, ErrBadChunkSize) {
			t.Errorf("chunk size %d: %v", cs, err)
		}
	}
	f, _, _ := newFile(t, AEGIS256, 0)
	if f.Info().ChunkSize != DefaultChunk {
		t.Errorf("default chunk size %d", f.Info().ChunkSize)
	}
}

func TestAPIErrors(t *testing.T) {
	needCore(t)
	if _, err := Create(NewMemStore(), seq(16), nil); err == nil {
		t.Error("Create with nil options")
	}
	if _, err := Create(NewMemStore(), seq(32), &Options{}); !errors.Is(err, ErrBadKeyLength) {
		t.Errorf("bad key length: %v", err)
	}
	f, st, key := newFile(t, AEGIS128X2, 1024)
	if _, err := Create(st, key, &Options{Algorithm: AEGIS128X2}); !errors.Is(err, ErrExists) {
		t.Errorf("Create on existing: %v", err)
	}
	if _, err := f.WriteAt([]byte("x"), -1); !errors.Is(err, ErrNegativeOffset) {
		t.Error(err)
	}
	if _, err := f.ReadAt(make([]byte, 1), -1); !errors.Is(err, ErrNegativeOffset) {
		t.Error(err)
	}
	if err := f.Truncate(-1); !errors.Is(err, ErrNegativeOffset) {
		t.Error(err)
	}
	if _, err := f.WriteAt([]byte("x"), math.MaxInt64); !errors.Is(err, ErrOverflow) {
		t.Errorf("overflow write: %v", err)
	}
	if err := f.Truncate(math.MaxInt64); !errors.Is(err, ErrOverflow) {
		t.Errorf("overflow truncate: %v", err)
	}
	if n, err := f.WriteAt(nil, 5000); n != 0 || err != nil {
		t.Error("empty write")
	}
	if n, _ := f.Size(); n != 0 {
		t.Errorf("empty write extended the file to %d", n)
	}
	if _, err := f.MerkleRoot(); !errors.Is(err, ErrMerkleDisabled) {
		t.Error(err)
	}
	// EOF reporting.
	f.WriteAt([]byte("hello"), 0)
	b := make([]byte, 10)
	if n, err := f.ReadAt(b, 0); n != 5 || err != io.EOF {
		t.Errorf("short read: %d %v", n, err)
	}
	if n, err := f.ReadAt(b, 5); n != 0 || err != io.EOF {
		t.Errorf("read at EOF: %d %v", n, err)
	}
	if n, err := f.ReadAt(b[:5], 0); n != 5 || err != nil {
		t.Errorf("exact read: %d %v", n, err)
	}
	if n, err := f.ReadAt(nil, 100); n != 0 || err != nil {
		t.Errorf("empty read: %d %v", n, err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); !errors.Is(err, ErrClosed) {
		t.Errorf("second Close: %v", err)
	}
	for i, err := range []error{
		func() error { _, err := f.ReadAt(b, 0); return err }(),
		func() error { _, err := f.WriteAt(b, 0); return err }(),
		f.Truncate(0), f.Sync(),
		func() error { _, err := f.Size(); return err }(),
	} {
		if !errors.Is(err, ErrClosed) {
			t.Errorf("%d after Close: %v", i, err)
		}
	}
	// Truncate replaces.
	g, err := Create(st, key, &Options{Algorithm: AEGIS128X2, Truncate: true})
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := g.Size(); n != 0 {
		t.Error("Truncate kept the size")
	}
	if s, _ := st.GetSize(); s != 64 {
		t.Errorf("store %d bytes after Create with Truncate", s)
	}
	// Open with a key of the wrong size for the header's variant.
	if _, err := Open(st, seq(32), nil); !errors.Is(err, ErrBadKeyLength) {
		t.Errorf("Open with a 32-byte key: %v", err)
	}
}

// storeErr fails its operations on demand.
type failStore struct {
	*MemStore
	failRead, failWrite, failSync bool
}

var errBoom = errors.New("boom")

func (s *failStore) ReadAt(p []byte, off int64) (int, error) {
	if s.failRead {
		return 0, errBoom
	}
	return s.MemStore.ReadAt(p, off)
}

func (s *failStore) WriteAt(p []byte, off int64) (int, error) {
	if s.failWrite {
		return 0, errBoom
	}
	return s.MemStore.WriteAt(p, off)
}

func (s *failStore) Sync() error {
	if s.failSync {
		return errBoom
	}
	return nil
}

func TestStoreErrors(t *testing.T) {
	// A store shorter than a header is not a RAF file, whatever its
	// ReadAt says at the end.
	for _, n := range []int{0, 1, 30, 63, 64} {
		if _, err := Probe(NewMemStoreBytes(make([]byte, n))); err != ErrInvalidHeader {
			t.Errorf("Probe on %d zeros: %v", n, err)
		}
	}
	needCore(t)
	for _, n := range []int{0, 30, 63} {
		if _, err := Open(NewMemStoreBytes(make([]byte, n)), seq(16), nil); err != ErrInvalidHeader {
			t.Errorf("Open on %d zeros: %v", n, err)
		}
	}
	fs := &failStore{MemStore: NewMemStore()}
	f, err := Create(fs, seq(16), &Options{ChunkSize: 1024})
	if err != nil {
		t.Fatal(err)
	}
	f.WriteAt(make([]byte, 3000), 0)
	fs.failRead = true
	if _, err := f.ReadAt(make([]byte, 10), 0); !errors.Is(err, errBoom) || err.Error() != "raf: boom" {
		t.Errorf("read error: %v", err)
	}
	fs.failRead, fs.failWrite = false, true
	if _, err := f.WriteAt([]byte("x"), 0); !errors.Is(err, errBoom) {
		t.Errorf("write error: %v", err)
	}
	fs.failWrite, fs.failSync = false, true
	if err := f.Sync(); !errors.Is(err, errBoom) {
		t.Errorf("sync error: %v", err)
	}
	if err := f.Close(); !errors.Is(err, errBoom) {
		t.Errorf("close error: %v", err)
	}
	if err := f.Close(); !errors.Is(err, ErrClosed) {
		t.Errorf("second close: %v", err)
	}
}

// A file written through NewFileStore is the same format, and the generic
// NewStore works over an *os.File too.
func TestFileStore(t *testing.T) {
	needCore(t)
	path := filepath.Join(testdir.TempDir(t), "x.raf")
	osf, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer osf.Close()
	f, err := Create(NewFileStore(osf), seq(32), &Options{Algorithm: AEGIS256X4, ChunkSize: 2048})
	if err != nil {
		t.Fatal(err)
	}
	data := bytes.Repeat([]byte("0123456789"), 1000)
	f.WriteAt(data, 100)
	if err := f.Truncate(5000); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	g, err := Open(NewStore(osFileRW{osf}), seq(32), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	want := append(make([]byte, 100), data[:4900]...)
	if !bytes.Equal(readAll(t, g), want) {
		t.Error("content differs")
	}
	fi, _ := osf.Stat()
	if fi.Size() != 64+3*(32+2048+16) {
		t.Errorf("file size %d", fi.Size())
	}
}

type osFileRW struct{ *os.File }

func (o osFileRW) Size() (int64, error) {
	fi, err := o.Stat()
	if err != nil {
		return 0, err
	}
	return fi.Size(), nil
}

// After a shrink, the bytes past the new end of the last chunk are zeros
// inside the ciphertext, not the old plaintext; and the file still reads.
func TestTruncateZeroPads(t *testing.T) {
	needCore(t)
	for _, alg := range allAlgs {
		f, st, key := newFile(t, alg, 1024)
		data := bytes.Repeat([]byte{0xAA}, 3000)
		f.WriteAt(data, 0)
		if err := f.Truncate(1500); err != nil {
			t.Fatal(err)
		}
		plain := make([]byte, 1024)
		if err := f.readChunk(1, make([]byte, f.rs), plain); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(plain[:476], data[:476]) || !bytes.Equal(plain[476:], make([]byte, 548)) {
			t.Fatalf("%v: last chunk after shrink is not zero-padded", alg)
		}
		if s, _ := st.GetSize(); s != f.storeSize(1500) {
			t.Errorf("store size %d", s)
		}
		// Grow back: the gap reads as zeros.
		f.Truncate(2500)
		got := readAll(t, f)
		want := append(bytes.Repeat([]byte{0xAA}, 1500), make([]byte, 1000)...)
		if !bytes.Equal(got, want) {
			t.Fatalf("%v: shrink then grow", alg)
		}
		f.Close()
		g, err := Open(st, key, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(readAll(t, g), want) {
			t.Fatal("after reopen")
		}
		// Shrink to a chunk boundary and to zero.
		g.Truncate(1024)
		g.Truncate(0)
		if s, _ := st.GetSize(); s != 64 {
			t.Errorf("store size %d after Truncate(0)", s)
		}
		g.Close()
	}
}

// A model of the plaintext checks random sequences of writes, reads,
// truncations and reopenings. The seeds run as a normal test.
func FuzzRAF(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte{3, 0, 200, 17, 0, 255, 40, 1, 2, 90, 3, 9, 77, 2, 100, 100, 5, 5, 5, 1, 0, 0})
	f.Add(bytes.Repeat([]byte{0x81, 0x42, 0x17, 0xF3, 0x09}, 20))
	f.Add(bytes.Repeat([]byte{0x05, 0x22, 0x13, 0xCA, 0x7F, 0x01}, 30))
	f.Add([]byte{0xFF, 0x02, 0x10, 0x20, 0x30, 0x40, 0x50, 0x60, 0x70, 0x80, 0x90, 0xA0})
	f.Fuzz(func(t *testing.T, prog []byte) {
		needCore(t)
		if len(prog) < 1 {
			return
		}
		alg := allAlgs[int(prog[0])%6]
		cs := []int{1024, 1040, 2048}[int(prog[0]>>3)%3]
		useMerkle := prog[0]&0x80 != 0
		prog = prog[1:]
		var mo *MerkleOptions
		if useMerkle {
			mo = &MerkleOptions{MaxChunks: 16, HashLen: 16}
		}
		st := NewMemStore()
		key := seq(alg.KeySize())
		file, err := Create(st, key, &Options{Algorithm: alg, ChunkSize: cs, Merkle: mo})
		if err != nil {
			t.Fatal(err)
		}
		var model []byte
		const limit = 12 * 1024
		next := func() int {
			if len(prog) == 0 {
				return 0
			}
			v := int(prog[0])
			prog = prog[1:]
			return v
		}
		num := func() int { return (next()<<8 | next()) % limit }
		step := 0
		for len(prog) > 0 {
			step++
			switch next() % 5 {
			case 0, 1: // write
				off, n := num(), num()%3000
				if off+n > limit {
					n = limit - off
				}
				p := make([]byte, n)
				for i := range p {
					p[i] = byte(step*31 + i)
				}
				if _, err := file.WriteAt(p, int64(off)); err != nil {
					t.Fatal(err)
				}
				if n > 0 {
					if off+n > len(model) {
						model = append(model, make([]byte, off+n-len(model))...)
					}
					copy(model[off:], p)
				}
			case 2: // read
				off, n := num(), num()%4000
				p := make([]byte, n)
				got, err := file.ReadAt(p, int64(off))
				want := 0
				if off < len(model) {
					want = min(n, len(model)-off)
				}
				if got != want || (got < n && err != io.EOF) || (got == n && err != nil) {
					t.Fatalf("step %d ReadAt(%d, %d) = %d, %v; want %d", step, n, off, got, err, want)
				}
				if got > 0 && !bytes.Equal(p[:got], model[off:off+got]) {
					t.Fatalf("step %d: content differs", step)
				}
			case 3: // truncate
				n := num()
				if err := file.Truncate(int64(n)); err != nil {
					t.Fatal(err)
				}
				if n < len(model) {
					model = model[:n]
				} else {
					model = append(model, make([]byte, n-len(model))...)
				}
			case 4: // reopen
				var before []byte
				if useMerkle {
					if err := file.MerkleVerify(); err != nil {
						t.Fatalf("step %d: %v", step, err)
					}
					before, _ = file.MerkleCommitment()
				}
				if err := file.Close(); err != nil {
					t.Fatal(err)
				}
				if file, err = Open(st, key, &Options{Merkle: mo}); err != nil {
					t.Fatal(err)
				}
				if useMerkle {
					after, _ := file.MerkleCommitment()
					if !bytes.Equal(before, after) {
						t.Fatalf("step %d: commitment changed across reopen", step)
					}
				}
			}
			if s, _ := file.Size(); s != int64(len(model)) {
				t.Fatalf("step %d: size %d, model %d", step, s, len(model))
			}
			if s, _ := st.GetSize(); s != file.storeSize(int64(len(model))) {
				t.Fatalf("step %d: store size %d", step, s)
			}
		}
		if !bytes.Equal(readAll(t, file), model) {
			t.Fatal("final content differs")
		}
		file.Close()
	})
}

// Readers run alongside a writer that rewrites the whole file in one call
// with one byte value: every read must see a single value.
func TestConcurrent(t *testing.T) {
	needCore(t)
	f, _, _ := newFile(t, AEGIS128X2, 1024)
	const size = 8 * 1024
	f.WriteAt(make([]byte, size), 0)
	var wg sync.WaitGroup
	stop := make(chan struct{})
	errc := make(chan error, 16)
	for r := 0; r < 4; r++ {
		wg.Add(1)
		go func(r int) {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(r), 2))
			buf := make([]byte, 3000)
			for {
				select {
				case <-stop:
					return
				default:
				}
				off := rng.IntN(size - len(buf))
				if _, err := f.ReadAt(buf, int64(off)); err != nil {
					errc <- err
					return
				}
				for _, c := range buf {
					if c != buf[0] {
						errc <- fmt.Errorf("torn read at %d", off)
						return
					}
				}
				f.Size()
				f.Info()
			}
		}(r)
	}
	for v := 1; v < 60; v++ {
		if _, err := f.WriteAt(bytes.Repeat([]byte{byte(v)}, size), 0); err != nil {
			t.Fatal(err)
		}
		if v%10 == 0 {
			f.Truncate(size + 100)
			f.Truncate(size)
		}
	}
	close(stop)
	wg.Wait()
	close(errc)
	for err := range errc {
		t.Error(err)
	}
	f.Close()
}
