// SPDX-License-Identifier: MIT

package vectors

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// MAC is one AEGIS-MAC test vector: the tags of Data under Key and Nonce.
type MAC struct {
	Name             string
	Key, Nonce, Data []byte
	Tag128, Tag256   []byte
}

type rawMAC struct {
	Name   string `json:"name"`
	Key    string `json:"key"`
	Nonce  string `json:"nonce"`
	Data   string `json:"data"`
	Tag128 string `json:"tag128"`
	Tag256 string `json:"tag256"`
}

// LoadMAC loads the AEGIS-MAC vectors of one variant, by its package name
// ("aegis128l", ...).
func LoadMAC(pkg string) ([]MAC, error) {
	if !strings.HasPrefix(pkg, "aegis") {
		return nil, fmt.Errorf("vectors: unknown variant %q", pkg)
	}
	// "aegis128x2" names its vectors "AEGISMAC-128X2 ...".
	prefix := "AEGISMAC-" + strings.ToUpper(strings.TrimPrefix(pkg, "aegis")) + " "
	data, err := os.ReadFile(filepath.Join(Dir(), "aegismac-test-vectors.json"))
	if err != nil {
		return nil, err
	}
	var raw []rawMAC
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, err
	}
	var out []MAC
	for _, r := range raw {
		if !strings.HasPrefix(r.Name, prefix) {
			continue
		}
		v := MAC{Name: r.Name}
		for _, f := range []struct {
			dst *[]byte
			src string
		}{{&v.Key, r.Key}, {&v.Nonce, r.Nonce}, {&v.Data, r.Data},
			{&v.Tag128, r.Tag128}, {&v.Tag256, r.Tag256}} {
			if *f.dst, err = hex.DecodeString(f.src); err != nil {
				return nil, fmt.Errorf("vectors: %s: %v", r.Name, err)
			}
		}
		if len(v.Tag128) != 16 || len(v.Tag256) != 32 {
			return nil, fmt.Errorf("vectors: %s: tags of %d and %d bytes", r.Name, len(v.Tag128), len(v.Tag256))
		}
		out = append(out, v)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("vectors: no MAC vectors for %s", pkg)
	}
	return out, nil
}
