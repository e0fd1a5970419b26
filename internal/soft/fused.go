// SPDX-License-Identifier: MIT

package soft

import "runtime"

// useFused says whether AEGIS-128L and AEGIS-256 run their bulk loops and
// Init's and Finalize's chains of updates in the fused loops of
// fused_gen.go rather than in the loops of small functions: on wasm,
// where the fused loops run those of 1 KiB and longer about twice as
// fast (a Go call there passes its arguments and return address through
// linear memory and checks for unwinding on return). Elsewhere the
// compiler's calls cost little and its inlined code is as fast, so
// nothing changes there. The tests run the fused loops on every GOARCH,
// against the others.
const useFused = runtime.GOARCH == "wasm"

// lanesAll copies lane 0 of each plane of w to all four lanes.
func lanesAll(w *group) (r group) {
	for i := range w {
		x := w[i] & lane0
		r[i] = x | x<<1 | x<<2 | x<<3
	}
	return r
}
