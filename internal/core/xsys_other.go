// SPDX-License-Identifier: MIT

//go:build !arm64 && !darwin && !ios

package core

// See xsys_darwin.go: nothing to ask x/sys/cpu here (x86-64 reads CPUID
// and XCR0 itself, through internal/cpuid).

func xsysHasAES() bool { return false }

func xsysHasAVX512F() bool { return false }

func hasSHA3Here() bool { return false }
