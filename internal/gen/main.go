// SPDX-License-Identifier: MIT

//go:build ignore

// Command gen writes the six variant packages from templates (the AEAD;
// the AEAD with random nonces; the incremental, detached, MAC and keystream
// API; the batches; the tests and the examples), one for each entry of
// internal/core's variant table, so that they hold declarations only and
// cannot drift apart;
// internal/testing/ctest/tables_gen.h, the same table and core's kernel names for
// the C tests; and the argument lists of the batch entry points, from
// core's BatchGroup and BatchSmall (writeBatch); and csrc/vperm_tables.h,
// the vperm kernel's shuffle tables, from internal/gen/vperm. Run it with `go
// generate` in the module root.
package main

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"text/template"

	"github.com/aegisgo/aegis/internal/core"
	"github.com/aegisgo/aegis/internal/gen/vperm"
	"github.com/aegisgo/aegis/internal/testing/ref"
	"github.com/aegisgo/aegis/internal/testing/vectors"
)

// variant is one of core.Variants with the names and the prose that the
// templates need besides.
type variant struct {
	core.Variant
	Pkg   string // package name: core's Name
	Type  string // exported type name: Aegis128L, ...
	Ident string // core's exported name of the variant: AEGIS128L, ...
	Fits  string // what the variant is for
	Batch string // what makes its batches fast, where something does
}

// fits says what each variant is for, by package name.
var fits = map[string]string{
	"aegis128l":  "It is the fastest variant on CPUs with 128-bit AES instructions only (AES-NI without VAES, ARMv8 AES), and the most widely implemented.",
	"aegis128x2": "It runs two AEGIS-128L states side by side, one per 128-bit lane: about twice as fast as AEGIS-128L on CPUs with VAES on 256-bit registers, and no slower elsewhere for long messages.",
	"aegis128x4": "It runs four AEGIS-128L states side by side: the fastest variant on CPUs with VAES on 512-bit registers (AVX-512).",
	"aegis256":   "Its 256-bit key and nonce give the largest security margin; random nonces are safe for practically any number of messages.",
	"aegis256x2": "It runs two AEGIS-256 states side by side, one per 128-bit lane, for CPUs with VAES on 256-bit registers.",
	"aegis256x4": "It runs four AEGIS-256 states side by side, for CPUs with VAES on 512-bit registers (AVX-512).",
}

// batchFast says, by package name, which batches run fastest: the C core
// runs messages of one shape side by side where a kernel has lanes for
// the variant (csrc/lanes.h: avx512, avx2 and neon, for AEGIS-128L and
// AEGIS-256).
var batchFast = map[string]string{"aegis128l": lanesDoc, "aegis256": lanesDoc}

const lanesDoc = `With the avx512, avx2 and neon kernels (see [Implementation]), batches of 16 messages or more run in the C core, where messages of the same length whose associated data have the same length run side by side in the lanes of one register, four at a time with avx512 and two with the others: such batches are the fastest.`

// variants returns core's table, in its order, with the names derived from
// each package name ("aegis128x2": Aegis128X2, AEGIS128X2).
func variants() []variant {
	var vs []variant
	for _, cv := range core.Variants {
		suffix := strings.ToUpper(strings.TrimPrefix(cv.Name, "aegis"))
		f, ok := fits[cv.Name]
		if !ok {
			fail(fmt.Errorf("%s: no description in fits", cv.Name))
		}
		vs = append(vs, variant{Variant: cv, Pkg: cv.Name, Type: "Aegis" + suffix, Ident: "AEGIS" + suffix, Fits: f, Batch: batchFast[cv.Name]})
	}
	if len(vs) != len(fits) {
		fail(fmt.Errorf("fits describes %d variants, core has %d", len(fits), len(vs)))
	}
	return vs
}

// AEADType names the core type that holds the variant's AEAD: the
// smallest whose key storage fits the key (core.AEADOf).
func (v variant) AEADType() string {
	if v.KeySize == 16 {
		return "AEAD16"
	}
	return "AEAD"
}

// KernelNames lists core's kernel names for a doc comment: "soft", ...
// or "neon".
func (v variant) KernelNames() string {
	ks := core.AllKernels()
	var names []string
	for _, k := range ks[:len(ks)-1] {
		names = append(names, fmt.Sprintf("%q", k.String()))
	}
	return strings.Join(names, ", ") + fmt.Sprintf(" or %q", ks[len(ks)-1].String())
}

// NonceAdvice is the variant's rule for nonces, with its limit on random
// ones, RandomLimit messages per key, and where the limit comes from. It
// is the doc of the constant NonceSize, the one place of each package
// that states the limit: the package doc and NewWithRandomNonce's point
// to it, and the module's doc (doc.go) explains the bound.
func (v variant) NonceAdvice() string {
	limit := "Random nonces from crypto/rand are safe for up to " + v.RandomLimit() + " messages per key: the chance that two of them share a nonce is then about 2^-33, and it reaches 2^-32 at " + v.RandomBound() + " (the birthday bound, which the module's documentation, package github.com/aegisgo/aegis, explains)."
	if v.NonceSize == 16 {
		wide := variant{Variant: core.Variant{NonceSize: 32}}
		return "A nonce must never repeat under one key: a counter is safe for 2^128 messages. " + limit + " For random nonces, prefer the AEGIS-256 family (aegis256, aegis256x2, aegis256x4), whose 256-bit nonces allow " + wide.RandomLimit() + " messages per key."
	}
	return "A nonce must never repeat under one key. " + limit + " That is more than any practical use: the AEGIS-256 family is the one to pick for random nonces."
}

// RandomLimit is how many messages one key may seal with random nonces of
// the variant's size for a collision probability under 2^-32. With n-bit
// nonces, q messages repeat one with probability about q^2/2^(n+1) (the
// birthday bound), which is 2^-32 at q = 2^((n-31)/2): 2^48.5 for 128-bit
// nonces, 2^112.5 for 256-bit ones. The limit is the power of two below
// that, where the probability is about 2^-33. The module's doc (doc.go)
// explains the same once for the reader.
func (v variant) RandomLimit() string {
	n := 8 * v.NonceSize
	if (n-31)%2 != 1 {
		fail(fmt.Errorf("%s: %d-bit nonces: the limit is not a power of two and a half", v.Name, n))
	}
	return fmt.Sprintf("2^%d", (n-31)/2)
}

// RandomBound is where RandomLimit's collision probability reaches 2^-32.
func (v variant) RandomBound() string {
	return fmt.Sprintf("2^%d.5", (8*v.NonceSize-31)/2)
}

var tmpl = template.Must(template.New("pkg").Parse(`// SPDX-License-Identifier: MIT

// Code generated by internal/gen/main.go; DO NOT EDIT.

// Package {{.Pkg}} implements {{.Title}}, an authenticated cipher of the AEGIS family (RFC 10032), as a [crypto/cipher.AEAD].
//
// {{.Fits}}
//
// Each call runs on the fastest kernel that the CPU supports (see [Implementation]): the module's C core through cgo, its Go assembly (for short messages, and for every call in builds without cgo), or constant-time Go where neither has a kernel for the CPU. The module's build table (build_tags.go, package github.com/aegisgo/aegis) says which build runs what. The package's ciphertexts and tags are the same bytes as those of every other implementation of the specification, including github.com/aegis-aead/go-libaegis/{{.Pkg}}, whose API and documented behaviour this package keeps, except where that one is unsafe: New copies the key, Seal and Open follow the standard library's overlap rules, any use after Wipe panics, and with the tag without_aegis New returns [common.ErrNotAvailable] rather than panic.
//
// A nonce must never repeat under one key: [NonceSize] says how many messages random nonces allow.
//
// [NewWithRandomNonce] returns an AEAD that draws the nonce of each message itself, from crypto/rand, and sends it in front of the ciphertext, as [crypto/cipher.NewGCMWithRandomNonce] does for AES-GCM: the caller has no nonce to manage.
//
// Besides the AEAD, the package has incremental encryption and decryption ([NewEncrypter], [NewDecrypter]) for messages that arrive in pieces, detached tags ([{{.Type}}.SealDetached], [{{.Type}}.OpenDetached]), AEGIS-MAC ([NewMAC]) and the raw keystream ([Stream], [NewKeyStream]). One key must serve one purpose: do not use the same key both for the MAC and for encryption.
//
// Built with the tag without_aegis, the package still compiles, but New and NewWithRandomNonce return [common.ErrNotAvailable] (and [common.Available] is false). Every other build has the whole API, without cgo too.
package {{.Pkg}}

import (
	"crypto/cipher"

	"github.com/aegisgo/aegis/common"
	"github.com/aegisgo/aegis/internal/core"
	engines "github.com/aegisgo/aegis/internal/engines/{{.Pkg}}"
)

// The package's errors are common's; this import is what lets its doc comments link to them.
var _ = common.ErrAuth

const (
	// KeySize is the size of an {{.Title}} key in bytes. Keys must be uniformly random, from [crypto/rand] or a key derivation function.
	KeySize = {{.KeySize}}

	// NonceSize is the size of an {{.Title}} nonce in bytes. Seal and Open also take shorter nonces, zero-padded to this size; an empty nonce is the all-zero nonce. {{.NonceAdvice}}
	NonceSize = {{.NonceSize}}
)

// variant is {{.Title}}, with its code in each engine (internal/engines/{{.Pkg}}) registered: a program that imports this package links that code, and none of the other variants'.
var variant = core.Register(core.{{.Ident}}, engines.Engines)

// {{.Type}} is an {{.Title}} AEAD. Make one with [New]; the zero value is not usable. It is safe for concurrent use by multiple goroutines, except [{{.Type}}.Wipe].
type {{.Type}} struct {
	a core.{{.AEADType}}
}

// New returns an {{.Title}} AEAD for key, with tags of tagLen bytes (16 or 32; 32 gives a larger forgery margin). The dynamic type of the result is *[{{.Type}}].
//
// New copies the key: the caller may overwrite its slice as soon as New returns. The error is [common.ErrBadKeyLength] if the key is not [KeySize] bytes, [common.ErrBadTagLength] for another tag length, and [common.ErrNotAvailable] if the module was built with the tag without_aegis.
func New(key []byte, tagLen int) (cipher.AEAD, error) {
	x := new({{.Type}})
	// Init, with the variant's ID a constant ({{/* core.ID128L for core.AEGIS128L */}}core.ID{{slice .Ident 5}}): inlined, and New with it, so that New costs its caller the allocation and little more.
	if err := core.Init{{.KeySize}}(&x.a, core.ID{{slice .Ident 5}}, key, tagLen); err != nil {
		return nil, err
	}
	return x, nil
}

// Implementation names the kernel that New's AEADs run on this machine: {{.KernelNames}}, or "none" when the module was built with the tag without_aegis. The environment variable AEGIS_IMPL, read once at start-up, can cap the choice (for example AEGIS_IMPL=soft), never raise it above what the CPU supports.
func Implementation() string { return core.Implementation(variant) }

// NonceSize returns [NonceSize], the largest nonce Seal and Open take.
func (x *{{.Type}}) NonceSize() int { return NonceSize }

// Overhead returns the tag length: 16 or 32 bytes.
func (x *{{.Type}}) Overhead() int { return x.a.Overhead() }

// Seal encrypts and authenticates plaintext, authenticates additionalData, and appends the ciphertext and the tag to dst, returning the result.
//
// The nonce must never repeat under one key. It may be shorter than [NonceSize]: it is zero-padded (the caller's slice is not written), and an empty nonce is the all-zero nonce, as in go-libaegis. A longer nonce panics. The nonce may overlap the output. To encrypt in place, use plaintext[:0] as dst; any other overlap of the output with plaintext or additionalData panics. Seal allocates nothing when dst has room for len(plaintext)+Overhead() more bytes. It panics after Wipe.
func (x *{{.Type}}) Seal(dst, nonce, plaintext, additionalData []byte) []byte {
	return x.a.Seal(dst, nonce, plaintext, additionalData)
}

// Open checks and decrypts ciphertext (the ciphertext followed by the tag), authenticates additionalData, and appends the plaintext to dst.
//
// If the tag does not match, Open returns [common.ErrAuth] and writes no plaintext: the bytes it used for output are zeroed. A ciphertext shorter than the tag gives [common.ErrTruncated]. Nonce rules, in-place use (ciphertext[:0] as dst) and panics are as for [{{.Type}}.Seal].
func (x *{{.Type}}) Open(dst, nonce, ciphertext, additionalData []byte) ([]byte, error) {
	return x.a.Open(dst, nonce, ciphertext, additionalData)
}

// Wipe disables the AEAD, then zeroes its copy of the key; any Seal or Open that starts later panics, in Go, where it can be recovered. Wipe must not run concurrently with Seal or Open: if it does, a call already under way may return garbage computed from a partly zeroed key, but it cannot crash the process.
//
// Go cannot promise that no other copy of the key exists: the caller's own slice, and copies the runtime may have made while moving memory, are out of Wipe's reach.
func (x *{{.Type}}) Wipe() { x.a.Wipe() }
`))

var streamTmpl = template.Must(template.New("stream").Parse(`// SPDX-License-Identifier: MIT

// Code generated by internal/gen/main.go; DO NOT EDIT.

package {{.Pkg}}

import "github.com/aegisgo/aegis/internal/core"

// SealDetached is [{{.Type}}.Seal] with the tag returned apart from the ciphertext.
//
// The ciphertext is appended to dst, as Seal does, and returned with its capacity clipped to its length; the tag is a slice of the Overhead() bytes that follow it in the same array. So the result is the same memory as Seal(dst, ...), split in two, and nothing is allocated when dst has room for len(plaintext)+Overhead() more bytes. Appending to ciphertext reallocates rather than overwrite the tag. Nonce rules, in-place use (plaintext[:0] as dst) and panics are as for Seal.
func (x *{{.Type}}) SealDetached(dst, nonce, plaintext, additionalData []byte) (ciphertext, tag []byte) {
	return x.a.SealDetached(dst, nonce, plaintext, additionalData)
}

// OpenDetached is [{{.Type}}.Open] with the tag given apart from the ciphertext: it checks tag, and appends the plaintext of ciphertext to dst.
//
// If the tag does not match, it returns [common.ErrAuth], and the bytes it used for output are zeroed; a tag that is not Overhead() bytes long is refused with [common.ErrBadTagLength], as [Decrypter.Final] refuses one. Nonce rules, in-place use (ciphertext[:0] as dst) and panics are as for Open; the output must not overlap the tag.
func (x *{{.Type}}) OpenDetached(dst, nonce, ciphertext, tag, additionalData []byte) ([]byte, error) {
	return x.a.OpenDetached(dst, nonce, ciphertext, tag, additionalData)
}

// Encrypter encrypts one {{.Title}} message that arrives in pieces. Make one with [NewEncrypter], call [Encrypter.Encrypt], [Encrypter.EncryptTo] or [Encrypter.AppendEncrypt] for each piece in order, then [Encrypter.Final] for the tag. However the message is cut, the ciphertext and the tag are the bytes that Seal gives for the whole message.
//
// Output comes out at once: each call returns as many bytes as it is given, also when a piece ends inside a block.
//
// The state is plain bytes inside the value, so a copy of an Encrypter is an independent encrypter that continues from the same point. Encrypting different data with the copy and the original reuses the keystream, as a repeated nonce does; copy only to retry the same data.
//
// An Encrypter is not safe for concurrent use. After Final, any other call panics.
type Encrypter struct {
	e core.Encrypter
}

// NewEncrypter starts the encryption of a message under key and nonce, authenticating additionalData, with tags of tagLen bytes (16 or 32).
//
// The nonce must never repeat under one key. A nonce shorter than [NonceSize] is zero-padded, and an empty one is the all-zero nonce, as in go-libaegis. The key and the nonce are copied. The error is [common.ErrBadKeyLength], [common.ErrBadNonceLength] (a nonce longer than NonceSize) or [common.ErrBadTagLength] for a parameter of the wrong size, and [common.ErrNotAvailable] if the module was built with the tag without_aegis.
func NewEncrypter(key, nonce, additionalData []byte, tagLen int) (*Encrypter, error) {
	x := new(Encrypter)
	if err := x.e.Init(variant, key, nonce, additionalData, tagLen); err != nil {
		return nil, err
	}
	return x, nil
}

// Encrypt encrypts the next piece of the message and returns its ciphertext, len(p) bytes in a new slice (nil when p is empty).
func (x *Encrypter) Encrypt(p []byte) []byte { return x.e.Encrypt(p) }

// EncryptTo encrypts the next piece of the message into dst, as go-libaegis does: it writes the ciphertext at the start of dst, using dst's capacity, and returns dst[:len(p)]. When cap(dst) < len(p) it writes to a new slice instead. dst's length does not matter, and nothing in dst beyond len(p) bytes is written.
//
// To encrypt in place, pass p as dst; any other overlap of the output with p panics. It allocates nothing when cap(dst) >= len(p). To append to dst instead, use [Encrypter.AppendEncrypt].
func (x *Encrypter) EncryptTo(dst, p []byte) []byte { return x.e.EncryptTo(dst, p) }

// AppendEncrypt encrypts the next piece of the message and appends its ciphertext to dst, as Seal does, returning the result. To encrypt in place, use p[:0] as dst; any other overlap of the output with p panics. It allocates nothing when dst has room for len(p) more bytes.
//
// It is what EncryptTo did before this module followed go-libaegis's EncryptTo.
func (x *Encrypter) AppendEncrypt(dst, p []byte) []byte { return x.e.AppendEncrypt(dst, p) }

// Final returns the tag of the whole message, wipes the state, and ends the Encrypter: any later call panics.
func (x *Encrypter) Final() []byte { return x.e.Final() }

// Decrypter decrypts one {{.Title}} message that arrives in pieces. Make one with [NewDecrypter], call [Decrypter.Decrypt], [Decrypter.DecryptTo] or [Decrypter.AppendDecrypt] for each piece of the ciphertext in order, then [Decrypter.Final] with the tag.
//
// The plaintext comes out before the tag is checked: it must not be used, nor acted on, before Final returns nil. If Final fails, discard all of it.
//
// The state is plain bytes inside the value, so a copy of a Decrypter is an independent decrypter that continues from the same point. A Decrypter is not safe for concurrent use. After Final, any other call panics.
type Decrypter struct {
	d core.Decrypter
}

// NewDecrypter starts the decryption of a message under key and nonce, authenticating additionalData, with tags of tagLen bytes (16 or 32). Its parameters and errors are those of [NewEncrypter].
func NewDecrypter(key, nonce, additionalData []byte, tagLen int) (*Decrypter, error) {
	x := new(Decrypter)
	if err := x.d.Init(variant, key, nonce, additionalData, tagLen); err != nil {
		return nil, err
	}
	return x, nil
}

// Decrypt decrypts the next piece of the ciphertext and returns its plaintext, len(c) bytes in a new slice (nil when c is empty). It is not authenticated until Final returns nil.
func (x *Decrypter) Decrypt(c []byte) []byte { return x.d.Decrypt(c) }

// DecryptTo decrypts the next piece of the ciphertext into dst, as go-libaegis does: it writes the plaintext at the start of dst, using dst's capacity, and returns dst[:len(c)]. When cap(dst) < len(c) it writes to a new slice instead. It is not authenticated until Final returns nil.
//
// To decrypt in place, pass c as dst; any other overlap of the output with c panics. It allocates nothing when cap(dst) >= len(c). To append to dst instead, use [Decrypter.AppendDecrypt].
func (x *Decrypter) DecryptTo(dst, c []byte) []byte { return x.d.DecryptTo(dst, c) }

// AppendDecrypt decrypts the next piece of the ciphertext and appends its plaintext to dst, returning the result. It is not authenticated until Final returns nil. To decrypt in place, use c[:0] as dst; any other overlap of the output with c panics. It allocates nothing when dst has room for len(c) more bytes.
//
// It is what DecryptTo did before this module followed go-libaegis's DecryptTo.
func (x *Decrypter) AppendDecrypt(dst, c []byte) []byte { return x.d.AppendDecrypt(dst, c) }

// Final checks tag against the whole ciphertext, in constant time, wipes the state and ends the Decrypter: any later call panics. It returns nil if the tag matches, [common.ErrAuth] if it does not, and [common.ErrBadTagLength] if tag is not as long as the Decrypter's tags, as in go-libaegis.
func (x *Decrypter) Final(tag []byte) error { return x.d.Final(tag) }

// MAC computes AEGIS-MAC over {{.Title}}: a message authentication code under a secret key and a public nonce. It implements [hash.Hash].
//
// Unlike encryption, a MAC may reuse a (key, nonce) pair for different data. Do not use the key for encryption as well. AEGIS-MAC is not a hash function: anyone who knows the key can make inputs that collide, and its tags must not be used as keys.
//
// The state is plain bytes inside the value: a copy of a MAC continues independently, so the tag of a common prefix can be computed once. A MAC is not safe for concurrent use.
type MAC struct {
	m core.MAC
}

// NewMAC returns a [MAC] for key and nonce, with tags of tagLen bytes (16 or 32). A nil or empty nonce stands for the all-zero nonce; a nonce shorter than [NonceSize] is zero-padded. The key and the nonce are copied.
//
// The error is [common.ErrBadKeyLength], [common.ErrBadNonceLength] (a nonce longer than NonceSize) or [common.ErrBadTagLength], and [common.ErrNotAvailable] if the module was built with the tag without_aegis.
func NewMAC(key, nonce []byte, tagLen int) (*MAC, error) {
	x := new(MAC)
	if err := x.m.Init(variant, key, nonce, tagLen); err != nil {
		return nil, err
	}
	return x, nil
}

// Write absorbs p. It never returns an error.
func (x *MAC) Write(p []byte) (int, error) { return x.m.Write(p) }

// Sum appends the tag of the data written so far to b and returns the result. It does not change the state: writing may continue. It allocates nothing when b has room for Size() more bytes.
func (x *MAC) Sum(b []byte) []byte { return x.m.Sum(b) }

// Verify reports whether tag is the tag of the data written so far, comparing in constant time. It does not change the state.
func (x *MAC) Verify(tag []byte) bool { return x.m.Verify(tag) }

// Reset restarts the MAC with its key and nonce, as if no data had been written.
func (x *MAC) Reset() { x.m.Reset() }

// Size returns the tag length in bytes: 16 or 32.
func (x *MAC) Size() int { return x.m.Size() }

// BlockSize returns {{.Title}}'s rate, {{.Rate}} bytes: the MAC buffers nothing when every Write is a multiple of it.
func (x *MAC) BlockSize() int { return x.m.BlockSize() }

// Stream fills dst with the {{.Title}} keystream of key and nonce: the specification's Stream, the encryption of len(dst) zero bytes without associated data, tag discarded. A nil or empty nonce stands for the all-zero nonce; a shorter one is zero-padded.
//
// A keystream is not authenticated: xoring it into data gives no integrity at all. Use it where a deterministic random generator is wanted, and never twice with one key and nonce for different purposes.
//
// The error is [common.ErrBadKeyLength], [common.ErrBadNonceLength] (a nonce longer than [NonceSize]), or [common.ErrNotAvailable] with the tag without_aegis.
func Stream(dst, key, nonce []byte) error { return core.Stream(variant, dst, key, nonce) }

// KeyStream reads the {{.Title}} keystream of one key and nonce incrementally: any sequence of reads gives the bytes that [Stream] gives at once, so reading 10 then 20 bytes gives the same as reading 30. It is an [io.Reader] and a [crypto/cipher.Stream], unauthenticated (see Stream).
//
// The state is plain bytes inside the value: a copy continues from the same point. A KeyStream is not safe for concurrent use.
type KeyStream struct {
	k core.KeyStream
}

// NewKeyStream returns a [KeyStream] for key and nonce, with the nonce rules and the errors of [Stream].
func NewKeyStream(key, nonce []byte) (*KeyStream, error) {
	x := new(KeyStream)
	if err := x.k.Init(variant, key, nonce); err != nil {
		return nil, err
	}
	return x, nil
}

// Read fills p with the next len(p) bytes of keystream. It never returns an error.
func (x *KeyStream) Read(p []byte) (int, error) { return x.k.Read(p) }

// XORKeyStream xors each byte of src with the next byte of keystream and writes it to dst, which must be at least as long as src and may be src itself; another overlap panics.
func (x *KeyStream) XORKeyStream(dst, src []byte) { x.k.XORKeyStream(dst, src) }
`))

var testTmpl = template.Must(template.New("test").Parse(`// SPDX-License-Identifier: MIT

// Code generated by internal/gen/main.go; DO NOT EDIT.

package {{.Pkg}}_test

import (
	"crypto/cipher"
	"testing"

	"github.com/aegisgo/aegis/{{.Pkg}}"
	"github.com/aegisgo/aegis/internal/testing/aeadtest"
	"github.com/aegisgo/aegis/internal/core"
)

// variant hands the package's AEAD to the shared suite.
var variant = aeadtest.Variant{
	V:              core.{{.Ident}},
	New:            {{.Pkg}}.New,
	Wipe:           func(a cipher.AEAD) { a.(*{{.Pkg}}.{{.Type}}).Wipe() },
	Implementation: {{.Pkg}}.Implementation,
	ZeroValue:      func() cipher.AEAD { return new({{.Pkg}}.{{.Type}}) },
}

func TestAEAD(t *testing.T) { aeadtest.Run(t, variant) }

func FuzzSealOpen(f *testing.F) { aeadtest.FuzzSealOpen(f, variant) }

func FuzzOpen(f *testing.F) { aeadtest.FuzzOpen(f, variant) }

func FuzzKernels(f *testing.F) { aeadtest.FuzzKernels(f, variant) }

// streamVariant hands the package's incremental API to the shared suite.
var streamVariant = aeadtest.StreamVariant{
	V:   core.{{.Ident}},
	New: {{.Pkg}}.New,
	NewEncrypter: func(key, nonce, ad []byte, tagLen int) (aeadtest.Encrypter, error) {
		e, err := {{.Pkg}}.NewEncrypter(key, nonce, ad, tagLen)
		if err != nil {
			return nil, err
		}
		return e, nil
	},
	NewDecrypter: func(key, nonce, ad []byte, tagLen int) (aeadtest.Decrypter, error) {
		d, err := {{.Pkg}}.NewDecrypter(key, nonce, ad, tagLen)
		if err != nil {
			return nil, err
		}
		return d, nil
	},
	NewMAC: func(key, nonce []byte, tagLen int) (aeadtest.MAC, error) {
		m, err := {{.Pkg}}.NewMAC(key, nonce, tagLen)
		if err != nil {
			return nil, err
		}
		return m, nil
	},
	NewKeyStream: func(key, nonce []byte) (aeadtest.KeyStream, error) {
		k, err := {{.Pkg}}.NewKeyStream(key, nonce)
		if err != nil {
			return nil, err
		}
		return k, nil
	},
	Stream: {{.Pkg}}.Stream,
	ZeroValues: func() (aeadtest.Encrypter, aeadtest.Decrypter, aeadtest.MAC, aeadtest.KeyStream) {
		return new({{.Pkg}}.Encrypter), new({{.Pkg}}.Decrypter), new({{.Pkg}}.MAC), new({{.Pkg}}.KeyStream)
	},
	CopyEncrypter: func(e aeadtest.Encrypter) aeadtest.Encrypter {
		c := *e.(*{{.Pkg}}.Encrypter)
		return &c
	},
	CopyMAC: func(m aeadtest.MAC) aeadtest.MAC {
		c := *m.(*{{.Pkg}}.MAC)
		return &c
	},
}

func TestStream(t *testing.T) { aeadtest.RunStream(t, streamVariant) }

func FuzzIncremental(f *testing.F) { aeadtest.FuzzIncremental(f, streamVariant) }

func FuzzMAC(f *testing.F) { aeadtest.FuzzMAC(f, streamVariant) }

func FuzzDetached(f *testing.F) { aeadtest.FuzzDetached(f, streamVariant) }
`))

var exampleTmpl = template.Must(template.New("example").Parse(`// SPDX-License-Identifier: MIT

// Code generated by internal/gen/main.go; DO NOT EDIT.

//go:build !without_aegis

package {{.Pkg}}_test

import (
	{{if .Vec.MsgRepeat}}"bytes"
	{{end}}"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"

	"github.com/aegisgo/aegis/{{.Pkg}}"
	"github.com/aegisgo/aegis/common"
)

// A random key, a random nonce sent in front of the ciphertext, and the round trip through Seal and Open. The nonce is not secret; it must only never repeat under one key.
func ExampleNew() {
	key := make([]byte, {{.Pkg}}.KeySize)
	if _, err := rand.Read(key); err != nil {
		panic(err)
	}
	aead, err := {{.Pkg}}.New(key, 16)
	if err != nil {
		panic(err) // common.ErrNotAvailable when built with without_aegis
	}

	// The sender puts the nonce first: nonce || ciphertext || tag.
	msg, ad := []byte("hello, world!"), []byte("header")
	nonce := make([]byte, aead.NonceSize(), aead.NonceSize()+len(msg)+aead.Overhead())
	if _, err := rand.Read(nonce); err != nil {
		panic(err)
	}
	sealed := aead.Seal(nonce, nonce, msg, ad)

	// The receiver splits it again.
	n, ct := sealed[:aead.NonceSize()], sealed[aead.NonceSize():]
	plaintext, err := aead.Open(nil, n, ct, ad)
	if err != nil {
		fmt.Println("forged or damaged message:", err)
		return
	}
	fmt.Printf("%d bytes sent: %s\n", len(sealed), plaintext)
	// Output: {{.SealedLen}} bytes sent: hello, world!
}

// Seal gives the bytes of the specification: here its {{.Vec.Name}} for {{.Title}}, whose tag is {{.Vec.Tag}}.
func Example{{.Type}}_Seal() {
	key, _ := hex.DecodeString("{{.Vec.Key}}")
	nonce, _ := hex.DecodeString("{{.Vec.Nonce}}")
	ad, _ := hex.DecodeString("{{.Vec.AD}}")
	{{if .Vec.MsgRepeat}}msg := bytes.Repeat([]byte{ {{- .Vec.MsgRepeat -}} }, {{.Vec.MsgTimes}}){{else}}msg, _ := hex.DecodeString("{{.Vec.Msg}}"){{end}}

	aead, err := {{.Pkg}}.New(key, 16)
	if err != nil {
		panic(err)
	}
	sealed := aead.Seal(nil, nonce, msg, ad)
	ct, tag := sealed[:len(msg)], sealed[len(msg):]
	fmt.Printf("ciphertext: %d bytes\ntag: %x\n", len(ct), tag)
	// Output:
	// ciphertext: {{.Vec.MsgLen}} bytes
	// tag: {{.Vec.Tag}}
}

// Open refuses a message that was changed, even by one bit, with common.ErrAuth, and returns no plaintext with it.
func Example{{.Type}}_Open() {
	key := make([]byte, {{.Pkg}}.KeySize)
	nonce := make([]byte, {{.Pkg}}.NonceSize)
	if _, err := rand.Read(key); err != nil {
		panic(err)
	}
	if _, err := rand.Read(nonce); err != nil {
		panic(err)
	}
	aead, err := {{.Pkg}}.New(key, 32)
	if err != nil {
		panic(err)
	}
	sealed := aead.Seal(nil, nonce, []byte("pay 100 to Bob"), nil)

	plaintext, err := aead.Open(nil, nonce, sealed, nil)
	fmt.Printf("%q %v\n", plaintext, err)

	sealed[4] ^= 1
	plaintext, err = aead.Open(nil, nonce, sealed, nil)
	fmt.Printf("%q %v\n", plaintext, errors.Is(err, common.ErrAuth))
	// Output:
	// "pay 100 to Bob" <nil>
	// "" true
}
`))

// batchTmpl, batchTestTmpl and batchExampleTmpl write the batch API, kept
// in files of their own.
var batchTmpl = template.Must(template.New("batch").Parse(`// SPDX-License-Identifier: MIT

// Code generated by internal/gen/main.go; DO NOT EDIT.

package {{.Pkg}}

// SealBatch seals many messages under the AEAD's key in one call: out[i] is x.Seal(dst[i], nonces[i], plaintexts[i], additionalData[i]), for each i. The result is dst itself, each element replaced by its result (append semantics per element, as Seal has).
//
// dst has one element per message; each may be nil or have room. nonces, plaintexts and additionalData have as many elements as dst, except that additionalData may be nil, meaning no associated data for any message; another length panics. Messages may have any lengths, 0 included.
//
// Each message follows Seal's nonce and in-place rules (plaintexts[i][:0] as dst[i]). The inputs of message i are its nonce, plaintext and associated data, and dst[i] as passed: the prefix that its result begins with, whether or not dst[i] has room. The output of one message must not overlap an input or the output of another; inputs may overlap each other. Every argument is checked before any output is written, so a panic leaves no partial output. Nothing is allocated when every dst[i] has room for len(plaintexts[i])+Overhead() more bytes.
//
// {{if .Batch}}{{.Batch}} In smaller batches, messages{{else}}Messages{{end}} that Seal runs in Go assembly (see the README's "Speed") go to it one at a time; the others go to the C core in few calls, which saves each one the cost of a call into C (built without cgo, every message runs on its own, in Go assembly or Go).
func (x *{{.Type}}) SealBatch(dst, nonces, plaintexts, additionalData [][]byte) [][]byte {
	return x.a.SealBatch(dst, nonces, plaintexts, additionalData)
}

// OpenBatch opens many messages: out[i] is the result of x.Open(dst[i], nonces[i], ciphertexts[i], additionalData[i]), for each i. The result is dst itself, each element replaced by its result. Lengths, rules and allocations are those of [{{.Type}}.SealBatch], with Open's rules for each message.
//
// Every message is processed. When some fail, the error is a [*common.BatchError] whose Failed field lists their indexes in ascending order; errors.Is(err, [common.ErrAuth]) holds when any failed authentication, and errors.Is(err, [common.ErrTruncated]) when any was shorter than a tag. A failed message's output area is zeroed and its element of the result is dst[i] as passed (nil stays nil). The other messages are opened normally.
func (x *{{.Type}}) OpenBatch(dst, nonces, ciphertexts, additionalData [][]byte) ([][]byte, error) {
	return x.a.OpenBatch(dst, nonces, ciphertexts, additionalData)
}
`))

var batchTestTmpl = template.Must(template.New("batchtest").Parse(`// SPDX-License-Identifier: MIT

// Code generated by internal/gen/main.go; DO NOT EDIT.

package {{.Pkg}}_test

import (
	"testing"

	"github.com/aegisgo/aegis/internal/testing/aeadtest"
)

func TestBatch(t *testing.T) { aeadtest.RunBatch(t, variant) }

func FuzzBatch(f *testing.F) { aeadtest.FuzzBatch(f, variant) }
`))

var batchExampleTmpl = template.Must(template.New("batchexample").Parse(`// SPDX-License-Identifier: MIT

// Code generated by internal/gen/main.go; DO NOT EDIT.

//go:build !without_aegis

package {{.Pkg}}_test

import (
	"crypto/rand"
	"errors"
	"fmt"

	"github.com/aegisgo/aegis/{{.Pkg}}"
	"github.com/aegisgo/aegis/common"
)

// Three messages sealed and opened in one batch, each with its own random nonce. A damaged message fails alone: the others still open.
func Example{{.Type}}_SealBatch() {
	key := make([]byte, {{.Pkg}}.KeySize)
	if _, err := rand.Read(key); err != nil {
		panic(err)
	}
	aead, err := {{.Pkg}}.New(key, 16)
	if err != nil {
		panic(err)
	}
	x := aead.(*{{.Pkg}}.{{.Type}})

	msgs := [][]byte{[]byte("first"), []byte("second"), []byte("third")}
	nonces := make([][]byte, len(msgs))
	for i := range nonces {
		nonces[i] = make([]byte, {{.Pkg}}.NonceSize)
		if _, err := rand.Read(nonces[i]); err != nil {
			panic(err)
		}
	}
	sealed := x.SealBatch(make([][]byte, len(msgs)), nonces, msgs, nil)

	sealed[1][0] ^= 1 // damaged in transit
	opened, err := x.OpenBatch(make([][]byte, len(msgs)), nonces, sealed, nil)
	var be *common.BatchError
	if errors.As(err, &be) {
		fmt.Println("failed:", be.Failed, errors.Is(err, common.ErrAuth))
	}
	for _, p := range opened {
		fmt.Printf("%q\n", p)
	}
	// Output:
	// failed: [1] true
	// "first"
	// ""
	// "third"
}
`))

// exampleVector is the spec's test vector shown in Example<Type>_Seal.
type exampleVector struct {
	Name, Key, Nonce, AD, Msg, Tag string
	MsgLen                         int
	MsgRepeat                      string // a Go list of bytes when Msg is one pattern repeated
	MsgTimes                       int
}

// exampleVectors picks, for each variant, the first vector of the spec
// that has both a message and associated data, from the module's testdata.
func loadExampleVector(pkg string) exampleVector {
	vs, err := vectors.LoadAEAD(pkg)
	if err != nil {
		fail(err)
	}
	for _, v := range vs {
		if v.Fail || len(v.Msg) == 0 || len(v.AD) == 0 {
			continue
		}
		ev := exampleVector{
			Name: v.Name, Key: hex.EncodeToString(v.Key), Nonce: hex.EncodeToString(v.Nonce),
			AD: hex.EncodeToString(v.AD), Msg: hex.EncodeToString(v.Msg),
			Tag: hex.EncodeToString(v.Tag128), MsgLen: len(v.Msg),
		}
		// A long message that repeats a 4-byte pattern is written as such.
		if len(v.Msg) > 32 && len(v.Msg)%4 == 0 &&
			bytes.Equal(v.Msg, bytes.Repeat(v.Msg[:4], len(v.Msg)/4)) {
			ev.MsgRepeat = fmt.Sprintf("%#x, %#x, %#x, %#x", v.Msg[0], v.Msg[1], v.Msg[2], v.Msg[3])
			ev.MsgTimes = len(v.Msg) / 4
		} else if len(v.Msg) > 32 {
			fail(fmt.Errorf("%s %s: message too long for an example", pkg, v.Name))
		}
		return ev
	}
	fail(fmt.Errorf("%s: no vector with a message and associated data", pkg))
	panic("unreachable")
}

// randomTmpl, randomTestTmpl and randomExampleTmpl write
// NewWithRandomNonce, its AEAD type, its hook into the shared suite and its
// examples, in files of their own.
var randomTmpl = template.Must(template.New("random").Parse(`// SPDX-License-Identifier: MIT

// Code generated by internal/gen/main.go; DO NOT EDIT.

package {{.Pkg}}

import (
	"crypto/cipher"

	"github.com/aegisgo/aegis/internal/core"
)

// {{.Type}}WithRandomNonce is an {{.Title}} AEAD that chooses its own nonces: Seal draws a random one for each message and writes it in front of the ciphertext, and Open reads it from there. Make one with [NewWithRandomNonce]; the zero value is not usable. It is safe for concurrent use by multiple goroutines, except [{{.Type}}WithRandomNonce.Wipe].
//
// It has no SealBatch or OpenBatch. A batch checks the memory of all its messages before it writes any output, and with the nonce in front, an in-place message must move by the nonce's size after those checks and before it is sealed (or opened), which the batch path cannot do from outside; for batches, use [{{.Type}}.SealBatch] and [{{.Type}}.OpenBatch] with nonces drawn by the caller, framed as here.
type {{.Type}}WithRandomNonce struct {
	r core.RandomNonceAEAD
}

// NewWithRandomNonce returns an {{.Title}} AEAD for key, with tags of tagLen bytes (16 or 32), that draws a random nonce for each message, modelled on [crypto/cipher.NewGCMWithRandomNonce]. The dynamic type of the result is *[{{.Type}}WithRandomNonce].
//
// Seal draws a nonce of [NonceSize] bytes from [crypto/rand] and returns nonce ‖ ciphertext ‖ tag; Open takes the nonce back off. So NonceSize() is 0, Overhead() is [NonceSize] plus the tag length ({{.NonceSize}}+16 or {{.NonceSize}}+32 bytes), and the nonce arguments of Seal and Open must be empty. After the nonce come the bytes that [New]'s Seal gives with that nonce: a receiver may split the message itself and open it with New.
//
// Random nonces can repeat by chance: [NonceSize] says how many messages one key may seal with them.
//
// The key is copied, and the errors are those of [New]: [common.ErrBadKeyLength], [common.ErrBadTagLength], and [common.ErrNotAvailable] if the module was built with the tag without_aegis.
func NewWithRandomNonce(key []byte, tagLen int) (cipher.AEAD, error) {
	x := new({{.Type}}WithRandomNonce)
	if err := x.r.Init(variant, key, tagLen); err != nil {
		return nil, err
	}
	return x, nil
}

// NonceSize returns 0: Seal and Open take no nonce.
func (x *{{.Type}}WithRandomNonce) NonceSize() int { return x.r.NonceSize() }

// Overhead returns [NonceSize] plus the tag length: {{.NonceSize}}+16 or {{.NonceSize}}+32 bytes.
func (x *{{.Type}}WithRandomNonce) Overhead() int { return x.r.Overhead() }

// Seal draws a fresh nonce of [NonceSize] bytes from [crypto/rand], encrypts and authenticates plaintext with it, authenticates additionalData, and appends nonce ‖ ciphertext ‖ tag to dst, returning the result.
//
// nonce must be empty (nil); any other nonce panics. To encrypt in place, use plaintext[:0] as dst, with room for Overhead() more bytes: the plaintext moves up by NonceSize bytes to make room for the nonce. Any other overlap of the output with plaintext or additionalData panics. Seal allocates nothing when dst has room for len(plaintext)+Overhead() more bytes. It panics after Wipe.
//
// Since Go 1.24 crypto/rand does not fail: if the system cannot give random bytes, the program stops. Seal checks the nonce all the same and panics, before it writes anything, rather than seal with a partial or all-zero nonce.
func (x *{{.Type}}WithRandomNonce) Seal(dst, nonce, plaintext, additionalData []byte) []byte {
	return x.r.Seal(dst, nonce, plaintext, additionalData)
}

// Open splits the nonce off the front of ciphertext (nonce ‖ ciphertext ‖ tag, as Seal gives it), checks and decrypts the rest, authenticates additionalData, and appends the plaintext to dst.
//
// If the tag does not match, Open returns [common.ErrAuth] and writes no plaintext: the bytes it used for output are zeroed. An input shorter than Overhead() gives [common.ErrTruncated]. nonce must be empty (nil); any other nonce panics. To decrypt in place, use ciphertext[:0] as dst: the sealed message then moves down by NonceSize bytes before it is opened, so ciphertext changes even when Open fails. Any other overlap of the output with ciphertext or additionalData panics. Open allocates nothing when dst has room for len(ciphertext)-Overhead() more bytes. It panics after Wipe.
func (x *{{.Type}}WithRandomNonce) Open(dst, nonce, ciphertext, additionalData []byte) ([]byte, error) {
	return x.r.Open(dst, nonce, ciphertext, additionalData)
}

// Wipe disables the AEAD and zeroes its copy of the key, as [{{.Type}}.Wipe] does; any Seal or Open that starts later panics. It must not run concurrently with Seal or Open.
func (x *{{.Type}}WithRandomNonce) Wipe() { x.r.Wipe() }
`))

var randomTestTmpl = template.Must(template.New("randomtest").Parse(`// SPDX-License-Identifier: MIT

// Code generated by internal/gen/main.go; DO NOT EDIT.

package {{.Pkg}}_test

import (
	"crypto/cipher"
	"testing"

	"github.com/aegisgo/aegis/{{.Pkg}}"
	"github.com/aegisgo/aegis/internal/testing/aeadtest"
	"github.com/aegisgo/aegis/internal/core"
)

// randomVariant hands the package's AEAD with random nonces to the shared suite.
var randomVariant = aeadtest.RandomVariant{
	V:                  core.{{.Ident}},
	New:                {{.Pkg}}.New,
	NewWithRandomNonce: {{.Pkg}}.NewWithRandomNonce,
	Wipe:               func(a cipher.AEAD) { a.(*{{.Pkg}}.{{.Type}}WithRandomNonce).Wipe() },
	ZeroValue:          func() cipher.AEAD { return new({{.Pkg}}.{{.Type}}WithRandomNonce) },
}

func TestRandomNonce(t *testing.T) { aeadtest.RunRandomNonce(t, randomVariant) }
`))

var randomExampleTmpl = template.Must(template.New("randomexample").Parse(`// SPDX-License-Identifier: MIT

// Code generated by internal/gen/main.go; DO NOT EDIT.

//go:build !without_aegis

package {{.Pkg}}_test

import (
	"crypto/rand"
	"errors"
	"fmt"

	"github.com/aegisgo/aegis/{{.Pkg}}"
	"github.com/aegisgo/aegis/common"
)

// Seal chooses the nonce and sends it in front of the ciphertext; Open takes it back off. There is no nonce to manage, and none to get wrong.
func ExampleNewWithRandomNonce() {
	key := make([]byte, {{.Pkg}}.KeySize)
	if _, err := rand.Read(key); err != nil {
		panic(err)
	}
	aead, err := {{.Pkg}}.NewWithRandomNonce(key, 16)
	if err != nil {
		panic(err) // common.ErrNotAvailable when built with without_aegis
	}

	msg, ad := []byte("hello, world!"), []byte("header")
	sealed := aead.Seal(nil, nil, msg, ad) // nonce || ciphertext || tag

	plaintext, err := aead.Open(nil, nil, sealed, ad)
	if err != nil {
		fmt.Println("forged or damaged message:", err)
		return
	}
	fmt.Printf("%d bytes sent, %d of them overhead: %s\n", len(sealed), aead.Overhead(), plaintext)

	sealed[len(sealed)-1] ^= 1
	_, err = aead.Open(nil, nil, sealed, ad)
	fmt.Println(errors.Is(err, common.ErrAuth))
	_, err = aead.Open(nil, nil, sealed[:aead.Overhead()-1], ad)
	fmt.Println(errors.Is(err, common.ErrTruncated))
	// Output:
	// {{.SealedLen}} bytes sent, {{.RandomOverhead}} of them overhead: hello, world!
	// true
	// true
}

// The message of NewWithRandomNonce is the nonce followed by what New's Seal gives with it, so a receiver that has only New can split it by hand.
func ExampleNewWithRandomNonce_split() {
	key := make([]byte, {{.Pkg}}.KeySize)
	if _, err := rand.Read(key); err != nil {
		panic(err)
	}
	sender, err := {{.Pkg}}.NewWithRandomNonce(key, 32)
	if err != nil {
		panic(err)
	}
	receiver, err := {{.Pkg}}.New(key, 32)
	if err != nil {
		panic(err)
	}

	sealed := sender.Seal(nil, nil, []byte("pay 100 to Bob"), nil)
	nonce, rest := sealed[:{{.Pkg}}.NonceSize], sealed[{{.Pkg}}.NonceSize:]
	plaintext, err := receiver.Open(nil, nonce, rest, nil)
	fmt.Printf("%q %v\n", plaintext, err)
	// Output: "pay 100 to Bob" <nil>
}
`))

// streamExampleTmpl writes the examples of the incremental API, detached
// tags, AEGIS-MAC and the keystream. The MAC example shows the spec's MAC
// vector for the variant, and the keystream example the reference code's
// output (internal/testing/ref), so each is a known answer.
var streamExampleTmpl = template.Must(template.New("streamexample").Parse(`// SPDX-License-Identifier: MIT

// Code generated by internal/gen/main.go; DO NOT EDIT.

//go:build !without_aegis

package {{.Pkg}}_test

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"strings"

	"github.com/aegisgo/aegis/{{.Pkg}}"
)

// randomKeyNonce returns a random key and nonce for the examples.
func randomKeyNonce() (key, nonce []byte) {
	key = make([]byte, {{.Pkg}}.KeySize)
	nonce = make([]byte, {{.Pkg}}.NonceSize)
	if _, err := rand.Read(key); err != nil {
		panic(err)
	}
	if _, err := rand.Read(nonce); err != nil {
		panic(err)
	}
	return key, nonce
}

// A message that arrives in pieces, encrypted as it comes: each call returns its ciphertext at once, and the result is what Seal gives for the whole message. AppendEncrypt appends each piece's ciphertext.
func ExampleNewEncrypter() {
	key, nonce := randomKeyNonce()
	ad := []byte("header")

	e, err := {{.Pkg}}.NewEncrypter(key, nonce, ad, 16)
	if err != nil {
		panic(err)
	}
	var sealed []byte
	for _, piece := range []string{"a message ", "that arrives ", "in pieces"} {
		sealed = e.AppendEncrypt(sealed, []byte(piece))
	}
	sealed = append(sealed, e.Final()...)

	a, err := {{.Pkg}}.New(key, 16)
	if err != nil {
		panic(err)
	}
	whole := a.Seal(nil, nonce, []byte("a message that arrives in pieces"), ad)
	fmt.Println(bytes.Equal(sealed, whole))
	// Output: true
}

// EncryptTo writes at the start of its buffer, as go-libaegis's does, so one buffer serves every piece of a stream: here, each piece goes out (to w) before the next one is encrypted over it.
func ExampleEncrypter_EncryptTo() {
	key, nonce := randomKeyNonce()
	e, err := {{.Pkg}}.NewEncrypter(key, nonce, nil, 16)
	if err != nil {
		panic(err)
	}
	var w bytes.Buffer
	buf := make([]byte, 64)
	for _, piece := range []string{"first piece, ", "second piece"} {
		ct := e.EncryptTo(buf, []byte(piece)) // ct is buf[:len(piece)]
		w.Write(ct)
	}
	w.Write(e.Final())

	a, err := {{.Pkg}}.New(key, 16)
	if err != nil {
		panic(err)
	}
	pt, err := a.Open(nil, nonce, w.Bytes(), nil)
	fmt.Printf("%s %v\n", pt, err)
	// Output: first piece, second piece <nil>
}

// Decrypting in pieces: the plaintext must not be used until Final has checked the tag.
func ExampleNewDecrypter() {
	key, nonce := randomKeyNonce()
	a, err := {{.Pkg}}.New(key, 16)
	if err != nil {
		panic(err)
	}
	ct, tag := a.(*{{.Pkg}}.{{.Type}}).SealDetached(nil, nonce, []byte("attack at dawn"), nil)

	d, err := {{.Pkg}}.NewDecrypter(key, nonce, nil, 16)
	if err != nil {
		panic(err)
	}
	var pt []byte
	for len(ct) > 0 {
		n := min(len(ct), 5)
		pt = d.AppendDecrypt(pt, ct[:n])
		ct = ct[n:]
	}
	if err := d.Final(tag); err != nil {
		fmt.Println("forged message, plaintext discarded")
		return
	}
	fmt.Printf("%s\n", pt)
	// Output: attack at dawn
}

// Detached tags, for formats that store the tag apart from the ciphertext. With room in dst, both land in it, one after the other.
func Example{{.Type}}_SealDetached() {
	key, nonce := randomKeyNonce()
	a, err := {{.Pkg}}.New(key, 32)
	if err != nil {
		panic(err)
	}
	x := a.(*{{.Pkg}}.{{.Type}})

	msg := []byte("detached")
	buf := make([]byte, 0, len(msg)+x.Overhead())
	ct, tag := x.SealDetached(buf, nonce, msg, nil)
	fmt.Println(len(ct), len(tag))

	pt, err := x.OpenDetached(nil, nonce, ct, tag, nil)
	fmt.Printf("%s %v\n", pt, err)
	// Output:
	// 8 32
	// detached <nil>
}

// AEGIS-MAC, with the {{.Title}} MAC test vector of the specification ({{.MAC.Name}}). The key must not be used for encryption too.
func ExampleNewMAC() {
	key, _ := hex.DecodeString("{{.MAC.Key}}")
	nonce, _ := hex.DecodeString("{{.MAC.Nonce}}")
	data, _ := hex.DecodeString("{{.MAC.Data}}")

	m, err := {{.Pkg}}.NewMAC(key, nonce, 16)
	if err != nil {
		panic(err)
	}
	m.Write(data[:10]) // a MAC's Write never fails
	m.Write(data[10:])
	tag := m.Sum(nil)
	fmt.Printf("%x %v\n", tag, m.Verify(tag))
	// Output: {{.MAC.Tag}} true
}

// MAC is a hash.Hash, so it can take its input from an io.Reader.
func ExampleMAC_Write() {
	key, _ := randomKeyNonce()
	m, err := {{.Pkg}}.NewMAC(key, nil, 32)
	if err != nil {
		panic(err)
	}
	if _, err := io.Copy(m, strings.NewReader("a file's contents")); err != nil {
		panic(err)
	}
	fmt.Println(len(m.Sum(nil)))
	// Output: 32
}

// Stream fills a slice with the keystream of a key and a nonce: here the all-zero key and nonce.
func ExampleStream() {
	key := make([]byte, {{.Pkg}}.KeySize)
	out := make([]byte, 16)
	if err := {{.Pkg}}.Stream(out, key, nil); err != nil {
		panic(err)
	}
	fmt.Printf("%x\n", out)
	// Output: {{.Keystream}}
}

// A KeyStream gives the same bytes however it is read.
func ExampleNewKeyStream() {
	key := make([]byte, {{.Pkg}}.KeySize)
	ks, err := {{.Pkg}}.NewKeyStream(key, nil)
	if err != nil {
		panic(err)
	}
	a, b := make([]byte, 10), make([]byte, 20)
	ks.Read(a) // a KeyStream's Read never fails
	ks.Read(b)

	whole := make([]byte, 30)
	if err := {{.Pkg}}.Stream(whole, key, nil); err != nil {
		panic(err)
	}
	fmt.Println(bytes.Equal(append(a, b...), whole))
	// Output: true
}
`))

// streamExampleData is what streamExampleTmpl needs besides the variant.
type streamExampleData struct {
	variant
	MAC       macVector
	Keystream string // hex: 16 bytes of the all-zero key's and nonce's keystream
}

// macVector is the spec's MAC test vector shown in ExampleNewMAC.
type macVector struct {
	Name, Key, Nonce, Data, Tag string
}

// loadStreamExample takes the variant's first MAC vector from testdata and
// computes its keystream example with the reference code: the encryption of
// zero bytes under the all-zero key and nonce, without associated data.
func loadStreamExample(v variant) streamExampleData {
	ms, err := vectors.LoadMAC(v.Pkg)
	if err != nil {
		fail(err)
	}
	m := ms[0]
	fam128, blockRate := v.KeySize == 16, 32
	if !fam128 {
		blockRate = 16
	}
	ks := ref.Seal(fam128, v.Rate/blockRate, make([]byte, v.KeySize), make([]byte, v.NonceSize), make([]byte, 16), nil, 16)[:16]
	return streamExampleData{
		variant: v,
		MAC: macVector{
			Name: m.Name, Key: hex.EncodeToString(m.Key), Nonce: hex.EncodeToString(m.Nonce),
			Data: hex.EncodeToString(m.Data), Tag: hex.EncodeToString(m.Tag128),
		},
		Keystream: hex.EncodeToString(ks),
	}
}

// exampleData is what exampleTmpl needs besides the variant.
type exampleData struct {
	variant
	Vec            exampleVector
	SealedLen      int // of ExampleNew's message: nonce, 13 bytes, 16-byte tag
	RandomOverhead int // of NewWithRandomNonce's AEAD with 16-byte tags
}

func main() {
	for _, v := range variants() {
		if err := os.MkdirAll(v.Pkg, 0o755); err != nil {
			fail(err)
		}
		write(tmpl, v, filepath.Join(v.Pkg, v.Pkg+".go"))
		write(streamTmpl, v, filepath.Join(v.Pkg, v.Pkg+"_stream.go"))
		write(testTmpl, v, filepath.Join(v.Pkg, v.Pkg+"_test.go"))
		ex := exampleData{variant: v, Vec: loadExampleVector(v.Pkg), SealedLen: v.NonceSize + 13 + 16, RandomOverhead: v.NonceSize + 16}
		write(exampleTmpl, ex, filepath.Join(v.Pkg, v.Pkg+"_example_test.go"))
		write(randomTmpl, v, filepath.Join(v.Pkg, v.Pkg+"_random.go"))
		write(randomTestTmpl, v, filepath.Join(v.Pkg, v.Pkg+"_random_test.go"))
		write(randomExampleTmpl, ex, filepath.Join(v.Pkg, v.Pkg+"_random_example_test.go"))
		write(batchTmpl, v, filepath.Join(v.Pkg, v.Pkg+"_batch.go"))
		write(batchTestTmpl, v, filepath.Join(v.Pkg, v.Pkg+"_batch_test.go"))
		write(batchExampleTmpl, v, filepath.Join(v.Pkg, v.Pkg+"_batch_example_test.go"))
		write(streamExampleTmpl, loadStreamExample(v), filepath.Join(v.Pkg, v.Pkg+"_stream_example_test.go"))
		writeEngines(v)
	}
	writeCTables(filepath.Join("internal", "testing", "ctest", "tables_gen.h"))
	writeBatch()
	writeKernelDocs("README.md", "BENCHMARKS.md", "SECURITY.md")
	// The vperm kernel's shuffle tables, from the field arithmetic.
	if err := os.WriteFile(filepath.Join("csrc", "vperm_tables.h"), []byte(vperm.Derive().Header()), 0o644); err != nil {
		fail(err)
	}
}

// batchSlots is what the batch templates need: the two counts, the small
// entry point's name, and the slot indexes of each call.
type batchSlots struct {
	Group, Small           int
	SmallName              string
	GroupSlots, SmallSlots []int
}

// writeBatch writes, from core's batch slot counts, the argument lists of
// the batch entry points: a cgo call passes four pointers per message as
// arguments, since a descriptor array in Go memory would have to be
// pinned, at an allocation per pointer. internal/core gets runGroup, the
// cgo call (batch_cgo.go); csrc gets the counts and the declarations
// (batch_gen.h, included by aegis.h) and the entry points, which put their
// slots in an array for aegisgo_batch_run (batch_gen.c).
func writeBatch() {
	batchGroup, batchSmall := core.BatchGroup, core.BatchSmall
	if batchGroup&(batchGroup-1) != 0 || batchGroup > 32 || batchSmall < 1 || batchSmall >= batchGroup {
		fail(fmt.Errorf("core.BatchGroup %d must be a power of 2 up to 32, BatchSmall %d from 1 to below it", batchGroup, batchSmall))
	}
	d := batchSlots{Group: batchGroup, Small: batchSmall, SmallName: fmt.Sprintf("aegisgo_batch%d", batchSmall)}
	for j := range batchGroup {
		d.GroupSlots = append(d.GroupSlots, j)
	}
	d.SmallSlots = d.GroupSlots[:batchSmall]
	write(batchCgoTmpl, d, filepath.Join("internal", "core", "batch_cgo.go"))

	entries := []struct {
		name  string
		slots int
	}{{"aegisgo_batch", batchGroup}, {d.SmallName, batchSmall}}
	// params is the parameter list of an entry point with the given number
	// of slots, its lines after the first indented to the column of "(".
	params := func(name string, slots int) string {
		pad := "\n" + strings.Repeat(" ", len("uint32_t ")+len(name)+1)
		var b strings.Builder
		b.WriteString("aegisgo_ref ref, aegisgo_dir dir, const uint8_t *k," + pad + "size_t taglen, const size_t *lens, size_t n")
		for j := range slots {
			fmt.Fprintf(&b, ","+pad+"uint8_t *o%d, const uint8_t *i%d, const uint8_t *a%d, const uint8_t *n%d", j, j, j, j)
		}
		return b.String()
	}
	const head = `// SPDX-License-Identifier: MIT

/* Code generated by internal/gen/main.go from internal/core's BatchGroup and BatchSmall; DO NOT EDIT. */
`
	var h bytes.Buffer
	h.WriteString(head + `
/* batch_gen.h: the batch entry points, with a parameter per slot (see
 * aegis.h, "Batches", which includes this file). */
#ifndef AEGISGO_BATCH_GEN_H
#define AEGISGO_BATCH_GEN_H

`)
	fmt.Fprintf(&h, "#define AEGISGO_BATCH_GROUP %d\n#define AEGISGO_BATCH_SMALL %d\n", batchGroup, batchSmall)
	for _, e := range entries {
		fmt.Fprintf(&h, "\nuint32_t %s(%s);\n", e.name, params(e.name, e.slots))
	}
	h.WriteString("\n#endif\n")
	writeFile(filepath.Join("csrc", "batch_gen.h"), h.Bytes())

	var c bytes.Buffer
	c.WriteString("//go:build cgo && !without_aegis\n\n" + head + `
/* batch_gen.c: the batch entry points of aegis.h. Each puts its slots in
 * an array and runs the first n with aegisgo_batch_run (batch.c). lens has
 * an entry for every slot: the Go side passes a whole array. */
#include "batch.h"
`)
	for _, e := range entries {
		fmt.Fprintf(&c, "\nuint32_t %s(%s)\n{\n    const aegisgo_batch_msg msg[%d] = {\n", e.name, params(e.name, e.slots), e.slots)
		for j := range e.slots {
			fmt.Fprintf(&c, "        {o%d, i%d, lens[%d], a%d, lens[%d], n%d},\n", j, j, 2*j, j, 2*j+1, j)
		}
		fmt.Fprintf(&c, "    };\n    return aegisgo_batch_run((const aegisgo_ops *)ref, dir, k, taglen, msg, n < %d ? n : %d);\n}\n", e.slots, e.slots)
	}
	writeFile(filepath.Join("csrc", "batch_gen.c"), c.Bytes())
}

var batchCgoTmpl = template.Must(template.New("batchcgo").Parse(`// SPDX-License-Identifier: MIT

// Code generated by internal/gen/main.go from BatchGroup and BatchSmall; DO NOT EDIT.

//go:build cgo && !without_aegis

package core

/*
#cgo CFLAGS: -I${SRCDIR}/../../csrc
#cgo noescape aegisgo_batch
#cgo nocallback aegisgo_batch
#cgo noescape {{.SmallName}}
#cgo nocallback {{.SmallName}}
#include "aegis.h"
*/
import "C"

import "unsafe"

// The slot counts must be the C core's, and lens must hold size_t: one of these array lengths is negative otherwise, and the build fails.
var (
	_ [BatchGroup - C.AEGISGO_BATCH_GROUP]byte
	_ [C.AEGISGO_BATCH_GROUP - BatchGroup]byte
	_ [BatchSmall - C.AEGISGO_BATCH_SMALL]byte
	_ [C.AEGISGO_BATCH_SMALL - BatchSmall]byte
	_ [unsafe.Sizeof(C.size_t(0)) - unsafe.Sizeof(uintptr(0))]byte
	_ [unsafe.Sizeof(uintptr(0)) - unsafe.Sizeof(C.size_t(0))]byte
)

func u8(p *byte) *C.uint8_t { return (*C.uint8_t)(p) }

// runGroup is the one cgo call of each group of a batch, for a C table: the entry point with {{.Small}} slots when they hold the group, else the one with {{.Group}}; the Go engine takes a handle (engine.go). It returns, for an open, the bit mask of the messages whose tag did not match.
func runGroup(ops uintptr, g *group, k *byte, tagLen int, open bool) uint32 {
	if isGo(ops) {
		return goEngine(ops).runGroup(g, k, tagLen, open)
	}
	dir := C.aegisgo_dir(C.AEGISGO_ENCRYPT)
	if open {
		dir = C.AEGISGO_DECRYPT
	}
	if g.n <= BatchSmall {
		return uint32(C.{{.SmallName}}(C.aegisgo_ref(ops), dir, u8(k), C.size_t(tagLen),
			(*C.size_t)(unsafe.Pointer(&g.lens[0])), C.size_t(g.n){{range .SmallSlots}},
			u8(g.out[{{.}}]), u8(g.in[{{.}}]), u8(g.ad[{{.}}]), u8(g.noncePtr({{.}})){{end}}))
	}
	return uint32(C.aegisgo_batch(C.aegisgo_ref(ops), dir, u8(k), C.size_t(tagLen),
		(*C.size_t)(unsafe.Pointer(&g.lens[0])), C.size_t(g.n){{range .GroupSlots}},
		u8(g.out[{{.}}]), u8(g.in[{{.}}]), u8(g.ad[{{.}}]), u8(g.noncePtr({{.}})){{end}}))
}
`))

// writeFile writes generated text that gofmt does not format.
func writeFile(name string, b []byte) {
	if err := os.WriteFile(name, b, 0o644); err != nil {
		fail(err)
	}
}

// writeCTables writes the C tests' copy of core's tables: the variants
// (name, key and nonce sizes, family, lanes) and the kernel names, each
// entry at the index of csrc/aegis.h's constant for it (designated
// initializers), so that a name aegis.h lacks fails to compile; and
// ops_for, which finds a variant's table in a kernel among the six
// aegisgo_tables_* arrays of the engines' packages.
func writeCTables(name string) {
	var b bytes.Buffer
	b.WriteString(`/* SPDX-License-Identifier: MIT */

/* Code generated by internal/gen/main.go from internal/core's tables; DO NOT EDIT. */

#ifndef AEGISGO_CTEST_TABLES_GEN_H
#define AEGISGO_CTEST_TABLES_GEN_H

#include <stddef.h>

#include "aegis.h"

typedef struct {
    const char *name;
    size_t keylen, noncelen;
    int fam;   /* 128 or 256 */
    int d;     /* lanes */
} variant_info;

`)
	fmt.Fprintf(&b, "_Static_assert(AEGISGO_NVARIANTS == %d, \"internal/core has %d variants\");\n", len(core.Variants), len(core.Variants))
	b.WriteString("__attribute__((unused)) static const variant_info variants[AEGISGO_NVARIANTS] = {\n")
	for _, v := range core.Variants {
		fam, blockRate := 128, 32
		if v.KeySize == 32 {
			fam, blockRate = 256, 16
		}
		fmt.Fprintf(&b, "    [AEGISGO_%s] = {%q, %d, %d, %d, %d},\n",
			strings.ToUpper(strings.TrimPrefix(v.Name, "aegis")), v.Title, v.KeySize, v.NonceSize, fam, v.Rate/blockRate)
	}
	b.WriteString("};\n\n")
	ks := core.AllKernels()
	fmt.Fprintf(&b, "_Static_assert(AEGISGO_NKERNELS == %d, \"internal/core has %d kernels\");\n", len(ks), len(ks))
	b.WriteString("__attribute__((unused)) static const char *const kernel_names[AEGISGO_NKERNELS] = {\n")
	for _, k := range ks {
		fmt.Fprintf(&b, "    [AEGISGO_%s] = %q,\n", strings.ToUpper(k.String()), k.String())
	}
	b.WriteString("};\n\n")
	// The lookup that the C core no longer has: each variant's package
	// defines its own table array, and the tests, which link all six,
	// index them by variant and kernel.
	b.WriteString(`/* The C core's tables of each variant (AEGISGO_TABLES in aegis.h, defined
 * by internal/engines/<variant>/tables.c), by variant: a test program links
 * all six variants' C code. */
__attribute__((unused)) static const aegisgo_ops *const *const variant_tables[AEGISGO_NVARIANTS] = {
`)
	for _, v := range core.Variants {
		suffix := strings.TrimPrefix(v.Name, "aegis")
		fmt.Fprintf(&b, "    [AEGISGO_%s] = aegisgo_tables_%s,\n", strings.ToUpper(suffix), suffix)
	}
	b.WriteString(`};

/* The table of variant v in kernel k, or NULL where this build has none:
 * a kernel left out, one for another architecture, or soft, which is Go
 * code only (the C core has no soft kernel). */
__attribute__((unused)) static const aegisgo_ops *ops_for(int v, int k)
{
    if (v < 0 || v >= AEGISGO_NVARIANTS || k < 0 || k >= AEGISGO_NKERNELS) {
        return NULL;
    }
    return variant_tables[v][k];
}

#endif
`)
	if err := os.WriteFile(name, b.Bytes(), 0o644); err != nil {
		fail(err)
	}
}

func write(t *template.Template, data any, name string) {
	var b bytes.Buffer
	if err := t.Execute(&b, data); err != nil {
		fail(err)
	}
	src, err := format.Source(b.Bytes())
	if err != nil {
		fail(fmt.Errorf("%s: %v", name, err))
	}
	src = wrapComments(src)
	if err := os.WriteFile(name, src, 0o644); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "gen:", err)
	os.Exit(1)
}

// commentLine is a line comment with text: its indentation and its text.
// Lines of "//" alone, and text that starts with a space or a tab (code
// blocks, lists), do not match and end a paragraph.
var commentLine = regexp.MustCompile(`^(\t*)// (\S.*)$`)

// linkDef is a doc link definition, "[text]: URL", kept on its own line.
var linkDef = regexp.MustCompile(`^\[[^\]]+\]: `)

// wrapWidth is the column that comment lines stay within, a tab counted
// as 4 columns as gofmt's readers usually show it.
const wrapWidth = 77

// wrapComments refills every paragraph of line comments in src so that
// its lines stay within wrapWidth: the templates can then hold each
// paragraph on one line, whatever the length of the names put in. A run
// of comment lines that starts with "Output:", "Code generated" or "SPDX"
// is left as it is, and so is a link definition.
func wrapComments(src []byte) []byte {
	lines := strings.Split(string(src), "\n")
	var out []string
	for i := 0; i < len(lines); {
		m := commentLine.FindStringSubmatch(lines[i])
		if m == nil || linkDef.MatchString(m[2]) {
			out = append(out, lines[i])
			i++
			continue
		}
		if keepAsIs(m[2]) {
			// The whole run of comment lines, as it is.
			for ; i < len(lines) && strings.HasPrefix(strings.TrimLeft(lines[i], "\t"), "//"); i++ {
				out = append(out, lines[i])
			}
			continue
		}
		indent, words := m[1], strings.Fields(m[2])
		j := i + 1
		for ; j < len(lines); j++ {
			n := commentLine.FindStringSubmatch(lines[j])
			if n == nil || n[1] != indent || linkDef.MatchString(n[2]) {
				break
			}
			words = append(words, strings.Fields(n[2])...)
		}
		out = append(out, fill(indent, words)...)
		i = j
	}
	return []byte(strings.Join(out, "\n"))
}

func keepAsIs(text string) bool {
	for _, p := range []string{"Output:", "Code generated", "SPDX-License-Identifier"} {
		if strings.HasPrefix(text, p) {
			return true
		}
	}
	return false
}

// fill lays words out in "// " lines after indent, as many to a line as
// fit in wrapWidth; a word longer than a line gets a line of its own.
func fill(indent string, words []string) []string {
	prefix := indent + "// "
	room := wrapWidth - 4*len(indent) - 3
	var lines []string
	line := ""
	for _, w := range words {
		switch {
		case line == "":
			line = w
		case len(line)+1+len(w) <= room:
			line += " " + w
		default:
			lines = append(lines, prefix+line)
			line = w
		}
	}
	return append(lines, prefix+line)
}

// The engines' packages: internal/engines/<variant> holds one variant's
// code in each engine (asm.Engines), which the variant's package
// registers with internal/core, so that a program links the variants it
// imports and no other. Its C files instantiate the kernels of
// csrc/kernel_<name>.h for that variant alone: each lists the variant's
// entry points in a table, by their full names (so that grep finds what
// a profiler shows), and the compiler drops the rest of the kernel.

// cKernel is a kernel of the C core, as the engines' templates need it.
type cKernel struct {
	Name, Upper string
	Lanes       int      // for the D = 1 variants; 0 otherwise
	Alone       bool     // compiled in a file of its own: arm64's (neonsha3 compiles neon's source again)
	Arch        []string // the GOARCHes where it has code; none: every one
	Intrin      []string // the x86 intrinsics headers that csrc/kernel_<name>.h includes
}

// x86Intrin matches an include of an x86 intrinsics header (wmmintrin.h,
// immintrin.h, ...); arm_neon.h is not one: arm64's kernels include it
// after their target pragma, and must.
var x86Intrin = regexp.MustCompile(`(?m)^#include <(\w*mmintrin\.h)>`)

// intrinOf lists the x86 intrinsics headers of csrc/kernel_<name>.h, in
// the order it includes them.
func intrinOf(name string) []string {
	b, err := os.ReadFile(filepath.Join("csrc", "kernel_"+name+".h"))
	if err != nil {
		fail(err)
	}
	var hs []string
	for _, m := range x86Intrin.FindAllSubmatch(b, -1) {
		hs = append(hs, string(m[1]))
	}
	return hs
}

// engineData is what the engines' templates need for one variant.
type engineData struct {
	variant
	Suffix  string // of the C names: 128l, 256x2
	Short   string // of the Go names: 128L, 256X2
	Fam     int    // 128 or 256
	D       int    // the degree
	Kernels []cKernel
}

func engineDataOf(v variant) engineData {
	e := engineData{variant: v, Suffix: strings.TrimPrefix(v.Pkg, "aegis"), Short: strings.TrimPrefix(v.Ident, "AEGIS"), Fam: 128, D: v.Rate / 32}
	if v.KeySize == 32 {
		e.Fam, e.D = 256, v.Rate/16
	}
	for _, k := range core.AllKernels() {
		info := k.Info()
		if !info.C {
			continue
		}
		ck := cKernel{Name: info.Name, Upper: strings.ToUpper(info.Name), Alone: info.Arch == "arm64", Intrin: intrinOf(info.Name)}
		if info.Arch != "any" {
			ck.Arch = strings.Split(info.Arch, ", ")
		}
		if e.D == 1 {
			ck.Lanes = info.Lanes
		}
		e.Kernels = append(e.Kernels, ck)
	}
	return e
}

func writeEngines(v variant) {
	e := engineDataOf(v)
	dir := filepath.Join("internal", "engines", v.Pkg)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fail(err)
	}
	write(enginesDocTmpl, e, filepath.Join(dir, "engines.go"))
	write(enginesCgoTmpl, e, filepath.Join(dir, "engines_cgo.go"))
	write(enginesNocgoTmpl, e, filepath.Join(dir, "engines_nocgo.go"))
	// The kernels that are not alone share two files, by the intrinsics
	// headers they include. Those that need <immintrin.h> (gcc declares
	// the VAES and AVX-512 intrinsics nowhere else), a large header that
	// is most of a small kernel's compile time, share kernels.c, so that
	// it is parsed once. The others, whose headers are small, share
	// tables.c with the variant's table, which every build compiles. go
	// build compiles a package's C files in parallel, so the two about
	// halve the time a program waits for the variant's C, at a few
	// hundredths of a second more work than one file; and it starts them
	// in the order of their names, so the longer one, kernels.c, starts
	// first.
	keep := map[string]bool{}
	var heavy, light []cKernel
	for _, k := range e.Kernels {
		switch {
		case k.Alone:
			keep[writeKernelFile(e, dir, "kernel_"+k.Name, []cKernel{k}, false)] = true
		case slices.Contains(k.Intrin, "immintrin.h"):
			heavy = append(heavy, k)
		default:
			light = append(light, k)
		}
	}
	if len(heavy) > 0 {
		keep[writeKernelFile(e, dir, "kernels", heavy, false)] = true
	}
	keep[writeKernelFile(e, dir, "tables", light, true)] = true
	// The directory is the generator's: a C file it no longer writes
	// (a kernel's file after a regrouping) goes.
	cs, err := filepath.Glob(filepath.Join(dir, "*.c"))
	if err != nil {
		fail(err)
	}
	for _, c := range cs {
		if !keep[c] {
			if err := os.Remove(c); err != nil {
				fail(err)
			}
		}
	}
}

var enginesDocTmpl = template.Must(template.New("enginesdoc").Parse(`// SPDX-License-Identifier: MIT

// Code generated by internal/gen/main.go; DO NOT EDIT.

// Package {{.Pkg}} holds the code of {{.Title}} in each engine, which package github.com/aegisgo/aegis/{{.Pkg}} registers with internal/core: the C core's kernels instantiated for {{.Title}} alone (kernel_*.c, from the bodies and kernels of csrc), the Go assembly's functions (internal/asm) and the constant-time Go kernel (internal/soft). A program that imports the variant links this package, and nothing of the other variants.
package {{.Pkg}}
`))

var enginesCgoTmpl = template.Must(template.New("enginescgo").Parse(`// SPDX-License-Identifier: MIT

// Code generated by internal/gen/main.go; DO NOT EDIT.

//go:build cgo && !without_aegis

package {{.Pkg}}

// The kernels switch their instruction sets on per function with target
// pragmas, so the package compiles for the baseline CPU.

/*
#cgo CFLAGS: -I${SRCDIR}/../../../csrc -O3 -g1 -Wall
#include "aegis.h"
*/
import "C"

import (
	"unsafe"

	_ "github.com/aegisgo/aegis/csrc" // the C core's glue, which the kernels call
	"github.com/aegisgo/aegis/internal/asm"
	"github.com/aegisgo/aegis/internal/soft"
)

// Engines is {{.Title}}'s code in a cgo build: the C core's tables (tables.c) for every call that the assembly's one-message Seal and Open do not take, and soft.
var Engines = func() asm.Engines {
	e := asm.Engines{OneShot: &asm.OneShot{{.Short}}, Soft: soft.Funcs{{.Short}}}
	for k, t := range C.aegisgo_tables_{{.Suffix}} {
		if t != nil {
			e.C[k] = uintptr(unsafe.Pointer(t))
			e.Lanes[k] = int(t.lanes)
		}
	}
	return e
}()
`))

var enginesNocgoTmpl = template.Must(template.New("enginesnocgo").Parse(`// SPDX-License-Identifier: MIT

// Code generated by internal/gen/main.go; DO NOT EDIT.

//go:build !cgo || without_aegis

package {{.Pkg}}

import (
	"github.com/aegisgo/aegis/internal/asm"
	"github.com/aegisgo/aegis/internal/soft"
)

// Engines is {{.Title}}'s code in a build without cgo: the assembly's one-message Seal and Open, its state-level functions, on which the Go engine composes the rest, and soft. (With without_aegis, internal/core takes none of it.)
var Engines = asm.Engines{OneShot: &asm.OneShot{{.Short}}, State: &asm.Funcs{{.Short}}, Soft: soft.Funcs{{.Short}}}
`))

// writeKernelFile writes dir/base.c, a C file of kernels ks for e's
// variant, and returns its name. The file builds only for the GOARCHes
// where one of ks has code, and includes the kernels' x86 intrinsics
// headers before their target pragmas.
func writeKernelFile(e engineData, dir, base string, ks []cKernel, tables bool) string {
	var arch, intrin []string
	for _, k := range ks {
		if tables {
			break // the table is for every GOARCH
		}
		if len(k.Arch) == 0 {
			arch = nil
			break
		}
		for _, a := range k.Arch {
			if !slices.Contains(arch, a) {
				arch = append(arch, a)
			}
		}
	}
	for _, k := range ks {
		for _, h := range k.Intrin {
			if !slices.Contains(intrin, h) {
				intrin = append(intrin, h)
			}
		}
	}
	constraint := "cgo && !without_aegis"
	switch len(arch) {
	case 0:
	case 1:
		constraint += " && " + arch[0]
	default:
		constraint += " && (" + strings.Join(arch, " || ") + ")"
	}
	var b bytes.Buffer
	if err := enginesFileTmpl.Execute(&b, struct {
		engineData
		Ks         []cKernel
		Constraint string
		Intrin     []string
		Tables     bool
	}{e, ks, constraint, intrin, tables}); err != nil {
		fail(err)
	}
	for _, k := range ks {
		if err := enginesKernelTmpl.Execute(&b, struct {
			engineData
			K cKernel
		}{e, k}); err != nil {
			fail(err)
		}
	}
	if tables {
		if err := enginesTablesTmpl.Execute(&b, struct {
			engineData
			Here []cKernel
		}{e, ks}); err != nil {
			fail(err)
		}
	}
	name := filepath.Join(dir, base+".c")
	writeFile(name, b.Bytes())
	return name
}

var enginesFileTmpl = template.Must(template.New("enginesfile").Parse(`// SPDX-License-Identifier: MIT

//go:build {{.Constraint}}

/* Code generated by internal/gen/main.go; DO NOT EDIT.
 *
 * {{.Title}} on the kernels{{range .Ks}} {{.Name}}{{end}} (csrc/kernel_*.h):
 * the table of entry points of each, which is all the compiler keeps of
 * the kernel. Only the {{.Fam}} family is instantiated (instance.h).
{{- if .Tables}}
 * These kernels' intrinsics headers are small; those of kernels.c are
 * not, and it compiles beside this file. At the end, the variant's
 * tables, by kernel (AEGISGO_TABLES in csrc/aegis.h).
{{- end}} */
#define AEGISGO_FAMILY {{.Fam}}
#include "internal.h"
{{- if .Intrin}}
#ifdef AEGISGO_X86
/* The kernels' intrinsics headers, before any kernel's target pragma: one
 * included first under a pragma would give its baseline functions that
 * kernel's target. */
{{- range .Intrin}}
#include <{{.}}>
{{- end}}
#endif
{{- end}}
`))

var enginesKernelTmpl = template.Must(template.New("engineskernel").Parse(`
#include "kernel_{{.K.Name}}.h"
#ifdef AEGISGO_HAVE_{{.K.Upper}}
const aegisgo_ops aegisgo_{{.K.Name}}_{{.Suffix}} = {
    .encrypt = {{.K.Name}}_d{{.D}}_encrypt{{.Fam}}, .decrypt = {{.K.Name}}_d{{.D}}_decrypt{{.Fam}},
    .inc_init = {{.K.Name}}_d{{.D}}_inc{{.Fam}}_init, .inc_update = {{.K.Name}}_d{{.D}}_inc{{.Fam}}_update,
    .inc_final = {{.K.Name}}_d{{.D}}_inc{{.Fam}}_final,
    .mac_update = {{.K.Name}}_d{{.D}}_mac{{.Fam}}_update, .mac_final = {{.K.Name}}_d{{.D}}_mac{{.Fam}}_final,
{{- if .K.Lanes}}
    .lanes = {{.K.Lanes}}, .seal_lanes = {{.K.Name}}_seal{{.Fam}}_{{.K.Lanes}}x1, .open_lanes = {{.K.Name}}_open{{.Fam}}_{{.K.Lanes}}x1,
{{- end}}
};
#endif
`))

var enginesTablesTmpl = template.Must(template.New("enginestables").Funcs(template.FuncMap{"has": func(ks []cKernel, name string) bool {
	return slices.ContainsFunc(ks, func(k cKernel) bool { return k.Name == name })
}}).Parse(`
/* The tables: the kernels this build has, from this file and kernel*.c
 * here. */
{{- range .Kernels}}{{if not (has $.Here .Name)}}
#ifdef AEGISGO_HAVE_{{.Upper}}
extern const aegisgo_ops aegisgo_{{.Name}}_{{$.Suffix}};
#endif
{{- end}}{{end}}

AEGISGO_TABLES({{.Suffix}}) = {
{{- range .Kernels}}
#ifdef AEGISGO_HAVE_{{.Upper}}
    [AEGISGO_{{.Upper}}] = &aegisgo_{{.Name}}_{{$.Suffix}},
#endif
{{- end}}
};
`))

// The documents' list of kernels: a Markdown table, from core's table,
// between these two lines of each document that has them (go generate
// rewrites what is between them; CI's check of
// generated files fails where it drifted).
const (
	kernelsBegin = "<!-- kernels:begin -->"
	kernelsEnd   = "<!-- kernels:end -->"
)

// kernelsMarkdown is the table, best kernel first.
func kernelsMarkdown() string {
	var b strings.Builder
	b.WriteString("| kernel | architecture | instructions | engines | description |\n")
	b.WriteString("|---|---|---|---|---|\n")
	for _, k := range core.BestFirst() {
		info := k.Info()
		var engines []string
		if info.C {
			engines = append(engines, "C")
		}
		if info.Asm {
			engines = append(engines, "assembly")
		}
		if info.Go {
			engines = append(engines, "Go")
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %s |\n", info.Name, info.Arch, info.ISA, strings.Join(engines, ", "), info.Desc)
	}
	return b.String()
}

// writeKernelDocs puts the table between the markers of each document
// that has them, and fails where a document has one marker and not the
// other.
func writeKernelDocs(docs ...string) {
	table := kernelsMarkdown()
	for _, name := range docs {
		b, err := os.ReadFile(name)
		if err != nil {
			fail(err)
		}
		s := string(b)
		i, j := strings.Index(s, kernelsBegin), strings.Index(s, kernelsEnd)
		switch {
		case i < 0 && j < 0:
			continue
		case i < 0 || j < i:
			fail(fmt.Errorf("%s: the kernels' markers are out of order or one is missing", name))
		}
		s = s[:i+len(kernelsBegin)] + "\n" + table + s[j:]
		writeFile(name, []byte(s))
	}
}
