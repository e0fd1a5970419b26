// SPDX-License-Identifier: MIT

package soft

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestConstantTime scans the package's source (its non-test .go files)
// for the three shapes of code whose timing depends on the data it works
// on: an index into an array, slice or map, a slice bound, or a shift
// amount computed from data; and a branch (if, for and switch conditions,
// && and ||) on data. It runs a small taint analysis per function:
//
//   - public: constants and literals; parameters of types int, uint, bool
//     and mode256 (lengths, the degree, lane shifts, modes: the package keeps
//     secrets out of these types); slice and pointer parameters as
//     headers (their length, their being nil); the field d (the degree);
//     len, cap, Rate, Degree and groups256; conversions, min and max of
//     public values; and variables assigned only public values.
//   - tainted: everything else, in particular every value read through an
//     index or a pointer, every other call's result and every variable
//     declared with another type.
//
// A line with a "//ct:public" comment declares the variables it assigns
// public: the one such value is Open's tag check, whose result is the
// output.
//
// Its limits: it reads syntax, not types, and names, not scopes (a name
// tainted anywhere in a function is tainted throughout it, which only
// errs towards findings); it does not follow data through memory (a callee
// that writes a secret into an int through a pointer goes unseen), nor
// into the standard library's functions; it trusts the type convention
// above and the //ct:public lines; and it checks source, not the machine
// code, which the compiler is free to shape (see the package doc). It
// flags the mutants in testdata/ctcheck, each finding on a line marked
// "// want".
func TestConstantTime(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var srcs []string
	for _, f := range files {
		if !strings.HasSuffix(f, "_test.go") {
			srcs = append(srcs, f)
		}
	}
	if len(srcs) < 4 {
		t.Fatalf("found only %v", srcs)
	}
	for _, f := range ctCheckFiles(t, srcs) {
		t.Errorf("%s", f)
	}
}

// TestConstantTimeMutants runs the check on code that is not constant
// time: it must flag exactly the lines marked "// want".
func TestConstantTimeMutants(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "ctcheck", "*.go.txt"))
	if err != nil || len(files) < 3 {
		t.Fatalf("mutants: %v, %v", files, err)
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var want []string
		for i, line := range strings.Split(string(src), "\n") {
			if strings.Contains(line, "// want") {
				want = append(want, fmt.Sprintf("%s:%d", f, i+1))
			}
		}
		if len(want) == 0 {
			t.Fatalf("%s marks no line", f)
		}
		var got []string
		for _, finding := range ctCheckFiles(t, []string{f}) {
			pos, _, _ := strings.Cut(finding, ": ")
			pos = pos[:strings.LastIndex(pos, ":")] // drop the column
			if len(got) == 0 || got[len(got)-1] != pos {
				got = append(got, pos)
			}
		}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s: flagged %v, want %v", f, got, want)
		}
	}
}

func ctCheckFiles(t *testing.T, names []string) []string {
	t.Helper()
	fset := token.NewFileSet()
	var out []string
	for _, name := range names {
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		public := map[int]bool{} // lines with //ct:public
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if strings.HasPrefix(c.Text, "//ct:public") {
					public[fset.Position(c.Pos()).Line] = true
				}
			}
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				c := &ctChecker{fset: fset, publicLines: public, tainted: map[string]bool{}}
				out = append(out, c.check(fd)...)
			}
		}
	}
	sort.Strings(out)
	return out
}

type ctChecker struct {
	fset        *token.FileSet
	publicLines map[int]bool
	tainted     map[string]bool
	findings    []string
}

var (
	ctPublicTypes  = map[string]bool{"int": true, "uint": true, "bool": true, "mode256": true}
	ctPublicFields = map[string]bool{"d": true}
	ctPublicCalls  = map[string]bool{"len": true, "cap": true, "Rate": true, "Degree": true, "groups256": true,
		"int": true, "uint": true, "uint64": true, "min": true, "max": true}
)

// publicType reports whether a variable of type e holds a public value
// (or, for slices and pointers, a public header).
func publicType(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Ident:
		return ctPublicTypes[e.Name]
	case *ast.ArrayType:
		return e.Len == nil // a slice
	case *ast.StarExpr, *ast.Ellipsis, *ast.FuncType:
		return true
	}
	return false
}

func (c *ctChecker) check(fd *ast.FuncDecl) []string {
	var fields []*ast.Field
	if fd.Recv != nil {
		fields = append(fields, fd.Recv.List...)
	}
	fields = append(fields, fd.Type.Params.List...)
	if fd.Type.Results != nil {
		fields = append(fields, fd.Type.Results.List...)
	}
	for _, f := range fields {
		if !publicType(f.Type) {
			for _, n := range f.Names {
				c.tainted[n.Name] = true
			}
		}
	}
	// Propagate taint through assignments to a fixed point, then look for
	// the three shapes.
	for changed := true; changed; {
		changed = false
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			for _, name := range c.assigned(n) {
				if !c.tainted[name] {
					c.tainted[name], changed = true, true
				}
			}
			return true
		})
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IndexExpr:
			c.need(n.Index, "index")
		case *ast.SliceExpr:
			for _, e := range []ast.Expr{n.Low, n.High, n.Max} {
				c.need(e, "slice bound")
			}
		case *ast.BinaryExpr:
			switch n.Op {
			case token.SHL, token.SHR:
				c.need(n.Y, "shift amount")
			case token.LAND, token.LOR:
				c.need(n.X, "operand of "+n.Op.String())
				c.need(n.Y, "operand of "+n.Op.String())
			}
		case *ast.AssignStmt:
			if n.Tok == token.SHL_ASSIGN || n.Tok == token.SHR_ASSIGN {
				c.need(n.Rhs[0], "shift amount")
			}
		case *ast.CallExpr:
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok && strings.HasPrefix(sel.Sel.Name, "RotateLeft") && len(n.Args) == 2 {
				c.need(n.Args[1], "rotation amount")
			}
		case *ast.IfStmt:
			c.need(n.Cond, "condition")
		case *ast.ForStmt:
			c.need(n.Cond, "loop condition")
		case *ast.RangeStmt:
			if rangesOverCount(n.X) {
				c.need(n.X, "loop count")
			}
		case *ast.SwitchStmt:
			c.need(n.Tag, "switch")
			for _, s := range n.Body.List {
				for _, e := range s.(*ast.CaseClause).List {
					c.need(e, "case")
				}
			}
		}
		return true
	})
	return c.findings
}

// assigned returns the variables that n makes tainted.
func (c *ctChecker) assigned(n ast.Node) []string {
	var out []string
	add := func(lhs ast.Expr, tainted bool) {
		if id, ok := lhs.(*ast.Ident); ok && tainted && id.Name != "_" {
			out = append(out, id.Name)
		}
	}
	switch n := n.(type) {
	case *ast.AssignStmt:
		if c.publicLines[c.fset.Position(n.Pos()).Line] {
			return nil
		}
		if len(n.Lhs) == len(n.Rhs) {
			for i := range n.Lhs {
				add(n.Lhs[i], c.taint(n.Rhs[i]) || n.Tok != token.DEFINE && n.Tok != token.ASSIGN && c.taint(n.Lhs[i]))
			}
		} else { // x, y := f()
			for _, l := range n.Lhs {
				add(l, c.taint(n.Rhs[0]))
			}
		}
	case *ast.ValueSpec:
		for i, name := range n.Names {
			t := n.Type != nil && !publicType(n.Type)
			if i < len(n.Values) {
				t = t || c.taint(n.Values[i])
			}
			add(name, t)
		}
	case *ast.RangeStmt:
		// The key is an index or a count, public unless the count is
		// data (which check flags); the value is data.
		if n.Value != nil {
			add(n.Value, true)
		}
		if n.Key != nil {
			add(n.Key, rangesOverCount(n.X) && c.taint(n.X))
		}
	}
	return out
}

// rangesOverCount reports whether x, ranged over, is a count rather than
// an array or slice, by its syntax: an expression computed, not named.
func rangesOverCount(x ast.Expr) bool {
	switch x.(type) {
	case *ast.BasicLit, *ast.BinaryExpr, *ast.CallExpr:
		return true
	}
	return false
}

// taint reports whether e may depend on secret data.
func (c *ctChecker) taint(e ast.Expr) bool {
	switch e := e.(type) {
	case nil, *ast.BasicLit, *ast.FuncLit:
		return false
	case *ast.Ident:
		return c.tainted[e.Name]
	case *ast.IndexExpr, *ast.IndexListExpr, *ast.StarExpr:
		return true // a value read from memory
	case *ast.SliceExpr:
		return c.taint(e.X)
	case *ast.SelectorExpr:
		if ctPublicFields[e.Sel.Name] {
			return false
		}
		return c.taint(e.X) || !isPackage(e.X)
	case *ast.ParenExpr:
		return c.taint(e.X)
	case *ast.UnaryExpr:
		return c.taint(e.X)
	case *ast.BinaryExpr:
		return c.taint(e.X) || c.taint(e.Y)
	case *ast.CompositeLit:
		for _, el := range e.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				el = kv.Value
			}
			if c.taint(el) {
				return true
			}
		}
		return false
	case *ast.CallExpr:
		name := ""
		switch f := e.Fun.(type) {
		case *ast.Ident:
			name = f.Name
		case *ast.SelectorExpr:
			name = f.Sel.Name
		}
		switch name {
		case "len", "cap":
			return false
		}
		if !ctPublicCalls[name] {
			return true
		}
		for _, a := range e.Args {
			if c.taint(a) {
				return true
			}
		}
		return false
	}
	return true
}

// isPackage reports whether x names an imported package (lower-case
// identifiers that no function here declares as variables are taken as
// packages: binary, bits, subtle).
func isPackage(x ast.Expr) bool {
	id, ok := x.(*ast.Ident)
	return ok && (id.Name == "binary" || id.Name == "bits" || id.Name == "subtle")
}

func (c *ctChecker) need(e ast.Expr, what string) {
	if e != nil && c.taint(e) {
		c.findings = append(c.findings, fmt.Sprintf("%s: %s depends on data", c.fset.Position(e.Pos()), what))
	}
}
