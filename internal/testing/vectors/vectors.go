// SPDX-License-Identifier: MIT

// Package vectors loads the specification's test vectors from the module's
// testdata directory, for tests.
package vectors

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// AEAD is one encryption test vector. Fail marks the vectors that must be
// refused by decryption; for them CT, AD, Key and Nonce are given with the
// tags and Msg is empty.
type AEAD struct {
	Name                    string
	Key, Nonce, AD, Msg, CT []byte
	Tag128, Tag256          []byte
	Fail                    bool
}

// Dir returns the module's testdata directory.
func Dir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "testdata")
}

type rawAEAD struct {
	Name   string  `json:"name"`
	Key    *string `json:"key"`
	Nonce  string  `json:"nonce"`
	AD     string  `json:"ad"`
	Msg    string  `json:"msg"`
	CT     string  `json:"ct"`
	Tag128 string  `json:"tag128"`
	Tag256 string  `json:"tag256"`
	Error  string  `json:"error"`
}

// LoadAEAD loads the vectors of one variant, by its package name
// ("aegis128l", ...). Entries that are not encryption vectors (state and
// update dumps) are skipped.
func LoadAEAD(pkg string) ([]AEAD, error) {
	// "aegis128x2" names its vectors aegis-128x2-test-vectors.json.
	if !strings.HasPrefix(pkg, "aegis") {
		return nil, fmt.Errorf("vectors: unknown variant %q", pkg)
	}
	name := "aegis-" + strings.TrimPrefix(pkg, "aegis")
	data, err := os.ReadFile(filepath.Join(Dir(), name+"-test-vectors.json"))
	if err != nil {
		return nil, err
	}
	var raw []rawAEAD
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, err
	}
	var out []AEAD
	for _, r := range raw {
		if r.Key == nil || r.Tag128 == "" {
			continue
		}
		v := AEAD{Name: r.Name, Fail: r.Error != ""}
		for _, f := range []struct {
			dst *[]byte
			src string
		}{{&v.Key, *r.Key}, {&v.Nonce, r.Nonce}, {&v.AD, r.AD}, {&v.Msg, r.Msg},
			{&v.CT, r.CT}, {&v.Tag128, r.Tag128}, {&v.Tag256, r.Tag256}} {
			if *f.dst, err = hex.DecodeString(f.src); err != nil {
				return nil, fmt.Errorf("vectors: %s %s: %v", name, r.Name, err)
			}
		}
		out = append(out, v)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("vectors: no vectors for %s", name)
	}
	return out, nil
}
