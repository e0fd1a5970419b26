// SPDX-License-Identifier: MIT

// Package cli holds what the module's two commands, aegis-raf and
// aegis-speed, share: how a variant's name is read, the progress line
// they show on a terminal, and their warning about AEGIS_IMPL.
package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/aegisgo/aegis/internal/core"
)

// ImplEnvProblem returns what is wrong with AEGIS_IMPL, or "" when it is
// empty or names a kernel (in any case). The module ignores a value that
// names no kernel (core.ImplEnv): the cap that a typo asked for would
// not apply, and nothing would say so.
func ImplEnvProblem() string {
	v, ok := core.ImplEnv()
	if ok {
		return ""
	}
	return implEnvProblem(v)
}

func implEnvProblem(value string) string {
	var names []string
	for _, k := range core.AllKernels() {
		names = append(names, k.String())
	}
	return fmt.Sprintf("AEGIS_IMPL=%q is not a kernel name (%s); ignored", value, strings.Join(names, ", "))
}

// WarnImplEnv writes ImplEnvProblem's text, after the command's name, as
// a line to w (standard error) when there is one.
func WarnImplEnv(w io.Writer, command string) {
	if p := ImplEnvProblem(); p != "" {
		fmt.Fprintf(w, "%s: %s\n", command, p)
	}
}

// VariantKey reduces a variant's name to the part that tells it apart:
// case, blanks, dashes, underscores and the AEGIS prefix do not count, so
// "AEGIS-128L", "aegis128l", "aegis_128l" and "128l" all become "128l".
func VariantKey(name string) string {
	k := strings.ToLower(strings.TrimSpace(name))
	k = strings.NewReplacer("-", "", "_", "", " ", "").Replace(k)
	return strings.TrimPrefix(k, "aegis")
}

// ParseVariant returns the index in names of the variant that name
// denotes, by VariantKey, and whether there is one.
func ParseVariant(name string, names []string) (int, bool) {
	k := VariantKey(name)
	for i, n := range names {
		if VariantKey(n) == k {
			return i, true
		}
	}
	return 0, false
}

// Status is a progress line for a person at a terminal: each Show
// rewrites it in place with a carriage return, blanking what a longer
// text left. It is on only when its writer is a terminal and quiet was
// not asked: in a log or a pipe the carriage returns would be noise.
// When it is off, its methods do nothing.
type Status struct {
	w     io.Writer
	on    bool
	width int // of the text shown now; 0 when the line is empty
}

// NewStatus returns the progress line for w (standard error, as a rule).
func NewStatus(w io.Writer, quiet bool) *Status {
	return &Status{w: w, on: !quiet && IsTerminal(w)}
}

// On reports whether the line is shown.
func (s *Status) On() bool { return s.on }

// Show replaces the line with the formatted text.
func (s *Status) Show(format string, a ...any) {
	if !s.on {
		return
	}
	text := fmt.Sprintf(format, a...)
	pad := ""
	if len(text) < s.width {
		pad = strings.Repeat(" ", s.width-len(text))
	}
	fmt.Fprint(s.w, "\r"+text+pad)
	s.width = len(text)
}

// Keep ends the line where it stands, so that its last text stays on
// the screen.
func (s *Status) Keep() {
	if !s.on || s.width == 0 {
		return
	}
	fmt.Fprintln(s.w)
	s.width = 0
}

// Clear blanks the line and puts the cursor at its start.
func (s *Status) Clear() {
	if !s.on || s.width == 0 {
		return
	}
	fmt.Fprint(s.w, "\r"+strings.Repeat(" ", s.width)+"\r")
	s.width = 0
}
