// SPDX-License-Identifier: MIT

//go:build cgo && !without_aegis

package soft_test

// withC says whether internal/core has its C core in this build: without
// it, core's C path is the Go engine, this package again.
const withC = true
