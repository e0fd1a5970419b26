// SPDX-License-Identifier: MIT

package main

import (
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/aegisgo/aegis/common"
)

// TestWriteMarkdown checks the whole Markdown output of made-up results
// against the text it must be.
func TestWriteMarkdown(t *testing.T) {
	h := &header{
		GoVersion: "go1.99", GOOS: "linux", GOARCH: "amd64", CPU: "Some CPU",
		CPUFeatures: []string{"AES", "AVX2"}, ClockGHz: 3.5, AEGISAvailable: true,
		AEGISImpl: "avx2", Warnings: []string{"a | bar"},
	}
	cfg := &config{dur: 30 * time.Millisecond, rounds: 3, sizes: []int{16, 1024}, variants: []int{0},
		baselines: true, tagLen: 16}
	specs := []cipherSpec{
		{name: "AEGIS-128L", kernel: constKernel("avx2"), baseline: nameGCM128},
		{name: nameGCM128, kernel: constKernel("stdlib")},
	}
	sp := func(x float64) *float64 { return &x }
	results := []result{
		{Cipher: "AEGIS-128L", Op: "seal", Size: 16, MBps: 600, Speedup: sp(2)},
		{Cipher: "AEGIS-128L", Op: "seal", Size: 1024, MBps: 12345.6, Speedup: sp(3.125)},
		{Cipher: "AEGIS-128L", Op: "open", Size: 16, MBps: 500, Speedup: sp(1.5)},
		{Cipher: "AEGIS-128L", Op: "open", Size: 1024, MBps: 11000, Speedup: sp(2.5)},
		{Cipher: nameGCM128, Op: "seal", Size: 16, MBps: 300},
		{Cipher: nameGCM128, Op: "seal", Size: 1024, MBps: 3950.5},
		{Cipher: nameGCM128, Op: "open", Size: 16, MBps: 333.3},
		{Cipher: nameGCM128, Op: "open", Size: 1024, MBps: 4400},
	}
	var b bytes.Buffer
	if err := writeMarkdown(&b, h, cfg, specs, results); err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf(`aegis-speed: go1.99 linux/amd64, GOMAXPROCS %d; Some CPU; AES AVX2; clock 3.50 GHz (estimated); AEGIS\_IMPL=avx2.

**Warning:** a \| bar

| Seal, MB/s | kernel | 16 B | 1 KiB |
|:--|:--|--:|--:|
| AEGIS-128L | avx2 | 600 (2.00x) | 12346 (3.12x) |
| AES-128-GCM | stdlib | 300 | 3950 |

| Open, MB/s | kernel | 16 B | 1 KiB |
|:--|:--|--:|--:|
| AEGIS-128L | avx2 | 500 (1.50x) | 11000 (2.50x) |
| AES-128-GCM | stdlib | 333 | 4400 |

MB/s: 10^6 bytes of plaintext per second, one goroutine, empty additional data; each cell the median of 3 interleaved rounds that share 30ms. (N.NNx): speedup over AES-GCM of the same key size, AES-128-GCM for the AEGIS-128 variants and AES-256-GCM for the AEGIS-256 ones. Tags: 16 bytes.
`, runtime.GOMAXPROCS(0))
	if got := b.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestRunMarkdown runs the command with -markdown and checks the shape of
// what it prints: two tables whose rows all have the header's cells.
func TestRunMarkdown(t *testing.T) {
	var stdout, stderr bytes.Buffer
	args := []string{"-d", "1ms", "-rounds", "2", "-sizes", "16,1k,64k", "-variants", "128l,256x2", "-markdown", "-q"}
	if err := run(args, &stdout, &stderr); err != nil {
		t.Fatalf("run: %v\nstderr: %s", err, stderr.String())
	}
	out := stdout.String()
	if !strings.HasPrefix(out, "aegis-speed: "+runtime.Version()+" ") {
		t.Errorf("does not start with the machine line:\n%s", out)
	}
	wantRows := []string{nameGCM128, nameGCM256, nameChaCha}
	if common.Available {
		wantRows = append([]string{"AEGIS-128L", "AEGIS-256X2"}, wantRows...)
	}
	tables := 0
	for _, block := range strings.Split(out, "\n\n") {
		if !strings.HasPrefix(block, "|") {
			continue
		}
		tables++
		lines := strings.Split(strings.TrimSuffix(block, "\n"), "\n")
		if want := "|:--|:--|--:|--:|--:|"; lines[1] != want {
			t.Errorf("table %d: delimiter row %q, want %q", tables, lines[1], want)
		}
		if len(lines) != 2+len(wantRows) {
			t.Errorf("table %d has %d lines, want %d:\n%s", tables, len(lines), 2+len(wantRows), block)
			continue
		}
		for i, l := range lines {
			if cells := strings.Count(l, "|") - 1; !strings.HasSuffix(l, "|") || cells != 5 {
				t.Errorf("table %d, line %d: %d cells, want 5: %q", tables, i+1, cells, l)
			}
			if i < 2 {
				continue
			}
			name := strings.TrimSpace(strings.Split(l, "|")[1])
			if name != wantRows[i-2] {
				t.Errorf("table %d, row %d is %q, want %q", tables, i-1, name, wantRows[i-2])
			}
			if aegis := strings.HasPrefix(name, "AEGIS-"); aegis != (strings.Count(l, "x) |") == 3) {
				t.Errorf("table %d: row %q: speedups on AEGIS rows only, one a size", tables, l)
			}
		}
	}
	if tables != 2 {
		t.Errorf("%d tables, want 2 (Seal and Open):\n%s", tables, out)
	}
	for i, l := range strings.Split(out, "\n") {
		if strings.HasSuffix(l, " ") {
			t.Errorf("line %d ends in a blank: %q", i+1, l)
		}
	}
}
