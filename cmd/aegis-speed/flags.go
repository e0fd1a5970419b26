// SPDX-License-Identifier: MIT

package main

import (
	"flag"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/aegisgo/aegis/internal/cli"
	"github.com/aegisgo/aegis/internal/core"
)

// config is the parsed command line.
type config struct {
	dur       time.Duration // per cell, all rounds together
	rounds    int
	sizes     []int // ascending, no duplicates
	variants  []int // indexes into core.Variants, ascending
	baselines bool
	tagLen    int
	json      bool
	markdown  bool // -markdown: the table as Markdown, for BENCHMARKS.md and issues
	quiet     bool
	svgPath   string // -svg: the chart as SVG; "" for none
	pngPath   string // -png: the chart as PNG; "" for none
	kernels   bool   // -kernels: one variant under every kernel that runs here
}

// chart reports whether the run draws a chart.
func (c *config) chart() bool { return c.svgPath != "" || c.pngPath != "" }

const (
	defaultSizes = "16,1k,16k,1m"
	// A chart needs more points than the table for its curves: two
	// octaves apart, they show the fixed cost, the take-off of the X
	// variants from 1 KiB and the cache bound at 1 MiB.
	defaultChartSizes = "16,64,256,1k,4k,16k,64k,1m"
	defaultDur        = 150 * time.Millisecond
	defaultRounds     = 5
	maxSize           = 64 << 20
	maxRounds         = 1000
)

func parseFlags(args []string, stderr io.Writer) (*config, error) {
	fs := flag.NewFlagSet("aegis-speed", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg := &config{}
	fs.DurationVar(&cfg.dur, "d", defaultDur, "time measured per cell, split over the rounds")
	fs.IntVar(&cfg.rounds, "rounds", defaultRounds, "interleaved rounds per cell; the median is reported")
	sizes := fs.String("sizes", defaultSizes, "comma-separated message sizes: 16, 1k, 16KiB, 1m, 1MiB ... (with -svg or -png, default "+defaultChartSizes+")")
	variants := fs.String("variants", "all", "comma-separated AEGIS variants (128l,128x2,128x4,256,256x2,256x4), all or none")
	fs.BoolVar(&cfg.baselines, "baselines", true, "also measure AES-128-GCM, AES-256-GCM and ChaCha20-Poly1305")
	fs.IntVar(&cfg.tagLen, "tag", 16, "AEGIS tag length in bytes: 16 or 32")
	fs.BoolVar(&cfg.json, "json", false, "write one JSON document instead of the table")
	fs.BoolVar(&cfg.markdown, "markdown", false, "write the table as Markdown: a line on the machine, a Seal and an Open table, a note on the method")
	fs.BoolVar(&cfg.quiet, "q", false, "no progress on standard error")
	fs.StringVar(&cfg.svgPath, "svg", "", "also draw throughput against message size, as SVG, into `file`")
	fs.StringVar(&cfg.pngPath, "png", "", "also draw throughput against message size, as PNG, into `file`")
	fs.BoolVar(&cfg.kernels, "kernels", false, "measure one AEGIS variant (-variants, default 128l) under every kernel that runs here")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: aegis-speed [flags]\n\n"+
			"Measures AEGIS seal/open throughput in MB/s (10^6 bytes/s) beside\n"+
			"AES-GCM and ChaCha20-Poly1305. Flags:\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return nil, err
		}
		// The flag package has already printed the error and the usage.
		return nil, usageError{msg: err.Error(), printed: true}
	}
	if fs.NArg() > 0 {
		return nil, usagef("unexpected argument %q", fs.Arg(0))
	}
	if cfg.dur <= 0 {
		return nil, usagef("-d must be positive, not %v", cfg.dur)
	}
	if cfg.rounds < 1 || cfg.rounds > maxRounds {
		return nil, usagef("-rounds must be 1 to %d, not %d", maxRounds, cfg.rounds)
	}
	if cfg.json && cfg.markdown {
		return nil, usagef("-json and -markdown are two forms of the output: choose one")
	}
	if cfg.tagLen != 16 && cfg.tagLen != 32 {
		return nil, usagef("-tag must be 16 or 32, not %d", cfg.tagLen)
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if cfg.chart() && !set["sizes"] {
		*sizes = defaultChartSizes
	}
	if cfg.svgPath != "" && cfg.svgPath == cfg.pngPath {
		return nil, usagef("-svg and -png name the same file %q", cfg.svgPath)
	}
	var err error
	if cfg.sizes, err = parseSizes(*sizes); err != nil {
		return nil, usagef("-sizes: %v", err)
	}
	if cfg.kernels && !set["variants"] {
		*variants = "128l"
	}
	if cfg.variants, err = parseVariants(*variants); err != nil {
		return nil, usagef("-variants: %v", err)
	}
	if cfg.kernels && len(cfg.variants) != 1 {
		return nil, usagef("-kernels measures one AEGIS variant, and -variants names %d", len(cfg.variants))
	}
	return cfg, nil
}

// parseSizes parses a comma-separated list of sizes (see parseSize) and
// returns them ascending, without duplicates.
func parseSizes(list string) ([]int, error) {
	var sizes []int
	seen := map[int]bool{}
	for _, f := range strings.Split(list, ",") {
		n, err := parseSize(f)
		if err != nil {
			return nil, err
		}
		if !seen[n] {
			seen[n] = true
			sizes = append(sizes, n)
		}
	}
	sort.Ints(sizes)
	return sizes, nil
}

// parseSize parses one size: a decimal number of bytes, with an optional
// suffix b, k/kb/kib (1024) or m/mb/mib (1024*1024), in any case. Blanks
// around the number and the suffix are allowed.
func parseSize(s string) (int, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if t == "" {
		return 0, fmt.Errorf("empty size in list")
	}
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	if i == 0 {
		return 0, fmt.Errorf("size %q does not start with a number", s)
	}
	num, suffix := t[:i], strings.TrimSpace(t[i:])
	var unit int
	switch suffix {
	case "", "b":
		unit = 1
	case "k", "kb", "kib":
		unit = 1 << 10
	case "m", "mb", "mib":
		unit = 1 << 20
	default:
		return 0, fmt.Errorf("size %q has unknown unit %q (use b, k/KiB or m/MiB)", s, t[i:])
	}
	n, err := strconv.Atoi(num)
	if err != nil || n > maxSize/unit {
		return 0, fmt.Errorf("size %q is larger than the limit of %s", s, sizeLabel(maxSize))
	}
	n *= unit
	if n < 1 {
		return 0, fmt.Errorf("size %q must be at least 1 byte", s)
	}
	return n, nil
}

// sizeLabel names a size in the largest binary unit that divides it.
func sizeLabel(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.Itoa(n>>20) + " MiB"
	case n >= 1<<10 && n%(1<<10) == 0:
		return strconv.Itoa(n>>10) + " KiB"
	}
	return strconv.Itoa(n) + " B"
}

// parseVariants parses the -variants list into indexes of core.Variants,
// ascending and without duplicates. "all" selects every variant and "none"
// (or an empty list) none.
func parseVariants(list string) ([]int, error) {
	names := make([]string, len(core.Variants))
	for i := range core.Variants {
		names[i] = core.Variants[i].Name
	}
	pick := make([]bool, len(core.Variants))
	for _, f := range strings.Split(list, ",") {
		switch cli.VariantKey(f) {
		case "":
			continue
		case "all":
			for i := range pick {
				pick[i] = true
			}
			continue
		case "none":
			continue
		}
		i, ok := cli.ParseVariant(f, names)
		if !ok {
			var keys []string
			for _, n := range names {
				keys = append(keys, cli.VariantKey(n))
			}
			return nil, fmt.Errorf("unknown AEGIS variant %q (known: %s, all, none)", strings.TrimSpace(f), strings.Join(keys, ", "))
		}
		pick[i] = true
	}
	var idx []int
	for i, p := range pick {
		if p {
			idx = append(idx, i)
		}
	}
	return idx, nil
}
