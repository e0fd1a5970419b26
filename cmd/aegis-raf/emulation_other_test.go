// SPDX-License-Identifier: MIT

//go:build !linux

package main

// emulation reports "": user-mode emulation is looked for on Linux only.
func emulation() string { return "" }
