// SPDX-License-Identifier: MIT

package main

import (
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

// keyForms names what a key file may hold, for the error messages.
const keyForms = "a key file holds 32 or 64 hex digits (white space such as a newline may follow them) or exactly 16 or 32 raw bytes"

// maxKeyFile bounds what readKeyFile reads: a key file is small, and a
// large one is a mistake.
const maxKeyFile = 1024

// parseKeyFile applies the key-file rule to the bytes of a key file:
//
//  1. Hex: once white space at the end is removed, the file is one or
//     more hex digits. It must be 32 digits (a 16-byte key) or 64 (a
//     32-byte key).
//  2. Otherwise, a file that is all text (printable ASCII, tab, CR, LF)
//     is an error: a hex key with a typo, a separator or a prefix must not
//     be taken for a raw key of the same length.
//  3. Otherwise the file is the raw key and must be exactly 16 or 32
//     bytes.
//
// A raw key that happens to be all text (a chance of about 2^-22 for 16
// random bytes, 2^-44 for 32) is refused by rule 2, never misread; encode
// it in hex.
func parseKeyFile(b []byte) ([]byte, error) {
	t := strings.TrimRight(string(b), " \t\r\n")
	if t != "" && isHex(t) {
		if len(t) != 32 && len(t) != 64 {
			return nil, fmt.Errorf("the hex key has %d digits, not 32 or 64; %s", len(t), keyForms)
		}
		return hex.DecodeString(t)
	}
	if i := textEnd(b); i == len(b) {
		if t == "" {
			return nil, fmt.Errorf("the file is empty or only white space; %s", keyForms)
		}
		j := firstNonHex(t)
		return nil, fmt.Errorf("the file is text but not a hex key (%q at byte %d is not a hex digit); %s", t[j], j, keyForms)
	}
	if len(b) != 16 && len(b) != 32 {
		return nil, fmt.Errorf("the file is binary and %d bytes long, not 16 or 32; %s", len(b), keyForms)
	}
	return append([]byte(nil), b...), nil
}

func isHex(s string) bool { return firstNonHex(s) == len(s) }

func firstNonHex(s string) int {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return i
		}
	}
	return len(s)
}

// textEnd returns the index of the first byte of b that is not printable
// ASCII, tab, CR or LF, or len(b).
func textEnd(b []byte) int {
	for i, c := range b {
		if (c < 0x20 || c > 0x7e) && c != '\t' && c != '\r' && c != '\n' {
			return i
		}
	}
	return len(b)
}

// readKeyFile reads a key file by the rule of parseKeyFile.
func readKeyFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("key file: %w", err)
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxKeyFile+1))
	defer clear(b)
	if err != nil {
		return nil, fmt.Errorf("key file %s: %w", path, err)
	}
	if len(b) > maxKeyFile {
		return nil, fmt.Errorf("key file %s: longer than %d bytes; %s", path, maxKeyFile, keyForms)
	}
	key, err := parseKeyFile(b)
	if err != nil {
		return nil, fmt.Errorf("key file %s: %w", path, err)
	}
	return key, nil
}

// envKey reads the hex key of AEGIS_RAF_KEY.
func envKey() ([]byte, error) {
	env := strings.TrimSpace(os.Getenv("AEGIS_RAF_KEY"))
	if env == "" {
		return nil, errors.New("no key: use -keyfile FILE or set AEGIS_RAF_KEY (32 or 64 hex digits)")
	}
	if !isHex(env) || (len(env) != 32 && len(env) != 64) {
		return nil, errors.New("AEGIS_RAF_KEY must be 32 or 64 hex digits (a 16- or 32-byte key)")
	}
	return hex.DecodeString(env)
}
