// SPDX-License-Identifier: MIT

//go:build !race

package raf

const raceEnabled = false
