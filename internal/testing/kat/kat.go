// SPDX-License-Identifier: MIT

// Package kat holds known answers across builds: a test computes every
// API's outputs for fixed inputs and records each one's length and
// digest, and the file of them must be the same, byte for byte, in every
// build (cgo or not, any kernel, any GOARCH). So one build's engines are
// held to another's: the C core to the Go engine, the assembly to the
// constant-time Go, little-endian to big-endian.
//
// By default a test compares its answers with the file committed in its
// package's testdata folder. Flags, given after -args:
//
//	-kat.update     rewrite the committed file (then review the diff)
//	-kat.write DIR  write this build's file to DIR instead of checking
//	-kat.check DIR  check against DIR's file instead of testdata's
//
// CI writes with one build and checks with another, e.g.
//
//	go test -run KAT ./internal/testing/kat ./raf -args -kat.write /tmp/cgo
//	CGO_ENABLED=0 go test -run KAT ./internal/testing/kat ./raf -args -kat.check /tmp/cgo
//
// Only tests import this package: its flags are the test binaries'.
package kat

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var (
	update = flag.Bool("kat.update", false, "rewrite the known-answer files in testdata")
	write  = flag.String("kat.write", "", "write this build's known-answer files to `dir` instead of checking them")
	check  = flag.String("kat.check", "", "check against the known-answer files in `dir` instead of testdata's")
)

// Answers collects named outputs, in order.
type Answers struct {
	title string
	lines []string
	names map[string]bool
}

// New starts a file of answers; title says what computes them, in the
// file's header.
func New(title string) *Answers {
	return &Answers{title: title, names: map[string]bool{}}
}

// Add records out under name: its length and the first 16 bytes of its
// SHA-256, which any change of a byte changes. Names must be unique and
// have no spaces.
func (a *Answers) Add(name string, out []byte) {
	if a.names[name] || name == "" || strings.ContainsAny(name, " \n") {
		panic(fmt.Sprintf("kat: bad or repeated name %q", name))
	}
	a.names[name] = true
	d := sha256.Sum256(out)
	a.lines = append(a.lines, fmt.Sprintf("%s %d %s", name, len(out), hex.EncodeToString(d[:16])))
}

// Len is the number of answers recorded.
func (a *Answers) Len() int { return len(a.lines) }

// bytes is the file: a header, then one answer a line.
func (a *Answers) bytes() []byte {
	var b bytes.Buffer
	b.WriteString("# SPDX-License-Identifier: MIT\n")
	fmt.Fprintf(&b, "# Known answers of %s.\n", a.title)
	b.WriteString("# A line: name, output length, the first 16 bytes of its SHA-256.\n")
	b.WriteString("# The same in every build. Written by the test itself:\n")
	b.WriteString("# go test -run KAT -args -kat.update (see internal/testing/kat).\n")
	for _, l := range a.lines {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// Finish writes the answers as the flags say, or compares them with the
// file of that name (in testdata, or the -kat.check folder): every byte
// must be the same. It reports the answers that differ by name.
func (a *Answers) Finish(t testing.TB, file string) {
	t.Helper()
	got := a.bytes()
	switch {
	case *write != "":
		if err := os.MkdirAll(*write, 0o755); err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(*write, file), got)
		return
	case *update:
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join("testdata", file), got)
		return
	}
	path := filepath.Join("testdata", file)
	if *check != "" {
		path = filepath.Join(*check, file)
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (write it with go test -run KAT -args -kat.update)", err)
	}
	if bytes.Equal(got, want) {
		t.Logf("%d answers, the same as %s", len(a.lines), path)
		return
	}
	t.Errorf("the answers differ from %s:", path)
	wl := strings.Split(string(want), "\n")
	gl := strings.Split(string(got), "\n")
	shown := 0
	for i := 0; i < max(len(wl), len(gl)) && shown < 20; i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			t.Errorf("line %d:\n\tfile: %q\n\there: %q", i+1, w, g)
			shown++
		}
	}
	if shown == 0 {
		t.Errorf("the bytes differ but no line does (line endings?)")
	}
}

func writeFile(t testing.TB, path string, b []byte) {
	t.Helper()
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s", path)
}

// Reader returns an endless stream of bytes for the random source named
// label, the continuation of Input(label, n) for any n: a fixed random
// source, for code that draws file identifiers or nonces.
func Reader(label string) io.Reader { return &reader{label: label} }

type reader struct {
	label string
	ctr   uint32
	buf   []byte
}

func (r *reader) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		if len(r.buf) == 0 {
			r.buf = block(nil, r.label, r.ctr)
			r.ctr++
		}
		c := copy(p[n:], r.buf)
		r.buf = r.buf[c:]
		n += c
	}
	return n, nil
}

// block appends the SHA-256 of label and the little-endian counter i.
func block(out []byte, label string, i uint32) []byte {
	h := sha256.New()
	h.Write([]byte(label))
	h.Write([]byte{byte(i), byte(i >> 8), byte(i >> 16), byte(i >> 24)})
	return h.Sum(out)
}

// Input returns n bytes for the input named label: the SHA-256 of label
// and a counter, so that no Go release can change the inputs (as it may
// change a math/rand stream).
func Input(label string, n int) []byte {
	out := make([]byte, 0, n+sha256.Size)
	for i := uint32(0); len(out) < n; i++ {
		out = block(out, label, i)
	}
	return out[:n]
}
