// SPDX-License-Identifier: MIT

//go:build !js

package main

import "syscall"

// sigHUP is the hang-up signal the process tests send.
const sigHUP = syscall.SIGHUP
