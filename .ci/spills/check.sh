#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Fails if the C core's windows/amd64 objects hold a 32- or 64-byte vector
# move that needs alignment (vmovdqa, vmovaps, the non-temporal moves...)
# with a memory operand on the stack (rsp or rbp).
#
# Why: the Windows x64 ABI aligns the stack to 16 bytes, and gcc cannot
# realign it for wider spills there (GCC bug 54412). An unpatched gcc still
# spills a ymm or zmm register with an aligned move to a slot it assumes is
# 32- or 64-byte aligned; on Windows that slot is often not, and the AVX2
# or AVX-512 kernel crashes. Debian's mingw gcc is patched to emit
# unaligned moves, and -Wa,-muse-unaligned-vector-move does the same with
# any gcc, but cgo does not accept that flag in a #cgo line (users would
# have to pass it in CGO_CFLAGS), so this check holds the build that CI
# makes to it. 16-byte moves are safe: the stack has that alignment.
#
# Usage:
#   check.sh              the C objects of the engines' packages
#                         (internal/engines/*, where the kernels are) and
#                         of ./csrc, built for windows/amd64 by cgo
#   check.sh OBJ...       these objects (or archives)
#   check.sh -self-test   shows that the check finds a forced aligned spill
#                         (forced.c) and passes the same code without it
set -euo pipefail
cd "$(dirname "$0")/../.."
OBJDUMP=${OBJDUMP:-x86_64-w64-mingw32-objdump}
CC_WIN=${CC_WIN:-x86_64-w64-mingw32-gcc}

# aligned prints each aligned 32/64-byte move to or from rsp/rbp in the
# objects given, as "object: address: instruction".
aligned() {
  local o
  for o in "$@"; do
    "$OBJDUMP" -d --no-show-raw-insn "$o" |
      grep -E '^[[:space:]]*[0-9a-f]+:[[:space:]]+(vmovdqa(32|64)?|vmovap[sd]|vmovntdqa?|vmovntp[sd])[[:space:]]' |
      grep -E '%[yz]mm[0-9]+' | grep -E '\(%(rsp|rbp)[,)]' | sed "s|^|$o: |" || true
  done
}

if [ "${1:-}" = -self-test ]; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  "$CC_WIN" -O2 -Wall -Werror -c .ci/spills/forced.c -o "$tmp/clean.o"
  "$CC_WIN" -O2 -Wall -Werror -DAEGISGO_FORCE_ALIGNED_SPILL -c .ci/spills/forced.c -o "$tmp/forced.o"
  found=$(aligned "$tmp/forced.o")
  [ "$(printf '%s\n' "$found" | grep -c ymm)" -ge 1 ] && [ "$(printf '%s\n' "$found" | grep -c zmm)" -ge 1 ] || {
    echo "self-test: the check missed the forced ymm and zmm spills of forced.c:"
    "$OBJDUMP" -d --no-show-raw-insn "$tmp/forced.o" | grep -E 'vmov' || true
    exit 1
  }
  printf 'found, as it should:\n%s\n' "$found"
  if [ -n "$(aligned "$tmp/clean.o")" ]; then
    echo "self-test: forced.c without the forced spill has an aligned stack move: this compiler makes them itself"
    aligned "$tmp/clean.o"
    exit 1
  fi
  echo "self-test passed: the forced spills are found, the same code without them passes"
  exit 0
fi

objs=("$@")
if [ ${#objs[@]} -eq 0 ]; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  n=0
  for archive in $(GOOS=windows GOARCH=amd64 CGO_ENABLED=1 CC="$CC_WIN" go list -export -f '{{.Export}}' ./csrc ./internal/engines/...); do
    # A package archive holds cgo's C objects (_x*.o) beside Go's.
    n=$((n + 1))
    mkdir "$tmp/$n"
    (cd "$tmp/$n" && ar x "$archive")
  done
  objs=("$tmp"/*/_x*.o)
  [ -e "${objs[0]}" ] || { echo "no C objects in the archives of ./csrc and ./internal/engines/..."; exit 1; }
fi
found=$(aligned "${objs[@]}")
if [ -n "$found" ]; then
  echo "aligned 32/64-byte vector moves on the stack, which can crash on Windows (GCC bug 54412):"
  printf '%s\n' "$found"
  echo "build with an unaligned-move gcc (Debian's mingw, or -Wa,-muse-unaligned-vector-move in CGO_CFLAGS)"
  exit 1
fi
n=$("$OBJDUMP" -d --no-show-raw-insn "${objs[@]}" | grep -cE '%[yz]mm[0-9]+.*\(%(rsp|rbp)[,)]|\(%(rsp|rbp)[,)].*%[yz]mm' || true)
echo "${#objs[@]} objects: no aligned 32/64-byte move on the stack ($n ymm/zmm instructions with a stack operand, all unaligned)"
