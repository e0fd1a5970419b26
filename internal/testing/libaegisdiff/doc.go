// SPDX-License-Identifier: MIT

// Package libaegisdiff holds the differential test of the variant packages
// against a model of github.com/aegis-aead/go-libaegis: random calls go
// through both, and every result, error, panic and byte of the caller's
// buffers must agree. The model (model_test.go) is written from
// go-libaegis's documented behaviour, with internal/testing/ref (the spec's
// pseudocode in Go) for the bytes; it shares no code with the module.
//
// What the model leaves out are SWITCHING.md's deliberate exceptions: the
// key copy, writes into the caller's nonce, overlap rules, use after Wipe,
// and the build without cgo. The test gives the model only calls where
// go-libaegis's behaviour is documented and safe.
//
// The test runs in every build that has AEGIS (with cgo or without: the
// packages behave the same); this file keeps the package present in every
// build.
package libaegisdiff
