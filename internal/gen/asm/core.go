// SPDX-License-Identifier: MIT

package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"log"
	"path/filepath"
	"strconv"
	"strings"
)

// The variants and kernels, numbered as internal/core numbers them: its
// variant.go and kernel.go are the module's one table of both, and the
// generator reads them from their source with go/parser. Importing
// internal/core instead would take a replace of the main module in this
// module's go.mod, and core imports internal/asm, the package being
// generated: the generator could not build where its output is stale or
// broken, which is when it is needed. A table file of its own
// that both used would be a second source for core to keep in step. The
// C core's numbers are checked against core's at compile time
// (core_cgo.go), and so is ids.go (core's asm.go), which fails the build
// where it went stale.
//
// From core's tables the generator writes ../ids.go (the numbers as
// internal/asm's constants, which its tables and Lookup use), and
// emits the variants and each architecture's kernels in core's order:
// the kernels that one of its machines writes (amd64Flavors,
// arm64Flavors).

// A variant of core's table. name is the part of its Go names after
// "id" (core) or "Variant" (internal/asm): 128L, 128X2, 256X4.
type variant struct {
	id   int
	name string
	fam  family
	d    int
}

// A kernel of core's table: its number, its name (core's kernelTable:
// "aesni"), its constant less the Kernel prefix ("AESNI"), and the
// GOARCH whose machine writes its assembly, or "" (soft).
type kernel struct {
	id    int
	name  string
	ident string
	arch  string
}

// coreTables is what readCore returns.
type coreTables struct {
	variants []variant
	kernels  []kernel
}

// kernelsOf returns the kernels that the machine of arch writes.
func (t *coreTables) kernelsOf(arch string) []kernel {
	var ks []kernel
	for _, k := range t.kernels {
		if k.arch == arch {
			ks = append(ks, k)
		}
	}
	return ks
}

// readCore reads internal/core's tables from the source in dir. It
// fails on any shape it does not expect, rather than guess: the const
// blocks must be plain iota lists.
func readCore(dir string) *coreTables {
	fset := token.NewFileSet()
	parse := func(name string) *ast.File {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, 0)
		if err != nil {
			log.Fatal(err)
		}
		return f
	}
	vf, kf := parse("variant.go"), parse("kernel.go")
	t := &coreTables{}

	for i, id := range iotaBlock(fset, vf, "id128L") {
		name, ok := strings.CutPrefix(id, "id")
		if !ok {
			log.Fatalf("variant.go: %s: a variant number that does not start with id", id)
		}
		f, d, ok := parseVariant(name)
		if !ok {
			log.Fatalf("variant.go: %s: not a variant that the descriptions know", id)
		}
		t.variants = append(t.variants, variant{id: i, name: name, fam: f, d: d})
	}

	ids := iotaBlock(fset, kf, "KernelSoft")
	if len(ids) == 0 || ids[len(ids)-1] != "numKernels" {
		log.Fatalf("kernel.go: the kernel constants do not end with numKernels")
	}
	names := kernelNames(fset, kf)
	for i, id := range ids[:len(ids)-1] {
		ident, ok := strings.CutPrefix(id, "Kernel")
		if !ok || names[id] == "" {
			log.Fatalf("kernel.go: %s: not a Kernel constant with a name in kernelTable", id)
		}
		t.kernels = append(t.kernels, kernel{id: i, name: names[id], ident: ident, arch: machineArch(names[id])})
	}
	for _, k := range append(mapKeys(amd64Flavors), mapKeys(arm64Flavors)...) {
		if !t.hasKernel(k) {
			log.Fatalf("kernel.go: no kernel %q, which a machine writes", k)
		}
	}
	return t
}

func (t *coreTables) hasKernel(name string) bool {
	for _, k := range t.kernels {
		if k.name == name {
			return true
		}
	}
	return false
}

// machineArch is the GOARCH whose machine writes the kernel named, or "".
func machineArch(name string) string {
	if _, ok := amd64Flavors[name]; ok {
		return "amd64"
	}
	if _, ok := arm64Flavors[name]; ok {
		return "arm64"
	}
	return ""
}

func mapKeys[T any](m map[string]T) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}

// parseVariant returns the family and degree of a variant's name: 128L
// and 256 are D = 1, 128X2 and 256X4 D = 2 and 4. variantName must give
// the name back.
func parseVariant(name string) (family, int, bool) {
	var f family
	switch {
	case strings.HasPrefix(name, "128"):
		f = fam128
	case strings.HasPrefix(name, "256"):
		f = fam256
	default:
		return 0, 0, false
	}
	d := 1
	if x, ok := strings.CutPrefix(name[3:], "X"); ok {
		n, err := strconv.Atoi(x)
		if err != nil {
			return 0, 0, false
		}
		d = n
	}
	if (d != 1 && d != 2 && d != 4) || variantName(f, d) != name {
		return 0, 0, false
	}
	return f, d, true
}

// iotaBlock returns the names of the const block that starts with
// first, in order, so that each one's value is its index: first = iota,
// with no other value in the block.
func iotaBlock(fset *token.FileSet, f *ast.File, first string) []string {
	for _, decl := range f.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.CONST || len(gd.Specs) == 0 {
			continue
		}
		s0 := gd.Specs[0].(*ast.ValueSpec)
		if len(s0.Names) != 1 || s0.Names[0].Name != first {
			continue
		}
		var names []string
		for i, spec := range gd.Specs {
			vs := spec.(*ast.ValueSpec)
			iota := len(vs.Values) == 1 && isIdent(vs.Values[0], "iota")
			if len(vs.Names) != 1 || (i == 0) != iota || (i > 0 && (len(vs.Values) != 0 || vs.Type != nil)) {
				log.Fatalf("%s: the block of %s is not a plain iota list", fset.Position(vs.Pos()), first)
			}
			names = append(names, vs.Names[0].Name)
		}
		return names
	}
	log.Fatalf("%s: no const block that starts with %s", fset.Position(f.Pos()).Filename, first)
	return nil
}

// kernelNames returns the names of kernel.go's kernelTable, by constant:
// the Name field of each row.
func kernelNames(fset *token.FileSet, f *ast.File) map[string]string {
	names := map[string]string{}
	ast.Inspect(f, func(n ast.Node) bool {
		vs, ok := n.(*ast.ValueSpec)
		if !ok || len(vs.Names) != 1 || vs.Names[0].Name != "kernelTable" || len(vs.Values) != 1 {
			return true
		}
		lit, ok := vs.Values[0].(*ast.CompositeLit)
		if !ok {
			log.Fatalf("%s: kernelTable is not a composite literal", fset.Position(vs.Pos()))
		}
		for _, e := range lit.Elts {
			kv, ok := e.(*ast.KeyValueExpr)
			if !ok {
				log.Fatalf("%s: kernelTable: not Kernel: {...}", fset.Position(e.Pos()))
			}
			k, kok := kv.Key.(*ast.Ident)
			row, rok := kv.Value.(*ast.CompositeLit)
			if !kok || !rok {
				log.Fatalf("%s: kernelTable: not Kernel: {...}", fset.Position(e.Pos()))
			}
			for _, f := range row.Elts {
				fkv, ok := f.(*ast.KeyValueExpr)
				if !ok || !isIdent(fkv.Key, "Name") {
					continue
				}
				v, vok := fkv.Value.(*ast.BasicLit)
				if !vok || v.Kind != token.STRING {
					log.Fatalf("%s: kernelTable: Name is not a string literal", fset.Position(f.Pos()))
				}
				s, err := strconv.Unquote(v.Value)
				if err != nil {
					log.Fatal(err)
				}
				names[k.Name] = s
			}
		}
		return false
	})
	return names
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

// ids is internal/asm's ids.go: core's numbers as the package's
// constants.
func (t *coreTables) ids() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s// Code generated by internal/gen/asm from internal/core's variant.go and kernel.go. DO NOT EDIT.\n\n", spdx)
	fmt.Fprintf(&b, "package asm\n\n")
	fmt.Fprintf(&b, "// Variants and kernels, numbered as internal/core numbers them.\n")
	fmt.Fprintf(&b, "const (\n")
	for _, v := range t.variants {
		fmt.Fprintf(&b, "\tVariant%s = %d\n", v.name, v.id)
	}
	fmt.Fprintf(&b, "\tNumVariants = %d\n)\n\n", len(t.variants))
	fmt.Fprintf(&b, "const (\n")
	for _, k := range t.kernels {
		fmt.Fprintf(&b, "\tKernel%s = %d", k.ident, k.id)
		if k.arch == "" {
			fmt.Fprintf(&b, " // no assembly")
		} else {
			fmt.Fprintf(&b, " // %s", k.arch)
		}
		fmt.Fprintf(&b, "\n")
	}
	fmt.Fprintf(&b, "\tNumKernels = %d\n)\n\n", len(t.kernels))
	largest := 0
	fmt.Fprintf(&b, "// stateSizes are the bytes of each variant's state for the state-level\n")
	fmt.Fprintf(&b, "// functions: 8 block vectors of 16*D bytes in the 128 family, 6 in the\n")
	fmt.Fprintf(&b, "// 256 family (see the package doc).\n")
	fmt.Fprintf(&b, "var stateSizes = [NumVariants]int{\n")
	for _, v := range t.variants {
		g := &gen{fam: v.fam, d: v.d}
		size := 16 * v.d * g.words()
		largest = max(largest, size)
		fmt.Fprintf(&b, "\tVariant%s: %d,\n", v.name, size)
	}
	fmt.Fprintf(&b, "}\n\n")
	fmt.Fprintf(&b, "// MaxStateSize is the largest variant's state size.\n")
	fmt.Fprintf(&b, "const MaxStateSize = %d\n\n", largest)
	fmt.Fprintf(&b, "// Lookup returns the code of a variant on a kernel, the entries of the\n")
	fmt.Fprintf(&b, "// variant's tables, or nil, nil where this build has no assembly for\n")
	fmt.Fprintf(&b, "// the pair. It is for tests and tools, which walk every pair. It names\n")
	fmt.Fprintf(&b, "// every table, so the code of a variant names its own tables instead: a\n")
	fmt.Fprintf(&b, "// program that never calls Lookup links neither it nor the variants it\n")
	fmt.Fprintf(&b, "// does not use.\n")
	fmt.Fprintf(&b, "func Lookup(variant, kernel int) (OneShot, Funcs) {\n")
	fmt.Fprintf(&b, "\tif kernel < 0 || kernel >= NumKernels {\n\t\treturn nil, nil\n\t}\n")
	fmt.Fprintf(&b, "\tswitch variant {\n")
	for _, v := range t.variants {
		fmt.Fprintf(&b, "\tcase Variant%s:\n\t\treturn %s[kernel], %s[kernel]\n", v.name, tableName("OneShot", v), tableName("Funcs", v))
	}
	fmt.Fprintf(&b, "\t}\n\treturn nil, nil\n}\n")
	src, err := format.Source(b.Bytes())
	if err != nil {
		log.Fatalf("ids.go: %v\n%s", err, b.Bytes())
	}
	return src
}
