// SPDX-License-Identifier: MIT

package main

import (
	"bytes"
	"fmt"
	"io"
	"runtime"
	"sort"
	"time"

	"github.com/aegisgo/aegis/internal/cli"
)

// cell is one measurement: a cipher, an operation and a size.
type cell struct {
	spec   *cipherSpec
	op     string // "seal" or "open"
	size   int
	fn     func() error  // one operation; allocates nothing
	perOp  time.Duration // estimated by the first warm-up; 0 before
	rounds []float64     // bytes per second, one per round
}

// Fixed benchmark inputs: nothing here is secret.
var (
	benchKey   = bytes.Repeat([]byte{0x5a}, 32)
	benchNonce = bytes.Repeat([]byte{0xa5}, 32)
)

// prepare builds the cells, in table order: for each cipher, seal then
// open, each at every size. The plaintext and output buffers of a size are
// shared by all cells of that size; each cipher has its own ciphertext to
// open.
func prepare(specs []cipherSpec, cfg *config) ([]*cell, error) {
	maxTag := 32
	type bufs struct{ pt, sealDst, openDst []byte }
	shared := make(map[int]*bufs)
	for _, n := range cfg.sizes {
		pt := make([]byte, n)
		for i := range pt {
			pt[i] = byte(i*7 + 3)
		}
		shared[n] = &bufs{pt, make([]byte, 0, n+maxTag), make([]byte, 0, n)}
	}
	var cells []*cell
	for si := range specs {
		s := &specs[si]
		tagLen := s.tagLen
		if tagLen == 0 {
			tagLen = cfg.tagLen
		}
		aead, err := s.new(benchKey[:s.keySize], tagLen)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", s.name, err)
		}
		nonce := benchNonce[:s.nonceSize]
		var seals, opens []*cell
		for _, n := range cfg.sizes {
			b := shared[n]
			ct := aead.Seal(nil, nonce, b.pt, nil)
			if pt, err := aead.Open(nil, nonce, ct, nil); err != nil || !bytes.Equal(pt, b.pt) {
				return nil, fmt.Errorf("%s: Open does not undo Seal at %d bytes (%v)", s.name, n, err)
			}
			seals = append(seals, &cell{spec: s, op: "seal", size: n, fn: func() error {
				b.sealDst = aead.Seal(b.sealDst[:0], nonce, b.pt, nil)
				return nil
			}})
			opens = append(opens, &cell{spec: s, op: "open", size: n, fn: func() error {
				var err error
				b.openDst, err = aead.Open(b.openDst[:0], nonce, ct, nil)
				return err
			}})
		}
		cells = append(cells, seals...)
		cells = append(cells, opens...)
	}
	return cells, nil
}

// measureAll runs cfg.rounds rounds over all cells, each cell for
// cfg.dur/cfg.rounds per round, and records the rates in the cells.
func measureAll(cells []*cell, cfg *config, p *progress) error {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	runtime.GC()
	slice := cfg.dur / time.Duration(cfg.rounds)
	if slice <= 0 {
		slice = 1
	}
	total := len(cells) * cfg.rounds
	done := 0
	for r := 1; r <= cfg.rounds; r++ {
		p.round(r, cfg.rounds, len(cells))
		for _, c := range cells {
			done++
			p.cell(c, r, cfg.rounds, done, total)
			bps, err := measure(c, slice)
			if err != nil {
				p.clear()
				return fmt.Errorf("%s %s %s: %w", c.spec.name, c.op, sizeLabel(c.size), err)
			}
			c.rounds = append(c.rounds, bps)
		}
	}
	p.clear()
	return nil
}

// measure runs one round of c: a warm-up of about a fifth of slice (which
// on the first round also estimates the time per operation), then the
// operation in batches until slice has passed. It returns bytes per second.
func measure(c *cell, slice time.Duration) (float64, error) {
	warm := slice / 5
	if c.perOp == 0 {
		// Double the batch until the warm-up time is spent.
		n, batch := 0, 1
		start := time.Now()
		var el time.Duration
		for {
			for i := 0; i < batch; i++ {
				if err := c.fn(); err != nil {
					return 0, err
				}
			}
			n += batch
			el = time.Since(start)
			if el >= warm {
				break
			}
			batch *= 2
		}
		c.perOp = el / time.Duration(n)
		if c.perOp <= 0 {
			c.perOp = 1
		}
	} else {
		if err := runFor(c, warm); err != nil {
			return 0, err
		}
	}
	// About 16 clock readings per slice: cheap, and the overshoot past
	// the slice is small; every run is counted in the rate anyway.
	batch := int(slice / 16 / c.perOp)
	if batch < 1 {
		batch = 1
	}
	n := 0
	start := time.Now()
	var el time.Duration
	for {
		for i := 0; i < batch; i++ {
			if err := c.fn(); err != nil {
				return 0, err
			}
		}
		n += batch
		el = time.Since(start)
		if el >= slice {
			break
		}
	}
	return float64(n) * float64(c.size) / el.Seconds(), nil
}

// runFor runs c until d has passed.
func runFor(c *cell, d time.Duration) error {
	batch := int(d / 8 / c.perOp)
	if batch < 1 {
		batch = 1
	}
	start := time.Now()
	for time.Since(start) < d {
		for i := 0; i < batch; i++ {
			if err := c.fn(); err != nil {
				return err
			}
		}
	}
	return nil
}

// median returns the median of xs, which it sorts; 0 for none.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	sort.Float64s(xs)
	m := len(xs) / 2
	if len(xs)%2 == 1 {
		return xs[m]
	}
	return (xs[m-1] + xs[m]) / 2
}

// progress reports on stderr which cell is being measured: one line
// rewritten in place on a terminal (a cli.Status), else one line per
// round.
type progress struct {
	w     io.Writer
	line  *cli.Status
	quiet bool
}

func newProgress(w io.Writer, quiet bool) *progress {
	return &progress{w: w, line: cli.NewStatus(w, quiet), quiet: quiet}
}

func (p *progress) round(r, rounds, cells int) {
	if p.quiet || p.line.On() {
		return
	}
	fmt.Fprintf(p.w, "aegis-speed: round %d/%d: measuring %d cells\n", r, rounds, cells)
}

func (p *progress) cell(c *cell, r, rounds, done, total int) {
	p.line.Show("measuring %s %s %s, round %d/%d (%d/%d)",
		c.spec.name, c.op, sizeLabel(c.size), r, rounds, done, total)
}

func (p *progress) clear() { p.line.Clear() }
