// Package csrc is the C core of the module: the AEGIS algorithm bodies, the
// kernels (soft, aesni, avx2, avx512, neon) and their run-time dispatch.
//
// It has no Go API. Importing it links the C code into the binary; the
// cgo boundary in internal/core calls it through aegis.h. Keeping the C
// files in a package of their own means they are compiled once, and that
// `go mod vendor` keeps them.
//
// The C files carry the build constraint `cgo && !without_aegis`, the same
// as the Go files that use them, so a build without cgo or with the tag
// without_aegis compiles no C at all.
package csrc
