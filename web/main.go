// SPDX-License-Identifier: MIT

//go:build js && wasm

// Command web is the Go side of the browser benchmark page (index.html):
// a Go program that uses the module's public API, as any Go program
// compiled to js/wasm would. It registers the JavaScript global aegisgo,
// whose functions the page's runner (runner.mjs) calls, in Chromium and
// under node alike:
//
//	seal(variant, key, nonce, msg, ad)  ciphertext || 32-byte tag
//	open(variant, key, nonce, ct, ad)   the plaintext, or null
//	bench(variant, op, size, iters)     seconds for iters Seals or Opens
//	implementation(variant)             the kernel that runs
//
// The variants are "aegis128l" and "aegis256", with libsodium's 32-byte
// tags. bench's timing loop runs in Go: iters calls of Seal (op "seal")
// or Open ("open") on a message of size bytes, with no additional data,
// the output appended to one reused buffer.
package main

import (
	"crypto/cipher"
	"fmt"
	"syscall/js"
	"time"

	"github.com/aegisgo/aegis/aegis128l"
	"github.com/aegisgo/aegis/aegis256"
)

// tagSize is libsodium's tag size for both variants (its ABYTES).
const tagSize = 32

func newAEAD(variant string, key []byte) (cipher.AEAD, error) {
	switch variant {
	case "aegis128l":
		return aegis128l.New(key, tagSize)
	case "aegis256":
		return aegis256.New(key, tagSize)
	}
	return nil, fmt.Errorf("unknown variant %q", variant)
}

func keySize(variant string) int {
	if variant == "aegis128l" {
		return aegis128l.KeySize
	}
	return aegis256.KeySize
}

func goBytes(v js.Value) []byte {
	if v.IsNull() || v.IsUndefined() {
		return nil
	}
	b := make([]byte, v.Length())
	js.CopyBytesToGo(b, v)
	return b
}

func jsBytes(b []byte) js.Value {
	u := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(u, b)
	return u
}

func seal(_ js.Value, args []js.Value) any {
	a, err := newAEAD(args[0].String(), goBytes(args[1]))
	if err != nil {
		panic(err)
	}
	return jsBytes(a.Seal(nil, goBytes(args[2]), goBytes(args[3]), goBytes(args[4])))
}

func open(_ js.Value, args []js.Value) any {
	a, err := newAEAD(args[0].String(), goBytes(args[1]))
	if err != nil {
		panic(err)
	}
	pt, err := a.Open(nil, goBytes(args[2]), goBytes(args[3]), goBytes(args[4]))
	if err != nil {
		return js.Null()
	}
	return jsBytes(pt)
}

// bench returns the seconds that iters Seals or Opens take, or -1 if an
// Open fails.
func bench(_ js.Value, args []js.Value) any {
	variant, op, size, iters := args[0].String(), args[1].String(), args[2].Int(), args[3].Int()
	key := make([]byte, keySize(variant))
	for i := range key {
		key[i] = byte(i)
	}
	a, err := newAEAD(variant, key)
	if err != nil {
		panic(err)
	}
	nonce := make([]byte, a.NonceSize())
	msg := make([]byte, size)
	for i := range msg {
		msg[i] = byte(i * 7)
	}
	ct := a.Seal(nil, nonce, msg, nil)
	out := make([]byte, 0, size+tagSize)
	var start time.Time
	switch op {
	case "seal":
		start = time.Now()
		for range iters {
			out = a.Seal(out[:0], nonce, msg, nil)
		}
	case "open":
		start = time.Now()
		for range iters {
			if out, err = a.Open(out[:0], nonce, ct, nil); err != nil {
				return -1
			}
		}
	default:
		panic("unknown op " + op)
	}
	return time.Since(start).Seconds()
}

func implementation(_ js.Value, args []js.Value) any {
	if args[0].String() == "aegis128l" {
		return aegis128l.Implementation()
	}
	return aegis256.Implementation()
}

func main() {
	api := js.Global().Get("Object").New()
	for name, f := range map[string]func(js.Value, []js.Value) any{
		"seal": seal, "open": open, "bench": bench, "implementation": implementation,
	} {
		api.Set(name, js.FuncOf(f))
	}
	js.Global().Set("aegisgo", api)
	select {} // the functions run on the page's calls
}
