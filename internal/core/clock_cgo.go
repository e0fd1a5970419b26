//go:build cgo && !without_aegis

package core

/*
#include <stdint.h>
uint64_t aegisgo_clock_probe(uint64_t n);
*/
import "C"

import "time"

// ClockHz estimates the core clock from a chain of dependent additions
// (one cycle each), for reports in cycles per byte. It takes about 10 ms
// and returns the best of a few rounds, or 0 where the probe has no code
// for this architecture.
func ClockHz() float64 {
	const n = 1 << 19
	best := 0.0
	for range 8 {
		start := time.Now()
		x := C.aegisgo_clock_probe(n)
		d := time.Since(start)
		if x == 0 || d <= 0 {
			return 0
		}
		if hz := 16 * n / d.Seconds(); hz > best {
			best = hz
		}
	}
	return best
}
