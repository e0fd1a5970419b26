// SPDX-License-Identifier: MIT

//go:build !cgo || without_aegis

package consumertest

// wantAvailable is what common.Available must say in this build: without
// cgo, or with the tag without_aegis, the C core is left out.
const wantAvailable = false
