#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs, in one apt-get run, every Debian package that the CI scripts
# need (hardening.sh, cross.sh, browser.sh: each also installs what it
# lacks when run alone). .ci/run starts it in the background first thing,
# so that the downloads overlap the native tests, and waits for it before
# the first step that needs a package.
set -euo pipefail
pkgs=(
  # hardening.sh: the sanitizers (clang 16: Debian's clang 14 crashes on
  # kernel_avx512.h with both), memcheck
  clang-16 libclang-rt-16-dev valgrind python3
  # cross.sh: qemu's user mode, the cross compilers, wine, node
  qemu-user
  gcc-aarch64-linux-gnu libc6-dev-arm64-cross
  gcc-s390x-linux-gnu libc6-dev-s390x-cross
  gcc-i686-linux-gnu libc6-dev-i386-cross libc6-i386
  gcc-mingw-w64-x86-64 wine64
)
installed() { [ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" = "install ok installed" ]; }
missing=()
for p in "${pkgs[@]}"; do
  installed "$p" || missing+=("$p")
done
# By command, where the machine may have them from elsewhere (a node
# with its own npm, which Debian's npm package conflicts with):
# cross.sh's node, browser.sh's headless Chromium and npm.
command -v node >/dev/null || command -v nodejs >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)
command -v chromium >/dev/null || missing+=(chromium)
if [ ${#missing[@]} -eq 0 ]; then
  echo "apt: all present"
  exit 0
fi
echo "apt: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
if installed gcc-multilib; then
  # It conflicts with every gcc-N-<arch>-linux-gnu cross package (it owns
  # /usr/include/asm), and nothing here builds with -m32.
  apt-get remove -y -q gcc-multilib
fi
apt-get update -q
apt-get install -y -q --no-install-recommends "${missing[@]}"
echo "apt: done"
