// SPDX-License-Identifier: MIT

//go:build !race

package aeadtest

const raceEnabled = false
