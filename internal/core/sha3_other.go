// SPDX-License-Identifier: MIT

//go:build !darwin && !ios

package core

import "golang.org/x/sys/cpu"

// hasSHA3Here reports whether this arm64 CPU has FEAT_SHA3 (EOR3), as
// x/sys/cpu reads it: from HWCAP on linux, from the ID registers on
// freebsd. It is read on arm64 only (detect.go).
func hasSHA3Here() bool { return cpu.ARM64.HasSHA3 }
