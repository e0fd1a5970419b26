// SPDX-License-Identifier: MIT

//go:build cgo && !without_aegis

package main_test

// withCCore says whether the library has its C core in this build.
const withCCore = true
