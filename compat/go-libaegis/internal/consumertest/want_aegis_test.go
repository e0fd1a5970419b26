// SPDX-License-Identifier: MIT

//go:build !without_aegis

package consumertest

// wantAvailable is what common.Available must say in this build: AEGIS is
// there in every build without the tag without_aegis, with cgo (the C core)
// or without (the Go assembly and constant-time Go). go-libaegis itself
// says false without cgo.
const wantAvailable = true
