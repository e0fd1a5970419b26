// SPDX-License-Identifier: MIT

//go:build !cgo || without_aegis

package main_test

// withCCore: see cgo_test.go.
const withCCore = false
