// SPDX-License-Identifier: MIT

//go:build !cgo || without_aegis

package soft_test

// withC: see cgo_test.go.
const withC = false
