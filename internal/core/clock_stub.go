//go:build !cgo || without_aegis

package core

// ClockHz returns 0: the clock probe is part of the C core.
func ClockHz() float64 { return 0 }
