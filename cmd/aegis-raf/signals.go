// SPDX-License-Identifier: MIT

//go:build !js

package main

import (
	"os"
	"syscall"
)

// terminating lists the signals after which catchSignals removes the
// temporary files.
var terminating = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}
