// SPDX-License-Identifier: MIT

package main

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"image/color"
	"image/png"
	"io"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"

	"github.com/aegisgo/aegis/common"
	"github.com/aegisgo/aegis/internal/core"
)

// svgDoc is what the tests read from an SVG chart: its texts, in order,
// and its stroked paths.
type svgDoc struct {
	width, height string
	texts         []string
	strokes       []svgStroke
}

type svgStroke struct {
	style  string // "stroke:#0072B2;stroke-width:1.6", with the dashes if any
	points int    // the path's M and L commands
}

// parseSVG parses an SVG as XML, strictly, and gathers the texts and
// the paths stroked with no fill: lines, axes, ticks, grid.
func parseSVG(t *testing.T, b []byte) *svgDoc {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(b))
	doc := &svgDoc{}
	var inText bool
	var text strings.Builder
	sawRoot := false
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the SVG is not well-formed XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			attr := map[string]string{}
			for _, a := range tok.Attr {
				attr[a.Name.Local] = a.Value
			}
			switch tok.Name.Local {
			case "svg":
				sawRoot = true
				doc.width, doc.height = attr["width"], attr["height"]
			case "text":
				inText = true
				text.Reset()
			case "path":
				st := styleMap(attr["style"])
				if st["fill"] != "none" || st["stroke"] == "" {
					continue
				}
				s := "stroke:" + st["stroke"] + ";stroke-width:" + st["stroke-width"]
				if da := st["stroke-dasharray"]; da != "" {
					s += ";stroke-dasharray:" + da
				}
				doc.strokes = append(doc.strokes, svgStroke{s, strings.Count(attr["d"], "M") + strings.Count(attr["d"], "L")})
			}
		case xml.CharData:
			if inText {
				text.Write(tok)
			}
		case xml.EndElement:
			if tok.Name.Local == "text" {
				inText = false
				doc.texts = append(doc.texts, text.String())
			}
		}
	}
	if !sawRoot {
		t.Fatal("the SVG has no <svg> element")
	}
	return doc
}

func styleMap(s string) map[string]string {
	m := map[string]string{}
	for _, kv := range strings.Split(s, ";") {
		if k, v, ok := strings.Cut(strings.TrimSpace(kv), ":"); ok {
			m[k] = v
		}
	}
	return m
}

// strokeOf is the style that a series' lines must have in the SVG.
func strokeOf(st seriesStyle) string {
	r, g, b, _ := st.color.RGBA()
	s := fmt.Sprintf("stroke:#%02X%02X%02X;stroke-width:%g", r>>8, g>>8, b>>8, float64(st.width))
	if st.dashes != nil {
		var ds []string
		for _, d := range st.dashes {
			ds = append(ds, strconv.FormatFloat(float64(d), 'g', -1, 64))
		}
		s += ";stroke-dasharray:" + strings.Join(ds, ",")
	}
	return s
}

func (d *svgDoc) count(text string) int {
	n := 0
	for _, t := range d.texts {
		if t == text {
			n++
		}
	}
	return n
}

// lines counts the paths of a style by their number of points.
func (d *svgDoc) lines(style string) map[int]int {
	m := map[int]int{}
	for _, s := range d.strokes {
		if s.style == style {
			m[s.points]++
		}
	}
	return m
}

// cipherTexts returns the texts that name a cipher, as the legend does.
func (d *svgDoc) cipherTexts() []string {
	var out []string
	for _, t := range d.texts {
		if strings.HasPrefix(t, "AEGIS-") || strings.HasPrefix(t, "AES-") || strings.HasPrefix(t, "ChaCha") {
			out = append(out, t)
		}
	}
	return out
}

// numbers returns the texts that are rates on the rate axis: numbers,
// with their thousands apart.
func (d *svgDoc) numbers() []float64 {
	var out []float64
	for _, t := range d.texts {
		if v, err := strconv.ParseFloat(strings.ReplaceAll(t, " ", ""), 64); err == nil {
			out = append(out, v)
		}
	}
	return out
}

// checkAxes checks that the chart's axes carry the sizes and the units:
// each size measured as a tick label on both panels, the size axis's and
// the rate axis's labels, and rates on the rate axes of both panels.
func checkAxes(t *testing.T, doc *svgDoc, sizes []int) {
	t.Helper()
	for _, n := range sizes {
		if got := doc.count(sizeLabel(n)); got != 2 {
			t.Errorf("size label %q appears %d times, want 2 (one per panel)", sizeLabel(n), got)
		}
	}
	if got := doc.count("message size"); got != 2 {
		t.Errorf(`"message size" appears %d times, want 2`, got)
	}
	if got := doc.count(rateLabel); got != 1 || !strings.Contains(rateLabel, "MB/s") {
		t.Errorf("rate axis label %q appears %d times, want 1", rateLabel, got)
	}
	nums := doc.numbers()
	if len(nums) < 2 || len(nums)%2 != 0 {
		t.Errorf("rate tick labels %v: want the same ones on both panels", nums)
	}
	for _, v := range nums {
		if m := v / math.Pow(10, math.Floor(math.Log10(v))); math.Abs(m-math.Round(m)) > 1e-9 {
			t.Errorf("rate tick label %v is not a digit times a power of ten", v)
		}
	}
}

// TestRunChart runs the command with -svg and -png, as a user would, and
// reads both files back.
func TestRunChart(t *testing.T) {
	dir := t.TempDir()
	svgPath, pngPath := filepath.Join(dir, "speed.svg"), filepath.Join(dir, "speed.png")
	var stdout, stderr bytes.Buffer
	args := []string{"-sizes", "16,1k", "-d", "5ms", "-q", "-svg", svgPath, "-png", pngPath}
	if err := run(args, &stdout, &stderr); err != nil {
		t.Fatalf("run: %v\nstderr: %s", err, stderr.String())
	}
	if !strings.Contains(stdout.String(), "Seal (encrypt), MB/s") {
		t.Errorf("with -svg, the table is missing from stdout:\n%s", stdout.String())
	}

	want := []string{nameGCM128, nameGCM256, nameChaCha}
	if common.Available {
		var aegis []string
		for i := range core.Variants {
			aegis = append(aegis, core.Variants[i].Title)
		}
		want = append(aegis, want...)
	}
	b, err := os.ReadFile(svgPath)
	if err != nil {
		t.Fatal(err)
	}
	doc := parseSVG(t, b)
	if doc.width == "" || doc.height == "" {
		t.Errorf("the SVG has no size: width %q, height %q", doc.width, doc.height)
	}
	// One legend entry per cipher, in the table's order.
	if got := doc.cipherTexts(); !reflect.DeepEqual(got, want) {
		t.Errorf("the legend names %q, want %q", got, want)
	}
	// One line per cipher in each panel, and one in its legend entry;
	// with two sizes, all of them have two points.
	specs := selectCiphers(&config{variants: []int{0, 1, 2, 3, 4, 5}, baselines: true})
	for i := range specs {
		st := strokeOf(styleOf(&specs[i]))
		if got := doc.lines(st); !reflect.DeepEqual(got, map[int]int{2: 3}) {
			t.Errorf("%s: paths of its style (%s) by points: %v, want 3 of 2 points (Seal, Open, legend)", specs[i].name, st, got)
		}
	}
	checkAxes(t, doc, []int{16, 1024})
	title := strings.Join(doc.texts[:4], "\n")
	for _, s := range []string{runtime.Version(), "AEAD throughput", "median of 5 interleaved rounds of 1ms"} {
		if !strings.Contains(title, s) {
			t.Errorf("the heading lacks %q:\n%s", s, title)
		}
	}
	if common.Available && !strings.Contains(title, "kernel: "+core.Implementation(core.AEGIS128L)+" for every AEGIS variant") {
		t.Errorf("the heading does not name the kernel %s:\n%s", core.Implementation(core.AEGIS128L), title)
	}
	if !common.Available && !strings.Contains(strings.Join(doc.texts, "\n"), "not available") {
		t.Errorf("the chart does not say that AEGIS is not available:\n%s", strings.Join(doc.texts, "\n"))
	}

	f, err := os.Open(pngPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("the PNG does not decode: %v", err)
	}
	if w, h := img.Bounds().Dx(), img.Bounds().Dy(); w != int(chartW.Dots(chartDPI)) || h != int(chartH.Dots(chartDPI)) {
		t.Errorf("the PNG is %dx%d, want %dx%d", w, h, int(chartW.Dots(chartDPI)), int(chartH.Dots(chartDPI)))
	}
	// Each coloured line leaves pixels of its own colour.
	seen := map[color.RGBA]int{}
	r := img.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			seen[color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)]++
		}
	}
	for i := range specs {
		c := color.RGBAModel.Convert(styleOf(&specs[i]).color).(color.RGBA)
		if c == (color.RGBA{A: 0xff}) {
			continue // black: text and axes have it too
		}
		if seen[c] < 20 {
			t.Errorf("%s: the PNG has %d pixels of its colour %v", specs[i].name, seen[c], c)
		}
	}

	// Neither file leaves a temporary file beside it.
	if es, err := os.ReadDir(dir); err != nil || len(es) != 2 {
		t.Errorf("the directory holds %v (%v), want the two charts alone", es, err)
	}
}

// fakeChart is a chart of made-up rates, with every cipher, so that tests
// need not measure.
func fakeChart(sizes []int) (*chart, []cipherSpec) {
	cfg := &config{sizes: sizes, variants: []int{0, 1, 2, 3, 4, 5}, baselines: true, tagLen: 16, rounds: 5, dur: defaultDur}
	specs := []cipherSpec{}
	for i := range core.Variants {
		specs = append(specs, aegisSpec(i))
	}
	specs = append(specs, baselineSpecs...)
	var results []result
	for si, s := range specs {
		for _, op := range []string{"seal", "open"} {
			for i, n := range sizes {
				results = append(results, result{Cipher: s.name, Op: op, Size: n, MBps: float64(100*(si+1)) * float64(i+1)})
			}
		}
	}
	h := &header{GoVersion: "go1.99", GOOS: "linux", GOARCH: "amd64", CPU: "Test CPU", AEGISAvailable: true,
		Kernels: map[string]string{}}
	for i := range core.Variants {
		h.Kernels[core.Variants[i].Title] = "avx2"
	}
	return newChart(h, cfg, specs, results), specs
}

func renderTo(t *testing.T, ch *chart) *svgDoc {
	t.Helper()
	var b bytes.Buffer
	if err := renderSVG(ch, &b); err != nil {
		t.Fatal(err)
	}
	return parseSVG(t, b.Bytes())
}

// TestChartSeries checks, on made-up rates, that each cipher is one line
// per panel through every size, in its own style: solid for AEGIS,
// dashed for the baselines.
func TestChartSeries(t *testing.T) {
	sizes := []int{16, 1024, 1 << 20}
	ch, specs := fakeChart(sizes)
	// A rate of 0 (not measured) leaves its point out.
	ch.series[0].mbps[1][1] = 0
	doc := renderTo(t, ch)
	var names []string
	for i := range specs {
		names = append(names, specs[i].name)
		st := styleOf(&specs[i])
		if (st.dashes == nil) != specs[i].aegis {
			t.Errorf("%s: dashes %v; want AEGIS solid and the baselines dashed", specs[i].name, st.dashes)
		}
		want := map[int]int{3: 2, 2: 1} // Seal and Open through 3 sizes, the legend's stretch
		if i == 0 {
			want = map[int]int{3: 1, 2: 2} // Open lost a point
		}
		if got := doc.lines(strokeOf(st)); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: paths by points %v, want %v", specs[i].name, got, want)
		}
		for j := range i {
			if strokeOf(st) == strokeOf(styleOf(&specs[j])) {
				t.Errorf("%s and %s have the same line", specs[i].name, specs[j].name)
			}
		}
	}
	if got := doc.cipherTexts(); !reflect.DeepEqual(got, names) {
		t.Errorf("the legend names %q, want %q", got, names)
	}
	checkAxes(t, doc, sizes)
	if !strings.Contains(strings.Join(doc.texts[:4], "\n"), "kernel: avx2 for every AEGIS variant") {
		t.Errorf("the heading does not name the kernel:\n%s", strings.Join(doc.texts[:4], "\n"))
	}
}

// TestChartFontFallback checks that the SVG names, after the font that
// its text was measured in, fonts with the same metrics.
func TestChartFontFallback(t *testing.T) {
	ch, _ := fakeChart([]int{16, 1024})
	var b bytes.Buffer
	if err := renderSVG(ch, &b); err != nil {
		t.Fatal(err)
	}
	s := b.String()
	if strings.Contains(s, "font-family:Liberation Sans;") || !strings.Contains(s, "font-family:'Liberation Sans',Arimo,Arial,") {
		t.Errorf("the SVG's text names no fallback font:\n%.600s", s)
	}
}

// TestChartOneSize draws a chart of one size, whose lines are points.
func TestChartOneSize(t *testing.T) {
	ch, _ := fakeChart([]int{4096})
	doc := renderTo(t, ch)
	checkAxes(t, doc, []int{4096})
	if lo, hi := sizeRange([]int{4096}); !(lo < 4096 && hi > 4096) {
		t.Errorf("sizeRange of one size = %v, %v: want room around it", lo, hi)
	}
}

// TestSizeTicksThin checks that the size labels kept do not touch, and
// that the smallest and the largest size are labelled.
func TestSizeTicksThin(t *testing.T) {
	sty := textStyle(9, false)
	var every []int
	for n := 1; n <= 64<<20; n *= 2 {
		every = append(every, n)
	}
	def, err := parseSizes(defaultChartSizes)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		sizes []int
		w     vg.Length
		all   bool // every label fits
	}{
		{def, 270, true},
		{def, 120, false},
		{every, 270, false},
		{[]int{16, 17, 18, 1 << 20}, 270, false},
	} {
		st := &sizeTicks{sizes: c.sizes}
		lo, hi := sizeRange(c.sizes)
		st.thin(c.w, sty, lo, hi)
		ticks := st.Ticks(lo, hi)
		if len(ticks) != len(c.sizes) {
			t.Fatalf("%d ticks for %d sizes", len(ticks), len(c.sizes))
		}
		var kept []int
		for i, tk := range ticks {
			if tk.Label != "" {
				kept = append(kept, i)
			}
		}
		if c.all && len(kept) != len(c.sizes) {
			t.Errorf("sizes %v on %v points: labels %v, want all", c.sizes, c.w, kept)
		}
		if len(kept) == 0 || kept[0] != 0 || kept[len(kept)-1] != len(c.sizes)-1 {
			t.Errorf("sizes %v on %v points: labels %v, want the first and the last", c.sizes, c.w, kept)
			continue
		}
		pos := func(i int) vg.Length {
			return c.w * vg.Length(math.Log(float64(c.sizes[i])/lo)/math.Log(hi/lo))
		}
		for k := 1; k < len(kept); k++ {
			i, j := kept[k-1], kept[k]
			room := pos(j) - pos(i) - sty.Width(sizeLabel(c.sizes[i]))/2 - sty.Width(sizeLabel(c.sizes[j]))/2
			if room < 4 {
				t.Errorf("sizes %v on %v points: labels %q and %q are %.1f points apart",
					c.sizes, c.w, sizeLabel(c.sizes[i]), sizeLabel(c.sizes[j]), room)
			}
		}
	}
}

func TestRateTicks(t *testing.T) {
	for _, c := range []struct {
		min, max float64
		labels   []string
	}{
		{3, 50000, []string{"10", "100", "1 000", "10 000"}},
		{300, 2000, []string{"500", "1 000", "2 000"}},
		{1000, 2000, []string{"1 000", "2 000"}},
		{0.1, 20, []string{"0.1", "1", "10"}},
	} {
		var labels []string
		last := 0.0
		for _, tk := range rateTicks(c.min, c.max) {
			if tk.Value < c.min || tk.Value > c.max || tk.Value <= last {
				t.Errorf("rateTicks(%v, %v): tick %v out of range or order", c.min, c.max, tk.Value)
			}
			last = tk.Value
			if tk.Label != "" {
				labels = append(labels, tk.Label)
			}
		}
		if !reflect.DeepEqual(labels, c.labels) {
			t.Errorf("rateTicks(%v, %v) labels %q, want %q", c.min, c.max, labels, c.labels)
		}
	}
	// The axis's ends are ticks.
	ch, _ := fakeChart([]int{16})
	lo, hi := ch.rateRange()
	for _, v := range []float64{lo, hi} {
		if m := v / math.Pow(10, math.Floor(math.Log10(v))); math.Abs(m-math.Round(m)) > 1e-9 {
			t.Errorf("rate axis end %v is not a tick", v)
		}
	}
}

func TestChartFlags(t *testing.T) {
	def, _ := parseSizes(defaultSizes)
	chart, _ := parseSizes(defaultChartSizes)
	for _, c := range []struct {
		args     []string
		sizes    []int
		variants []int
	}{
		{nil, def, []int{0, 1, 2, 3, 4, 5}},
		{[]string{"-svg", "a.svg"}, chart, []int{0, 1, 2, 3, 4, 5}},
		{[]string{"-png", "a.png"}, chart, []int{0, 1, 2, 3, 4, 5}},
		{[]string{"-svg", "a.svg", "-sizes", "1k"}, []int{1024}, []int{0, 1, 2, 3, 4, 5}},
		{[]string{"-kernels"}, def, []int{0}},
		{[]string{"-kernels", "-variants", "256x2"}, def, []int{4}},
	} {
		cfg, err := parseFlags(c.args, io.Discard)
		if err != nil {
			t.Errorf("parseFlags(%q): %v", c.args, err)
			continue
		}
		if !reflect.DeepEqual(cfg.sizes, c.sizes) || !reflect.DeepEqual(cfg.variants, c.variants) {
			t.Errorf("parseFlags(%q): sizes %v, variants %v; want %v, %v", c.args, cfg.sizes, cfg.variants, c.sizes, c.variants)
		}
	}
}

// TestRunKernels measures one variant under each kernel that runs here.
func TestRunKernels(t *testing.T) {
	var stdout, stderr bytes.Buffer
	err := run([]string{"-kernels", "-variants", "256", "-sizes", "64", "-d", "1ms", "-rounds", "1", "-q"}, &stdout, &stderr)
	if !common.Available {
		if err == nil || !strings.Contains(err.Error(), "not available") {
			t.Errorf("-kernels without AEGIS: %v, want an error that says so", err)
		}
		return
	}
	if err != nil {
		t.Fatalf("run: %v\nstderr: %s", err, stderr.String())
	}
	rows := map[string]int{}
	inTable := false // from a "cipher kernel ..." line to the next blank one
	for _, l := range strings.Split(stdout.String(), "\n") {
		f := strings.Fields(l)
		switch {
		case len(f) == 0:
			inTable = false
		case f[0] == "cipher":
			inTable = true
		}
		if inTable && len(f) >= 3 && f[0] == "AEGIS-256" {
			if f[1] != f[2] {
				t.Errorf("row %q: the kernel column says %s", l, f[2])
			}
			rows[f[1]]++
		}
	}
	ks := core.Kernels(core.AEGIS256)
	if len(rows) != len(ks) {
		t.Errorf("rows for kernels %v, want one Seal and one Open row for each of %v:\n%s", rows, ks, stdout.String())
	}
	for _, k := range ks {
		if rows[k.String()] != 2 {
			t.Errorf("kernel %s: %d rows, want 2:\n%s", k, rows[k.String()], stdout.String())
		}
	}
}

// TestChartUnwritable checks that a chart that cannot be written fails
// the run before it measures, and that a failed run keeps an older chart.
func TestChartUnwritable(t *testing.T) {
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	err := run([]string{"-svg", filepath.Join(dir, "no", "such", "dir.svg"), "-d", "10s", "-q"}, &stdout, &stderr)
	if err == nil || stdout.Len() != 0 {
		t.Fatalf("run with an unwritable -svg: %v, stdout %q; want an error before any measurement", err, stdout.String())
	}

	old := filepath.Join(dir, "old.svg")
	if err := os.WriteFile(old, []byte("old chart"), 0o644); err != nil {
		t.Fatal(err)
	}
	cf, err := createCharts(&config{svgPath: old})
	if err != nil {
		t.Fatal(err)
	}
	cf.abandon() // as a run that failed to measure does
	if b, err := os.ReadFile(old); err != nil || string(b) != "old chart" {
		t.Errorf("after a failed run, the old chart holds %q (%v)", b, err)
	}
	if es, _ := os.ReadDir(dir); len(es) != 1 {
		t.Errorf("a failed run left %d files, want the old chart alone", len(es))
	}
}
