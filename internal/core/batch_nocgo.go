// SPDX-License-Identifier: MIT

//go:build !cgo || without_aegis

package core

// runGroup runs a group's messages one by one on the Go engine
// (engine.go), which has no lanes.
func runGroup(ops uintptr, g *group, k *byte, tagLen int, open bool) uint32 {
	return goEngine(ops).runGroup(g, k, tagLen, open)
}
