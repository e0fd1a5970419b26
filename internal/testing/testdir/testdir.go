// SPDX-License-Identifier: MIT

// Package testdir holds what the tests that use files need to run on
// Windows and under wine (a temporary directory that wine can remove, and
// a way to tell wine from Windows), and, on Linux, a pseudo-terminal.
package testdir

import (
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
)

// TempDir returns t.TempDir(). On Windows it also removes the directory
// at cleanup, one entry at a time with os.Remove, before testing's own
// os.RemoveAll removes the (then empty) folder that held it.
//
// os.RemoveAll on Windows deletes a file in a directory through
// NtSetInformationFile with FileDispositionInformationEx. Wine 8.0 has no
// such class and answers STATUS_NOT_IMPLEMENTED, which Go does not take as
// a cue for its older path, so every TempDir that holds a file fails its
// cleanup there with "Invalid function". os.Remove calls DeleteFileW,
// which wine has. A file that is still open cannot be removed on Windows
// (or in wine); that error is reported here under its own name, where
// testing's would be wine's "Invalid function".
func TempDir(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	if runtime.GOOS != "windows" {
		return dir
	}
	t.Cleanup(func() {
		var paths []string
		filepath.WalkDir(dir, func(p string, _ fs.DirEntry, err error) error {
			if err == nil {
				paths = append(paths, p)
			}
			return nil
		})
		// A directory's entries come after it in the walk (dir first):
		// remove them before it.
		for _, p := range slices.Backward(paths) {
			if err := os.Remove(p); err != nil {
				t.Errorf("testdir: %v (a file still open cannot be removed on Windows)", err)
				return // the rest fails because of this one
			}
		}
	})
	return dir
}

// Wine reports whether the test runs under wine rather than on Windows.
// Tests skip with it only what wine lacks, never what Windows lacks.
func Wine() bool { return underWine() }
