// SPDX-License-Identifier: MIT

package main

import (
	"bytes"
	"fmt"
	"image/color"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	xfont "golang.org/x/image/font"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/aegisgo/aegis/internal/core"
)

// The chart: a heading that says what ran where, then Seal and Open side
// by side, throughput against message size on log scales, one line per
// cipher, and the legend on the right, where it hides no line.
const (
	chartW   = 10 * vg.Inch
	chartH   = 5.6 * vg.Inch
	chartDPI = 144 // the PNG's: 1440 x 806 pixels, sharp on high-density screens
	margin   = 10  // points, around everything
)

// chartFont is Liberation Sans, which gonum/plot carries and measures
// text with. Arial and Helvetica have its metrics, so an SVG viewer
// without it lays the text out the same (see fontFallback).
var chartFont = font.Font{Typeface: "Liberation", Variant: "Sans"}

// seriesStyle is how one cipher's line looks.
type seriesStyle struct {
	color  color.Color
	width  vg.Length
	dashes []vg.Length // nil: solid
	glyph  draw.GlyphDrawer
}

// The AEGIS lines are solid, in Okabe and Ito's colours, which readers
// with colour blindness tell apart too; the marks say the family: filled
// for AEGIS-128*, hollow for AEGIS-256*. The baselines are dashed or
// dotted, in black and grey, so that they read as the floor the others
// are measured against.
var (
	variantStyles = [len(core.Variants)]seriesStyle{
		{color: rgb(0x0072b2), glyph: draw.CircleGlyph{}},   // AEGIS-128L: blue
		{color: rgb(0x009e73), glyph: draw.BoxGlyph{}},      // AEGIS-128X2: bluish green
		{color: rgb(0xd55e00), glyph: draw.PyramidGlyph{}},  // AEGIS-128X4: vermillion
		{color: rgb(0x56b4e9), glyph: draw.RingGlyph{}},     // AEGIS-256: sky blue
		{color: rgb(0xe69f00), glyph: draw.SquareGlyph{}},   // AEGIS-256X2: orange
		{color: rgb(0xcc79a7), glyph: draw.TriangleGlyph{}}, // AEGIS-256X4: reddish purple
	}
	// kernelStyles, by core.Kernel, for -kernels.
	kernelStyles = [...]seriesStyle{
		core.KernelSoft:   {color: rgb(0xd55e00), glyph: draw.RingGlyph{}},
		core.KernelAESNI:  {color: rgb(0xe69f00), glyph: draw.SquareGlyph{}},
		core.KernelAVX2:   {color: rgb(0x009e73), glyph: draw.BoxGlyph{}},
		core.KernelAVX512: {color: rgb(0x0072b2), glyph: draw.CircleGlyph{}},
		core.KernelNEON:   {color: rgb(0xcc79a7), glyph: draw.PyramidGlyph{}},
		core.KernelVperm:  {color: rgb(0x56b4e9), glyph: draw.TriangleGlyph{}},
		// neonsha3 never shares a chart with an x86 kernel: soft's colour.
		core.KernelNEONSHA3: {color: rgb(0xd55e00), glyph: draw.CrossGlyph{}},
	}
	baselineStyles = map[string]seriesStyle{
		nameGCM128: {color: rgb(0x000000), dashes: []vg.Length{5, 3}, glyph: draw.CrossGlyph{}},
		nameGCM256: {color: rgb(0x777777), dashes: []vg.Length{5, 3}, glyph: draw.PlusGlyph{}},
		nameChaCha: {color: rgb(0x000000), dashes: []vg.Length{1.5, 2.5}, glyph: draw.RingGlyph{}},
	}
)

func rgb(x uint32) color.RGBA {
	return color.RGBA{R: uint8(x >> 16), G: uint8(x >> 8), B: uint8(x), A: 0xff}
}

func styleOf(s *cipherSpec) seriesStyle {
	var st seriesStyle
	switch {
	case s.fixed && int(s.fixedK) < len(kernelStyles):
		st = kernelStyles[s.fixedK]
	case s.aegis:
		st = variantStyles[s.variant]
	default:
		st = baselineStyles[s.name]
	}
	if st.color == nil {
		st.color = color.Black
	}
	st.width = 1.6
	if !s.aegis {
		st.width = 1.2
	}
	return st
}

// chart is what a run draws: its heading, its sizes, and one series per
// cipher, in the table's order.
type chart struct {
	title  []string // the first line is the heading
	sizes  []int
	series []series
}

type series struct {
	name  string
	aegis bool
	style seriesStyle
	mbps  [2][]float64 // seal, open; by index in sizes; 0 where not measured
}

var chartOps = [2]struct{ op, title string }{
	{"seal", "Seal (encrypt)"},
	{"open", "Open (decrypt and verify)"},
}

// newChart gathers the chart of a run from its results.
func newChart(h *header, cfg *config, specs []cipherSpec, results []result) *chart {
	ch := &chart{title: chartTitle(h, cfg, specs), sizes: cfg.sizes}
	at := make(map[int]int, len(cfg.sizes))
	for i, n := range cfg.sizes {
		at[n] = i
	}
	byName := map[string]int{}
	for i := range specs {
		s := &specs[i]
		byName[s.name] = len(ch.series)
		se := series{name: s.name, aegis: s.aegis, style: styleOf(s)}
		for o := range se.mbps {
			se.mbps[o] = make([]float64, len(cfg.sizes))
		}
		ch.series = append(ch.series, se)
	}
	for _, r := range results {
		si, ok := byName[r.Cipher]
		if !ok {
			continue
		}
		for o := range chartOps {
			if chartOps[o].op == r.Op {
				ch.series[si].mbps[o][at[r.Size]] = r.MBps
			}
		}
	}
	return ch
}

// chartTitle is the table's header in a few lines: what was measured, the
// CPU and Go, the kernels, and how.
func chartTitle(h *header, cfg *config, specs []cipherSpec) []string {
	head := "aegis-speed: AEAD throughput against message size"
	var kernelLine string
	var aegis []*cipherSpec
	for i := range specs {
		if specs[i].aegis {
			aegis = append(aegis, &specs[i])
		}
	}
	switch {
	case cfg.kernels && len(aegis) > 0:
		head = fmt.Sprintf("aegis-speed: %s under each kernel of this CPU, against message size",
			core.Variants[aegis[0].variant].Title)
		var ks []string
		for _, s := range aegis {
			ks = append(ks, s.fixedK.String())
		}
		kernelLine = "kernels: " + strings.Join(ks, ", ")
	case len(aegis) > 0:
		same := true
		var parts []string
		for _, s := range aegis {
			k := h.Kernels[s.name]
			same = same && k == h.Kernels[aegis[0].name]
			parts = append(parts, s.name+" "+k)
		}
		if same && len(aegis) > 1 {
			kernelLine = "kernel: " + h.Kernels[aegis[0].name] + " for every AEGIS variant"
		} else {
			kernelLine = "kernels: " + strings.Join(parts, ", ")
		}
	}
	machine := h.CPU
	if h.ClockGHz > 0 {
		machine += fmt.Sprintf(", clock about %.1f GHz", h.ClockGHz)
	}
	if machine != "" {
		machine += "; "
	}
	machine += fmt.Sprintf("%s %s/%s, GOMAXPROCS %d", h.GoVersion, h.GOOS, h.GOARCH, runtime.GOMAXPROCS(0))
	if h.AEGISImpl != "" {
		if kernelLine != "" {
			kernelLine += "; "
		}
		kernelLine += "AEGIS_IMPL=" + h.AEGISImpl
	}
	tags := fmt.Sprintf("%d-byte tags", cfg.tagLen)
	if cfg.tagLen != 16 && cfg.baselines {
		tags = fmt.Sprintf("%d-byte tags for AEGIS, 16 for the others", cfg.tagLen)
	}
	per := fmt.Sprintf("the median of %d interleaved rounds of %v", cfg.rounds, cfg.dur/time.Duration(cfg.rounds))
	if cfg.rounds == 1 {
		per = fmt.Sprintf("one round of %v", cfg.dur)
	}
	method := fmt.Sprintf("One goroutine, empty additional data, %s; each point is %s.", tags, per)
	lines := []string{head, machine}
	if kernelLine != "" {
		lines = append(lines, kernelLine)
	}
	lines = append(lines, method)
	for _, w := range h.Warnings {
		lines = append(lines, "WARNING: "+w)
	}
	return lines
}

// textStyle is a style of chartFont.
func textStyle(size vg.Length, bold bool) text.Style {
	f := chartFont
	if bold {
		f.Weight = xfont.WeightBold
	}
	return text.Style{Color: color.Black, Font: font.From(f, size), Handler: plot.DefaultTextHandler}
}

// fillLines writes lines from the top of c down, wrapping at blanks where
// a line is wider than c, and returns the height used.
func fillLines(c draw.Canvas, sty text.Style, lines []string) vg.Length {
	var out []string
	for _, l := range lines {
		out = append(out, wrapWidth(l, sty, c.Max.X-c.Min.X)...)
	}
	sty.YAlign = draw.YTop
	lineH := sty.Rectangle("Mg").Size().Y * 1.2
	y := c.Max.Y
	for _, l := range out {
		c.FillText(sty, vg.Point{X: c.Min.X, Y: y}, l)
		y -= lineH
	}
	return c.Max.Y - y
}

// wrapWidth splits s at blanks into lines no wider than w (a longer word
// gets a line of its own).
func wrapWidth(s string, sty text.Style, w vg.Length) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		if line != "" && sty.Width(line+" "+word) > w {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += word
	}
	return append(lines, line)
}

// draw draws the chart onto dc.
func (ch *chart) draw(dc draw.Canvas) {
	dc.SetColor(color.White)
	dc.Fill(dc.Rectangle.Path())
	inner := draw.Crop(dc, margin, -margin, margin, -margin)

	// The heading.
	th := fillLines(inner, textStyle(13, true), ch.title[:1])
	sub := inner
	sub.Max.Y -= th
	th += fillLines(sub, textStyle(9, false), ch.title[1:])

	// The legend, under the panels, where it hides no line.
	legs := ch.legends()
	var legW, legH vg.Length
	for i := range legs {
		r := legs[i].Rectangle(inner).Size()
		legW += r.X
		legH = max(legH, r.Y)
	}
	legW += legendGap * vg.Length(len(legs)-1)

	// The panels: every cipher's Seal on the left, its Open on the right,
	// on the same axes.
	plots := make([]*plot.Plot, len(chartOps))
	ymin, ymax := ch.rateRange()
	xmin, xmax := sizeRange(ch.sizes)
	ticks := make([]*sizeTicks, len(chartOps))
	for o := range chartOps {
		p := plot.New()
		p.Title.Text = chartOps[o].title
		p.Title.TextStyle = textStyle(11, true)
		p.Title.TextStyle.XAlign = draw.XCenter
		p.Title.TextStyle.YAlign = draw.YTop
		p.Title.Padding = 6
		styleAxis(&p.X, draw.XCenter, draw.YTop)
		styleAxis(&p.Y, draw.XRight, draw.YCenter)
		p.X.Scale, p.Y.Scale = plot.LogScale{}, plot.LogScale{}
		ticks[o] = &sizeTicks{sizes: ch.sizes}
		p.X.Tick.Marker = ticks[o]
		p.Y.Tick.Marker = plot.TickerFunc(rateTicks)
		p.X.Label.Text = "message size"
		grid := plotter.NewGrid()
		grid.Vertical.Color = color.Gray{0xdd}
		grid.Horizontal.Color = color.Gray{0xdd}
		grid.Vertical.Width, grid.Horizontal.Width = 0.5, 0.5
		p.Add(grid)
		// The baselines go under the AEGIS lines.
		for pass := range 2 {
			for i := range ch.series {
				if se := &ch.series[i]; se.aegis == (pass == 1) {
					if line, marks := se.plotters(ch.sizes, o); line != nil {
						p.Add(line, marks)
					}
				}
			}
		}
		p.X.Min, p.X.Max = xmin, xmax
		p.Y.Min, p.Y.Max = ymin, ymax
		plots[o] = p
	}

	// The rate axis's label is drawn here, not by gonum/plot, which
	// places it by the linear mean of the axis's ends and on a log scale
	// pads the panel for it as if it stood near the top.
	ylabel := textStyle(10, false)
	ylabel.Rotation = math.Pi / 2
	ylabel.XAlign, ylabel.YAlign = draw.XCenter, draw.YTop
	area := inner
	area.Max.Y -= th + 8
	area.Min.Y += legH + 12
	area.Min.X += ylabel.Height(rateLabel) + 4
	// Which sizes are labelled depends on the room between them: lay the
	// panels out once, thin the labels to the width found, lay out again.
	cs := panels(plots, area)
	for o, p := range plots {
		d := p.DataCanvas(cs[o])
		ticks[o].thin(d.Max.X-d.Min.X, p.X.Tick.Label, xmin, xmax)
	}
	cs = panels(plots, area)
	for o, p := range plots {
		p.Draw(cs[o])
	}
	d := plots[0].DataCanvas(cs[0])
	dc.FillText(ylabel, vg.Point{X: inner.Min.X, Y: (d.Min.Y + d.Max.Y) / 2}, rateLabel)

	// The legend's columns, centred under the panels' data.
	first, last := plots[0].DataCanvas(cs[0]), plots[len(plots)-1].DataCanvas(cs[len(cs)-1])
	x := (first.Min.X+last.Max.X)/2 - legW/2
	for i := range legs {
		c := inner
		c.Min.X, c.Max.Y = x, inner.Min.Y+legH
		legs[i].Draw(c)
		x += legs[i].Rectangle(inner).Size().X + legendGap
	}
}

// rateLabel is the label of the rate axis.
const rateLabel = "MB/s (10^6 bytes of plaintext per second)"

// legendGap is the room between two columns of the legend, in points.
const legendGap = 28

// legends returns the legend's columns: the AEGIS series three to a
// column (for the full set: the AEGIS-128 family, then the AEGIS-256
// family), then the baselines.
func (ch *chart) legends() []plot.Legend {
	const rows = 3
	var cols []plot.Legend
	add := func(se *series, newCol bool) {
		if newCol || len(cols) == 0 {
			l := plot.NewLegend()
			l.TextStyle = textStyle(10, false)
			l.Top, l.Left = true, true
			l.ThumbnailWidth = 28
			l.Padding = 3
			cols = append(cols, l)
		}
		cols[len(cols)-1].Add(se.name, se.thumb())
	}
	n := 0
	for i := range ch.series {
		if se := &ch.series[i]; se.aegis {
			add(se, n%rows == 0)
			n++
		}
	}
	n = 0
	for i := range ch.series {
		if se := &ch.series[i]; !se.aegis {
			add(se, n == 0)
			n++
		}
	}
	return cols
}

// panels splits area among plots side by side, so that their data areas
// have the same width whatever their axes need beside them. They have the
// same height: the plots differ in nothing above or below their data.
func panels(plots []*plot.Plot, area draw.Canvas) []draw.Canvas {
	const padX = 24 // points between two panels
	outside := make([]vg.Length, len(plots))
	var total vg.Length
	for i, p := range plots {
		d := p.DataCanvas(area)
		outside[i] = (d.Min.X - area.Min.X) + (area.Max.X - d.Max.X)
		total += outside[i]
	}
	w := area.Max.X - area.Min.X
	dataW := (w - total - padX*vg.Length(len(plots)-1)) / vg.Length(len(plots))
	cs := make([]draw.Canvas, len(plots))
	x := area.Min.X
	for i := range plots {
		cs[i] = area
		cs[i].Min.X = x
		cs[i].Max.X = x + outside[i] + dataW
		x = cs[i].Max.X + padX
	}
	return cs
}

func styleAxis(a *plot.Axis, xa draw.XAlignment, ya draw.YAlignment) {
	a.Label.TextStyle = textStyle(10, false)
	a.Label.TextStyle.XAlign = draw.XCenter
	a.Label.TextStyle.YAlign = draw.YBottom
	a.Label.Padding = 4
	a.Tick.Label = textStyle(9, false)
	a.Tick.Label.XAlign, a.Tick.Label.YAlign = xa, ya
}

// plotters returns the line and the marks of se in panel o, or nils when
// it has no point there.
func (se *series) plotters(sizes []int, o int) (*plotter.Line, *plotter.Scatter) {
	var xys plotter.XYs
	for i, n := range sizes {
		if v := se.mbps[o][i]; v > 0 && !math.IsInf(v, 0) {
			xys = append(xys, plotter.XY{X: float64(n), Y: v})
		}
	}
	if len(xys) == 0 {
		return nil, nil
	}
	line, marks, err := plotter.NewLinePoints(xys)
	if err != nil { // only for NaN and infinities, left out above
		return nil, nil
	}
	line.LineStyle = se.lineStyle()
	marks.GlyphStyle = se.glyphStyle()
	return line, marks
}

func (se *series) lineStyle() draw.LineStyle {
	return draw.LineStyle{Color: se.style.color, Width: se.style.width, Dashes: se.style.dashes}
}

func (se *series) glyphStyle() draw.GlyphStyle {
	return draw.GlyphStyle{Color: se.style.color, Radius: 2.6, Shape: se.style.glyph}
}

// thumb is se's legend entry: a stretch of its line with a mark on it.
func (se *series) thumb() plot.Thumbnailer { return thumbnail{se.lineStyle(), se.glyphStyle()} }

type thumbnail struct {
	line  draw.LineStyle
	glyph draw.GlyphStyle
}

func (t thumbnail) Thumbnail(c *draw.Canvas) {
	y := c.Center().Y
	c.StrokeLine2(t.line, c.Min.X, y, c.Max.X, y)
	c.DrawGlyphNoClip(t.glyph, c.Center())
}

// rateRange returns the rate axis: every point, a little room, and the
// ends on ticks (see rateTicks).
func (ch *chart) rateRange() (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, se := range ch.series {
		for _, vs := range se.mbps {
			for _, v := range vs {
				if v > 0 && !math.IsInf(v, 0) {
					lo, hi = math.Min(lo, v), math.Max(hi, v)
				}
			}
		}
	}
	if lo > hi { // nothing measured: an empty decade
		return 1, 10
	}
	return tickBelow(lo / 1.2), tickAbove(hi * 1.2)
}

// tickBelow and tickAbove round x to a neighbouring m*10^e, m = 1..9.
func tickBelow(x float64) float64 {
	e := math.Pow(10, math.Floor(math.Log10(x)))
	return math.Floor(x/e) * e
}

func tickAbove(x float64) float64 {
	e := math.Pow(10, math.Floor(math.Log10(x)))
	return math.Ceil(x/e-1e-9) * e
}

// rateTicks marks m*10^e for m = 1..9, and labels the decades, or on a
// short axis also 2 and 5, or on a very short one every mark.
func rateTicks(min, max float64) []plot.Tick {
	span := math.Log10(max / min)
	labelled := func(m int) bool {
		switch {
		case span >= 2:
			return m == 1
		case span >= 0.7:
			return m == 1 || m == 2 || m == 5
		}
		return true
	}
	var ts []plot.Tick
	for e := math.Floor(math.Log10(min)); e <= math.Ceil(math.Log10(max)); e++ {
		for m := 1; m <= 9; m++ {
			v := float64(m) * math.Pow(10, e)
			if v < min*(1-1e-9) || v > max*(1+1e-9) {
				continue
			}
			t := plot.Tick{Value: v}
			if labelled(m) {
				t.Label = formatRate(v)
			}
			ts = append(ts, t)
		}
	}
	return ts
}

// formatRate writes a tick's rate with its thousands apart: 10 000.
func formatRate(v float64) string {
	if v < 1 {
		return strconv.FormatFloat(v, 'g', 3, 64)
	}
	s := strconv.FormatFloat(math.Round(v), 'f', 0, 64)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + " " + s[i:]
	}
	return s
}

// sizeRange returns the size axis: the sizes measured and a little room,
// or two octaves each side of a lone size.
func sizeRange(sizes []int) (lo, hi float64) {
	if len(sizes) == 0 {
		return 1, 1 << 20
	}
	lo, hi = float64(sizes[0]), float64(sizes[len(sizes)-1])
	if lo == hi {
		return lo / 4, hi * 4
	}
	return lo / 1.3, hi * 1.3
}

// sizeTicks marks every size measured, and labels those that have room
// for their label (all of them until thin has run).
type sizeTicks struct {
	sizes []int
	hide  []bool
}

func (t *sizeTicks) Ticks(min, max float64) []plot.Tick {
	var ts []plot.Tick
	for i, n := range t.sizes {
		tk := plot.Tick{Value: float64(n)}
		if t.hide == nil || !t.hide[i] {
			tk.Label = sizeLabel(n)
		}
		ts = append(ts, tk)
	}
	return ts
}

// thin hides the labels that would touch their neighbours on an axis w
// long from min to max: from the left, a label is kept if it clears the
// last one kept; the largest size is always labelled, at the expense of
// the kept ones it would touch.
func (t *sizeTicks) thin(w vg.Length, sty text.Style, min, max float64) {
	const gap = 4 // points between two labels
	pos := func(i int) vg.Length {
		return w * vg.Length(math.Log(float64(t.sizes[i])/min)/math.Log(max/min))
	}
	half := func(i int) vg.Length { return sty.Width(sizeLabel(t.sizes[i])) / 2 }
	clear := func(i, j int) bool { return pos(j)-pos(i) >= half(i)+half(j)+gap }
	t.hide = make([]bool, len(t.sizes))
	last := -1
	for i := range t.sizes {
		if last >= 0 && !clear(last, i) {
			t.hide[i] = true
			continue
		}
		last = i
	}
	end := len(t.sizes) - 1
	if end > 0 && t.hide[end] {
		t.hide[end] = false
		for i := end - 1; i >= 0 && !clear(i, end); i-- {
			t.hide[i] = true
		}
	}
}

// chartFiles holds the files of -svg and -png while the run measures:
// each is written into a new file beside its path, created before the
// run so that a path that cannot be written fails at once, and renamed
// over the path when it is complete, so that a failed run leaves an
// older chart as it was.
type chartFiles struct {
	files []chartFile
}

type chartFile struct {
	path   string
	tmp    *os.File
	render func(ch *chart, w io.Writer) error
}

func createCharts(cfg *config) (*chartFiles, error) {
	cf := &chartFiles{}
	for _, f := range []chartFile{{path: cfg.svgPath, render: renderSVG}, {path: cfg.pngPath, render: renderPNG}} {
		if f.path == "" {
			continue
		}
		tmp, err := os.CreateTemp(filepath.Dir(f.path), "."+filepath.Base(f.path)+".*")
		if err != nil {
			cf.abandon()
			return nil, err
		}
		f.tmp = tmp
		cf.files = append(cf.files, f)
		// CreateTemp's file is the user's alone; a chart is for sharing.
		if err := tmp.Chmod(0o644); err != nil {
			cf.abandon()
			return nil, err
		}
	}
	return cf, nil
}

// write renders ch into each file and puts it in place.
func (cf *chartFiles) write(ch *chart) error {
	for i := range cf.files {
		f := &cf.files[i]
		err := f.render(ch, f.tmp)
		if cerr := f.tmp.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			err = os.Rename(f.tmp.Name(), f.path)
		}
		if err != nil {
			cf.abandon()
			return fmt.Errorf("writing the chart %s: %w", f.path, err)
		}
		f.tmp = nil
	}
	return nil
}

// abandon removes the files not yet in place; a no-op after write.
func (cf *chartFiles) abandon() {
	for i := range cf.files {
		if f := &cf.files[i]; f.tmp != nil {
			f.tmp.Close()
			os.Remove(f.tmp.Name())
			f.tmp = nil
		}
	}
}

func renderSVG(ch *chart, w io.Writer) error {
	c := vgsvg.New(chartW, chartH)
	ch.draw(draw.New(c))
	var b bytes.Buffer
	if _, err := c.WriteTo(&b); err != nil {
		return err
	}
	_, err := w.Write(fontFallback(b.Bytes()))
	return err
}

// fontFallback lets an SVG viewer that lacks Liberation Sans, the font
// the text was measured in, use one of the same metrics.
func fontFallback(svg []byte) []byte {
	return bytes.ReplaceAll(svg, []byte("font-family:Liberation Sans;"),
		[]byte("font-family:'Liberation Sans',Arimo,Arial,Helvetica,sans-serif;"))
}

func renderPNG(ch *chart, w io.Writer) error {
	c := vgimg.NewWith(vgimg.UseWH(chartW, chartH), vgimg.UseDPI(chartDPI))
	ch.draw(draw.New(c))
	_, err := vgimg.PngCanvas{Canvas: c}.WriteTo(w)
	return err
}
