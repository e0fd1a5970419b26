#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# objdiff.sh: checks that a change to csrc/ leaves the machine code of the
# kernels as it was. Run from the repository root:
#
#   bash internal/testing/ctest/objdiff.sh [-v] [BASE]
#
# It compiles the kernels (aesni, avx2, avx512 and vperm with gcc; neon,
# neonsha3 and vperm's arm64 half with aarch64-linux-gnu-gcc) of the git
# revision BASE (default HEAD) and of the working tree, with the flags
# that go build gives cgo for the engines' packages (CGO_CFLAGS' default
# -O2 -g, then engines_cgo.go's #cgo CFLAGS; `go build -x
# ./internal/engines/aegis128l` shows them), and compares every function
# of each kernel: the encrypt, decrypt, incremental, MAC, update, Init,
# Finalize, group and lanes functions, whatever the kernel takes out of
# line.
#
# A kernel is a header, csrc/kernel_<k>.h, that each variant's package
# instantiates for itself (internal/engines/<variant>/kernel_<k>.c), so a
# kernel's functions are those of its six objects together; a function
# that two of them hold (vperm's degree-1 steps, which its X variants run
# lane by lane) counts once where its copies are the same. A revision from
# before that split, with csrc/kernel_<k>.c holding every variant, is
# compared the same way, its one object standing for the six.
#
# Each function's `objdump -d -r` is normalized before the comparison:
# addresses and the address part of jump and call targets go (the target's
# symbol and offset stay), trailing padding goes, and a relocation against
# a constant in a data section is replaced by the bytes it points at, so a
# constant that moved inside .rodata compares equal and one whose value
# changed does not. It prints one line per function that differs, or is
# only on one side, and a count per object; -v shows the differences. Exit
# status: 0 when every function is the same, 1 otherwise, 2 on a build
# failure.
#
# Environment: CC (default gcc), CC_ARM64 (default aarch64-linux-gnu-gcc;
# the neon object is skipped, with a note, when it is missing),
# OBJDUMP_ARM64 (default aarch64-linux-gnu-objdump), AEGISGO_OBJDIFF_KEEP=1
# (keep the build directory).
set -euo pipefail

verbose=0
if [ "${1:-}" = -v ]; then verbose=1; shift; fi
base=${1:-HEAD}

if [ ! -f csrc/aegis.h ] || [ ! -d internal/engines ] || [ ! -f internal/testing/ctest/objdiff.sh ]; then
  echo "objdiff.sh: run it from the repository root" >&2
  exit 2
fi
cc=${CC:-gcc}
cc_arm64=${CC_ARM64:-aarch64-linux-gnu-gcc}
od_arm64=${OBJDUMP_ARM64:-aarch64-linux-gnu-objdump}

work=$(mktemp -d "${TMPDIR:-/tmp}/aegisgo-objdiff.XXXXXX")
# shellcheck disable=SC2317 # called by the trap
cleanup() {
  if [ "${AEGISGO_OBJDIFF_KEEP:-}" = 1 ]; then echo "build directory kept: $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

mkdir -p "$work/base" "$work/new/csrc"
if git cat-file -e "$base:internal/engines" 2>/dev/null; then
  git archive "$base" csrc internal/engines | tar -x -C "$work/base"
else
  git archive "$base" csrc | tar -x -C "$work/base"
fi
cp csrc/*.c csrc/*.h "$work/new/csrc/"
for d in internal/engines/*/; do
  mkdir -p "$work/new/$d"
  cp "$d"*.c "$work/new/$d"
done

# The flags of `go build -x ./internal/engines/aegis128l` on linux/amd64
# and linux/arm64 (and of ./csrc before the split, which had the same),
# less the include of cgo's own output directory and the random seed,
# which change no instruction of C code.
flags=(-fPIC -pthread -fmessage-length=0 -gno-record-gcc-switches -O2 -g -O3 -g1 -Wall)
x86=(aesni avx2 avx512 vperm)
arm64=(neon neonsha3 vperm)

# compile SIDE ARCH CC K: K's objects on SIDE, OBJDIR/K.VARIANT.o, where
# OBJDIR is $work/SIDE.ARCH; "all" stands for the variant of a kernel
# compiled whole (csrc/kernel_K.c). A side without kernel K has none.
pids=()
compile() {
  local side=$1 arch=$2 c=$3 k=$4 out=$work/$1.$2 f v
  mkdir -p "$out"
  for f in "$work/$side"/internal/engines/*/"kernel_$k.c" "$work/$side"/internal/engines/*/{kernels,tables}.c "$work/$side/csrc/kernel_$k.c"; do
    [ -f "$f" ] || continue
    # kernels.c and tables.c hold the kernels that share a file: k's if
    # it includes it.
    case $f in */kernels.c | */tables.c) grep -q "\"kernel_$k.h\"" "$f" || continue ;; esac
    v=$(basename "$(dirname "$f")")
    [ "$v" != csrc ] || v=all
    (cd "$(dirname "$f")" && "$c" -I "$work/$side/csrc" "${flags[@]}" -c "$(basename "$f")" -o "$out/$k.$v.o") \
      >"$out/$k.$v.log" 2>&1 &
    pids+=($!)
  done
}
for side in base new; do
  for k in "${x86[@]}"; do compile "$side" x86 "$cc" "$k"; done
done
arm=0
if command -v "$cc_arm64" >/dev/null && command -v "$od_arm64" >/dev/null; then
  arm=1
  for side in base new; do
    for k in "${arm64[@]}"; do compile "$side" arm64 "$cc_arm64" "$k"; done
  done
else
  echo "objdiff.sh: no $cc_arm64 or $od_arm64: the arm64 kernels (${arm64[*]}) are not compared"
fi
bad=0
for p in "${pids[@]}"; do wait "$p" || bad=1; done
for log in "$work"/*.*/*.log; do
  if [ -s "$log" ]; then echo "--- ${log#"$work"/}"; cat "$log"; fi
done
[ "$bad" -eq 0 ] || { echo "objdiff.sh: compilation failed" >&2; exit 2; }

kernels=()
for k in "${x86[@]}"; do kernels+=("x86:$k:objdump"); done
if [ "$arm" = 1 ]; then
  for k in "${arm64[@]}"; do kernels+=("arm64:$k:$od_arm64"); done
fi

echo "objdiff: $base against the working tree (x86: $("$cc" --version | head -1))"
status=0
for e in "${kernels[@]}"; do
  IFS=: read -r arch k od <<<"$e"
  args=("$arch $k" "$verbose")
  for side in base new; do
    args+=("--$side")
    for o in "$work/$side.$arch/$k".*.o; do
      [ -f "$o" ] || continue
      "$od" -d -r --no-show-raw-insn "$o" >"${o%.o}.dis"
      args+=("$o" "${o%.o}.dis")
    done
  done
  python3 - "${args[@]}" <<'PY' || status=1
import difflib, re, struct, sys

kernel, verbose = sys.argv[1], sys.argv[2] == "1"

def elf(path):
    """Sections (name, type, bytes) and symbols (name -> [(shndx, value)])
    of an ELF64 little-endian object: enough to read constants."""
    b = open(path, "rb").read()
    shoff, = struct.unpack_from("<Q", b, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", b, 0x3A)
    secs = []
    for i in range(shnum):
        name, typ, flags, addr, off, size, link, info, align, entsize = \
            struct.unpack_from("<IIQQQQIIQQ", b, shoff + i * shentsize)
        secs.append([name, typ, off, size, link, entsize])
    strtab = secs[shstrndx]
    def cstr(tab, at):
        s = tab[2] + at
        return b[s:b.index(b"\0", s)].decode()
    out = [(cstr(strtab, s[0]), s[1], b[s[2]:s[2] + s[3]] if s[1] != 8 else b"") for s in secs]
    syms = {}
    for s in secs:
        if s[1] != 2:  # SHT_SYMTAB
            continue
        names = secs[s[4]]
        for j in range(s[3] // s[5]):
            nm, info, other, shndx, value, size = struct.unpack_from("<IBBHQQ", b, s[2] + j * s[5])
            n = cstr(names, nm) if nm else ""
            if info & 0xF == 3:  # STT_SECTION: named after its section
                n = out[shndx][0]
            syms.setdefault(n, []).append((shndx, value))
    return out, syms

reloc = re.compile(r"^\s*[0-9a-f]+:\s+(R_\w+)\s+(\S+?)(?:([+-])0x([0-9a-f]+))?$")
insn = re.compile(r"^\s*[0-9a-f]+:\s+(.*)$")
head = re.compile(r"^[0-9a-f]+ <(.+)>:$")
target = re.compile(r"\b[0-9a-f]+ <")

def functions(obj, dis):
    secs, syms = elf(obj)
    def constant(rtype, sym, sign, add):
        # The bytes a relocation against a constant points at.
        cands = syms.get(sym, [])
        if len(cands) != 1:
            return None
        shndx, value = cands[0]
        if shndx == 0 or shndx >= len(secs):
            return None
        name, typ, data = secs[shndx]
        if typ != 1 or name.startswith(".text"):  # PROGBITS data only
            return None
        a = int(add, 16) if add else 0
        at = value + (-a if sign == "-" else a)
        if rtype in ("R_X86_64_PC32", "R_X86_64_PLT32", "R_X86_64_GOTPCREL"):
            at += 4  # the addend counts from the end of the 32-bit field
        if at < 0 or at >= len(data):
            return None
        return "%s[%s]" % (name, data[at:at + 16].hex())
    fns, cur = {}, None
    for line in open(dis):
        line = line.rstrip("\n")
        m = head.match(line)
        if m:
            cur = fns.setdefault(m.group(1), [])
            continue
        if cur is None or not line.strip():
            continue
        m = reloc.match(line)
        if m:
            c = constant(m.group(1), m.group(2), m.group(3), m.group(4))
            cur.append("  reloc %s %s" % (m.group(1), c if c else
                       m.group(2) + (m.group(3) + "0x" + m.group(4) if m.group(3) else "")))
            continue
        m = insn.match(line)
        if m:
            cur.append(target.sub("<", re.sub(r"\s+", " ", m.group(1).strip())))
    for f in fns.values():
        while f and re.match(r"^(nop|xchg %ax,%ax|data16|cs nopw|int3)\b", f[-1]):
            f.pop()
    return fns

def side(args):
    """The functions of a side's objects together: name -> its distinct
    bodies, in order (one, unless the objects' copies differ)."""
    fns = {}
    for obj, dis in zip(args[0::2], args[1::2]):
        for name, body in functions(obj, dis).items():
            bodies = fns.setdefault(name, [])
            if body not in bodies:
                bodies.append(body)
    return fns

rest = sys.argv[3:]
cut = rest.index("--new")
a, b = side(rest[1:cut]), side(rest[cut + 1:])
if not a and not b:
    print("%s: in neither revision" % kernel)
    sys.exit(0)
same = diff = 0
for name in sorted(set(a) | set(b)):
    if name not in b:
        print("  %s: %s: only in the base" % (kernel, name)); diff += 1; continue
    if name not in a:
        print("  %s: %s: only in the working tree" % (kernel, name)); diff += 1; continue
    if sorted(a[name]) == sorted(b[name]):
        same += 1
        continue
    diff += 1
    x, y = a[name][0], b[name][0]
    d = list(difflib.unified_diff(x, y, "base", "new", lineterm="", n=2))
    copies = "" if len(a[name]) == len(b[name]) == 1 else ", %d distinct copies before, %d after" % (
        len(a[name]), len(b[name]))
    print("  %s: %s: DIFFERS (%d instructions before, %d after, %d lines of diff%s)" % (
        kernel, name, len(x), len(y), len(d), copies))
    if verbose:
        for l in d:
            print("      " + l)
print("%s: %d functions the same, %d different or on one side only" % (kernel, same, diff))
sys.exit(1 if diff else 0)
PY
done
if [ "$status" = 0 ]; then echo "objdiff: every function the same"; else echo "objdiff: DIFFERENCES (above)"; fi
exit $status
