// SPDX-License-Identifier: MIT

package asm

import (
	"go/ast"
	"go/parser"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The generated assembly is checked as text, whatever GOARCH the test
// runs on: valgrind's constant-time check sees only the C core, so this
// scan is the assembly's.

// A function of a generated file, as the scan sees it.
type asmFunc struct {
	name     string
	requires []string // avo's "// Requires:" line (amd64)
	lines    []asmLine
	// signed: its Go signature is in the comment above TEXT, and
	// secretArgs are its arguments that are arrays, whose bytes are in
	// the frame: the one-shot functions' nonce, n.
	signed     bool
	secretArgs []string
}

// sigComment is the comment above a function's TEXT line: avo's "// func
// name(args) results", the arm64 generator's "// name(args) results".
var sigComment = regexp.MustCompile(`^// (?:func )?(\w+)(\(.*)$`)

// arrayArgs returns the names of the arguments of a signature (args
// and results, after the name) whose type is an array, and whether it
// parses.
func arrayArgs(sig string) ([]string, bool) {
	e, err := parser.ParseExpr("func" + sig)
	if err != nil {
		return nil, false
	}
	ft, ok := e.(*ast.FuncType)
	if !ok {
		return nil, false
	}
	var names []string
	for _, f := range ft.Params.List {
		if at, ok := f.Type.(*ast.ArrayType); ok && at.Len != nil {
			for _, n := range f.Names {
				names = append(names, n.Name)
			}
		}
	}
	return names, true
}

// secretFrame reports whether a frame operand (name+off(FP)) is one of
// the secret arguments, or an element of one (asmdecl's n_0 ... n_31).
func (f *asmFunc) secretFrame(arg string) bool {
	for _, n := range f.secretArgs {
		if regexp.MustCompile(`^` + n + `(_[0-9]+)?[+-][0-9]+\(FP\)$`).MatchString(arg) {
			return true
		}
	}
	return false
}

type asmLine struct {
	n     int    // line number
	label string // a label line: its name; otherwise empty
	op    string // the mnemonic
	args  []string
}

func parseAsm(t *testing.T, src string) []asmFunc {
	t.Helper()
	var fs []asmFunc
	var requires []string
	var sigName, sig string
	for i, line := range strings.Split(src, "\n") {
		line = strings.TrimSpace(line)
		if r, ok := strings.CutPrefix(line, "// Requires: "); ok {
			requires = strings.Split(r, ", ")
			continue
		}
		if m := sigComment.FindStringSubmatch(line); m != nil {
			sigName, sig = m[1], m[2]
			continue
		}
		if c := strings.Index(line, "//"); c >= 0 {
			line = strings.TrimSpace(line[:c])
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if name, ok := strings.CutPrefix(line, "TEXT "); ok {
			name = strings.TrimPrefix(name[:strings.Index(name, "(SB)")], "·")
			f := asmFunc{name: name, requires: requires}
			if sigName == name {
				f.secretArgs, f.signed = arrayArgs(sig)
			}
			fs = append(fs, f)
			requires, sigName = nil, ""
			continue
		}
		if strings.HasPrefix(line, "DATA ") || strings.HasPrefix(line, "GLOBL ") {
			continue
		}
		if len(fs) == 0 {
			t.Fatalf("line %d: %q outside a function", i+1, line)
		}
		f := &fs[len(fs)-1]
		if l, ok := strings.CutSuffix(line, ":"); ok && !strings.ContainsAny(l, " \t") {
			f.lines = append(f.lines, asmLine{n: i + 1, label: l})
			continue
		}
		op, rest := line, ""
		if i := strings.IndexAny(line, " \t"); i >= 0 {
			op, rest = line[:i], line[i+1:]
		}
		var args []string
		if rest = strings.TrimSpace(rest); rest != "" {
			args = splitArgs(rest)
		}
		f.lines = append(f.lines, asmLine{n: i + 1, op: op, args: args})
	}
	return fs
}

// splitArgs splits operands at the commas outside brackets.
func splitArgs(s string) []string {
	var out []string
	depth, start := 0, 0
	for i, c := range s {
		switch c {
		case '(', '[':
			depth++
		case ')', ']':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, strings.TrimSpace(s[start:i]))
				start = i + 1
			}
		}
	}
	return append(out, strings.TrimSpace(s[start:]))
}

// An architecture's register classes and instruction classes, as the
// constant-time scan needs them.
type isa struct {
	gp, vec   *regexp.Regexp // a general-purpose register, a vector or mask register (whole operand)
	canon     func(string) string
	setsFlags func(op string) bool
	readsFlag func(op string) bool // a conditional branch, move or set
	branch    func(op string) bool // a conditional branch
	setcc     func(op string) bool
	// setAnywhere: a conditional set may take secret flags into any
	// register (arm64's CSET, whose result is then a secret); otherwise
	// only into the result on the frame (amd64's SET into ok+N(FP)).
	setAnywhere bool
	forbidden   func(op string) bool   // variable-time or data-addressed instructions
	indirect    func(l asmLine) bool   // a jump or call through a register
	tested      func(l asmLine) string // the register a compare-and-branch tests (arm64's CBZ, TBZ), if any
	// noWrite lists the mnemonics whose last operand is read, not written.
	noWrite func(op string) bool
}

var amd64ISA = isa{
	gp:  regexp.MustCompile(`^(R(8|9|1[0-5])[BWL]?|[ABCD]X|[ABCD]L|SI|DI|BP|SP|SIB|DIB)$`),
	vec: regexp.MustCompile(`^([XYZ]([0-9]|[12][0-9]|3[01])|K[0-7])$`),
	canon: func(r string) string {
		switch r {
		case "CL":
			return "CX"
		case "AL":
			return "AX"
		case "BL":
			return "BX"
		case "DL":
			return "DX"
		}
		return strings.TrimRight(r, "BWL")
	},
	setsFlags: func(op string) bool {
		for _, p := range []string{"CMP", "TEST", "ADD", "SUB", "AND", "OR", "XOR", "INC", "DEC", "SHL", "SHR", "SAR", "NEG", "BT", "PTEST", "VPTEST", "KORTEST", "KTEST", "UCOMIS", "COMIS"} {
			if strings.HasPrefix(op, p) && !strings.HasPrefix(op, "ANDN") {
				return true
			}
		}
		return false
	},
	readsFlag: func(op string) bool {
		return (strings.HasPrefix(op, "J") && op != "JMP") || strings.HasPrefix(op, "CMOV") || strings.HasPrefix(op, "SET")
	},
	branch: func(op string) bool { return strings.HasPrefix(op, "J") && op != "JMP" },
	setcc:  func(op string) bool { return strings.HasPrefix(op, "SET") },
	forbidden: func(op string) bool {
		return strings.Contains(op, "DIV") || strings.Contains(op, "GATHER") || strings.Contains(op, "SCATTER")
	},
	indirect: func(l asmLine) bool {
		return (l.op == "JMP" || l.op == "CALL") && len(l.args) == 1 && !strings.Contains(l.args[0], "(SB)") && regexp.MustCompile(`^[A-Z]`).MatchString(l.args[0]) && !isLabelRef(l.args[0])
	},
	tested: func(asmLine) string { return "" },
	noWrite: func(op string) bool {
		return strings.HasPrefix(op, "CMP") || strings.HasPrefix(op, "TEST") || strings.HasPrefix(op, "BT") || strings.HasPrefix(op, "J") || op == "RET"
	},
}

var arm64Conds = []string{"EQ", "NE", "CS", "HS", "CC", "LO", "MI", "PL", "VS", "VC", "HI", "LS", "GE", "LT", "GT", "LE"}

var arm64ISA = isa{
	gp:    regexp.MustCompile(`^(R([0-9]|[12][0-9]|30)|RSP|ZR)$`),
	vec:   regexp.MustCompile(`^\[?(V([0-9]|[12][0-9]|3[01])(\.[A-Z0-9]+)?(\[[0-9]+\])?|F([0-9]|[12][0-9]|3[01]))(, *V[^\]]*)?\]?$`),
	canon: func(r string) string { return r },
	setsFlags: func(op string) bool {
		op = strings.TrimSuffix(op, "W")
		return slices.Contains([]string{"CMP", "CMN", "TST", "ADDS", "SUBS", "ANDS", "BICS", "NEGS"}, op)
	},
	readsFlag: func(op string) bool {
		if c, ok := strings.CutPrefix(op, "B"); ok && slices.Contains(arm64Conds, c) {
			return true
		}
		return strings.HasPrefix(op, "CS") || op == "CINC" || op == "CNEG" || op == "CINV"
	},
	branch:      func(op string) bool { c, ok := strings.CutPrefix(op, "B"); return ok && slices.Contains(arm64Conds, c) },
	setcc:       func(op string) bool { return op == "CSET" || op == "CSETM" || op == "CSETW" || op == "CSETMW" },
	setAnywhere: true,
	forbidden: func(op string) bool {
		return strings.HasSuffix(op, "DIV") || strings.HasPrefix(op, "TBL") || strings.HasPrefix(op, "VTBL")
	},
	indirect: func(l asmLine) bool {
		return (l.op == "B" || l.op == "BL" || l.op == "JMP" || l.op == "CALL") && len(l.args) == 1 && strings.HasPrefix(l.args[0], "(")
	},
	tested: func(l asmLine) string {
		switch l.op {
		case "CBZ", "CBNZ", "CBZW", "CBNZW":
			return l.args[0]
		case "TBZ", "TBNZ":
			return l.args[1]
		}
		return ""
	},
	noWrite: func(op string) bool {
		if c, ok := strings.CutPrefix(op, "B"); ok && (c == "" || c == "L" || slices.Contains(arm64Conds, c)) {
			return true
		}
		return strings.HasPrefix(op, "CMP") || strings.HasPrefix(op, "CMN") || strings.HasPrefix(op, "TST") ||
			strings.HasPrefix(op, "CB") || strings.HasPrefix(op, "TB") || op == "RET" || strings.HasPrefix(op, "VST")
	},
}

func isLabelRef(s string) bool { return regexp.MustCompile(`^[a-z_][a-z0-9_]*$`).MatchString(s) }

// addrRegs returns the registers that an operand of f uses to address
// memory, and whether the operand is memory at all. Arguments (FP) and
// static data (SB) are public, except the bytes of f's array arguments
// (the nonce that the one-shot functions take by value).
func (a isa) addrRegs(f *asmFunc, arg string) (regs []string, mem bool, public bool) {
	if !strings.Contains(arg, "(") {
		return nil, false, false
	}
	if strings.HasPrefix(arg, "$") {
		return nil, false, false // an address constant: $sym(SB)
	}
	for _, m := range regexp.MustCompile(`\(([A-Z0-9]+)(\*[0-9])?\)`).FindAllStringSubmatch(arg, -1) {

		switch m[1] {
		case "FP":
			public = !f.secretFrame(arg)
		case "SB":
			public = true
		default:
			regs = append(regs, a.canon(m[1]))
		}
	}
	return regs, true, public
}

// scanConstantTime checks one function: no secret reaches a register that
// addresses memory or steers a branch. Secrets are what vector and mask
// registers hold and what is loaded from memory other than the arguments
// and the static tables, or from the bytes of an array argument (the
// nonce); they spread through every instruction that writes a
// general-purpose register from them. The analysis ignores the
// order of the code, so a register that ever holds a secret is secret
// everywhere. Flags come from the last instruction before a conditional
// one; only the result of the tag comparison (a SET into the result) may
// come from secret flags.
func (a isa) scanConstantTime(f asmFunc) []string {
	var bad []string
	report := func(l asmLine, why string) {
		bad = append(bad, f.name+": line "+itoa(l.n)+": "+l.op+" "+strings.Join(l.args, ", ")+": "+why)
	}
	secret := map[string]bool{}
	// isSecret says whether an operand, as a source, carries a secret.
	isSecret := func(op, arg string) bool {
		if a.vec.MatchString(arg) {
			return true
		}
		if a.gp.MatchString(arg) {
			return secret[a.canon(arg)]
		}
		regs, mem, public := a.addrRegs(&f, arg)
		if !mem {
			return false
		}
		if strings.HasPrefix(op, "LEA") {
			for _, r := range regs {
				if secret[r] {
					return true
				}
			}
			return false
		}
		return !public
	}
	for changed := true; changed; {
		changed = false
		var flags *asmLine
		for i, l := range f.lines {
			if l.label != "" {
				flags = nil
			}
			func() {
				if l.op == "" || len(l.args) == 0 || a.noWrite(l.op) {
					return
				}
				dst := l.args[len(l.args)-1]
				if !a.gp.MatchString(dst) || secret[a.canon(dst)] {
					return
				}
				taint := a.setcc(l.op) && flags != nil && a.flagsSecret(&f, *flags, secret)
				// A read-modify-write instruction reads its destination
				// too, which cannot make it secret when it is not.
				for _, s := range l.args[:len(l.args)-1] {
					taint = taint || isSecret(l.op, s)
				}
				if taint {
					secret[a.canon(dst)] = true
					changed = true
				}
			}()
			if a.setsFlags(l.op) {
				flags = &f.lines[i]
			}
		}
	}
	var flagsFrom *asmLine
	for i := range f.lines {
		l := f.lines[i]
		if l.label != "" {
			flagsFrom = nil
			continue
		}
		for _, arg := range l.args {
			regs, _, _ := a.addrRegs(&f, arg)
			for _, r := range regs {
				if secret[r] {
					report(l, "addresses memory through "+r+", which holds secret data")
				}
			}
		}
		if a.forbidden(l.op) {
			report(l, "a variable-time or data-addressed instruction")
		}
		if a.indirect(l) {
			report(l, "a jump or call through a register")
		}
		if r := a.tested(l); r != "" && secret[a.canon(r)] {
			report(l, "branches on "+r+", which holds secret data")
		}
		if a.readsFlag(l.op) {
			switch {
			case flagsFrom == nil:
				report(l, "reads flags set before a label, or by nothing")
			case a.flagsSecret(&f, *flagsFrom, secret):
				if a.setcc(l.op) && (a.setAnywhere || len(l.args) == 1 && strings.HasSuffix(l.args[0], "(FP)")) {
					break // the verified bit, a secret in its turn
				}
				report(l, "its condition depends on secret data (line "+itoa(flagsFrom.n)+")")
			}
		}
		if a.setsFlags(l.op) {
			flagsFrom = &f.lines[i]
		}
	}
	return bad
}

func (a isa) flagsSecret(f *asmFunc, l asmLine, secret map[string]bool) bool {
	for _, arg := range l.args {
		if a.vec.MatchString(arg) {
			return true
		}
		if a.gp.MatchString(arg) && secret[a.canon(arg)] {
			return true
		}
		if _, mem, public := a.addrRegs(f, arg); mem && !public {
			return true
		}
	}
	return false
}

func itoa(n int) string { return strconv.Itoa(n) }

func readGenerated(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The generated functions: kernel, operation, variant. Seal and Open are
// the one-shot functions, the others the state-level ones.
var (
	funcOps      = []string{"Seal", "Open", "Init", "Absorb", "Enc", "Dec", "EncPartial", "DecPartial", "Stream", "KeyBlock", "Finalize", "MACFinalize"}
	funcVariants = []string{"128L", "128X2", "128X4", "256", "256X2", "256X4"}
	funcName     = regexp.MustCompile(`^(aesni|avx2|avx512|neonsha3|neon)(` + strings.Join(funcOps, "|") + `)(` + strings.Join(funcVariants, "|") + `)$`)
)

// TestConstantTime scans every generated function, after checking that
// each file holds every function of its kernels, once.
func TestConstantTime(t *testing.T) {
	for _, file := range []struct {
		name    string
		isa     isa
		kernels []string
	}{{"asm_amd64.s", amd64ISA, []string{"aesni", "avx2", "avx512"}}, {"asm_arm64.s", arm64ISA, []string{"neon", "neonsha3"}}} {
		fs := parseAsm(t, readGenerated(t, file.name))
		seen := map[string]bool{}
		for _, f := range fs {
			m := funcName.FindStringSubmatch(f.name)
			if m == nil || !slices.Contains(file.kernels, m[1]) || seen[f.name] {
				t.Errorf("%s: %s: not a function of its kernels, or twice", file.name, f.name)
			}
			seen[f.name] = true
		}
		if want := len(file.kernels) * len(funcVariants) * len(funcOps); len(fs) != want {
			t.Fatalf("%s has %d functions, want %d", file.name, len(fs), want)
		}
		// The scan takes the bytes of array arguments for secret, from
		// the signatures: each must be there. None of the functions
		// takes one (the one-shot tables' Go functions take the nonce
		// by value and pass the assembly its address), so a change
		// that moves the nonce into the frame shows here first.
		for _, f := range fs {
			if !f.signed || len(f.secretArgs) != 0 {
				t.Errorf("%s: %s: signature found %v, arrays in the frame %v", file.name, f.name, f.signed, f.secretArgs)
			}
		}
		for _, f := range fs {
			for _, b := range file.isa.scanConstantTime(f) {
				t.Error(b)
			}
		}
	}
}

// leakHead starts the functions of TestScanFindsLeaks: a signature with
// a nonce by value, as the one-shot functions have.
const leakHead = "// func f(k *byte, n [32]byte, m *byte, mlen int) (ok bool)\nTEXT ·f(SB), $0-8\n\t"

// TestScanFindsLeaks feeds the scan functions that leak, to show that it
// can fail.
func TestScanFindsLeaks(t *testing.T) {
	leaks := map[string]string{
		"a branch on a vector":              "PMOVMSKB X0, R13\n\tTESTQ R13, R13\n\tJZ done\ndone:\n\tRET",
		"a table index from data":           "MOVQ (SI), R13\n\tMOVOU (DI)(R13*1), X1\n\tRET",
		"a branch on loaded data":           "MOVQ 8(SI), AX\n\tCMPQ AX, $0\n\tJEQ l\nl:\n\tRET",
		"secret spreads through arithmetic": "MOVQ (SI), R13\n\tMOVQ R13, AX\n\tADDQ $8, AX\n\tMOVOU (AX), X2\n\tRET",
		"a lookup through LEA":              "VMOVQ X3, R13\n\tLEAQ tab<>(SB), R11\n\tLEAQ (R11)(R13*1), R12\n\tMOVOU (R12), X0\n\tRET",
		"a conditional move on a secret":    "PMOVMSKB X0, R13\n\tCMPQ R13, $1\n\tCMOVQEQ R13, AX\n\tRET",
		"a set into a register":             "PMOVMSKB X0, R13\n\tCMPQ R13, $1\n\tSETEQ AL\n\tRET",
		"an indirect jump":                  "MOVQ (SI), AX\n\tJMP AX",
		"a division":                        "MOVQ (SI), AX\n\tDIVQ BX\n\tRET",
		"flags across a label":              "CMPQ AX, $1\nl:\n\tJEQ l\n\tRET",
		"a branch on the nonce's bytes":     "MOVQ n+8(FP), AX\n\tCMPQ AX, $0\n\tJEQ l\nl:\n\tRET",
		"an address from the nonce's bytes": "MOVQ n_8+16(FP), AX\n\tMOVOU (DI)(AX*1), X0\n\tRET",
		"a compare of the nonce in memory":  "CMPQ n+8(FP), $0\n\tJEQ l\nl:\n\tRET",
	}
	for name, body := range leaks {
		fs := parseAsm(t, leakHead+body+"\n")
		if bad := amd64ISA.scanConstantTime(fs[0]); len(bad) == 0 {
			t.Errorf("%s: the scan found nothing in\n%s", name, body)
		}
	}
	clean := "MOVQ m_len+48(FP), AX\n\tANDQ $31, AX\n\tJZ l\n\tMOVOU (SI)(AX*1), X0\n\tLEAQ n+8(FP), BX\n\tMOVOU (BX), X1\n\tPMOVMSKB X0, R13\n\tCMPQ R13, $0xffff\n\tSETEQ ok+112(FP)\nl:\n\tRET"
	if bad := amd64ISA.scanConstantTime(parseAsm(t, leakHead+clean+"\n")[0]); len(bad) != 0 {
		t.Errorf("the scan refuses clean code: %v", bad)
	}
}

// TestScanFindsLeaksARM64 is TestScanFindsLeaks for arm64.
func TestScanFindsLeaksARM64(t *testing.T) {
	leaks := map[string]string{
		"a branch on a vector":        "VMOV V0.D[0], R23\n\tCBZ R23, l\nl:\n\tRET",
		"a test of a loaded bit":      "MOVD 8(R1), R2\n\tTBZ $3, R2, l\nl:\n\tRET",
		"a table index from data":     "MOVBU (R1), R23\n\tADD R23, R19\n\tFMOVQ (R19), F0\n\tRET",
		"a flag branch on data":       "VMOV V1.D[1], R23\n\tCMP $0, R23\n\tBEQ l\nl:\n\tRET",
		"a select on data":            "VMOV V1.D[1], R23\n\tCMP $0, R23\n\tCSEL EQ, R1, R2, R3\n\tRET",
		"a set that then steers":      "VMOV V1.D[1], R23\n\tCMP $0, R23\n\tCSET EQ, R4\n\tCBNZ R4, l\nl:\n\tRET",
		"a frame load that addresses": "MOVD 8(RSP), R5\n\tFMOVQ (R5), F1\n\tRET",
		"a division":                  "MOVD (R1), R2\n\tUDIV R2, R3, R4\n\tRET",
		"an indirect branch":          "MOVD (R1), R2\n\tB (R2)",
		"a branch on the nonce":       "MOVD n+8(FP), R2\n\tCBZ R2, l\nl:\n\tRET",
	}
	for name, body := range leaks {
		fs := parseAsm(t, leakHead+body+"\n")
		if bad := arm64ISA.scanConstantTime(fs[0]); len(bad) == 0 {
			t.Errorf("%s: the scan found nothing in\n%s", name, body)
		}
	}
	clean := "MOVD m_len+48(FP), R0\n\tAND $0x1f, R0\n\tCBZ R0, l\n\tMOVD $aegisgo_keep<>+64(SB), R19\n\tSUB R0, R19\n\tFMOVQ (R19), F30\n" +
		"\tMOVD $n+8(FP), R6\n\tVLD1 (R6), [V1.B16]\n" +
		"\tVMOV V30.D[0], R23\n\tCMP $0, R23\n\tCSET EQ, R23\n\tMOVB R23, ok+112(FP)\nl:\n\tRET"
	if bad := arm64ISA.scanConstantTime(parseAsm(t, leakHead+clean+"\n")[0]); len(bad) != 0 {
		t.Errorf("the scan refuses clean code: %v", bad)
	}
}

// kernelISA is what each kernel's detection bit (csrc/dispatch.c)
// guarantees, in avo's names: an amd64 function may require no more.
// CMOV is part of the x86-64 baseline.
var kernelISA = map[string][]string{
	"aesni":  {"SSE2", "AES", "CMOV"},
	"avx2":   {"AES", "AVX", "AVX2", "VAES", "CMOV"},
	"avx512": {"AES", "AVX", "AVX2", "VAES", "AVX512F", "AVX512VL", "AVX512BW", "CMOV"},
}

func TestRequiredISA(t *testing.T) {
	for _, f := range parseAsm(t, readGenerated(t, "asm_amd64.s")) {
		var allowed []string
		if m := funcName.FindStringSubmatch(f.name); m != nil {
			allowed = kernelISA[m[1]]
		}
		if allowed == nil {
			t.Errorf("%s: no kernel of that name", f.name)
			continue
		}
		if len(f.requires) == 0 {
			t.Errorf("%s: no Requires line", f.name)
		}
		for _, r := range f.requires {
			if !slices.Contains(allowed, r) {
				t.Errorf("%s requires %s, which its kernel's detection does not guarantee", f.name, r)
			}
		}
	}
}

// arm64Features are the instructions of the generated arm64 code that
// need more than ARMv8.0 with Advanced SIMD, by the feature that
// provides them: AES for both arm64 kernels, SHA3 (EOR3, BCAX) for
// neonsha3 only, whose detection (internal/core's arm64Kernels) asks for
// it. An instruction of the code with no entry here is taken as
// baseline.
var arm64Features = map[string]string{
	"AESE": "AES", "AESD": "AES", "AESMC": "AES", "AESIMC": "AES",
	"VEOR3": "SHA3", "VBCAX": "SHA3", "VRAX1": "SHA3", "VXAR": "SHA3",
	"SHA512H": "SHA512", "SHA512H2": "SHA512", "SHA512SU0": "SHA512", "SHA512SU1": "SHA512",
}

// arm64KernelISA is what each arm64 kernel's detection guarantees.
var arm64KernelISA = map[string][]string{
	"neon":     {"AES"},
	"neonsha3": {"AES", "SHA3"},
}

// TestRequiredISAARM64 is TestRequiredISA for arm64, where the assembler
// writes no Requires line: each function may use only the instructions
// its kernel's detection guarantees, and neonsha3's must use EOR3 (or it
// is neon under another name).
func TestRequiredISAARM64(t *testing.T) {
	uses := map[string]int{}
	for _, f := range parseAsm(t, readGenerated(t, "asm_arm64.s")) {
		m := funcName.FindStringSubmatch(f.name)
		if m == nil || arm64KernelISA[m[1]] == nil {
			t.Errorf("%s: no arm64 kernel of that name", f.name)
			continue
		}
		for _, l := range f.lines {
			if need, ok := arm64Features[l.op]; ok {
				uses[m[1]+" "+need]++
				if !slices.Contains(arm64KernelISA[m[1]], need) {
					t.Errorf("%s:%d: %s needs %s, which %s's detection does not guarantee", f.name, l.n, l.op, need, m[1])
				}
			}
		}
	}
	for _, k := range []string{"neon AES", "neonsha3 AES", "neonsha3 SHA3"} {
		if uses[k] == 0 {
			t.Errorf("asm_arm64.s: no instruction of %s", k)
		}
	}
}
