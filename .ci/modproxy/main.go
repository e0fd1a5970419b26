// SPDX-License-Identifier: MIT

//go:build ignore

// Command modproxy writes one module version into a directory laid out as a
// module proxy (GOPROXY=file:///dir), as a tag of this repository would make
// it: .info, .mod, .zip (the module's directory, less nested modules) and
// list. .ci/release.sh uses it to rehearse a release without publishing.
//
//	go run .ci/modproxy/main.go -src DIR -module PATH -version vX.Y.Z -proxy DIR
package main

import (
	"archive/zip"
	"encoding/json"
	"flag"
	"io/fs"
	"log"
	"os"
	"path"
	"path/filepath"
	"time"
)

func main() {
	src := flag.String("src", ".", "the module's directory")
	mod := flag.String("module", "", "the module path it is fetched by")
	version := flag.String("version", "", "the version, vX.Y.Z")
	proxy := flag.String("proxy", "", "the proxy directory to write into")
	flag.Parse()
	if *mod == "" || *version == "" || *proxy == "" {
		flag.Usage()
		os.Exit(2)
	}
	dir := filepath.Join(*proxy, filepath.FromSlash(*mod), "@v")
	must(os.MkdirAll(dir, 0o755))

	gomod, err := os.ReadFile(filepath.Join(*src, "go.mod"))
	must(err)
	must(os.WriteFile(filepath.Join(dir, *version+".mod"), gomod, 0o644))
	info, err := json.Marshal(struct {
		Version string
		Time    time.Time
	}{*version, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)})
	must(err)
	must(os.WriteFile(filepath.Join(dir, *version+".info"), info, 0o644))
	must(os.WriteFile(filepath.Join(dir, "list"), []byte(*version+"\n"), 0o644))

	out, err := os.Create(filepath.Join(dir, *version+".zip"))
	must(err)
	zw := zip.NewWriter(out)
	prefix := *mod + "@" + *version + "/"
	must(filepath.WalkDir(*src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(*src, p)
		if err != nil {
			return err
		}
		if d.IsDir() {
			// A module's zip stops at a nested module and holds no VCS data.
			if rel != "." && (d.Name() == ".git" || exists(filepath.Join(p, "go.mod"))) {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		w, err := zw.Create(prefix + path.Clean(filepath.ToSlash(rel)))
		if err != nil {
			return err
		}
		_, err = w.Write(b)
		return err
	}))
	must(zw.Close())
	must(out.Close())
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

func must(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
