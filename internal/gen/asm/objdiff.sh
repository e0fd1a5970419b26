#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# objdiff.sh: checks that a change to the generator (internal/gen/asm)
# leaves the machine code of the Go assembly as it was, or shows what
# changed. Run it from the repository root:
#
#   bash internal/gen/asm/objdiff.sh [-v] [BASE]
#
# It links the test binaries of internal/core and internal/asm
# (CGO_ENABLED=0, so that the assembly runs every call, and every
# function is linked: asm's tests reach every variant's tables through
# Lookup, and core's tests every variant's one-shot Seal and Open)
# for linux/amd64 and linux/arm64, from the git revision BASE (default HEAD)
# and from the working tree, and compares each function of asm_amd64.s
# and asm_arm64.s instruction by instruction. It is internal/testing/ctest's
# objdiff.sh for the assembly: that one compares the C kernels.
#
# amd64 is disassembled by GNU objdump (Go's disassembler does not decode
# EVEX), arm64 by go tool objdump. Each instruction is compared as its
# text and its bytes, except where those hold addresses: a branch's target
# becomes a label numbered in the order of the targets, so an instruction
# that goes away between two labels leaves the others equal; a
# PC-relative operand (amd64's RIP-relative data, arm64's ADRP and the ADD
# after it) becomes the symbol and offset it reaches. It prints, for each
# function that differs, the instructions only in the base and only in the
# working tree (all of them with -v, else the first few), and a count per
# architecture. A function only in the working tree is listed as new and
# is no difference: a change that adds functions keeps the others. Exit
# status: 0 when every function of the base is there and the same, 1
# otherwise, 2 on a build failure.
set -euo pipefail

verbose=0
if [ "${1:-}" = -v ]; then verbose=1; shift; fi
base=${1:-HEAD}

if [ ! -f internal/gen/asm/objdiff.sh ]; then
  echo "objdiff.sh: run it from the repository root" >&2
  exit 2
fi
command -v objdump >/dev/null || { echo "objdiff.sh: GNU objdump is missing (binutils)" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/aegisgo-asmdiff.XXXXXX")
trap 'rm -rf "$work"' EXIT

mkdir -p "$work/base"
git archive "$base" | tar -x -C "$work/base"
for side in base new; do
  src=$PWD
  [ "$side" = base ] && src=$work/base
  for arch in amd64 arm64; do
    for pkg in core asm; do
      (cd "$src" && CGO_ENABLED=0 GOOS=linux GOARCH=$arch GOFLAGS=-buildvcs=false \
        go test -c -o "$work/$side.$arch.$pkg" ./internal/$pkg) || { echo "objdiff.sh: $side $arch $pkg: build failed" >&2; exit 2; }
    done
  done
done

status=0
for arch in amd64 arm64; do
  for side in base new; do
    for pkg in core asm; do
      bin=$work/$side.$arch.$pkg
      if [ "$arch" = amd64 ]; then
        objdump -d "$bin" >"$bin.dis"
      else
        go tool objdump -s 'internal/asm\.[a-z][a-z0-9]*[A-Z][A-Za-z]*(128L|128X2|128X4|256|256X2|256X4)\.abi0$' "$bin" >"$bin.dis"
      fi
      go tool nm -size "$bin" >"$bin.nm"
    done
  done
  python3 - "$arch" "$verbose" "$work" <<'PY' || status=1
import difflib, re, sys

arch, verbose, work = sys.argv[1], sys.argv[2] == "1", sys.argv[3]
# The generated functions: kernel, operation, variant (avx2Seal128L,
# neonMACFinalize256X4); not the Go wrappers of their func values.
fname = re.compile(r"internal/asm\.([a-z][a-z0-9]*[A-Z][A-Za-z]*(?:128L|128X2|128X4|256|256X2|256X4))\.abi0$")

def symbols(path):
    """The data symbols of a binary, sorted by address: (addr, size, name)."""
    out = []
    for line in open(path):
        f = line.split()
        if len(f) >= 4 and f[2] in "RrDdBb":
            out.append((int(f[0], 16), int(f[1]), f[3]))
    out.sort()
    return out

def where(syms, addr):
    """addr as symbol+offset."""
    lo, hi = 0, len(syms)
    while lo < hi:
        mid = (lo + hi) // 2
        if syms[mid][0] <= addr:
            lo = mid + 1
        else:
            hi = mid
    if lo and syms[lo - 1][0] <= addr < syms[lo - 1][0] + max(syms[lo - 1][1], 1):
        a, _, n = syms[lo - 1]
        return "%s+%d" % (n, addr - a)
    return "?%x" % addr

def amd64(path, syms):
    """Functions of GNU objdump -d: name -> [(addr, bytes, text)]."""
    head = re.compile(r"^[0-9a-f]+ <(.+)>:$")
    ins = re.compile(r"^\s*([0-9a-f]+):\t([0-9a-f ]+?)\s*(?:\t(.*))?$")
    fns, cur = {}, None
    for line in open(path):
        line = line.rstrip("\n")
        m = head.match(line)
        if m:
            n = fname.search(m.group(1))
            cur = fns.setdefault(n.group(1), []) if n else None
            continue
        if cur is None:
            continue
        m = ins.match(line)
        if not m:
            continue
        a, b, t = int(m.group(1), 16), m.group(2).replace(" ", ""), (m.group(3) or "").strip()
        if not t and cur:  # a long instruction continued on the next line
            pa, pb, pt = cur[-1]
            cur[-1] = (pa, pb + b, pt)
            continue
        cur.append((a, b, t))
    out = {}
    for n, ins_ in fns.items():
        targets = sorted({int(m.group(1), 16) for _, _, t in ins_
                          for m in [re.match(r"^j\w*\s+([0-9a-f]+) <", t)] if m})
        label = {a: "L%d" % i for i, a in enumerate(targets)}
        norm = []
        for a, b, t in ins_:
            t = re.sub(r"\s+", " ", t)
            m = re.match(r"^(j\w*|call)\s+([0-9a-f]+) <([^>]*)>", t)
            if m:
                to = int(m.group(2), 16)
                norm.append("%s %s (%d bytes)" % (m.group(1), label.get(to, m.group(3)), len(b) // 2))
                continue
            if "(%rip)" in t:
                m = re.search(r"# ([0-9a-f]+) <", t)
                dst = where(syms, int(m.group(1), 16)) if m else "?"
                t = re.sub(r"\s*#.*$", "", t)
                t = re.sub(r"-?0x[0-9a-f]+\(%rip\)", "<%s>(%%rip)" % dst, t)
                norm.append("%s (%d bytes)" % (t, len(b) // 2))
                continue
            if re.match(r"^(int3|nop|xchg %ax,%ax|data16|cs nopw)\b", t):
                norm.append("pad")
                continue
            norm.append("%s [%s]" % (t, b))
        while norm and norm[-1] == "pad":
            norm.pop()
        out[n] = norm
    return out

def arm64(path, syms):
    """Functions of go tool objdump: name -> normalized instructions."""
    fns, cur = {}, None
    for line in open(path):
        line = line.rstrip("\n")
        if line.startswith("TEXT "):
            n = fname.search(line.split()[1].replace("(SB)", ""))
            cur = fns.setdefault(n.group(1), []) if n else None
            continue
        if cur is None or not line.strip():
            continue
        f = [x for x in line.split("\t") if x != ""]
        cur.append((int(f[1], 16), f[2], f[3].strip() if len(f) > 3 else ""))
    out = {}
    for n, ins_ in fns.items():
        def target(a, t):
            m = re.search(r"(-?\d+)\(PC\)$", t)
            return a + 4 * int(m.group(1)) if m and not t.startswith("ADRP") else None
        targets = sorted({x for a, _, t in ins_ for x in [target(a, t)] if x is not None})
        label = {a: "L%d" % i for i, a in enumerate(targets)}
        norm, page = [], {}
        for a, b, t in ins_:
            t = re.sub(r"\s+", " ", t)
            m = re.match(r"^ADRP (-?\d+)\(PC\), (R\d+)$", t)
            if m:
                page[m.group(2)] = (a & ~0xfff) + int(m.group(1))
                norm.append("ADRP %s" % m.group(2))
                continue
            m = re.match(r"^ADD \$(\d+), (R\d+), (R\d+)$", t)
            if m and m.group(2) in page:
                norm.append("ADD <%s>, %s" % (where(syms, page.pop(m.group(2)) + int(m.group(1))), m.group(3)))
                continue
            x = target(a, t)
            if x is not None:
                norm.append(re.sub(r"-?\d+\(PC\)$", label[x], t))
                continue
            if t.startswith(("CALL ", "JMP ")) and "(SB)" in t:
                norm.append(t)
                continue
            norm.append("%s [%s]" % (t, b))
        while norm and norm[-1] == "? [00000000]":  # padding to the next function
            norm.pop()
        out[n] = norm
    return out

read = amd64 if arch == "amd64" else arm64

def side(s):
    """The functions of both binaries of a side; one that both link must
    read the same in both."""
    fns = {}
    for pkg in ("core", "asm"):
        p = "%s/%s.%s.%s" % (work, s, arch, pkg)
        for n, ins_ in read(p + ".dis", symbols(p + ".nm")).items():
            if n in fns and fns[n] != ins_:
                sys.exit("objdiff.sh: %s %s: %s differs between the test binaries of core and asm" % (s, arch, n))
            fns[n] = ins_
    return fns

a, b = side("base"), side("new")
same, diff, new = 0, 0, 0
for name in sorted(set(a) | set(b)):
    if name not in b or name not in a:
        if name in a:
            print("  %s: %s: only in the base" % (arch, name))
            diff += 1
        else:
            if verbose:
                print("  %s: %s: new in the working tree" % (arch, name))
            new += 1
        continue
    if a[name] == b[name]:
        same += 1
        continue
    diff += 1
    gone, came = [], []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a[name], b[name], autojunk=False).get_opcodes():
        gone += a[name][i1:i2] if op != "equal" else []
        came += b[name][j1:j2] if op != "equal" else []
    print("  %s: %s: %d instructions, then %d: %d only in the base, %d only in the working tree" % (
        arch, name, len(a[name]), len(b[name]), len(gone), len(came)))
    for what, ls in (("-", gone), ("+", came)):
        for l in (ls if verbose else ls[:6]):
            print("      %s %s" % (what, l))
        if not verbose and len(ls) > 6:
            print("      %s ... %d more" % (what, len(ls) - 6))
print("%s: %d functions the same, %d different or only in the base, %d new" % (arch, same, diff, new))
sys.exit(1 if diff else 0)
PY
done
if [ "$status" = 0 ]; then echo "objdiff: every function the same"; else echo "objdiff: DIFFERENCES (above)"; fi
exit $status
