// SPDX-License-Identifier: MIT

//go:build !without_aegis

package core

// withoutAEGIS: the build has no AEGIS at all (core_nocgo.go).
const withoutAEGIS = false
