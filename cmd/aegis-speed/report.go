// SPDX-License-Identifier: MIT

package main

import (
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"strings"
	"time"
)

// result is one cell's outcome, as written in the JSON document.
type result struct {
	Cipher  string   `json:"cipher"`
	Op      string   `json:"op"`
	Size    int      `json:"size"`
	MBps    float64  `json:"mbps"`
	Speedup *float64 `json:"speedup_vs_gcm"` // null for the baselines, or with no baseline measured
	Kernel  string   `json:"kernel"`
	TagLen  int      `json:"tag_len"`
	CPB     float64  `json:"cycles_per_byte,omitempty"` // from the estimated clock
}

type resultKey struct {
	cipher, op string
	size       int
}

// collect turns the cells into results: the median rate of each cell, and
// for AEGIS rows the speedup over the matching AES-GCM cell.
func collect(cells []*cell, cfg *config) []result {
	mbps := make(map[resultKey]float64, len(cells))
	for _, c := range cells {
		mbps[resultKey{c.spec.name, c.op, c.size}] = median(c.rounds) / 1e6
	}
	out := make([]result, 0, len(cells))
	for _, c := range cells {
		r := result{
			Cipher: c.spec.name, Op: c.op, Size: c.size,
			MBps:   mbps[resultKey{c.spec.name, c.op, c.size}],
			Kernel: c.spec.kernel(), TagLen: c.spec.tagLen,
		}
		if r.TagLen == 0 {
			r.TagLen = cfg.tagLen
		}
		if c.spec.baseline != "" {
			if base, ok := mbps[resultKey{c.spec.baseline, c.op, c.size}]; ok && base > 0 {
				s := r.MBps / base
				r.Speedup = &s
			}
		}
		out = append(out, r)
	}
	return out
}

// document is the JSON output.
type document struct {
	*header
	TagLen            int      `json:"tag_len"`
	DurationPerCellNS int64    `json:"duration_per_cell_ns"`
	Rounds            int      `json:"rounds"`
	Statistic         string   `json:"statistic"`
	Unit              string   `json:"unit"`
	Sizes             []int    `json:"sizes"`
	Results           []result `json:"results"`
}

func writeJSON(w io.Writer, h *header, cfg *config, results []result) error {
	doc := document{
		header:            h,
		TagLen:            cfg.tagLen,
		DurationPerCellNS: cfg.dur.Nanoseconds(),
		Rounds:            cfg.rounds,
		Statistic:         "median",
		Unit:              "MB/s = 10^6 bytes of plaintext per second",
		Sizes:             cfg.sizes,
		Results:           results,
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
}

// Column widths of the table.
const (
	nameW   = 18
	kernelW = 9
	cellW   = 16 // "  12345 (12.50x)": the rate in 7 columns, a blank, the speedup in 8
)

func writeTable(w io.Writer, h *header, cfg *config, specs []cipherSpec, results []result) error {
	var b strings.Builder
	writeHeader(&b, h)

	// -kernels names its rows "AEGIS-256X4 avx512": the column widens
	// for them, and keeps its width for the usual rows.
	nameW := nameW
	for i := range specs {
		nameW = max(nameW, len(specs[i].name)+1)
	}

	byKey := make(map[resultKey]result, len(results))
	for _, r := range results {
		byKey[resultKey{r.Cipher, r.Op, r.Size}] = r
	}
	for _, op := range []string{"seal", "open"} {
		title := "Seal (encrypt)"
		if op == "open" {
			title = "Open (decrypt and verify)"
		}
		fmt.Fprintf(&b, "\n%s, MB/s\n", title)
		fmt.Fprintf(&b, "%-*s%-*s", nameW, "cipher", kernelW, "kernel")
		for _, n := range cfg.sizes {
			fmt.Fprintf(&b, "%7s%*s", sizeLabel(n), cellW-7, "")
		}
		b.WriteString("\n")
		for i := range specs {
			s := &specs[i]
			fmt.Fprintf(&b, "%-*s%-*s", nameW, s.name, kernelW, s.kernel())
			for _, n := range cfg.sizes {
				r := byKey[resultKey{s.name, op, n}]
				sp := ""
				if r.Speedup != nil {
					sp = fmt.Sprintf("(%.2fx)", *r.Speedup)
				}
				fmt.Fprintf(&b, "%7s %-*s", formatMBps(r.MBps), cellW-8, sp)
			}
			b.WriteString("\n")
		}
	}

	b.WriteString("\n")
	fmt.Fprintf(&b, "MB/s = 10^6 bytes of plaintext per second, one goroutine, empty\n"+
		"additional data. Each figure is the median of %d interleaved rounds of\n"+
		"%v (after a warm-up) per cell.\n", cfg.rounds, cfg.dur/time.Duration(cfg.rounds))
	if h.AEGISAvailable && len(cfg.variants) > 0 && cfg.baselines {
		b.WriteString("(N.NNx) = speedup over AES-GCM of the same key size: AES-128-GCM for\n" +
			"AEGIS-128*, AES-256-GCM for AEGIS-256*.\n")
	}
	if cfg.tagLen == 16 || !cfg.baselines {
		fmt.Fprintf(&b, "Tags: %d bytes.\n", cfg.tagLen)
	} else {
		fmt.Fprintf(&b, "Tags: %d bytes for AEGIS, 16 for AES-GCM and ChaCha20-Poly1305.\n", cfg.tagLen)
	}
	// The cells are padded to their width; lines end without blanks.
	lines := strings.SplitAfter(b.String(), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \n")
		if strings.HasSuffix(l, "\n") {
			lines[i] += "\n"
		}
	}
	_, err := io.WriteString(w, strings.Join(lines, ""))
	return err
}

func writeHeader(b *strings.Builder, h *header) {
	fmt.Fprintf(b, "aegis-speed: AEAD throughput\n")
	fmt.Fprintf(b, "go:         %s %s/%s, GOMAXPROCS %d\n", h.GoVersion, h.GOOS, h.GOARCH, runtime.GOMAXPROCS(0))
	if h.CPU != "" {
		fmt.Fprintf(b, "cpu:        %s\n", h.CPU)
	}
	switch {
	case h.GOARCH != "amd64" && h.GOARCH != "arm64":
		fmt.Fprintf(b, "features:   (not probed on %s)\n", h.GOARCH)
	case len(h.CPUFeatures) == 0:
		fmt.Fprintf(b, "features:   none of the AES ones\n")
	default:
		fmt.Fprintf(b, "features:   %s\n", strings.Join(h.CPUFeatures, " "))
	}
	if h.ClockGHz > 0 {
		fmt.Fprintf(b, "clock:      %.2f GHz (estimated from a chain of dependent additions)\n", h.ClockGHz)
	}
	if h.AEGISImpl != "" {
		fmt.Fprintf(b, "AEGIS_IMPL: %s\n", h.AEGISImpl)
	}
	if h.AEGISAvailable {
		// Three variants a line keeps within 80 columns.
		for i := 0; i < len(h.kernelOrder); i += 3 {
			label := "kernels:"
			if i > 0 {
				label = ""
			}
			var parts []string
			for _, t := range h.kernelOrder[i:min(i+3, len(h.kernelOrder))] {
				parts = append(parts, t+" "+h.Kernels[t])
			}
			fmt.Fprintf(b, "%-12s%s\n", label, strings.Join(parts, ", "))
		}
	}
	for _, w := range h.Warnings {
		for i, l := range wrap(w, 80-12) {
			label := "WARNING:"
			if i > 0 {
				label = ""
			}
			fmt.Fprintf(b, "%-12s%s\n", label, l)
		}
	}
}

// wrap splits s into lines of at most width bytes, at blanks (a longer
// word gets a line of its own).
func wrap(s string, width int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(s) {
		if line != "" && len(line)+1+len(w) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// formatMBps prints a rate with a precision that suits its magnitude.
func formatMBps(x float64) string {
	switch {
	case x >= 100:
		return fmt.Sprintf("%.0f", x)
	case x >= 10:
		return fmt.Sprintf("%.1f", x)
	}
	return fmt.Sprintf("%.2f", x)
}

// writeMarkdown writes what writeTable does as Markdown, for documents
// that quote the figures with the command that made them: a paragraph on
// the machine and the build, the Seal and the Open table, and a paragraph
// on the method. Each table has the cipher and its kernel, then one
// column per size, right-aligned.
func writeMarkdown(w io.Writer, h *header, cfg *config, specs []cipherSpec, results []result) error {
	var b strings.Builder
	machine := []string{fmt.Sprintf("%s %s/%s, GOMAXPROCS %d", h.GoVersion, h.GOOS, h.GOARCH, runtime.GOMAXPROCS(0))}
	if h.CPU != "" {
		machine = append(machine, h.CPU)
	}
	if len(h.CPUFeatures) > 0 {
		machine = append(machine, strings.Join(h.CPUFeatures, " "))
	}
	if h.ClockGHz > 0 {
		machine = append(machine, fmt.Sprintf("clock %.2f GHz (estimated)", h.ClockGHz))
	}
	if h.AEGISImpl != "" {
		machine = append(machine, "AEGIS_IMPL="+h.AEGISImpl)
	}
	fmt.Fprintf(&b, "aegis-speed: %s.\n", mdEscape(strings.Join(machine, "; ")))
	for _, warn := range h.Warnings {
		fmt.Fprintf(&b, "\n**Warning:** %s\n", mdEscape(warn))
	}

	byKey := make(map[resultKey]result, len(results))
	for _, r := range results {
		byKey[resultKey{r.Cipher, r.Op, r.Size}] = r
	}
	for _, op := range []string{"seal", "open"} {
		title := "Seal, MB/s"
		if op == "open" {
			title = "Open, MB/s"
		}
		fmt.Fprintf(&b, "\n| %s | kernel |", title)
		for _, n := range cfg.sizes {
			fmt.Fprintf(&b, " %s |", sizeLabel(n))
		}
		b.WriteString("\n|:--|:--|")
		for range cfg.sizes {
			b.WriteString("--:|")
		}
		b.WriteString("\n")
		for i := range specs {
			s := &specs[i]
			fmt.Fprintf(&b, "| %s | %s |", mdEscape(s.name), mdEscape(s.kernel()))
			for _, n := range cfg.sizes {
				r := byKey[resultKey{s.name, op, n}]
				cell := formatMBps(r.MBps)
				if r.Speedup != nil {
					cell += fmt.Sprintf(" (%.2fx)", *r.Speedup)
				}
				fmt.Fprintf(&b, " %s |", cell)
			}
			b.WriteString("\n")
		}
	}

	fmt.Fprintf(&b, "\nMB/s: 10^6 bytes of plaintext per second, one goroutine, empty additional data; "+
		"each cell the median of %d interleaved rounds that share %v.", cfg.rounds, cfg.dur)
	if h.AEGISAvailable && len(cfg.variants) > 0 && cfg.baselines {
		b.WriteString(" (N.NNx): speedup over AES-GCM of the same key size, AES-128-GCM for the AEGIS-128 variants and AES-256-GCM for the AEGIS-256 ones.")
	}
	if cfg.tagLen == 16 || !cfg.baselines {
		fmt.Fprintf(&b, " Tags: %d bytes.\n", cfg.tagLen)
	} else {
		fmt.Fprintf(&b, " Tags: %d bytes for AEGIS, 16 for AES-GCM and ChaCha20-Poly1305.\n", cfg.tagLen)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// mdEscape keeps text from breaking a Markdown table or starting markup:
// a bar ends a cell, and a star, an underscore or a backquote could open
// emphasis or code.
func mdEscape(s string) string {
	return strings.NewReplacer(`|`, `\|`, `*`, `\*`, `_`, `\_`, "`", "\\`").Replace(s)
}
