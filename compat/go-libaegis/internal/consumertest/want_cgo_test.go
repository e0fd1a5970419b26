// SPDX-License-Identifier: MIT

//go:build cgo && !without_aegis

package consumertest

// wantAvailable is what common.Available must say in this build: the C core
// is there with cgo and without the tag without_aegis.
const wantAvailable = true
