// SPDX-License-Identifier: MIT

package main

import (
	"os"
	"syscall"
)

// terminating lists the signals after which catchSignals removes the
// temporary files. js/wasm has no SIGHUP.
var terminating = []os.Signal{os.Interrupt, syscall.SIGTERM}
