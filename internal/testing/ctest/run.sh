#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# run.sh: the C core tested at C level. Run from the repository root:
#
#   bash internal/testing/ctest/run.sh [all|sanitize|ct]
#
#   sanitize  builds driver.c with the C core (csrc/*.c, and the kernels'
#             instances and tables of each variant, internal/engines/*/*.c)
#             under AddressSanitizer and UndefinedBehaviorSanitizer and
#             runs it: the spec's vectors, a plain reference against them,
#             vperm against the reference and every other kernel against
#             vperm at every length, exact-size and misaligned buffers,
#             lengths above 4 GiB (see driver.c). With
#             AEGISGO_CTEST_I386=1, then a build for i386 (32-bit size_t),
#             where a compiler for it is installed: the C core has no
#             kernel there (the Go side runs soft), so that build checks
#             only that it compiles, has none, and the reference and the
#             lengths block (-DAEGISGO_CTEST_NO_KERNELS); CI leaves it out.
#   ct        builds ct.c with the C core without sanitizers and runs each
#             kernel under valgrind's memcheck with the secrets marked
#             undefined (the ctgrind method; see ct.c): vperm, the C
#             core's kernel for CPUs without AES instructions, must run,
#             the others where valgrind can.
#
# Environment: CC (default: the newest clang that works, else gcc),
# AEGISGO_SEED (the driver's random inputs), AEGISGO_CSRC (another copy of
# csrc/, for experiments with a deliberately broken core), AEGISGO_CFLAGS
# (more compiler flags), AEGISGO_STRICT_RECOVER=1 (see below),
# AEGISGO_CTEST_KEEP=1 (keep the build directory).
set -euo pipefail

what=${1:-all}
case $what in
all | sanitize | ct) ;;
*) echo "usage: $0 [all|sanitize|ct]" >&2; exit 2 ;;
esac

here=internal/testing/ctest
csrc=${AEGISGO_CSRC:-csrc}
# Each variant's package instantiates the kernels (csrc/kernel_*.h) for
# that variant alone, and defines its tables (aegisgo_tables_128l, ...).
engines=internal/engines
if [ ! -f "$csrc/aegis.h" ] || [ ! -f "$here/driver.c" ] || ! compgen -G "$engines/*/tables.c" >/dev/null; then
  echo "run.sh: run it from the repository root ($csrc/aegis.h or $engines/*/tables.c not found)" >&2
  exit 2
fi
# sancc CC...: whether CC builds and runs a program with both sanitizers
# (a clang without its compiler-rt package compiles but cannot link).
sancc() {
  local d
  d=$(mktemp -d)
  printf 'int main(void){return 0;}\n' >"$d/p.c"
  local r=0
  "$@" -fsanitize=address,undefined "$d/p.c" -o "$d/p" >/dev/null 2>&1 && "$d/p" || r=1
  rm -rf "$d"
  return $r
}
# The newest clang that works: clang 14 (Debian 12's default) crashes in
# its back end ("Cannot emit physreg copy instruction") on kernel_avx512.c
# with both sanitizers; 16 does not. gcc works too, but compiles the
# sanitized kernels several times slower.
if [ -z "${CC:-}" ]; then
  for CC in clang-19 clang-18 clang-17 clang-16 clang-15 clang gcc; do
    if command -v "$CC" >/dev/null && sancc "$CC"; then break; fi
  done
fi
# The kernels this CPU runs, from the module's one CPU detection, in Go:
# the C core reads no CPU feature registers, and its test programs are
# told which kernels to run as the library is (kernels.h).
if [ -z "${AEGISGO_KERNELS:-}" ]; then
  AEGISGO_KERNELS=$(go run ./internal/testing/ctest/kernels)
fi
export AEGISGO_KERNELS

work=$(mktemp -d "${TMPDIR:-/tmp}/aegisgo-ctest.XXXXXX")
cleanup() {
  if [ "${AEGISGO_CTEST_KEEP:-}" = 1 ]; then echo "build directory kept: $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

step() { printf '\n==> %s\n' "$*"; }

# Every object of every build compiles at once, in the background: the
# sanitizer builds of the kernels take tens of seconds of CPU each, and
# running them side by side is what keeps the whole script short.
pids=()
# objs OUT OWN CC... -- FLAGS...: compiles the C core (csrc/*.c and
# internal/engines/*/*.c, found with -I csrc) and OWN (held to -Werror)
# into OUT.objs/. For driver.c, internal/testing/ctest/testhooks.c joins
# them, and it and the driver alone get -DAEGISGO_TEST_HOOKS: the core
# compiles as the library compiles it, and the hook that kernel_vperm.h
# defines under that macro (aegisgo_test_vperm_round) is defined once, in
# testhooks.c's own instance of vperm.
objs() {
  local out=$1 own=$2 f b cc=() extra=() own_flags=(-Werror) flags=()
  shift 2
  while [ "$1" != -- ]; do cc+=("$1"); shift; done
  shift
  if [ "$(basename "$own")" = driver.c ]; then
    extra=("$here/testhooks.c")
    own_flags+=(-DAEGISGO_TEST_HOOKS)
  fi
  mkdir -p "$out.objs"
  for f in "$csrc"/*.c "$engines"/*/*.c "${extra[@]}" "$own"; do
    b=$(basename "$f" .c)
    flags=()
    case $f in
    "$engines"/*) b=$(basename "$(dirname "$f")").$b ;; # aegis128l.kernel_aesni
    "$here/testhooks.c") flags=(-DAEGISGO_TEST_HOOKS) ;;
    "$own") flags=("${own_flags[@]}") ;;
    esac
    "${cc[@]}" "$@" "${flags[@]}" -c "$f" -o "$out.objs/$b.o" >"$out.objs/$b.log" 2>&1 &
    pids+=($!)
  done
}
# wait_objs: waits for every compiler, shows what they said, fails if one did.
wait_objs() {
  local p bad=0 log
  for p in "${pids[@]}"; do wait "$p" || bad=1; done
  pids=()
  for log in "$work"/*.objs/*.log; do
    if [ -s "$log" ]; then echo "--- ${log#"$work"/}"; cat "$log"; fi
  done
  [ "$bad" -eq 0 ] || { echo "run.sh: compilation failed" >&2; exit 1; }
}

# The spec's vectors as a C header, from testdata/*.json: encryption, MAC
# and the AES round.
python3 - "$work/vectors.h" <<'PY'
import glob, json, os, sys

def cid(name):
    # "128x2" -> AEGISGO_128X2, aegis.h's constant: a variant it lacks
    # fails the build.
    return "AEGISGO_" + name.upper()
def lit(s):
    return "NULL" if s is None else '"%s"' % s
rows = []
for path in sorted(glob.glob("testdata/aegis-*-test-vectors.json")):
    name = os.path.basename(path)[len("aegis-"):-len("-test-vectors.json")]
    for v in json.load(open(path)):
        if "key" not in v or "ct" not in v:
            continue  # state vectors (Update, Initial State), not encryptions
        fail = 1 if "error" in v else 0
        rows.append("    {%s, %s, %d, %s, %s, %s, %s, %s, %s, %s}," % (
            cid(name), lit(v["name"]), fail, lit(v["key"]), lit(v["nonce"]),
            lit(v.get("ad", "")), lit(None if fail else v["msg"]), lit(v["ct"]),
            lit(v["tag128"]), lit(v["tag256"])))
        for f in ("ad", "msg", "ct"):
            assert len(v.get(f) or "") <= 2 * 256, "vector too long for driver.c"
macs = []
for v in json.load(open("testdata/aegismac-test-vectors.json")):
    name = v["name"].split()[0][len("AEGISMAC-"):].lower()
    macs.append("    {%s, %s, %s, %s, %s, %s}," % (
        cid(name), lit(v["key"]), lit(v["nonce"]), lit(v["data"]), lit(v["tag128"]), lit(v["tag256"])))
    assert len(v["data"]) <= 2 * 256, "vector too long for driver.c"
aes = json.load(open("testdata/aesround-test-vector.json"))[0]
with open(sys.argv[1], "w") as out:
    out.write("/* Generated by internal/testing/ctest/run.sh from testdata/; not kept. */\n")
    out.write("struct tv {\n    int variant;\n    const char *name;\n    int must_fail;\n"
              "    const char *key, *nonce, *ad, *msg, *ct, *tag128, *tag256;\n};\n")
    out.write("static const struct tv tvs[] = {\n%s\n};\n" % "\n".join(rows))
    out.write("struct mv {\n    int variant;\n    const char *key, *nonce, *data, *tag128, *tag256;\n};\n")
    out.write("static const struct mv mvs[] = {\n%s\n};\n" % "\n".join(macs))
    for f in ("in", "rk", "out"):
        out.write('static const char aesround_%s[] = "%s";\n' % (f, aes[f]))
print("vectors.h: %d encryption vectors, %d MAC vectors" % (len(rows), len(macs)))
PY

# UndefinedBehaviorSanitizer's checks are compiled recoverable, and
# UBSAN_OPTIONS=halt_on_error=1 (below) makes the first one that fires end
# the run with a failure, as -fno-sanitize-recover=all would: that flag
# gives each check its own abort path and doubles the compile time of the
# always-inlined kernels (kernel_aesni.c: 30 s to 50 s). AddressSanitizer
# never recovers. AEGISGO_STRICT_RECOVER=1 compiles with the flag anyway.
# shellcheck disable=SC2054 # the comma is -fsanitize's, not an array's
san=(-fsanitize=address,undefined -g -O1 -fno-omit-frame-pointer)
if [ "${AEGISGO_STRICT_RECOVER:-}" = 1 ]; then san+=(-fno-sanitize-recover=all); fi
# AEGISGO_CFLAGS adds flags to every build, e.g. -DAEGISGO_NO_AVX512 to
# leave a kernel out (see csrc/internal.h).
read -r -a xflags <<<"${AEGISGO_CFLAGS:-}"
common=(-std=gnu11 -Wall -Wextra -I"$csrc" -I"$work" "${xflags[@]}")
# -gdwarf-4: valgrind 3.19 cannot read clang's default DWARF 5.
# AEGISGO_CTGRIND: for a core that declassifies its public results for
# memcheck under that macro (nothing uses it yet; see run_ct).
ctflags=(-std=gnu11 -O2 -gdwarf-4 -Wall -Wextra -DAEGISGO_CTGRIND -I"$csrc" "${xflags[@]}")

# A compiler for i386 (32-bit size_t) that builds programs with both
# sanitizers, if there is one, and how to run them (run32): natively where
# the kernel runs i386 programs, else under qemu-i386's user mode, with
# the cross compiler's libraries (-L) where they are apart. Under qemu,
# LeakSanitizer, which stops the threads with ptrace, hangs: run32's
# programs go without leak detection (ASAN_OPTIONS, in run_sanitize).
cc32=()
run32=()
find_cc32() {
  local c probe=$work/probe32.c r
  printf '#include <stdio.h>\nint main(void){printf("%%zu\\n",sizeof(size_t));return 0;}\n' >"$probe"
  for c in "$CC -m32" "clang -m32" "gcc -m32" "i686-linux-gnu-gcc"; do
    # shellcheck disable=SC2086
    if ! command -v ${c%% *} >/dev/null || ! $c "${san[@]}" "$probe" -o "$work/probe32" >/dev/null 2>&1; then
      continue
    fi
    read -r -a cc32 <<<"$c"
    for r in "" "qemu-i386" "qemu-i386 -L /usr/i686-linux-gnu"; do
      if [ -n "$r" ] && ! command -v qemu-i386 >/dev/null; then break; fi
      read -r -a run32 <<<"$r"
      if [ "$(ASAN_OPTIONS=detect_leaks=0 timeout 60 "${run32[@]}" "$work/probe32" 2>/dev/null)" = 4 ]; then
        return 0
      fi
    done
  done
  cc32=()
  run32=()
  return 1
}

# Each step that fails is named here; the script goes on with the others
# and fails at the end.
failed_steps=()

run_sanitize() {
  export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:strict_string_checks=1}
  export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:${UBSAN_OPTIONS:-}
  # Stack traces with function names and lines: the compiler's own
  # symbolizer, or any on the PATH (a clang-N package may come without).
  local s
  if [ -z "${ASAN_SYMBOLIZER_PATH:-}" ]; then
    for s in "$(dirname "$(readlink -f "$(command -v "$CC")")")/llvm-symbolizer" \
      "$(command -v llvm-symbolizer || true)"; do
      if [ -x "$s" ]; then export ASAN_SYMBOLIZER_PATH=$s; break; fi
    done
  fi
  step "sanitizers: $CC ${san[*]} ($($CC --version | head -1))"
  "$work/driver" || failed_steps+=("sanitizers (64-bit)")
  if [ "${AEGISGO_CTEST_I386:-}" != 1 ]; then
    return 0
  fi
  if [ ${#cc32[@]} -eq 0 ]; then
    step "sanitizers, 32-bit size_t: SKIPPED: no compiler here builds i386 programs with ASan and UBSan that run here or under qemu-i386 (tried $CC -m32, clang -m32, gcc -m32, i686-linux-gnu-gcc)"
    return 0
  fi
  # No kernel exists there: the x86 kernels, vperm included, are for
  # x86-64, and a 32-bit program of the module runs the Go soft kernel.
  step "sanitizers, 32-bit size_t (no C kernel on i386: the empty tables, the reference, the lengths block): ${cc32[*]} ${san[*]}${run32[*]:+, under ${run32[*]}, without leak detection}"
  if [ ${#run32[@]} -gt 0 ]; then
    ASAN_OPTIONS=$ASAN_OPTIONS:detect_leaks=0 "${run32[@]}" "$work/driver32" || failed_steps+=("sanitizers (32-bit size_t)")
  else
    "$work/driver32" || failed_steps+=("sanitizers (32-bit size_t)")
  fi
}

run_ct() {
  local k log list
  step "constant time: memcheck ($(valgrind --version)), $CC ${ctflags[*]}"
  list=$("$work/ct" --list)
  echo "kernels on this CPU: $(echo "$list" | tr '\n' ' ')"
  # vperm, the C core's kernel for CPUs without AES instructions, must be
  # checked: it is in every build for x86-64 and little-endian arm64, and
  # valgrind has emulated SSSE3 and NEON for years. (soft is Go code, with
  # no C table.)
  if ! grep -qx vperm <<<"$list"; then
    echo "ct: vperm is not in this build or not on this CPU: the constant-time check of the C core's kernel for CPUs without AES instructions cannot run"
    return 1
  fi
  # valgrind's instruction decoder knows fewer extensions than the host
  # (3.19 has neither VAES nor AVX-512): a kernel that uses one stops at
  # its first such instruction ("unhandled instruction bytes"), and is
  # reported as skipped below, but vperm, which must run.
  for k in $list; do
    log=$work/ct-$k.log
    # Its exit status is 1 on any report, the allowed one included: the
    # reports are judged from the XML below instead.
    valgrind --tool=memcheck --error-exitcode=1 --track-origins=yes --num-callers=40 \
      --xml=yes --xml-file="$work/ct-$k.xml" "$work/ct" "$k" >"$log" 2>&1 || true
    if grep -q "unhandled instruction bytes" "$log"; then
      echo "ct $k: SKIPPED: valgrind cannot decode an instruction of this kernel:"
      grep -m1 -A1 "unhandled instruction bytes" "$log" | sed 's/^/    /'
      [ "$k" != vperm ] || return 1
      continue
    fi
    if ! grep -q "^ct $k: ran$" "$log"; then
      echo "ct $k: the program did not finish cleanly:"
      tail -20 "$log" | sed 's/^/    /'
      return 1
    fi
    # Every memcheck report fails the check. The core marks the one public
    # result it branches on, the tag check's verdict, as defined under
    # -DAEGISGO_CTGRIND (aegisgo_declassify in csrc/internal.h).
    python3 - "$work/ct-$k.xml" "$k" <<'PY' || return 1
import os, sys, xml.etree.ElementTree as ET

xml, kernel = sys.argv[1], sys.argv[2]
root = ET.parse(xml).getroot()
seen = {}  # (allowed, what, where, text) -> functions, in order
for e in root.findall("error"):
    kind = e.findtext("kind")
    what = e.findtext("what") or e.findtext("xwhat/text") or ""
    frames = e.find("stack").findall("frame")
    top = next((f for f in frames if f.findtext("file")), None)
    where, text = "?", ""
    if top is not None:
        where = "%s:%s" % (top.findtext("file"), top.findtext("line"))
        path = os.path.join(top.findtext("dir") or "", top.findtext("file"))
        try:
            text = open(path).read().splitlines()[int(top.findtext("line")) - 1].strip()
        except (OSError, IndexError, ValueError):
            pass
    ok = False  # no report is allowed
    key = (ok, what, where, text)
    seen.setdefault(key, []).append(e)
bad = allowed = 0
for (ok, what, where, text), errs in seen.items():
    fns = sorted({(x.find("stack").find("frame").findtext("fn") or "?") for x in errs})
    print("  %s: %s\n    at %s: %s\n    in %s" % (
        "allowed, on the public verification result" if ok else "REPORT",
        what, where, text, ", ".join(fns)))
    if not ok:
        for f in errs[0].find("stack").findall("frame")[:10]:
            print("      %s %s:%s" % (f.findtext("fn"), f.findtext("file"), f.findtext("line")))
        bad += len(errs)
    else:
        allowed += len(errs)
print("ct %s: memcheck: %d report(s) on secret data, %d on the public verification result"
      % (kernel, bad, allowed))
sys.exit(1 if bad else 0)
PY
  done
}

t0=$SECONDS
if [ "$what" != sanitize ]; then
  if ! command -v valgrind >/dev/null || [ ! -f /usr/include/valgrind/memcheck.h ]; then
    echo "run.sh: valgrind and /usr/include/valgrind/memcheck.h are needed (Debian: apt-get install valgrind)" >&2
    exit 1
  fi
fi
step "building (all at once)"
if [ "$what" != ct ]; then
  if [ "${AEGISGO_CTEST_I386:-}" = 1 ]; then find_cc32 || true; fi
  objs "$work/driver" "$here/driver.c" "$CC" -- "${common[@]}" "${san[@]}"
  if [ ${#cc32[@]} -gt 0 ]; then
    objs "$work/driver32" "$here/driver.c" "${cc32[@]}" -- "${common[@]}" "${san[@]}" -DAEGISGO_CTEST_NO_KERNELS
  fi
fi
if [ "$what" != sanitize ]; then
  objs "$work/ct" "$here/ct.c" "$CC" -- "${ctflags[@]}"
fi
wait_objs
if [ "$what" != ct ]; then
  "$CC" "${common[@]}" "${san[@]}" "$work/driver.objs"/*.o -o "$work/driver"
  if [ ${#cc32[@]} -gt 0 ]; then
    "${cc32[@]}" "${common[@]}" "${san[@]}" -DAEGISGO_CTEST_NO_KERNELS "$work/driver32.objs"/*.o -o "$work/driver32"
  fi
fi
if [ "$what" != sanitize ]; then
  "$CC" "${ctflags[@]}" "$work/ct.objs"/*.o -o "$work/ct"
fi
echo "built in $((SECONDS - t0))s"

if [ "$what" != ct ]; then run_sanitize; fi
if [ "$what" != sanitize ]; then run_ct || failed_steps+=("constant time (memcheck)"); fi
echo
if [ ${#failed_steps[@]} -gt 0 ]; then
  list=$(IFS=,; echo "${failed_steps[*]}")
  printf 'internal/testing/ctest: FAILED after %ds: %s\n' $((SECONDS - t0)) "${list//,/, }"
  exit 1
fi
echo "internal/testing/ctest: $what passed in $((SECONDS - t0))s"
