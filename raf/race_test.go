// SPDX-License-Identifier: MIT

//go:build race

package raf

// raceEnabled: the race detector is on, which makes sync.Pool drop items
// at random, so allocation counts vary.
const raceEnabled = true
