// SPDX-License-Identifier: MIT

package aegis_test

import (
	"errors"
	"fmt"
	"go/format"
	"os"
	"strings"
	"testing"
)

// TestREADMEUsage checks that the README's Usage program is Example, of
// example_test.go, as a program: package main, the same imports, and
// Example's body, less its Output comment, as main's. go test runs the
// example, so the README's program compiles and does what it shows.
func TestREADMEUsage(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	got, err := usageBlock(string(readme))
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	want, err := exampleProgram(string(src))
	if err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Errorf("README.md's Usage program is not example_test.go's Example; make it\n%s", want)
	}
}

// TestREADMEUsageCanFail shows that the comparison sees a change.
func TestREADMEUsageCanFail(t *testing.T) {
	src, err := os.ReadFile("example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	prog, err := exampleProgram(string(src))
	if err != nil {
		t.Fatal(err)
	}
	readme := "# x\n\n## Usage\n\n```go\n" + prog + "```\n"
	if got, err := usageBlock(readme); err != nil || got != prog {
		t.Fatalf("usageBlock of a README made from the example = %q, %v", got, err)
	}
	changed := strings.Replace(readme, "hello, world", "hello, World", 1)
	if got, _ := usageBlock(changed); got == prog {
		t.Fatal("a changed README still matches the example")
	}
	if _, err := usageBlock("## Usage\n\nno code\n"); err == nil {
		t.Fatal("a README without a Usage program gives no error")
	}
}

// usageBlock returns the first ```go block after the heading "## Usage".
func usageBlock(readme string) (string, error) {
	_, rest, ok := strings.Cut(readme, "\n## Usage\n")
	if !ok {
		return "", errors.New("README.md has no \"## Usage\" heading")
	}
	if i := strings.Index(rest, "\n## "); i >= 0 {
		rest = rest[:i]
	}
	_, rest, ok = strings.Cut(rest, "\n```go\n")
	if !ok {
		return "", errors.New("README.md's Usage section has no ```go block")
	}
	block, _, ok := strings.Cut(rest, "\n```\n")
	if !ok {
		return "", errors.New("README.md's Usage program does not end")
	}
	return block + "\n", nil
}

// exampleProgram turns example_test.go into the program that the README
// shows: its import block, and Example's body as main's, without the
// Output comment at its end.
func exampleProgram(src string) (string, error) {
	start := strings.Index(src, "\nimport (\n")
	end := strings.Index(src, "\n)\n")
	if start < 0 || end < start {
		return "", errors.New("example_test.go has no import block")
	}
	imports := src[start+1 : end+2]
	_, body, ok := strings.Cut(src, "\nfunc Example() {\n")
	if !ok {
		return "", errors.New("example_test.go has no func Example")
	}
	body, _, ok = strings.Cut(body, "\n}\n")
	if !ok {
		return "", errors.New("example_test.go's Example does not end")
	}
	body, _, ok = strings.Cut(body, "\n\t// Output:")
	if !ok {
		return "", errors.New("example_test.go's Example has no Output comment, so go test would not run it")
	}
	prog := "package main\n\n" + imports + "\n\nfunc main() {\n" + body + "\n}\n"
	if f, err := format.Source([]byte(prog)); err != nil || string(f) != prog {
		return "", fmt.Errorf("the program made from example_test.go is not gofmt's (%v):\n%s", err, prog)
	}
	return prog, nil
}
