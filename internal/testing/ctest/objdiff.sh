#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# objdiff.sh: checks that a change to csrc/ leaves the machine code of the
# kernels as it was. Run from the repository root:
#
#   bash internal/testing/ctest/objdiff.sh [-v] [BASE]
#
# It compiles the kernels (kernel_soft.c, kernel_aesni.c, kernel_avx2.c,
# kernel_avx512.c with gcc; kernel_neon.c with aarch64-linux-gnu-gcc) of
# the git revision BASE (default HEAD) and of the working tree, with the
# flags that go build gives cgo for this package (CGO_CFLAGS' default -O2
# -g, then csrc.go's #cgo CFLAGS; `go build -x ./csrc` shows them), and
# compares every function of each object: the encrypt, decrypt,
# incremental, MAC, update, Init, Finalize, group and lanes functions,
# whatever the kernel takes out of line.
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

if [ ! -f csrc/aegis.h ] || [ ! -f internal/testing/ctest/objdiff.sh ]; then
  echo "objdiff.sh: run it from the repository root" >&2
  exit 2
fi
cc=${CC:-gcc}
cc_arm64=${CC_ARM64:-aarch64-linux-gnu-gcc}
od_arm64=${OBJDUMP_ARM64:-aarch64-linux-gnu-objdump}

work=$(mktemp -d "${TMPDIR:-/tmp}/aegisgo-objdiff.XXXXXX")
cleanup() {
  if [ "${AEGISGO_OBJDIFF_KEEP:-}" = 1 ]; then echo "build directory kept: $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

mkdir -p "$work/base/csrc" "$work/new/csrc"
git archive "$base" csrc | tar -x -C "$work/base"
cp csrc/*.c csrc/*.h "$work/new/csrc/"

# The flags of `go build -x ./csrc` on linux/amd64 and linux/arm64, less
# the include of cgo's own output directory and the random seed, which
# change no instruction of C code.
flags=(-I . -fPIC -pthread -fmessage-length=0 -gno-record-gcc-switches -O2 -g -O3 -g1 -Wall)
x86=(kernel_soft kernel_aesni kernel_avx2 kernel_avx512)

pids=()
for side in base new; do
  for k in "${x86[@]}"; do
    (cd "$work/$side/csrc" && "$cc" "${flags[@]}" -m64 -c "$k.c" -o "$k.o") >"$work/$side.$k.log" 2>&1 &
    pids+=($!)
  done
done
arm=0
if command -v "$cc_arm64" >/dev/null && command -v "$od_arm64" >/dev/null; then
  arm=1
  for side in base new; do
    (cd "$work/$side/csrc" && "$cc_arm64" "${flags[@]}" -c kernel_neon.c -o kernel_neon.o) \
      >"$work/$side.kernel_neon.log" 2>&1 &
    pids+=($!)
  done
else
  echo "objdiff.sh: no $cc_arm64 or $od_arm64: kernel_neon.c is not compared"
fi
bad=0
for p in "${pids[@]}"; do wait "$p" || bad=1; done
for log in "$work"/*.log; do
  if [ -s "$log" ]; then echo "--- ${log#"$work"/}"; cat "$log"; fi
done
[ "$bad" -eq 0 ] || { echo "objdiff.sh: compilation failed" >&2; exit 2; }

objs=()
for k in "${x86[@]}"; do objs+=("$k:objdump"); done
if [ "$arm" = 1 ]; then objs+=("kernel_neon:$od_arm64"); fi

echo "objdiff: $base against the working tree (x86: $("$cc" --version | head -1))"
status=0
for o in "${objs[@]}"; do
  k=${o%%:*} od=${o#*:}
  for side in base new; do
    "$od" -d -r --no-show-raw-insn "$work/$side/csrc/$k.o" >"$work/$side.$k.dis"
  done
  python3 - "$k" "$verbose" "$work/base/csrc/$k.o" "$work/base.$k.dis" \
    "$work/new/csrc/$k.o" "$work/new.$k.dis" <<'PY' || status=1
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

a = functions(sys.argv[3], sys.argv[4])
b = functions(sys.argv[5], sys.argv[6])
same = diff = 0
for name in sorted(set(a) | set(b)):
    if name not in b:
        print("  %s: %s: only in the base" % (kernel, name)); diff += 1; continue
    if name not in a:
        print("  %s: %s: only in the working tree" % (kernel, name)); diff += 1; continue
    if a[name] == b[name]:
        same += 1
        continue
    diff += 1
    d = list(difflib.unified_diff(a[name], b[name], "base", "new", lineterm="", n=2))
    print("  %s: %s: DIFFERS (%d instructions before, %d after, %d lines of diff)" % (
        kernel, name, len(a[name]), len(b[name]), len(d)))
    if verbose:
        for l in d:
            print("      " + l)
print("%s: %d functions the same, %d different or on one side only" % (kernel, same, diff))
sys.exit(1 if diff else 0)
PY
done
if [ "$status" = 0 ]; then echo "objdiff: every function the same"; else echo "objdiff: DIFFERENCES (above)"; fi
exit $status
