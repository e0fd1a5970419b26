// SPDX-License-Identifier: MIT

//go:build !windows

package testdir

func underWine() bool { return false }
