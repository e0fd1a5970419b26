// SPDX-License-Identifier: MIT

// Package guardtest runs the C core on buffers that end exactly at, or
// start right after, a page that may not be touched (PROT_NONE). A read or
// write of one byte past either end of an input or output faults and kills
// the test process: that crash is the failure this package exists to see.
//
// It holds tests only (guard_test.go), for the systems with mmap and
// mprotect and a build with the C core; this file keeps the package
// present everywhere else.
package guardtest
