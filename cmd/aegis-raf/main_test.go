// SPDX-License-Identifier: MIT

package main

import (
	"bytes"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aegisgo/aegis/common"
	"github.com/aegisgo/aegis/internal/testing/testdir"
)

func runCLI(t *testing.T, stdin string, args ...string) (string, string, error) {
	t.Helper()
	var out, errb bytes.Buffer
	err := run(args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), err
}

func TestCLI(t *testing.T) {
	if !common.Available {
		t.Skip("needs AEGIS: built with the without_aegis tag")
	}
	dir := testdir.TempDir(t)
	key := bytes.Repeat([]byte{0x42}, 16)
	t.Setenv("AEGIS_RAF_KEY", hex.EncodeToString(key))
	plain := bytes.Repeat([]byte("random access, encrypted. "), 5000)
	in := filepath.Join(dir, "plain")
	os.WriteFile(in, plain, 0o600)
	enc := filepath.Join(dir, "x.raf")

	if _, e, err := runCLI(t, "", "encrypt", "-alg", "aegis-128x2", "-chunk", "4096", "-in", in, "-out", enc); err != nil {
		t.Fatalf("encrypt: %v %s", err, e)
	}
	if _, _, err := runCLI(t, "", "encrypt", "-in", in, "-out", enc); err == nil || !strings.Contains(err.Error(), "exists") {
		t.Errorf("encrypt over an existing file: %v", err)
	}
	out, _, err := runCLI(t, "", "info", enc)
	if err != nil || !strings.Contains(out, "AEGIS-128X2") || !strings.Contains(out, "4096") || !strings.Contains(out, "130000") {
		t.Errorf("info: %v\n%s", err, out)
	}
	out, _, err = runCLI(t, "", "cat", "-offset", "26", "-length", "26", enc)
	if err != nil || out != "random access, encrypted. " {
		t.Errorf("cat: %v %q", err, out)
	}
	out, _, err = runCLI(t, "", "cat", "-offset", "129990", enc)
	if err != nil || out != string(plain[129990:]) {
		t.Errorf("cat to the end: %v %q", err, out)
	}
	dec := filepath.Join(dir, "dec")
	if _, _, err := runCLI(t, "", "decrypt", "-in", enc, "-out", dec); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(dec); !bytes.Equal(got, plain) {
		t.Error("decrypt: content differs")
	}

	// Standard input, a key file and a context.
	kf := filepath.Join(dir, "key")
	os.WriteFile(kf, bytes.Repeat([]byte{7}, 32), 0o600)
	enc2 := filepath.Join(dir, "y.raf")
	if _, _, err := runCLI(t, "hello from stdin", "create", "-keyfile", kf, "-context", "tenant-1", "-out", enc2); err != nil {
		t.Fatal(err)
	}
	out, _, err = runCLI(t, "", "cat", "-keyfile", kf, "-context", "tenant-1", enc2)
	if err != nil || out != "hello from stdin" {
		t.Errorf("cat with context: %v %q", err, out)
	}
	if out, _, _ := runCLI(t, "", "info", enc2); !strings.Contains(out, "AEGIS-256") {
		t.Errorf("a 32-byte key picks AEGIS-256: %s", out)
	}

	// Clear errors.
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"cat", "-keyfile", kf, "-context", "tenant-2", enc2}, "wrong key or context"},
		{[]string{"cat", "-keyfile", kf, enc2}, "wrong key or context"},
		{[]string{"cat", enc2}, "key length does not match"},
		{[]string{"info", in}, "not a RAF file"},
		{[]string{"cat", in}, "not a RAF file"},
		{[]string{"cat", "-key", "00", enc}, "flag provided but not defined"},
		{[]string{"frobnicate"}, "unknown command"},
	} {
		_, e, err := runCLI(t, "", c.args...)
		if err == nil || !strings.Contains(err.Error()+e, c.want) {
			t.Errorf("%v: %v %s; want %q", c.args, err, e, c.want)
		}
	}
	b, _ := os.ReadFile(enc)
	b[64+16+100] ^= 1
	bad := filepath.Join(dir, "bad.raf")
	os.WriteFile(bad, b, 0o600)
	dec2 := filepath.Join(dir, "dec2")
	if _, _, err := runCLI(t, "", "decrypt", "-in", bad, "-out", dec2); err == nil || !strings.Contains(err.Error(), "tampered") {
		t.Errorf("tampered: %v", err)
	}
	if _, err := os.Stat(dec2); !os.IsNotExist(err) {
		t.Error("decrypt left partial plaintext after a failure")
	}
	assertNoTemps(t, dir)
	t.Setenv("AEGIS_RAF_KEY", "")
	if _, _, err := runCLI(t, "", "cat", enc); err == nil || !strings.Contains(err.Error(), "no key") {
		t.Errorf("no key: %v", err)
	}
}

func TestCLIWithoutCore(t *testing.T) {
	if common.Available {
		t.Skip("the C core is compiled in")
	}
	t.Setenv("AEGIS_RAF_KEY", strings.Repeat("ab", 16))
	dir := testdir.TempDir(t)
	in := filepath.Join(dir, "p")
	os.WriteFile(in, []byte("x"), 0o600)
	if _, _, err := runCLI(t, "", "encrypt", "-in", in, "-out", filepath.Join(dir, "o")); err == nil || !strings.Contains(err.Error(), "built without AEGIS") {
		t.Errorf("%v", err)
	}
}
