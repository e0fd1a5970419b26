// SPDX-License-Identifier: MIT

package common

import (
	"fmt"
	"strings"
)

// BatchError is the error of an OpenBatch in which some messages failed.
// Every message of the batch was processed: the others were opened
// normally.
//
// [errors.Is] sees through it to the errors of the failed messages, so
// errors.Is(err, ErrAuth) holds when any message failed authentication,
// and errors.Is(err, ErrTruncated) when any was shorter than a tag.
type BatchError struct {
	// Failed holds the indexes of the messages that failed, ascending.
	Failed []int
	// Errs holds the error of each of them, in the same order: ErrAuth or
	// ErrTruncated.
	Errs []error
}

// Error says how many messages failed and which.
func (e *BatchError) Error() string {
	const show = 8
	var b strings.Builder
	fmt.Fprintf(&b, "aegis: %d message(s) of the batch failed: ", len(e.Failed))
	for i, idx := range e.Failed {
		if i == show {
			fmt.Fprintf(&b, ", ... (%d more)", len(e.Failed)-show)
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		err := error(nil)
		if i < len(e.Errs) {
			err = e.Errs[i]
		}
		fmt.Fprintf(&b, "%d (%v)", idx, err)
	}
	return b.String()
}

// Unwrap returns the distinct errors of the failed messages, for
// [errors.Is] and [errors.As].
func (e *BatchError) Unwrap() []error {
	var out []error
	for _, err := range e.Errs {
		seen := false
		for _, o := range out {
			if o == err {
				seen = true
				break
			}
		}
		if !seen {
			out = append(out, err)
		}
	}
	return out
}
