// SPDX-License-Identifier: MIT

//go:build !without_aegis

package raf_test

import (
	"bytes"
	"crypto/rand"
	"errors"
	"fmt"

	"github.com/aegisgo/aegis/raf"
)

// newKey returns a random master key for an AEGIS-256 file.
func newKey() []byte {
	key := make([]byte, raf.AEGIS256.KeySize())
	if _, err := rand.Read(key); err != nil {
		panic(err)
	}
	return key
}

// Create makes an encrypted file in a store (here in memory; NewFileStore
// wraps an *os.File). Its size is the plaintext's; the store holds the
// header and one record per chunk.
func ExampleCreate() {
	store := raf.NewMemStore()
	f, err := raf.Create(store, newKey(), &raf.Options{Algorithm: raf.AEGIS256, ChunkSize: 4096})
	if err != nil {
		panic(err) // wraps common.ErrNotAvailable when built with without_aegis
	}
	if _, err := f.WriteAt([]byte("hello, file"), 0); err != nil {
		panic(err)
	}
	size, err := f.Size()
	if err != nil {
		panic(err)
	}
	info := f.Info()
	if err := f.Close(); err != nil {
		panic(err)
	}
	fmt.Println(size, info.Algorithm, info.ChunkSize)
	// Output: 11 AEGIS-256 4096
}

// WriteAt writes anywhere, also past the end: the gap reads as zeros. Only
// the chunks that a write touches are encrypted again.
func ExampleFile_WriteAt() {
	f, err := raf.Create(raf.NewMemStore(), newKey(), &raf.Options{Algorithm: raf.AEGIS256, ChunkSize: 1024})
	if err != nil {
		panic(err)
	}
	if _, err := f.WriteAt([]byte("start"), 0); err != nil {
		panic(err)
	}
	if _, err := f.WriteAt([]byte("far"), 3000); err != nil {
		panic(err)
	}
	buf := make([]byte, 8)
	if _, err := f.ReadAt(buf, 2995); err != nil {
		panic(err)
	}
	size, err := f.Size()
	if err != nil {
		panic(err)
	}
	if err := f.Close(); err != nil {
		panic(err)
	}
	fmt.Printf("%d %q\n", size, buf)
	// Output: 3003 "\x00\x00\x00\x00\x00far"
}

// ReadAt reads and authenticates the chunks it needs, and returns io.EOF
// for a read that reaches the end of the file, as io.ReaderAt requires.
func ExampleFile_ReadAt() {
	f, err := raf.Create(raf.NewMemStore(), newKey(), &raf.Options{Algorithm: raf.AEGIS256})
	if err != nil {
		panic(err)
	}
	if _, err := f.WriteAt([]byte("random access"), 0); err != nil {
		panic(err)
	}
	buf := make([]byte, 6)
	n, err := f.ReadAt(buf, 7)
	fmt.Printf("%q %v\n", buf[:n], err)
	n, err = f.ReadAt(buf, 10)
	fmt.Printf("%q %v\n", buf[:n], err)
	if err := f.Close(); err != nil {
		panic(err)
	}
	// Output:
	// "access" <nil>
	// "ess" EOF
}

// Open reads the variant and the chunk size from the header. A wrong key,
// or a changed byte anywhere, gives ErrAuth (common.ErrAuth).
func ExampleOpen() {
	key := newKey()
	store := raf.NewMemStore()
	f, err := raf.Create(store, key, &raf.Options{Algorithm: raf.AEGIS256})
	if err != nil {
		panic(err)
	}
	if _, err := f.WriteAt([]byte("kept secret"), 0); err != nil {
		panic(err)
	}
	if err := f.Close(); err != nil {
		panic(err)
	}

	g, err := raf.Open(store, key, nil)
	if err != nil {
		panic(err)
	}
	buf := make([]byte, 11)
	if _, err := g.ReadAt(buf, 0); err != nil {
		panic(err)
	}
	fmt.Printf("%s\n", buf)
	if err := g.Close(); err != nil {
		panic(err)
	}

	_, err = raf.Open(store, newKey(), nil)
	fmt.Println(errors.Is(err, raf.ErrAuth))
	// Output:
	// kept secret
	// true
}

// The Merkle commitment detects what the format alone cannot: a rollback
// to an older, authentic version of the file. Keep the commitment
// somewhere trusted and compare it after Open.
func ExampleFile_MerkleCommitment() {
	key := newKey()
	merkle := &raf.MerkleOptions{MaxChunks: 1024}
	store := raf.NewMemStore()
	f, err := raf.Create(store, key, &raf.Options{Algorithm: raf.AEGIS256, ChunkSize: 1024, Merkle: merkle})
	if err != nil {
		panic(err)
	}
	if _, err := f.WriteAt([]byte("balance: 100"), 0); err != nil {
		panic(err)
	}
	if err := f.Sync(); err != nil {
		panic(err)
	}
	old := bytes.Clone(store.Bytes()) // an attacker's copy
	if _, err := f.WriteAt([]byte("balance: 999"), 0); err != nil {
		panic(err)
	}
	trusted, err := f.MerkleCommitment()
	if err != nil {
		panic(err)
	}
	if err := f.Close(); err != nil {
		panic(err)
	}

	for _, s := range []*raf.MemStore{store, raf.NewMemStoreBytes(old)} {
		g, err := raf.Open(s, key, &raf.Options{Merkle: merkle})
		if err != nil {
			panic(err) // the old copy authenticates: it is a genuine file
		}
		c, err := g.MerkleCommitment()
		if err != nil {
			panic(err)
		}
		fmt.Println(bytes.Equal(c, trusted))
		if err := g.Close(); err != nil {
			panic(err)
		}
	}
	// Output:
	// true
	// false
}
