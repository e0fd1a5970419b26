// SPDX-License-Identifier: MIT

//go:build without_aegis

package consumertest

// wantAvailable is what common.Available must say in this build: the tag
// without_aegis leaves AEGIS out.
const wantAvailable = false
