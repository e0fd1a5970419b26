// SPDX-License-Identifier: MIT

// Command aegis-speed measures the throughput of the six AEGIS variants of
// this module beside the AEADs that they usually replace: Go's AES-128-GCM
// and AES-256-GCM (crypto/aes with crypto/cipher.NewGCM) and
// ChaCha20-Poly1305 (golang.org/x/crypto/chacha20poly1305). It prints a
// table in the manner of `gocryptfs -speed`, and with -svg or -png it
// draws a chart of the same figures: throughput against message size.
//
// Usage:
//
//	aegis-speed [flags]
//
// The flags are:
//
//	-d duration
//		time measured per table cell, split over the rounds (default 150ms;
//		the default table of 72 cells takes about 13 s, the default chart
//		of 144 about 28 s)
//	-rounds n
//		interleaved rounds per cell; the cell reports their median (default 5)
//	-sizes list
//		comma-separated message sizes (default 16,1k,16k,1m). A size is a
//		number of bytes with an optional suffix: b; k, kb or kib (1024);
//		m, mb or mib (1024*1024). Case does not matter: 16, 1k, 16KiB,
//		1m and 1MiB are all accepted. Sizes run from 1 byte to 64 MiB.
//		With -svg or -png, the default is 16,64,256,1k,4k,16k,64k,1m:
//		points two octaves apart draw the curves.
//	-variants list
//		comma-separated AEGIS variants to measure (default all), named as
//		128l, 128x2, 128x4, 256, 256x2, 256x4, or as aegis128l or
//		AEGIS-128L; "all" selects every variant, "none" none of them
//	-baselines
//		measure AES-128-GCM, AES-256-GCM and ChaCha20-Poly1305 too
//		(default true; -baselines=false leaves them out, and with them the
//		speedups)
//	-tag n
//		AEGIS tag length in bytes, 16 or 32 (default 16). The baselines
//		always use their 16-byte tags.
//	-json
//		write one JSON document instead of the table
//	-markdown
//		write the table as Markdown instead: a line that names the Go
//		version, the platform, the CPU, its features, the estimated clock
//		and AEGIS_IMPL, then a Seal table and an Open table (one row per
//		cipher, one column per size, the speedups in parentheses), then a
//		line on the method. BENCHMARKS.md pastes it as it comes.
//	-q
//		no progress lines on standard error
//	-svg file
//		also draw the chart into file, as SVG: throughput in MB/s against
//		message size, both on log scales, one line per cipher (AEGIS
//		solid, the baselines dashed), Seal and Open side by side, under a
//		heading that names the CPU, the Go version and the kernels. The
//		file is replaced only when the run succeeds.
//	-png file
//		the same chart as PNG, 1440x806 pixels
//	-kernels
//		measure one AEGIS variant (the one -variants names; default
//		AEGIS-128L) under each kernel that this CPU runs, whatever
//		AEGIS_IMPL says, as rows named "AEGIS-128L avx2" and so on: each is
//		what the variant runs under AEGIS_IMPL=avx2, measured in this run,
//		so that the rounds of the kernels interleave. With -svg, the
//		chart of why the kernel choice matters.
//
// The header names the Go version, the platform, the CPU model (from
// /proc/cpuinfo on Linux), the CPU features that the AEGIS and AES-GCM
// kernels use, the AEGIS_IMPL environment variable when it is set (with a
// warning, on standard error too, when it names no kernel: the cap is then
// ignored), and the kernel that each AEGIS variant runs (see
// aegis128l.Implementation).
//
// # What the numbers mean
//
// Each cell is the rate at which one goroutine seals (encrypts and
// authenticates) or opens (checks and decrypts) messages of one size, in
// MB/s: 10^6 bytes of plaintext per second (sizes, by contrast, are in
// binary units). The additional data is empty; the key and nonce are fixed,
// as this is a benchmark and nothing is kept secret. Open is measured on a
// valid ciphertext made by Seal, so it runs the full check. Buffers are
// reused: the timed loop allocates nothing.
//
// A cell's time is split into rounds, and the rounds of all cells are
// interleaved (round 1 of every cell, then round 2 of every cell, ...), so
// that a burst of load from other processes on a shared machine spoils one
// round of many cells rather than every round of one. Each round runs a
// short warm-up, then the operation in batches until its share of -d has
// passed, timed with time.Now. The table shows the median of the rounds.
//
// Beside each AEGIS figure, "2.50x" is the speedup over AES-GCM of the same
// key size and the same operation and message size: AES-128-GCM for
// AEGIS-128L, -128X2 and -128X4, AES-256-GCM for AEGIS-256, -256X2 and
// -256X4. Small messages measure the fixed cost of a call (initialization
// and finalization); large ones the bulk rate.
//
// Built without cgo, the command measures the Go engine (the Go assembly,
// or constant-time Go). When the module is built with the tag
// without_aegis, AEGIS is not available: the command says so and measures
// the baselines alone.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/aegisgo/aegis/internal/cli"
)

func main() {
	err := run(os.Args[1:], os.Stdout, os.Stderr)
	switch {
	case err == nil:
	case errors.Is(err, flag.ErrHelp):
	case errors.Is(err, errUsage):
		var u usageError
		if !errors.As(err, &u) || !u.printed {
			fmt.Fprintln(os.Stderr, "aegis-speed:", err)
		}
		os.Exit(2)
	default:
		fmt.Fprintln(os.Stderr, "aegis-speed:", err)
		os.Exit(1)
	}
}

// errUsage marks errors in the command line.
var errUsage = errors.New("usage")

// usageError is an error in the command line. printed is set when the
// flag package has already reported it.
type usageError struct {
	msg     string
	printed bool
}

func (e usageError) Error() string { return e.msg }
func (e usageError) Is(target error) bool {
	return target == errUsage
}

func usagef(format string, args ...any) error {
	return usageError{msg: fmt.Sprintf(format, args...)}
}

// run is the whole command: it parses args, measures, and writes the table
// or the JSON document to stdout and the progress to stderr.
func run(args []string, stdout, stderr io.Writer) error {
	cfg, err := parseFlags(args, stderr)
	if err != nil {
		return err
	}
	// Before anything is measured, and whatever -q says: a cap that does
	// not apply makes every figure of the table another kernel's.
	cli.WarnImplEnv(stderr, "aegis-speed")
	hdr := probeHeader(cfg)
	ciphers := selectCiphers(cfg)
	if cfg.kernels && !hdr.AEGISAvailable {
		return errors.New("-kernels: AEGIS is not available in this build (built with -tags without_aegis)")
	}
	if len(ciphers) == 0 {
		return usagef("nothing to measure: no AEGIS variant selected or available, and -baselines=false")
	}

	if cfg.json {
		// The table's header carries these; in JSON mode they would
		// otherwise go unseen by a person.
		for _, w := range hdr.Warnings {
			if w != cli.ImplEnvProblem() { // written above
				fmt.Fprintln(stderr, "aegis-speed: warning:", w)
			}
		}
	}

	// The chart files are made before the run, so that a path that
	// cannot be written fails now, not after the measurement.
	charts, err := createCharts(cfg)
	if err != nil {
		return err
	}
	defer charts.abandon()

	cells, err := prepare(ciphers, cfg)
	if err != nil {
		return err
	}
	if err := measureAll(cells, cfg, newProgress(stderr, cfg.quiet)); err != nil {
		return err
	}
	results := collect(cells, cfg)
	if hdr.ClockGHz > 0 {
		for i := range results {
			if r := &results[i]; r.MBps > 0 {
				r.CPB = hdr.ClockGHz * 1e3 / r.MBps
			}
		}
	}

	if err := charts.write(newChart(hdr, cfg, ciphers, results)); err != nil {
		return err
	}
	switch {
	case cfg.json:
		return writeJSON(stdout, hdr, cfg, results)
	case cfg.markdown:
		return writeMarkdown(stdout, hdr, cfg, ciphers, results)
	}
	return writeTable(stdout, hdr, cfg, ciphers, results)
}
