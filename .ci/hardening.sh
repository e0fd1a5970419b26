#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Hardening checks for github.com/aegisgo/aegis, called by .ci/run (it also
# runs alone: bash .ci/hardening.sh, from the repository root). It installs
# what it needs with apt-get, then runs internal/testing/ctest/run.sh:
#   - the C core under AddressSanitizer and UndefinedBehaviorSanitizer
#     (every kernel against vperm, and vperm against a reference and the
#     spec's vectors; the C kernels are x86-64's and arm64's only, so a
#     32-bit build has none to test: run.sh's AEGISGO_CTEST_I386=1 builds
#     it anyway);
#   - the constant-time check of every kernel valgrind can run (memcheck
#     with the secrets marked undefined), vperm required.
# The guard-page test of the Go API (internal/testing/ctest/guardtest)
# is part of go test ./..., and .ci/run runs it under cgocheck2 too.
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
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends "${missing[@]}"
else
  echo "all present"
fi

step "C core: sanitizers and constant time (internal/testing/ctest/run.sh)"
if ! bash internal/testing/ctest/run.sh all; then
  echo "hardening FAILED after $((SECONDS - t0))s: internal/testing/ctest/run.sh"
  exit 1
fi
echo "hardening passed in $((SECONDS - t0))s"
