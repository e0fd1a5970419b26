// SPDX-License-Identifier: MIT

//go:build race

package aeadtest

// raceEnabled: the race detector makes sync.Pool drop items at random, so
// pooled scratch allocates and allocation counts do not hold.
const raceEnabled = true
