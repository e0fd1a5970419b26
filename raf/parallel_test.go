// SPDX-License-Identifier: MIT

package raf

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
	"time"
)

// forceParallel sends every call of two whole chunks or more of the Files
// created or opened until the test ends down the parallel path, in
// windows of window bytes (0: the default), and makes Concurrency 0 mean
// at least four goroutines.
func forceParallel(t *testing.T, window int64) {
	t.Helper()
	oldShare, oldWindow := minShareBytes, windowBytes
	minShareBytes = 1
	if window > 0 {
		windowBytes = window
	}
	procs := runtime.GOMAXPROCS(max(4, runtime.GOMAXPROCS(0)))
	oldProcs := gomaxprocs
	gomaxprocs = func() int { return max(4, runtime.GOMAXPROCS(0)) }
	t.Cleanup(func() {
		minShareBytes, windowBytes = oldShare, oldWindow
		runtime.GOMAXPROCS(procs)
		gomaxprocs = oldProcs
	})
}

// parTrace is what a run of random operations leaves: the store's bytes,
// its mutations when it is not a MemStore, what every read returned, and
// the Merkle root.
type parTrace struct {
	store []byte
	log   []mutation
	reads [][]byte
	root  []byte
}

// parRun makes a file with a fixed random source and applies the same
// random writes, reads and truncates, many of them across chunk
// boundaries, some of many whole chunks, with the given Concurrency. Each
// read is checked against a model of the content as it goes.
func parRun(t *testing.T, alg Algorithm, cs int64, mem bool, conc int, maxSize int64, ops int) parTrace {
	t.Helper()
	var st Store
	m := NewMemStore()
	var rs *recStore
	if mem {
		st = m
	} else {
		rs = &recStore{mem: m}
		st = rs
	}
	key := seq(alg.KeySize())
	mo := &MerkleOptions{MaxChunks: uint64(maxSize/cs + 2)}
	f, err := create(st, key, &Options{Algorithm: alg, ChunkSize: int(cs), Merkle: mo, Concurrency: conc}, rand.NewChaCha8([32]byte{9}))
	if err != nil {
		t.Fatal(err)
	}
	var tr parTrace
	var model []byte
	r := rand.New(rand.NewPCG(uint64(alg), uint64(cs)))
	fill := rand.NewChaCha8([32]byte{byte(alg), byte(cs), byte(cs >> 8), byte(cs >> 16)})
	// span returns an offset and a length: aligned to chunks or not at
	// either end, from a byte to maxSize/2.
	span := func() (int64, int64) {
		off := r.Int64N(maxSize / 2)
		n := 1 + r.Int64N(maxSize/2)
		if r.IntN(2) == 0 {
			off -= off % cs
		}
		if r.IntN(2) == 0 && n > cs {
			n -= n % cs
		}
		return off, n
	}
	for i := range ops {
		op := r.IntN(10)
		if i < 2 {
			op = i * 5 // first a write of whole chunks, then a read of them
		}
		switch {
		case op < 5:
			off, n := span()
			if i == 0 {
				off, n = cs, maxSize/2-maxSize/2%cs
			}
			p := make([]byte, n)
			fill.Read(p)
			if _, err := f.WriteAt(p, off); err != nil {
				t.Fatalf("op %d: WriteAt(%d bytes, %d): %v", i, n, off, err)
			}
			if end := off + n; end > int64(len(model)) {
				model = append(model, make([]byte, end-int64(len(model)))...)
			}
			copy(model[off:], p)
		case op < 9:
			off, n := span()
			if i == 1 {
				off, n = 0, maxSize/2+cs
			}
			p := make([]byte, n)
			got, err := f.ReadAt(p, off)
			want := int64(0)
			if off < int64(len(model)) {
				want = min(n, int64(len(model))-off)
			}
			if int64(got) != want || (want < n) != (err == io.EOF) || (want == n && err != nil) {
				t.Fatalf("op %d: ReadAt(%d bytes, %d): %d, %v; want %d bytes", i, n, off, got, err, want)
			}
			if got > 0 && !bytes.Equal(p[:got], model[off:off+int64(got)]) {
				t.Fatalf("op %d: ReadAt(%d bytes, %d) read other bytes than written", i, n, off)
			}
			tr.reads = append(tr.reads, p[:got])
		default:
			size := r.Int64N(maxSize)
			if err := f.Truncate(size); err != nil {
				t.Fatalf("op %d: Truncate(%d): %v", i, size, err)
			}
			if size <= int64(len(model)) {
				model = model[:size]
			} else {
				model = append(model, make([]byte, size-int64(len(model)))...)
			}
		}
	}
	if err := f.MerkleVerify(); err != nil {
		t.Fatal(err)
	}
	tr.root, _ = f.MerkleRoot()
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	tr.store = m.Bytes()
	if rs != nil {
		tr.log = rs.log
	}
	return tr
}

// Parallel calls write the same bytes with the same store calls, and read
// the same bytes, as sequential ones, with Concurrency 1, 2 and 8, for
// random writes and reads across chunk boundaries, in a MemStore (records
// across its 1 MiB blocks included) and in another store, in one window
// or several.
func TestParallelSameBytes(t *testing.T) {
	needCore(t)
	type setup struct {
		alg     Algorithm
		cs      int64
		maxSize int64
		window  int64
	}
	nonceSplit, _ := splitChunkSize(32, "nonce")
	setups := []setup{
		{AEGIS128L, MinChunkSize, 3 << 20, 0},
		{AEGIS256X2, MinChunkSize, 3 << 20, 64 << 10},
		{AEGIS128X4, 4096, 1 << 20, 16 << 10},
		{AEGIS256, nonceSplit, 3 << 20, 0},
		{AEGIS128X2, DefaultChunk, 4 << 20, 0},
		{AEGIS256X4, MaxChunkSize, 6 << 20, 0},
	}
	ops := 40
	if testing.Short() {
		ops = 12
	}
	for _, s := range setups {
		for _, mem := range []bool{true, false} {
			t.Run(fmt.Sprintf("%v/cs%d/window%d/mem=%v", s.alg, s.cs, s.window, mem), func(t *testing.T) {
				forceParallel(t, s.window)
				ref := parRun(t, s.alg, s.cs, mem, 1, s.maxSize, ops)
				for _, conc := range []int{2, 8} {
					before := helpersStarted.Load()
					got := parRun(t, s.alg, s.cs, mem, conc, s.maxSize, ops)
					if helpersStarted.Load() == before {
						t.Fatalf("Concurrency %d: no call went parallel", conc)
					}
					if !bytes.Equal(got.store, ref.store) {
						t.Errorf("Concurrency %d: the store holds other bytes than with Concurrency 1", conc)
					}
					if !slices.EqualFunc(got.log, ref.log, mutationEqual) {
						t.Errorf("Concurrency %d: the store calls differ from Concurrency 1's (%d and %d calls)", conc, len(got.log), len(ref.log))
					}
					if !slices.EqualFunc(got.reads, ref.reads, bytes.Equal) {
						t.Errorf("Concurrency %d: the reads differ from Concurrency 1's", conc)
					}
					if !bytes.Equal(got.root, ref.root) {
						t.Errorf("Concurrency %d: the Merkle root differs from Concurrency 1's", conc)
					}
				}
			})
		}
	}
}

func mutationEqual(a, b mutation) bool {
	return a.off == b.off && a.size == b.size && bytes.Equal(a.data, b.data)
}

// readFailStore fails every ReadAt that reaches past byte from.
type readFailStore struct {
	*MemStore
	from int64
}

func (s *readFailStore) ReadAt(p []byte, off int64) (int, error) {
	if off+int64(len(p)) > s.from {
		return 0, errBoom
	}
	return s.MemStore.ReadAt(p, off)
}

// A parallel read over a chunk that does not authenticate reports what
// the sequential one does, ErrAuth with nothing read and zeros in p; and
// with a failing store read too, the error of the first failing chunk in
// order wins, whichever goroutine meets it first.
func TestParallelReadErrors(t *testing.T) {
	needCore(t)
	forceParallel(t, 256<<10) // windows of several runs of 64 records
	const chunks = 1000       // past a MemStore block
	const cs = 1024
	data := make([]byte, chunks*cs)
	rand.NewChaCha8([32]byte{2}).Read(data)
	base := NewMemStore()
	f, err := create(base, seq(16), &Options{ChunkSize: cs}, newCountingRNG())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteAt(data, 0); err != nil {
		t.Fatal(err)
	}
	f.Close()
	rs := f.rs
	cases := []struct {
		name     string
		bad      int64 // a damaged chunk, or -1
		failFrom int64 // first chunk whose store read fails, or -1
		want     error
	}{
		{"auth", 211, -1, ErrAuth},
		{"auth first", 0, -1, ErrAuth},
		{"auth last", chunks - 1, -1, ErrAuth},
		{"auth across a MemStore block", (memBlock - HeaderSize) / (16 + cs + tagSize), -1, ErrAuth},
		{"auth, then a store failure", 40, 100, ErrAuth},
		{"a store failure, then auth", 120, 100, errBoom},
		{"a store failure in a later window", 980, 970, errBoom},
		{"store failure", -1, 100, errBoom},
	}
	for _, c := range cases {
		for _, mem := range []bool{true, false} {
			if mem && c.failFrom >= 0 {
				continue // a MemStore's own reads do not fail
			}
			t.Run(fmt.Sprintf("%s/mem=%v", c.name, mem), func(t *testing.T) {
				results := make(map[int]string)
				for _, conc := range []int{1, 2, 8} {
					m := NewMemStoreBytes(base.Bytes())
					if c.bad >= 0 {
						at := HeaderSize + c.bad*rs + int64(f.nl) + 7
						b := []byte{0}
						m.ReadAt(b, at)
						b[0] ^= 0x40
						m.WriteAt(b, at)
					}
					var st Store = m
					if !mem {
						from := int64(1 << 62)
						if c.failFrom >= 0 {
							from = HeaderSize + c.failFrom*rs
						}
						st = &readFailStore{MemStore: m, from: from}
					}
					g, err := Open(st, seq(16), &Options{Concurrency: conc})
					if err != nil {
						t.Fatal(err)
					}
					before := helpersStarted.Load()
					p := bytes.Repeat([]byte{0xA5}, len(data))
					n, err := g.ReadAt(p, 0)
					if conc > 1 && helpersStarted.Load() == before {
						t.Fatalf("Concurrency %d: the read did not go parallel", conc)
					}
					if n != 0 || !errors.Is(err, c.want) || !bytes.Equal(p, make([]byte, len(p))) {
						t.Errorf("Concurrency %d: ReadAt: %d, %v, zeroed=%v; want 0, %v, zeroed", conc, n, err, bytes.Equal(p, make([]byte, len(p))), c.want)
					}
					results[conc] = fmt.Sprint(n, err)
					g.Close()
				}
				if results[2] != results[1] || results[8] != results[1] {
					t.Errorf("the results differ: %q", results)
				}
			})
		}
	}
}

// A chunk whose record lies in three pieces (a record of a 1 MiB chunk
// that starts in the last bytes of a MemStore block) is sealed and opened
// as one in one piece.
func TestParallelThreePieces(t *testing.T) {
	needCore(t)
	for _, alg := range []Algorithm{AEGIS128L, AEGIS256} {
		f, _, _ := newFile(t, alg, MaxChunkSize)
		rs := f.rs
		plain := make([]byte, 2*f.cs)
		rand.NewChaCha8([32]byte{4}).Read(plain)
		nonces := make([]byte, 2*f.nl)
		rand.NewChaCha8([32]byte{5}).Read(nonces)
		f.pnonce = nonces
		// Two records: the first from 14 bytes before the end of a
		// block, through the next block, into a third one, which also
		// holds the second.
		parts := [][]byte{make([]byte, 14), make([]byte, memBlock), make([]byte, 2*rs-memBlock-14)}
		s := &recSpan{parts}
		if n := len(s.cut(0, rs, new([3][]byte))); n != 3 {
			t.Fatalf("%v: the first record lies in %d pieces, want 3", alg, n)
		}
		b := f.newBatch()
		f.sealShare(s, b, 5, 0, 2, plain)
		var joined []byte
		for _, p := range s.parts {
			joined = append(joined, p...)
		}
		want := make([]byte, 2*rs)
		for j := range int64(2) {
			f.sealRecord(5+j, nonces[j*int64(f.nl):(j+1)*int64(f.nl)], plain[j*f.cs:], want[j*rs:(j+1)*rs])
		}
		if !bytes.Equal(joined, want) {
			t.Fatalf("%v: the records in pieces differ from the records whole", alg)
		}
		out := make([]byte, len(plain))
		if !f.openShare(s, b, 5, 0, 2, out) || !bytes.Equal(out, plain) {
			t.Fatalf("%v: the records in pieces do not open to the plaintext", alg)
		}
		s.parts[1][100] ^= 1
		if f.openShare(s, b, 5, 0, 2, out) || !bytes.Equal(out[f.cs:], plain[f.cs:]) || !bytes.Equal(out[:f.cs], make([]byte, f.cs)) {
			t.Fatalf("%v: a damaged record in pieces: want it refused with zeros, the other opened", alg)
		}
		f.Close()
	}
}

// settledGoroutines waits up to a second for the goroutine count to fall
// to want, and returns the count.
func settledGoroutines(want int) int {
	n := runtime.NumGoroutine()
	for deadline := time.Now().Add(time.Second); n > want && time.Now().Before(deadline); n = runtime.NumGoroutine() {
		time.Sleep(time.Millisecond)
	}
	return n
}

// Every goroutine that a parallel call starts has ended when it returns,
// whether it succeeds or fails: on a random source, a store write or a
// store read that fails, or a chunk that does not authenticate.
func TestParallelNoLeak(t *testing.T) {
	needCore(t)
	forceParallel(t, 64<<10)
	base := runtime.NumGoroutine()
	before := helpersStarted.Load()
	data := make([]byte, 400*1024)
	for _, mem := range []bool{true, false} {
		m := NewMemStore()
		var st Store = m
		fs := &failStore{MemStore: m}
		if !mem {
			st = fs
		}
		f, err := create(st, seq(16), &Options{ChunkSize: 1024, Concurrency: 8}, newCountingRNG())
		if err != nil {
			t.Fatal(err)
		}
		for range 5 {
			if _, err := f.WriteAt(data, 0); err != nil {
				t.Fatal(err)
			}
			if _, err := f.ReadAt(data, 0); err != nil {
				t.Fatal(err)
			}
		}
		f.rng = &shortRNG{budget: 16 * 100}
		if _, err := f.WriteAt(data, 0); !errors.Is(err, errInjected) {
			t.Fatalf("mem=%v: a failing random source: %v", mem, err)
		}
		f.rng = newCountingRNG()
		if !mem {
			fs.failWrite = true
			if _, err := f.WriteAt(data, 0); !errors.Is(err, errBoom) {
				t.Fatalf("a failing store write: %v", err)
			}
			fs.failWrite, fs.failRead = false, true
			if _, err := f.ReadAt(data, 0); !errors.Is(err, errBoom) {
				t.Fatalf("a failing store read: %v", err)
			}
			fs.failRead = false
		}
		at := HeaderSize + 300*f.rs + 40
		b := []byte{0}
		m.ReadAt(b, at)
		b[0] ^= 1
		m.WriteAt(b, at)
		if _, err := f.ReadAt(data, 0); !errors.Is(err, ErrAuth) {
			t.Fatalf("mem=%v: a damaged chunk: %v", mem, err)
		}
		f.Close()
	}
	if helpersStarted.Load() == before {
		t.Fatal("no call went parallel")
	}
	if n := settledGoroutines(base); n > base {
		buf := make([]byte, 1<<16)
		t.Fatalf("%d goroutines left running, %d before:\n%s", n, base, buf[:runtime.Stack(buf, true)])
	}
}

// A call below the threshold stays on the caller's goroutine: with the
// default Concurrency it starts no goroutine and allocates no more than
// with Concurrency 1; and one above it does go parallel.
func TestParallelThreshold(t *testing.T) {
	needCore(t)
	procs := runtime.GOMAXPROCS(max(4, runtime.GOMAXPROCS(0)))
	oldProcs := gomaxprocs
	gomaxprocs = func() int { return max(4, runtime.GOMAXPROCS(0)) }
	defer func() { runtime.GOMAXPROCS(procs); gomaxprocs = oldProcs }()
	small := make([]byte, 2*parMinShare-DefaultChunk)
	for _, mem := range []bool{true, false} {
		allocs := map[int][2]float64{}
		for _, conc := range []int{1, 0} {
			m := NewMemStore()
			var st Store = m
			if !mem {
				st = &failStore{MemStore: m}
			}
			f, err := Create(st, seq(16), &Options{Concurrency: conc})
			if err != nil {
				t.Fatal(err)
			}
			f.WriteAt(make([]byte, 4*parMinShare), 0)
			before := helpersStarted.Load()
			allocs[conc] = [2]float64{
				testing.AllocsPerRun(20, func() { f.WriteAt(small, 0) }),
				testing.AllocsPerRun(20, func() { f.ReadAt(small, 0) }),
			}
			if helpersStarted.Load() != before {
				t.Errorf("mem=%v Concurrency %d: a call of %d bytes went parallel", mem, conc, len(small))
			}
			big := make([]byte, 2*parMinShare)
			f.WriteAt(big, 0)
			f.ReadAt(big, 0)
			if got := helpersStarted.Load() != before; got != (conc == 0) {
				t.Errorf("mem=%v Concurrency %d: a call of %d bytes went parallel: %v", mem, conc, len(big), got)
			}
			f.Close()
		}
		if !raceEnabled && allocs[0] != allocs[1] {
			t.Errorf("mem=%v: allocations of a small write and read: %v with Concurrency 0, %v with 1", mem, allocs[0], allocs[1])
		}
	}
}

// Negative Concurrency is refused by Create and Open.
func TestConcurrencyOption(t *testing.T) {
	needCore(t)
	st := NewMemStore()
	if _, err := Create(st, seq(16), &Options{Concurrency: -1}); err == nil {
		t.Fatal("Create with Concurrency -1 succeeded")
	}
	f, err := Create(st, seq(16), &Options{})
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	if _, err := Open(st, seq(16), &Options{Concurrency: -1}); err == nil {
		t.Fatal("Open with Concurrency -1 succeeded")
	}
	g, err := Open(st, seq(16), &Options{Concurrency: 3})
	if err != nil {
		t.Fatal(err)
	}
	if g.conc != 3 {
		t.Errorf("Open kept Concurrency %d, want 3", g.conc)
	}
	g.Close()
}

// The package's tests of bytes, store calls, crashes, failures and
// tampering pass with every call of two whole chunks or more on the
// parallel path, in small windows: the known answers of testdata
// included, so the parallel path writes today's bytes.
func TestParallelExistingTests(t *testing.T) {
	needCore(t)
	forceParallel(t, 48<<10)
	before := helpersStarted.Load()
	tests := []struct {
		name string
		fn   func(*testing.T)
	}{
		{"KATAcrossBuilds", TestKATAcrossBuilds},
		{"LibaegisFiles", TestLibaegisFiles},
		{"HeaderLayout", TestHeaderLayout},
		{"BatchedRuns", TestBatchedRuns},
		{"BatchedRunRNGFailure", TestBatchedRunRNGFailure},
		{"SplitRecords", TestSplitRecords},
		{"CrashEnumeration", TestCrashEnumeration},
		{"RNGFailure", TestRNGFailure},
		{"MerkleAfterFailedWrite", TestMerkleAfterFailedWrite},
		{"StoreErrors", TestStoreErrors},
		{"Tamper", TestTamper},
		{"Concurrent", TestConcurrent},
	}
	for _, tc := range tests {
		if tc.name == "KATAcrossBuilds" && katFlagsSet() {
			continue // answers are written by the sequential path only
		}
		t.Run(tc.name, tc.fn)
	}
	if helpersStarted.Load() == before {
		t.Fatal("no call went parallel")
	}
}

// katFlagsSet reports whether the test binary writes known answers
// instead of checking them.
func katFlagsSet() bool {
	for _, name := range []string{"kat.update", "kat.write"} {
		if fl := flag.Lookup(name); fl != nil && fl.Value.String() != fl.DefValue {
			return true
		}
	}
	return false
}
