// SPDX-License-Identifier: MIT

//go:build ignore

// mca is the half of mca.sh that reads disassembly: it cuts the
// steady-state Enc and Dec loops out of the neon and neonsha3 kernels
// (the Go assembly's one-shot Seal and Open, the C kernels' encrypt and
// decrypt),
// turns each into a file that llvm-mca reads, and prints the cycles that
// llvm-mca's models of Arm cores give for them, per 32 bytes of message,
// beside the floor of the AES chain in the same model. With -trace it
// also models the instructions that one traced call executed, once.
//
// A loop is the instructions from a backward branch's target to the
// branch: the innermost ones whose body has an AESE and loads vector
// registers. Its bytes per iteration are the bytes of vector registers it
// stores (the ciphertext or plaintext written), so a loop of two steps,
// or one that runs two lanes, is measured per byte all the same; a loop
// that stores none absorbs the associated data (an "ad" row, from Seal
// and encrypt only, as Open's and decrypt's are the same code), and its
// bytes are those it loads, unless it loads constants (ADRP): that is a
// rolled Init (the X variants' ctx) or Finalize, an "init" row, whose
// bytes are not message.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
)

var (
	goDis  = flag.String("go", "", "objdump -d of the Go binary with the neon and neonsha3 Seal and Open functions")
	cDis   = flag.String("c", "", "objdump -d of the C kernels' objects (kernel_neon.o, kernel_neonsha3.o)")
	cName  = flag.String("cname", "C", "what to call the C kernel in the table (its compiler)")
	mcaBin = flag.String("mca", "llvm-mca-19", "the llvm-mca to run")
	cpus   = flag.String("cpus", "neoverse-n1,neoverse-n2,neoverse-v1,neoverse-v2", "the -mcpu models, comma-separated")
	work   = flag.String("work", "", "a directory for the files that llvm-mca reads (kept)")
	traces traceFlags
	spills = flag.Bool("spills", false, "run no model: list the loops (over message or ad, and \"init\" rows) that load or store on the stack, and exit 1 if there is one")
)

// traceFlags are -trace NAME=FILE: FILE holds the PCs a traced call
// executed, one per line, in hexadecimal; their instructions come from
// the -go disassembly.
type traceFlags []string

func (t *traceFlags) String() string     { return strings.Join(*t, ",") }
func (t *traceFlags) Set(s string) error { *t = append(*t, s); return nil }

func main() {
	log.SetFlags(0)
	log.SetPrefix("mca: ")
	flag.Var(&traces, "trace", "NAME=FILE: the PCs of one traced call, to model once (repeatable)")
	flag.Parse()
	if *work == "" && !*spills {
		log.Fatal("-work is required")
	}
	models := strings.Split(*cpus, ",")

	var jobs []*job
	add := func(j *job) *job { jobs = append(jobs, j); return j }

	// The chain floors: one AES round of the spec (AESE, AESMC, then the
	// EOR of the round key), and the AESE-AESMC pair alone, each feeding
	// the next, so that the cycles per iteration are their latency.
	chain := add(&job{name: "chain AESE+AESMC+EOR", iters: 1000,
		text: "\taese v0.16b, v1.16b\n\taesmc v0.16b, v0.16b\n\teor v0.16b, v0.16b, v2.16b\n"})
	pair := add(&job{name: "chain AESE+AESMC", iters: 1000,
		text: "\taese v0.16b, v1.16b\n\taesmc v0.16b, v0.16b\n"})

	var loops []*job
	var fns map[string]*function
	// addLoops adds f's loops: those that store under name, and where ad
	// is set, those that only load: the ad's under adName, Init's or
	// Finalize's under initName. sha3 marks neonsha3's code.
	addLoops := func(f *function, name, adName, initName string, ad, sha3 bool) {
		var st, ld, in [][]insn
		for _, l := range f.loops() {
			switch {
			case storeBytes(l) > 0:
				st = append(st, l)
			case slices.ContainsFunc(l, func(i insn) bool { return i.op == "adrp" }):
				in = append(in, l)
			default:
				ld = append(ld, l)
			}
		}
		job := func(name string, i int, l []insn) *job {
			j := loopJob(name, i, l)
			j.sha3 = sha3
			return add(j)
		}
		for i, l := range st {
			loops = append(loops, job(name, i, l))
		}
		if ad {
			for i, l := range ld {
				loops = append(loops, job(adName, i, l))
			}
			for i, l := range in {
				loops = append(loops, job(initName, i, l))
			}
		}
	}
	if *goDis != "" {
		fns = readDis(*goDis)
		for _, k := range kernels {
			for _, v := range variantOrder {
				for _, op := range []string{"Seal", "Open"} {
					f := fns[fmt.Sprintf("github.com/aegisgo/aegis/internal/asm.%s%s%s.abi0", k, op, v)]
					if f == nil {
						continue
					}
					addLoops(f, fmt.Sprintf("Go %s%s%s", k, op, v), fmt.Sprintf("Go %s%s%s ad", k, op, v),
						fmt.Sprintf("Go %s%s%s init", k, op, v), op == "Seal", k == "neonsha3")
				}
			}
		}
	}
	if *cDis != "" {
		cf := readDis(*cDis)
		for _, k := range kernels {
			for _, v := range variantOrder {
				d, fam := "1", v[:3]
				if len(v) > 3 && v[3] == 'X' {
					d = v[4:]
				}
				// groups: the messages of a kernel that runs the lanes of the X
				// variants in groups (GROUP128_D), both directions; groups_ad:
				// their ad, likewise (GROUP_AD).
				for _, op := range []string{"encrypt", "decrypt", "groups", "groups_ad"} {
					f := cf[fmt.Sprintf("%s_d%s_%s%s", k, d, op, fam)]
					if f == nil {
						continue
					}
					addLoops(f, fmt.Sprintf("%s %s %s %s", *cName, k, op, v), fmt.Sprintf("%s %s absorb %s", *cName, k, v),
						fmt.Sprintf("%s %s init %s", *cName, k, v), op == "encrypt" || op == "groups_ad", k == "neonsha3")
				}
			}
		}
	}
	var traced []*job
	for _, t := range traces {
		name, file, ok := strings.Cut(t, "=")
		if !ok || fns == nil {
			log.Fatalf("-trace %s: want NAME=FILE, and -go", t)
		}
		j := traceJob(name, file, fns)
		j.sha3 = strings.Contains(name, "neonsha3")
		traced = append(traced, add(j))
	}

	if *spills {
		bad, checked := 0, 0
		for _, j := range loops {
			checked++
			if j.spills > 0 {
				fmt.Printf("%s: %d stack accesses per iteration\n", j.name, j.spills)
				bad++
			}
		}
		if bad > 0 {
			log.Fatalf("%d of %d loops spill", bad, checked)
		}
		fmt.Printf("mca: no spills in the %d loops (message, ad, Init)\n", checked)
		return
	}
	run(jobs, models)

	fmt.Printf("llvm-mca models (%s), cycles per 32 bytes of message in each loop's steady state\n", *mcaBin)
	fmt.Printf("(a loop's cycles per iteration, times 32 over the bytes it stores per iteration)\n\n")
	header := func(first string) {
		fmt.Printf("%-34s %6s %6s", first, "B/iter", "spills")
		for _, m := range models {
			fmt.Printf(" %12s", strings.TrimPrefix(m, "neoverse-"))
		}
		fmt.Println()
	}
	header("loop")
	for _, j := range []*job{chain, pair} {
		fmt.Printf("%-34s %6s %6s", j.name, "", "")
		for _, m := range models {
			fmt.Printf(" %12.2f", j.cycles[m]/float64(j.iters))
		}
		fmt.Println()
	}
	for _, j := range loops {
		fmt.Printf("%-34s %6d %6d", j.name, j.bytes, j.spills)
		for _, m := range models {
			if c, ok := j.cycles[m]; ok {
				fmt.Printf(" %12.2f", c/float64(j.iters)*32/float64(j.bytes))
			} else {
				fmt.Printf(" %12s", "-")
			}
		}
		fmt.Println()
	}
	if len(traced) > 0 {
		fmt.Printf("\ntraced one-shot calls, modelled once (-iterations=1): total cycles\n\n")
		fmt.Printf("%-34s %13s", "call", "insns")
		for _, m := range models {
			fmt.Printf(" %12s", strings.TrimPrefix(m, "neoverse-"))
		}
		fmt.Println()
		for _, j := range traced {
			fmt.Printf("%-34s %13d", j.name, j.insns)
			for _, m := range models {
				if c, ok := j.cycles[m]; ok {
					fmt.Printf(" %12.0f", c)
				} else {
					fmt.Printf(" %12s", "-")
				}
			}
			fmt.Println()
		}
	}
}

var variantOrder = []string{"128L", "128X2", "128X4", "256", "256X2", "256X4"}

// kernels are the arm64 kernels, by the prefix of their functions' names.
var kernels = []string{"neon", "neonsha3"}

// withoutSHA3 are the -mcpu models of cores without FEAT_SHA3, whose EOR3
// the model would run all the same (-mattr=+sha3): neonsha3's code, which
// such a core never runs, is not modelled there ("-" in the tables).
var withoutSHA3 = map[string]bool{
	"neoverse-n1": true, "neoverse-e1": true, "cortex-a53": true, "cortex-a55": true,
	"cortex-a57": true, "cortex-a72": true, "cortex-a73": true, "cortex-a75": true,
	"cortex-a76": true, "cortex-a77": true, "cortex-a78": true,
}

// An instruction of the disassembly.
type insn struct {
	addr     uint64
	op, args string
}

type function struct {
	name  string
	insns []insn
}

var (
	headRe = regexp.MustCompile(`^([0-9a-f]+) <(.+)>:$`)
	insnRe = regexp.MustCompile(`^\s*([0-9a-f]+):\s+([a-z][a-z0-9.]*)\s*(.*)$`)
)

// readDis reads GNU objdump -d --no-show-raw-insn output: functions by
// symbol name.
func readDis(path string) map[string]*function {
	f, err := os.Open(path)
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	fns := map[string]*function{}
	var cur *function
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if m := headRe.FindStringSubmatch(line); m != nil {
			cur = &function{name: m[2]}
			fns[m[2]] = cur
			continue
		}
		m := insnRe.FindStringSubmatch(line)
		if m == nil || cur == nil {
			continue
		}
		a, _ := strconv.ParseUint(m[1], 16, 64)
		args := m[3]
		if i := strings.Index(args, "//"); i >= 0 {
			args = args[:i]
		}
		cur.insns = append(cur.insns, insn{addr: a, op: m[2], args: strings.TrimSpace(args)})
	}
	if err := sc.Err(); err != nil {
		log.Fatal(err)
	}
	return fns
}

var targetRe = regexp.MustCompile(`(?:^|, )([0-9a-f]+)(?: <[^>]*>)?$`)

// isBranch reports whether op takes a code address as its last operand.
func isBranch(op string) bool {
	switch op {
	case "b", "bl", "cbz", "cbnz", "tbz", "tbnz":
		return true
	}
	return strings.HasPrefix(op, "b.")
}

func (i insn) target() (uint64, bool) {
	if !isBranch(i.op) {
		return 0, false
	}
	m := targetRe.FindStringSubmatch(i.args)
	if m == nil {
		return 0, false
	}
	t, err := strconv.ParseUint(m[1], 16, 64)
	return t, err == nil
}

// onStack reports whether a load or store addresses the stack: a spill
// or a reload, in a loop.
func (i insn) onStack() bool { return strings.Contains(i.args, "[sp") }

// vecStoreBytes is the bytes of vector registers that a store writes to
// memory other than the stack, or 0 for any other instruction.
func (i insn) vecStoreBytes() int {
	switch {
	case i.onStack():
		return 0
	case i.op == "str" || i.op == "stur":
		if strings.HasPrefix(i.args, "q") {
			return 16
		}
	case i.op == "stp":
		if strings.HasPrefix(i.args, "q") {
			return 32
		}
	case strings.HasPrefix(i.op, "st1"):
		list := i.args[:strings.Index(i.args, "}")+1]
		return 16 * (strings.Count(list, ",") + 1)
	}
	return 0
}

// vecLoadBytes is the bytes of vector registers that a load reads from
// memory other than the stack, or 0 for any other instruction.
func (i insn) vecLoadBytes() int {
	switch {
	case i.onStack():
		return 0
	case i.op == "ldr" || i.op == "ldur":
		if strings.HasPrefix(i.args, "q") {
			return 16
		}
	case i.op == "ldp":
		if strings.HasPrefix(i.args, "q") {
			return 32
		}
	case strings.HasPrefix(i.op, "ld1"):
		list := i.args[:strings.Index(i.args, "}")+1]
		return 16 * (strings.Count(list, ",") + 1)
	}
	return 0
}

// storeBytes is the bytes of vector registers a loop stores, outside the
// stack.
func storeBytes(l []insn) int {
	n := 0
	for _, i := range l {
		n += i.vecStoreBytes()
	}
	return n
}

// loops returns the function's innermost loops whose body is a straight
// line that loads vector registers and runs AESE, in the order of their
// addresses.
func (f *function) loops() [][]insn {
	type span struct{ lo, hi int }
	idx := map[uint64]int{}
	for i, in := range f.insns {
		idx[in.addr] = i
	}
	var cands []span
	for i, in := range f.insns {
		t, ok := in.target()
		if !ok || t > in.addr {
			continue
		}
		lo, ok := idx[t]
		if !ok {
			continue
		}
		// A straight line per iteration: no branch in the body lands in
		// it, and none but the back edge goes back.
		aes, ld, straight := false, false, true
		for _, b := range f.insns[lo:i] {
			aes = aes || b.op == "aese"
			ld = ld || b.vecLoadBytes() > 0
			if t, ok := b.target(); ok && t >= f.insns[lo].addr && t <= in.addr {
				straight = false
			}
		}
		if aes && ld && straight {
			cands = append(cands, span{lo, i})
		}
	}
	var out [][]insn
	for _, c := range cands {
		inner := true
		for _, d := range cands {
			if d != c && d.lo >= c.lo && d.hi <= c.hi {
				inner = false
			}
		}
		if inner {
			out = append(out, f.insns[c.lo:c.hi+1])
		}
	}
	sort.Slice(out, func(a, b int) bool { return out[a][0].addr < out[b][0].addr })
	return out
}

// asmText is instructions as llvm-mca reads them: every code address
// becomes the label L at the top, which makes a loop's back edge a branch
// to its start and leaves a trace's branches (all modelled as not taken
// or correctly predicted) well formed.
func asmText(ins []insn) string {
	var b strings.Builder
	b.WriteString("L:\n")
	for _, i := range ins {
		args := i.args
		if isBranch(i.op) || i.op == "adrp" || i.op == "adr" || (i.op == "ldr" && targetRe.MatchString(args) && !strings.Contains(args, "[")) {
			args = targetRe.ReplaceAllStringFunc(args, func(s string) string {
				if strings.HasPrefix(s, ", ") {
					return ", L"
				}
				return "L"
			})
		}
		fmt.Fprintf(&b, "\t%s %s\n", i.op, args)
	}
	return b.String()
}

// A job is one llvm-mca input, run on every model.
type job struct {
	name   string
	text   string
	iters  int
	bytes  int  // loops: vector bytes stored per iteration (loaded, if none)
	spills int  // loops: vector loads and stores on the stack per iteration
	insns  int  // traces: instructions
	sha3   bool // neonsha3's code: not run on the models without SHA3
	cycles map[string]float64
}

func loopJob(name string, n int, l []insn) *job {
	bytes, spills := storeBytes(l), 0
	for _, i := range l {
		if i.onStack() && (strings.HasPrefix(i.args, "q") || strings.HasPrefix(i.args, "{v")) {
			spills++
		}
	}
	if bytes == 0 {
		for _, i := range l {
			bytes += i.vecLoadBytes()
		}
	}
	if n > 0 {
		name = fmt.Sprintf("%s #%d", name, n+1)
	}
	return &job{name: name, text: asmText(l), iters: iterations(len(l)), bytes: bytes, spills: spills}
}

// iterations is how many times llvm-mca runs a loop of n instructions:
// 1000, or fewer for long bodies, so that no run simulates much more
// than 100000 instructions (the steady state is reached long before).
func iterations(n int) int {
	if n*1000 <= 100000 {
		return 1000
	}
	return max(100, 100000/n)
}

func traceJob(name, file string, fns map[string]*function) *job {
	at := map[uint64]insn{}
	for _, f := range fns {
		for _, i := range f.insns {
			at[i.addr] = i
		}
	}
	data, err := os.ReadFile(file)
	if err != nil {
		log.Fatal(err)
	}
	var seq []insn
	for _, w := range strings.Fields(string(data)) {
		pc, err := strconv.ParseUint(strings.TrimPrefix(w, "0x"), 16, 64)
		if err != nil {
			log.Fatalf("%s: %q: %v", file, w, err)
		}
		i, ok := at[pc]
		if !ok {
			log.Fatalf("%s: no instruction at %#x in the disassembly", file, pc)
		}
		seq = append(seq, i)
	}
	if len(seq) == 0 {
		log.Fatalf("%s: an empty trace", file)
	}
	return &job{name: name, text: asmText(seq), iters: 1, insns: len(seq)}
}

var totalRe = regexp.MustCompile(`(?m)^Total Cycles:\s+(\d+)`)

// run runs every job on every model, two at a time.
func run(jobs []*job, models []string) {
	type task struct {
		j     *job
		model string
	}
	tasks := make(chan task)
	var wg sync.WaitGroup
	var mu sync.Mutex
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for t := range tasks {
				c := mca(t.j, t.model)
				mu.Lock()
				t.j.cycles[t.model] = c
				mu.Unlock()
			}
		}()
	}
	for n, j := range jobs {
		j.cycles = map[string]float64{}
		path := filepath.Join(*work, fmt.Sprintf("%03d.s", n))
		if err := os.WriteFile(path, []byte(j.text), 0o644); err != nil {
			log.Fatal(err)
		}
		j.text = path
	}
	for _, j := range jobs {
		for _, m := range models {
			if !j.sha3 || !withoutSHA3[m] {
				tasks <- task{j, m}
			}
		}
	}
	close(tasks)
	wg.Wait()
}

func mca(j *job, model string) float64 {
	cmd := exec.Command(*mcaBin, "-mtriple=aarch64", "-mcpu="+model, "-mattr=+aes,+sha3",
		"-iterations="+strconv.Itoa(j.iters), "-all-views=false", "-summary-view", j.text)
	out, err := cmd.CombinedOutput()
	if err != nil {
		log.Fatalf("%s (%s, %s): %v\n%s", *mcaBin, j.name, j.text, err, out)
	}
	m := totalRe.FindSubmatch(out)
	if m == nil {
		log.Fatalf("%s (%s): no total in\n%s", *mcaBin, j.name, out)
	}
	c, _ := strconv.ParseFloat(string(m[1]), 64)
	return c
}
