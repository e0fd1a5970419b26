// SPDX-License-Identifier: MIT

//go:build arm64 && !darwin && !ios

package core

import "golang.org/x/sys/cpu"

// See xsys_darwin.go.

func xsysHasAES() bool { return cpu.ARM64.HasAES }

func xsysHasAVX512F() bool { return false }

// hasSHA3Here reports whether this arm64 CPU has FEAT_SHA3 (EOR3), as
// x/sys/cpu reads it: from HWCAP on linux, from the ID registers on
// freebsd.
func hasSHA3Here() bool { return cpu.ARM64.HasSHA3 }
