#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Hardening checks for github.com/aegisgo/aegis, called by .ci/run (it also
# runs alone: bash .ci/hardening.sh, from the repository root). It installs
# what it needs with apt-get, then runs internal/testing/ctest/run.sh:
#   - the C core under AddressSanitizer and UndefinedBehaviorSanitizer
#     (64-bit, every kernel against vperm and vperm against a reference
#     and the spec's vectors; and an i386 build, 32-bit size_t, where the
#     core has no kernel, natively or under qemu-i386);
#   - the constant-time check of every kernel valgrind can run (memcheck
#     with the secrets marked undefined), vperm required;
# and the guard-page test of the Go API (also part of go test ./...).
set -euo pipefail
cd "$(dirname "$0")/.."
export GOFLAGS="${GOFLAGS:-} -buildvcs=false"

step() { printf '\n==> %s\n' "$*"; }
t0=$SECONDS

step "tools (apt)"
installed() { [ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" = "install ok installed" ]; }
missing=()
# clang 16 and its sanitizer run-time: Debian 12's clang (14) crashes on
# kernel_avx512.c with both sanitizers (see internal/testing/ctest/run.sh).
installed clang-16 || missing+=(clang-16)
installed libclang-rt-16-dev || missing+=(libclang-rt-16-dev)
command -v python3 >/dev/null || missing+=(python3)
{ command -v valgrind >/dev/null && [ -f /usr/include/valgrind/memcheck.h ]; } || missing+=(valgrind)
# i386 with the sanitizers, for the 32-bit size_t run: Debian's i686 cross
# compiler, which (unlike gcc-multilib) coexists with the other cross
# compilers of .ci/cross.sh, and qemu's user mode, in which run.sh runs
# the program where this kernel runs no i386 programs. Skipped when gcc
# -m32 or clang -m32 already build and run them; run.sh says so when it
# finds no way.
probe=$(mktemp -d)
printf 'int main(void){return sizeof(void *) == 4 ? 0 : 1;}\n' >"$probe/p.c"
has32=0
for c in "clang-16 -m32" "clang -m32" "gcc -m32" "i686-linux-gnu-gcc"; do
  # shellcheck disable=SC2086
  if command -v ${c%% *} >/dev/null && $c -fsanitize=address,undefined "$probe/p.c" -o "$probe/p" 2>/dev/null &&
    "$probe/p"; then
    has32=1
    break
  fi
done
rm -rf "$probe"
if [ "$has32" = 0 ]; then
  for p in gcc-i686-linux-gnu libc6-dev-i386-cross libasan8-i386-cross libubsan1-i386-cross; do
    installed "$p" || missing+=("$p")
  done
  command -v qemu-i386 >/dev/null || missing+=(qemu-user)
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends "${missing[@]}"
else
  echo "all present"
fi

# Both steps run; either failing fails the script.
failed=()
step "C core: sanitizers and constant time (internal/testing/ctest/run.sh)"
bash internal/testing/ctest/run.sh all || failed+=("internal/testing/ctest/run.sh")

step "guard pages (internal/testing/ctest/guardtest)"
go test -count=1 ./internal/testing/ctest/guardtest || failed+=("internal/testing/ctest/guardtest")

echo
if [ ${#failed[@]} -gt 0 ]; then
  echo "hardening FAILED after $((SECONDS - t0))s: ${failed[*]}"
  exit 1
fi
echo "hardening passed in $((SECONDS - t0))s"
