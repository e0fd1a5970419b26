// SPDX-License-Identifier: MIT

package main

import "syscall"

// sigHUP: js/wasm has no SIGHUP (and runs no child processes, so the tests
// that send it cannot run there); this keeps them compiling for go vet.
const sigHUP = syscall.Signal(1)
