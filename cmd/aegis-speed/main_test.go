// SPDX-License-Identifier: MIT

package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/aegisgo/aegis/common"
	"github.com/aegisgo/aegis/internal/core"
)

func TestParseSizes(t *testing.T) {
	valid := []struct {
		in   string
		want []int
	}{
		{"16", []int{16}},
		{"16,1k,16k,1m", []int{16, 1024, 16384, 1 << 20}},
		{"1K, 16KiB ,1MiB", []int{1024, 16384, 1 << 20}},
		{"1m,1kb,1mb,1 KiB,7b,7B", []int{7, 1024, 1 << 20}},
		{"1m,16,1m,16", []int{16, 1 << 20}}, // sorted, deduplicated
		{"64m", []int{64 << 20}},
		{"1", []int{1}},
	}
	for _, c := range valid {
		got, err := parseSizes(c.in)
		if err != nil {
			t.Errorf("parseSizes(%q): %v", c.in, err)
			continue
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("parseSizes(%q) = %v, want %v", c.in, got, c.want)
		}
	}
	invalid := []string{
		"", ",", "16,", "0", "0k", "-16", "k", "1.5k", "16x", "1g", "1 k b",
		"65m", "67108865", "99999999999999999999999", "1kk", "16,abc",
	}
	for _, in := range invalid {
		if got, err := parseSizes(in); err == nil {
			t.Errorf("parseSizes(%q) = %v, want an error", in, got)
		}
	}
}

func TestSizeLabel(t *testing.T) {
	for n, want := range map[int]string{
		16: "16 B", 1000: "1000 B", 1024: "1 KiB", 16384: "16 KiB",
		1536: "1536 B", 1 << 20: "1 MiB", 3 << 20: "3 MiB", (1 << 20) + 1024: "1025 KiB",
	} {
		if got := sizeLabel(n); got != want {
			t.Errorf("sizeLabel(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestParseVariants(t *testing.T) {
	all := []int{0, 1, 2, 3, 4, 5}
	valid := []struct {
		in   string
		want []int
	}{
		{"all", all},
		{"ALL", all},
		{"none", nil},
		{"", nil},
		{"128l", []int{0}},
		{"256x4,128x2", []int{1, 5}},
		{"aegis128l,AEGIS-256X2, aegis_256 ", []int{0, 3, 4}},
		{"128x4,128x4", []int{2}},
		{"256,all", all},
	}
	for _, c := range valid {
		got, err := parseVariants(c.in)
		if err != nil {
			t.Errorf("parseVariants(%q): %v", c.in, err)
			continue
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("parseVariants(%q) = %v, want %v", c.in, got, c.want)
		}
	}
	for _, in := range []string{"128", "128x8", "aes", "128l,foo", "gcm"} {
		if got, err := parseVariants(in); err == nil {
			t.Errorf("parseVariants(%q) = %v, want an error", in, got)
		}
	}
}

// TestAegisTable checks that the table of package functions lines up with
// core.Variants.
func TestAegisTable(t *testing.T) {
	for i := range core.Variants {
		v := &core.Variants[i]
		s := aegisSpec(i)
		if s.keySize != v.KeySize || s.nonceSize != v.NonceSize {
			t.Errorf("%s: key/nonce %d/%d, core says %d/%d", v.Title, s.keySize, s.nonceSize, v.KeySize, v.NonceSize)
		}
		if want := map[int]string{16: nameGCM128, 32: nameGCM256}[v.KeySize]; s.baseline != want {
			t.Errorf("%s: compared with %q, want %q", v.Title, s.baseline, want)
		}
		if !common.Available {
			if k := s.kernel(); k != "none" {
				t.Errorf("%s: kernel %q in a build without AEGIS", v.Title, k)
			}
		}
	}
}

func TestSelectCiphers(t *testing.T) {
	cfg := &config{variants: []int{1, 3}, baselines: false}
	names := func(specs []cipherSpec) (out []string) {
		for _, s := range specs {
			out = append(out, s.name)
		}
		return out
	}
	var want []string
	if common.Available {
		want = []string{"AEGIS-128X2", "AEGIS-256"}
	}
	if got := names(selectCiphers(cfg)); !reflect.DeepEqual(got, want) {
		t.Errorf("selectCiphers(128x2,256, no baselines) = %v, want %v", got, want)
	}
	cfg.baselines = true
	want = append(want, nameGCM128, nameGCM256, nameChaCha)
	if got := names(selectCiphers(cfg)); !reflect.DeepEqual(got, want) {
		t.Errorf("selectCiphers(128x2,256, baselines) = %v, want %v", got, want)
	}
}

// TestNoAllocs checks that the timed operations allocate nothing.
func TestNoAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	cfg := &config{sizes: []int{16, 1000}, variants: []int{0, 1, 2, 3, 4, 5}, baselines: true, tagLen: 32}
	cells, err := prepare(selectCiphers(cfg), cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cells {
		if a := testing.AllocsPerRun(20, func() {
			if err := c.fn(); err != nil {
				t.Fatal(err)
			}
		}); a != 0 {
			t.Errorf("%s %s %d: %v allocations per operation", c.spec.name, c.op, c.size, a)
		}
	}
}

func TestMedian(t *testing.T) {
	for _, c := range []struct {
		in   []float64
		want float64
	}{
		{nil, 0}, {[]float64{3}, 3}, {[]float64{5, 1, 3}, 3}, {[]float64{4, 1, 3, 2}, 2.5},
	} {
		if got := median(c.in); got != c.want {
			t.Errorf("median(%v) = %v, want %v", c.in, got, c.want)
		}
	}
}

func TestRunJSON(t *testing.T) {
	var stdout, stderr bytes.Buffer
	sizes := []int{16, 1024}
	if err := run([]string{"-d", "1ms", "-sizes", "16,1k", "-json"}, &stdout, &stderr); err != nil {
		t.Fatalf("run: %v\nstderr: %s", err, stderr.String())
	}
	var doc struct {
		GoVersion      string            `json:"go_version"`
		AEGISAvailable *bool             `json:"aegis_available"`
		Kernels        map[string]string `json:"kernels"`
		Sizes          []int             `json:"sizes"`
		Results        []struct {
			Cipher  string   `json:"cipher"`
			Op      string   `json:"op"`
			Size    int      `json:"size"`
			MBps    float64  `json:"mbps"`
			Speedup *float64 `json:"speedup_vs_gcm"`
			Kernel  string   `json:"kernel"`
		} `json:"results"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &doc); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, stdout.String())
	}
	if doc.GoVersion == "" || doc.AEGISAvailable == nil || *doc.AEGISAvailable != common.Available {
		t.Errorf("bad header: go_version %q, aegis_available %v", doc.GoVersion, doc.AEGISAvailable)
	}
	if !reflect.DeepEqual(doc.Sizes, sizes) {
		t.Errorf("sizes = %v, want %v", doc.Sizes, sizes)
	}

	ciphers := []string{nameGCM128, nameGCM256, nameChaCha}
	if common.Available {
		for i := range core.Variants {
			ciphers = append(ciphers, core.Variants[i].Title)
		}
	}
	type key struct {
		cipher, op string
		size       int
	}
	seen := map[key]int{}
	for _, r := range doc.Results {
		k := key{r.Cipher, r.Op, r.Size}
		seen[k]++
		if !(r.MBps > 0) {
			t.Errorf("%v: mbps %v", k, r.MBps)
		}
		if r.Kernel == "" {
			t.Errorf("%v: no kernel", k)
		}
		isAEGIS := strings.HasPrefix(r.Cipher, "AEGIS-")
		if isAEGIS && (r.Speedup == nil || !(*r.Speedup > 0)) {
			t.Errorf("%v: speedup %v, want a positive number", k, r.Speedup)
		}
		if !isAEGIS && r.Speedup != nil {
			t.Errorf("%v: speedup %v on a baseline", k, *r.Speedup)
		}
		if isAEGIS && doc.Kernels[r.Cipher] != r.Kernel {
			t.Errorf("%v: kernel %q, header says %q", k, r.Kernel, doc.Kernels[r.Cipher])
		}
	}
	for _, c := range ciphers {
		for _, op := range []string{"seal", "open"} {
			for _, n := range sizes {
				if seen[key{c, op, n}] != 1 {
					t.Errorf("%s %s %d: %d results, want 1", c, op, n, seen[key{c, op, n}])
				}
			}
		}
	}
	if want := len(ciphers) * 2 * len(sizes); len(doc.Results) != want {
		t.Errorf("%d results, want %d", len(doc.Results), want)
	}
	// stderr is not a terminal here: one progress line per round.
	if got := strings.Count(stderr.String(), "round "); got != defaultRounds {
		t.Errorf("stderr has %d progress lines, want %d:\n%s", got, defaultRounds, stderr.String())
	}
}

func TestRunTable(t *testing.T) {
	var stdout, stderr bytes.Buffer
	args := []string{"-d", "1ms", "-rounds", "2", "-sizes", "100", "-variants", "128x4", "-tag", "32", "-q"}
	if err := run(args, &stdout, &stderr); err != nil {
		t.Fatalf("run: %v\nstderr: %s", err, stderr.String())
	}
	if stderr.Len() != 0 {
		t.Errorf("-q, yet stderr has %q", stderr.String())
	}
	out := stdout.String()
	for _, want := range []string{"Seal (encrypt), MB/s", "Open (decrypt and verify), MB/s", "100 B", nameGCM128, nameChaCha, "median of 2"} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	rows := map[string]int{}
	for _, l := range strings.Split(out, "\n") {
		if f := strings.Fields(l); len(f) > 0 {
			rows[f[0]]++
		}
	}
	wantRows := map[string]int{nameGCM128: 2, nameGCM256: 2, nameChaCha: 2, "AEGIS-128L": 0, "AEGIS-256X4": 0}
	if common.Available {
		wantRows["AEGIS-128X4"] = 2
		if n := len(regexp.MustCompile(`\(\d+\.\d\dx\)`).FindAllString(out, -1)); n != 2 {
			t.Errorf("table lacks the two speedups of AEGIS-128X4:\n%s", out)
		}
	} else if !strings.Contains(out, "not available") {
		t.Errorf("table does not say that AEGIS is not available:\n%s", out)
	}
	for name, n := range wantRows {
		if rows[name] != n {
			t.Errorf("table has %d rows of %s, want %d:\n%s", rows[name], name, n, out)
		}
	}
	for i, l := range strings.Split(out, "\n") {
		if len(l) > 100 {
			t.Errorf("line %d is %d columns wide: %q", i+1, len(l), l)
		}
		if strings.HasSuffix(l, " ") {
			t.Errorf("line %d ends in a blank: %q", i+1, l)
		}
	}
}

func TestRunErrors(t *testing.T) {
	for _, args := range [][]string{
		{"-sizes", "0"},
		{"-sizes", "1q"},
		{"-variants", "512"},
		{"-tag", "24"},
		{"-d", "0"},
		{"-rounds", "0"},
		{"-variants", "none", "-baselines=false"},
		{"-kernels", "-variants", "128l,256"},
		{"-kernels", "-variants", "none"},
		{"-svg", "a", "-png", "a"},
		{"-json", "-markdown"},
		{"-nosuchflag"},
		{"extra"},
	} {
		var stdout, stderr bytes.Buffer
		err := run(args, &stdout, &stderr)
		if !errors.Is(err, errUsage) {
			t.Errorf("run(%q) = %v, want a usage error", args, err)
		}
		if stdout.Len() != 0 {
			t.Errorf("run(%q) wrote to stdout: %q", args, stdout.String())
		}
	}
}
