// SPDX-License-Identifier: MIT

package main

import (
	"bufio"
	"crypto/aes"
	"crypto/cipher"
	"fmt"
	"os"
	"runtime"
	"strings"

	"golang.org/x/crypto/chacha20poly1305"
	"golang.org/x/sys/cpu"

	"github.com/aegisgo/aegis/aegis128l"
	"github.com/aegisgo/aegis/aegis128x2"
	"github.com/aegisgo/aegis/aegis128x4"
	"github.com/aegisgo/aegis/aegis256"
	"github.com/aegisgo/aegis/aegis256x2"
	"github.com/aegisgo/aegis/aegis256x4"
	"github.com/aegisgo/aegis/common"
	"github.com/aegisgo/aegis/internal/cli"
	"github.com/aegisgo/aegis/internal/core"
)

// cipherSpec is one row of the table.
type cipherSpec struct {
	name      string // as printed: AEGIS-128L, AES-128-GCM, ...
	aegis     bool
	keySize   int
	nonceSize int
	tagLen    int // 0: the tag length from -tag (AEGIS); else fixed
	kernel    func() string
	new       func(key []byte, tagLen int) (cipher.AEAD, error)
	baseline  string // for AEGIS rows: the name of the AES-GCM row to compare with
	variant   int    // for AEGIS rows: the index in core.Variants
	fixed     bool   // an AEGIS row of -kernels: its kernel is given, not chosen
	fixedK    core.Kernel
}

// aegisPkg ties core.Variants, by index, to the packages' functions.
var aegisPkg = [len(core.Variants)]struct {
	new       func(key []byte, tagLen int) (cipher.AEAD, error)
	impl      func() string
	keySize   int
	nonceSize int
}{
	{aegis128l.New, aegis128l.Implementation, aegis128l.KeySize, aegis128l.NonceSize},
	{aegis128x2.New, aegis128x2.Implementation, aegis128x2.KeySize, aegis128x2.NonceSize},
	{aegis128x4.New, aegis128x4.Implementation, aegis128x4.KeySize, aegis128x4.NonceSize},
	{aegis256.New, aegis256.Implementation, aegis256.KeySize, aegis256.NonceSize},
	{aegis256x2.New, aegis256x2.Implementation, aegis256x2.KeySize, aegis256x2.NonceSize},
	{aegis256x4.New, aegis256x4.Implementation, aegis256x4.KeySize, aegis256x4.NonceSize},
}

const (
	nameGCM128 = "AES-128-GCM"
	nameGCM256 = "AES-256-GCM"
	nameChaCha = "ChaCha20-Poly1305"
)

func newGCM(key []byte, _ int) (cipher.AEAD, error) {
	b, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(b)
}

func newChaCha(key []byte, _ int) (cipher.AEAD, error) {
	return chacha20poly1305.New(key)
}

// baselineSpecs are the non-AEGIS rows, after the AEGIS ones.
var baselineSpecs = []cipherSpec{
	{name: nameGCM128, keySize: 16, nonceSize: 12, tagLen: 16, kernel: constKernel("stdlib"), new: newGCM},
	{name: nameGCM256, keySize: 32, nonceSize: 12, tagLen: 16, kernel: constKernel("stdlib"), new: newGCM},
	{name: nameChaCha, keySize: chacha20poly1305.KeySize, nonceSize: chacha20poly1305.NonceSize, tagLen: 16,
		kernel: constKernel("x/crypto"), new: newChaCha},
}

func constKernel(s string) func() string { return func() string { return s } }

// aegisSpec returns the row for core.Variants[i].
func aegisSpec(i int) cipherSpec {
	v := &core.Variants[i]
	p := aegisPkg[i]
	base := nameGCM128
	if p.keySize == 32 {
		base = nameGCM256
	}
	return cipherSpec{
		name: v.Title, aegis: true, keySize: p.keySize, nonceSize: p.nonceSize,
		kernel: p.impl, new: p.new, baseline: base, variant: i,
	}
}

// kernelSpec returns the row of core.Variants[i] under kernel k, for
// -kernels. Its AEAD is what New makes under AEGIS_IMPL=k (the same path
// to the assembly and the C core: core's PathAuto), made in this process,
// so that the rounds of every kernel interleave as those of every cipher
// do, and a burst of load on the machine spoils no kernel more than
// another.
func kernelSpec(i int, k core.Kernel) cipherSpec {
	s := aegisSpec(i)
	v := &core.Variants[i]
	s.name = v.Title + " " + k.String()
	s.kernel = constKernel(k.String())
	s.fixed, s.fixedK = true, k
	if v.KeySize == 16 {
		s.new = func(key []byte, tagLen int) (cipher.AEAD, error) {
			a := new(core.AEAD16)
			if err := a.InitKernel(v, key, tagLen, k); err != nil {
				return nil, err
			}
			return a, nil
		}
	} else {
		s.new = func(key []byte, tagLen int) (cipher.AEAD, error) {
			a := new(core.AEAD)
			if err := a.InitKernel(v, key, tagLen, k); err != nil {
				return nil, err
			}
			return a, nil
		}
	}
	return s
}

// selectCiphers returns the rows that cfg asks for and this build can run:
// the selected AEGIS variants when AEGIS is available, then the baselines.
func selectCiphers(cfg *config) []cipherSpec {
	var specs []cipherSpec
	if common.Available {
		for _, i := range cfg.variants {
			if !cfg.kernels {
				specs = append(specs, aegisSpec(i))
				continue
			}
			for _, k := range core.Kernels(&core.Variants[i]) {
				specs = append(specs, kernelSpec(i, k))
			}
		}
	}
	if cfg.baselines {
		specs = append(specs, baselineSpecs...)
	}
	return specs
}

const notAvailableMsg = "AEGIS is not available in this build (built with -tags without_aegis); measuring the baselines only"

// header describes the machine and the build; it heads the table and the
// JSON document.
type header struct {
	GoVersion      string            `json:"go_version"`
	GOOS           string            `json:"goos"`
	GOARCH         string            `json:"goarch"`
	CPU            string            `json:"cpu,omitempty"`
	CPUFeatures    []string          `json:"cpu_features"`
	ClockGHz       float64           `json:"clock_ghz,omitempty"` // estimated; 0 where no probe exists
	AEGISAvailable bool              `json:"aegis_available"`
	AEGISImpl      string            `json:"aegis_impl,omitempty"`
	Kernels        map[string]string `json:"kernels,omitempty"`
	kernelOrder    []string
	Warnings       []string `json:"warnings,omitempty"`
}

func probeHeader(cfg *config) *header {
	h := &header{
		GoVersion:      runtime.Version(),
		GOOS:           runtime.GOOS,
		GOARCH:         runtime.GOARCH,
		CPU:            cpuModel(),
		CPUFeatures:    cpuFeatures(),
		ClockGHz:       clockHz() / 1e9,
		AEGISAvailable: common.Available,
		AEGISImpl:      os.Getenv("AEGIS_IMPL"),
	}
	if h.CPUFeatures == nil {
		h.CPUFeatures = []string{}
	}
	if !h.AEGISAvailable {
		h.Warnings = append(h.Warnings, notAvailableMsg)
	} else {
		h.Kernels = map[string]string{}
		for i := range core.Variants {
			t := core.Variants[i].Title
			h.Kernels[t] = aegisPkg[i].impl()
			h.kernelOrder = append(h.kernelOrder, t)
		}
	}
	if p := cli.ImplEnvProblem(); p != "" {
		h.Warnings = append(h.Warnings, p)
	}
	if cfg.tagLen != 16 && cfg.baselines {
		h.Warnings = append(h.Warnings, fmt.Sprintf(
			"AEGIS uses %d-byte tags; the baselines keep their 16-byte tags", cfg.tagLen))
	}
	return h
}

// cpuModel returns the first "model name" of /proc/cpuinfo on Linux, or "".
func cpuModel() string {
	if runtime.GOOS != "linux" {
		return ""
	}
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if ok && strings.TrimSpace(k) == "model name" {
			return strings.Join(strings.Fields(v), " ")
		}
	}
	return ""
}

// cpuFeatures lists the CPU features, among those that matter to the
// ciphers measured, that this CPU has.
func cpuFeatures() []string {
	type feat struct {
		name string
		has  bool
	}
	var fs []feat
	switch runtime.GOARCH {
	case "amd64":
		fs = []feat{
			{"AES", cpu.X86.HasAES},
			{"PCLMULQDQ", cpu.X86.HasPCLMULQDQ},
			{"AVX", cpu.X86.HasAVX},
			{"AVX2", cpu.X86.HasAVX2},
			{"AVX512F", cpu.X86.HasAVX512F},
			{"AVX512VL", cpu.X86.HasAVX512VL},
			{"VAES(avx512)", cpu.X86.HasAVX512VAES},
		}
	case "arm64":
		fs = []feat{
			{"AES", cpu.ARM64.HasAES},
			{"PMULL", cpu.ARM64.HasPMULL},
			{"SHA3", cpu.ARM64.HasSHA3},
		}
	}
	var out []string
	for _, f := range fs {
		if f.has {
			out = append(out, f.name)
		}
	}
	return out
}
