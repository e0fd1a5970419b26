// SPDX-License-Identifier: MIT

//go:build race

package main

const raceEnabled = true
