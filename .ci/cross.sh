#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Cross-architecture CI for github.com/aegisgo/aegis, called by .ci/run
# (it also runs alone: bash .ci/cross.sh). It installs Debian's cross
# compilers and qemu user-mode emulation, then:
#   - runs the whole test suite on arm64 with cgo (the neonsha3 kernel),
#     csrc's check of the C functions' names included, and the core and
#     some variants on a Cortex-A72 (neon: AES without SHA3) and with
#     AEGIS_IMPL=vperm (NEON without the AES instructions); on s390x
#     (big-endian, where the C core has no kernel: the Go engine on soft)
#     a few packages with cgo;
#   - cross-builds with cgo for windows/amd64 and linux/386, and runs the
#     linux/386 tests natively where the kernel can; the build without
#     cgo runs there too, or under qemu-i386;
#   - runs the Go engine without cgo: on arm64 (neonsha3), riscv64 and
#     ppc64le (soft) under qemu, and on js/wasm (soft) under node, each
#     on a few packages (internal/core, some variants, raf) so that each
#     run stays under a minute;
#   - runs internal/core and aegis128l on wasip1/wasm under wazero (a
#     pinned Go module, run by go install);
#   - checks that no loop of the C neon kernels (message, ad, Init) spills
#     (internal/testing/ctest/mca/mca.go -spills);
#   - checks the windows/amd64 C objects for aligned wide spills to the
#     stack, and runs the windows/amd64 tests under wine on the default
#     kernel (the suites walk every kernel the CPU runs), then a few
#     packages without cgo, on the default kernel and on soft
#     (.ci/wine/run.sh);
#   - builds and vets without cgo for the other targets the module
#     supports, and compiles and links the darwin/arm64 test binaries.
set -euo pipefail
cd "$(dirname "$0")/.."
export GOFLAGS="${GOFLAGS:-} -buildvcs=false"

step() { printf '\n==> [%ds] %s\n' "$SECONDS" "$*"; }
# timed CMD...: runs CMD, prints its time, returns its status (set -e
# does not stop a function called where its status is tested: so the
# status is passed on by hand, as the retry of run386 needs).
timed() {
  local t0=$SECONDS rc=0
  "$@" || rc=$?
  printf -- '--- %ds: %s\n' $((SECONDS - t0)) "$*"
  return $rc
}

step "cross toolchains (apt)"
# linux/386 takes Debian's i686 cross compiler rather than gcc -m32: that
# one needs gcc-multilib, which conflicts with every gcc-N-<arch>-linux-gnu
# cross package (it owns /usr/include/asm), so the two cannot be installed
# together.
pkgs=(
  qemu-user
  gcc-aarch64-linux-gnu libc6-dev-arm64-cross
  gcc-s390x-linux-gnu libc6-dev-s390x-cross
  gcc-i686-linux-gnu libc6-dev-i386-cross libc6-i386
  gcc-mingw-w64-x86-64
  wine64
  nodejs
)
installed() { [ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" = "install ok installed" ]; }
missing=()
for p in "${pkgs[@]}"; do
  installed "$p" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  if installed gcc-multilib; then
    # The conflict above: apt would have to remove it anyway, and asks
    # first. gcc -m32 keeps working without it for code that does not
    # include <asm/...>; nothing in this module builds with -m32.
    echo "removing gcc-multilib: it conflicts with the cross compilers"
    apt-get remove -y gcc-multilib
  fi
  apt-get update -q
  apt-get install -y -q --no-install-recommends "${missing[@]}"
else
  echo "all present: ${pkgs[*]}"
fi
for c in aarch64-linux-gnu-gcc s390x-linux-gnu-gcc i686-linux-gnu-gcc x86_64-w64-mingw32-gcc x86_64-w64-mingw32-objdump \
  qemu-aarch64 qemu-s390x qemu-riscv64 qemu-ppc64le; do
  command -v "$c" >/dev/null || { echo "missing after install: $c"; exit 1; }
done
aarch64-linux-gnu-gcc --version | head -1
s390x-linux-gnu-gcc --version | head -1
qemu-aarch64 --version | head -1

# qemu's default CPU for arm64 ("max") has the AES and the SHA3 instructions,
# so neonsha3 is the kernel there, and TestArchKernel (internal/core) fails
# if it is not; the tests walk neon too, as every kernel the CPU runs.
# QEMU_CPU=cortex-a72 (AES without SHA3) makes neon the default below.
# s390x has no kernel of its own: soft, in big-endian byte order.
# Under emulation the tests run with -short: every block edge of every
# rate instead of every length (the native runs in .ci/run take every
# length), which keeps a run under qemu to a few minutes.
pkgs=(./...)
qemu_test() { # GOARCH CC QEMU SYSROOT WANT_KERNEL [env...]
  local arch=$1 cc=$2 qemu=$3 root=$4 want=$5
  shift 5
  # aegis-raf's process tests skip themselves under emulation (qemu-user
  # forks a multi-threaded guest badly); they run natively in .ci/run,
  # which fails if they skip there.
  env "$@" GOARCH="$arch" CGO_ENABLED=1 CC="$cc" AEGISGO_WANT_KERNEL="$want" \
    go test -count=1 -short -exec "$qemu -L $root" "${pkgs[@]}"
}

step "linux/arm64: go vet with cgo"
GOARCH=arm64 CGO_ENABLED=1 CC=aarch64-linux-gnu-gcc go vet ./...

step "linux/arm64 under qemu: go test ./...  (default kernel: neonsha3)"
timed qemu_test arm64 aarch64-linux-gnu-gcc qemu-aarch64 /usr/aarch64-linux-gnu neonsha3

step "linux/arm64 under qemu: every C function named where grep finds it (csrc, not -short)"
GOARCH=arm64 CGO_ENABLED=1 CC=aarch64-linux-gnu-gcc go test -count=1 -run '^TestNamesAreLiteral$' \
  -exec 'qemu-aarch64 -L /usr/aarch64-linux-gnu' ./csrc

step "linux/arm64 under qemu -cpu cortex-a72 (AES, no SHA3): neon by default"
pkgs=(./internal/core ./internal/asm ./aegis128l ./aegis256x4)
timed qemu_test arm64 aarch64-linux-gnu-gcc qemu-aarch64 /usr/aarch64-linux-gnu neon QEMU_CPU=cortex-a72
pkgs=(./...)

step "linux/arm64 under qemu: the spec vectors and the kernels they ran on"
GOARCH=arm64 CGO_ENABLED=1 CC=aarch64-linux-gnu-gcc go test -count=1 -v -run 'TestAEAD/Vectors$' \
  -exec 'qemu-aarch64 -L /usr/aarch64-linux-gnu' ./aegis128l ./aegis256x4 | grep -E 'kernels:|^(ok|FAIL|---)'

# AEGIS_IMPL=soft: soft is the Go engine on internal/soft, the same Go
# code on every target, which s390x, riscv64 and ppc64le run below, and
# the suites walk it on arm64 as every kernel; the cap alone is checked
# on internal/core.
step "linux/arm64 under qemu: AEGIS_IMPL=soft takes effect"
timed env GOARCH=arm64 CGO_ENABLED=1 CC=aarch64-linux-gnu-gcc AEGIS_IMPL=soft AEGISGO_WANT_KERNEL=soft \
  go test -count=1 -short -run '^TestArchKernel$' -exec "qemu-aarch64 -L /usr/aarch64-linux-gnu" ./internal/core

# qemu offers no arm64 CPU without the AES instructions, so the kernel of
# such CPUs (the Raspberry Pi 4's Cortex-A72), vperm, runs by the cap; its
# detection is table-tested (TestARM64Kernels). The suites of the runs
# above walk vperm as every kernel qemu's CPU runs: the cap's run checks
# that it takes effect.
step "linux/arm64 under qemu: the NEON vector-permute kernel by the cap, AEGIS_IMPL=vperm"
timed env GOARCH=arm64 CGO_ENABLED=1 CC=aarch64-linux-gnu-gcc AEGIS_IMPL=vperm AEGISGO_WANT_KERNEL=vperm \
  go test -count=1 -short -exec "qemu-aarch64 -L /usr/aarch64-linux-gnu" ./internal/core ./aegis128l

# The suites of the default run above walk the C core on every kernel
# at every length (core.Impls); what purego changes is the routing, which
# the engines' packages check.
step "linux/arm64 under qemu: -tags purego (no assembly: the C core runs every call)"
timed env GOARCH=arm64 CGO_ENABLED=1 CC=aarch64-linux-gnu-gcc AEGISGO_WANT_KERNEL=neonsha3 \
  go test -count=1 -short -tags purego -exec "qemu-aarch64 -L /usr/aarch64-linux-gnu" \
  ./internal/asm ./internal/core

# The Go engine and the arm64 assembly run in the cgo build too (the
# suites walk every engine); what the build without cgo changes is the
# engines' tables and the routing (internal/core), and the X variants'
# chunks (one variant).
step "linux/arm64 under qemu without cgo: the Go engine on neonsha3"
timed env GOARCH=arm64 CGO_ENABLED=0 AEGISGO_WANT_KERNEL=neonsha3 \
  go test -count=1 -short -exec qemu-aarch64 ./internal/core ./aegis128x4

# riscv64 and ppc64le have no kernel of their own: the Go engine on the
# pure-Go soft kernel (internal/soft), little-endian, which s390x runs
# big-endian above. internal/core's Go engine tests against the spec's
# reference, the known answers of every API (internal/testing/kat), one
# variant of each family through the shared suite, and raf, all in -short
# mode: the same Go code runs every length natively, and what these runs
# add is the compiler's output for their CPU.
step "linux/riscv64 and linux/ppc64le under qemu without cgo: the Go engine on soft"
timed env GOARCH=riscv64 CGO_ENABLED=0 AEGISGO_WANT_KERNEL=soft go test -count=1 -short -exec qemu-riscv64 \
  ./internal/core ./internal/testing/kat ./aegis128l
timed env GOARCH=ppc64le CGO_ENABLED=0 AEGISGO_WANT_KERNEL=soft go test -count=1 -short -exec qemu-ppc64le \
  ./internal/core ./internal/testing/kat ./aegis128x4 ./aegis256

step "js/wasm under node: the Go engine on soft"
# Go's go_js_wasm_exec runs node by that name; Debian's nodejs package
# has installed it as nodejs only in some releases.
nodebin=$(mktemp -d)
if ! command -v node >/dev/null; then
  command -v nodejs >/dev/null || { echo "missing after install: node or nodejs"; exit 1; }
  ln -s "$(command -v nodejs)" "$nodebin/node"
fi
export PATH="$nodebin:$PATH"
node --version
wasmexec=$(go env GOROOT)/lib/wasm/go_js_wasm_exec
# -short as under qemu (the fused wasm loops are checked against the
# generic code at every length by internal/soft natively, and the
# browser page, .ci/browser.sh, prints js/wasm's speed);
# TestWipeRaceNoCrash skips itself on wasm anyway (one thread, no
# preemption: nothing can race).
timed env GOOS=js GOARCH=wasm AEGISGO_WANT_KERNEL=soft \
  go test -count=1 -short -exec "$wasmexec" ./internal/core
timed env GOOS=js GOARCH=wasm go test -count=1 -short -exec "$wasmexec" ./internal/testing/kat ./aegis128l ./aegis256x4 ./raf

# wazero is a Go module: go install builds its command at the version
# pinned here into a temporary GOBIN; no go.mod of the library names it.
# Go's go_wasip1_wasm_exec runs it (GOWASIRUNTIME=wazero). The packages
# are the Go engine and one variant, -short as under qemu: js/wasm above
# runs more of the same code, and what wasip1 adds is its GOOS.
step "wasip1/wasm under wazero: the Go engine on soft"
wazero_version=v1.12.0
wasibin=$(mktemp -d)
timed env GOBIN="$wasibin" go install "github.com/tetratelabs/wazero/cmd/wazero@$wazero_version"
"$wasibin/wazero" version
timed env PATH="$wasibin:$PATH" GOWASIRUNTIME=wazero GOOS=wasip1 GOARCH=wasm AEGISGO_WANT_KERNEL=soft \
  go test -count=1 -short -exec "$(go env GOROOT)/lib/wasm/go_wasip1_wasm_exec" ./internal/core ./aegis128l

step "linux/arm64: the neon, neonsha3 and vperm kernels compile with clang too"
# clang before 16 hides the AES and SHA3 intrinsics unless the whole file
# is built with the feature; kernel_neon.c works around it, and this
# checks it (darwin's cgo builds use clang), on AEGIS-128X4's files
# (tables.c holds vperm on arm64). hardening.sh installs
# clang-16; Debian's clang is 14.
ran=0
for cl in clang clang-16; do
  command -v "$cl" >/dev/null || continue
  for f in kernel_neon.c kernel_neonsha3.c tables.c; do
    "$cl" --target=aarch64-linux-gnu -O2 -Wall -Werror -c "internal/engines/aegis128x4/$f" -Icsrc -o /dev/null
  done
  "$cl" --version | head -1
  ran=1
done
[ "$ran" = 1 ] || echo "no clang here: skipped"

step "linux/arm64: no loop of the C neon kernels spills (message, ad, Init)"
# internal/testing/ctest/mca/mca.go cuts the loops out of the disassembly, as
# mca.sh does, and counts their loads and stores on the stack (no model
# runs; the cycles are mca.sh's). The flags are cgo's for the engines'
# packages; neon, and neonsha3 (the same source for FEAT_SHA3), of all
# six variants in one file each.
for k in neon neonsha3; do
  : >/tmp/aegisgo-$k-spills.dis
  for f in internal/engines/*/"kernel_$k.c"; do
    aarch64-linux-gnu-gcc -O2 -g -O3 -g1 -Wall -fPIC -Icsrc -c "$f" -o /tmp/aegisgo-$k-spills.o
    aarch64-linux-gnu-objdump -d --no-show-raw-insn /tmp/aegisgo-$k-spills.o >>/tmp/aegisgo-$k-spills.dis
  done
  go run internal/testing/ctest/mca/mca.go -spills -c /tmp/aegisgo-$k-spills.dis -cname gcc
  rm -f /tmp/aegisgo-$k-spills.o /tmp/aegisgo-$k-spills.dis
done

# s390x has no C kernel (vperm is x86-64's and little-endian arm64's):
# with cgo, the glue links and the Go engine runs soft, the same Go code
# as without cgo. Big-endian: the Go engine against the spec's reference
# (internal/core), the known answers of every API, one variant through
# the shared suite.
step "linux/s390x under qemu with cgo: the Go engine on soft, big-endian (no C kernel there)"
pkgs=(./csrc ./internal/core ./internal/testing/kat ./aegis256x2)
timed qemu_test s390x s390x-linux-gnu-gcc qemu-s390x /usr/s390x-linux-gnu soft
pkgs=(./...)

# The packages with tests (go test -c -o DIR/ names each binary after its
# package, and internal/engines/aegis128l would clash with aegis128l).
mapfile -t testpkgs < <(go list -f '{{if or .TestGoFiles .XTestGoFiles}}{{.ImportPath}}{{end}}' ./... | grep .)

step "cgo cross builds: windows/amd64 (mingw-w64), linux/386 (i686)"
testbin=$(mktemp -d)
trap 'rm -rf "$testbin" "$nodebin" "$wasibin"' EXIT
# go vet type-checks every package, the tests included. windows/amd64's
# test binaries are built and run under wine below; linux/386's
# internal/core test binary links the six variants' C (its tests import
# them all) and tells whether this machine runs i386 binaries.
GOOS=windows GOARCH=amd64 CGO_ENABLED=1 CC=x86_64-w64-mingw32-gcc go vet ./...
GOOS=linux GOARCH=386 CGO_ENABLED=1 CC=i686-linux-gnu-gcc go vet ./...
GOOS=linux GOARCH=386 CGO_ENABLED=1 CC=i686-linux-gnu-gcc go test -c -o "$testbin/" ./internal/core

step "windows/amd64: no aligned 32/64-byte vector move on the stack in the C core (GCC bug 54412)"
bash .ci/spills/check.sh -self-test
bash .ci/spills/check.sh

step "windows/amd64 under wine: go test ./...  once per kernel (AEGIS_IMPL), best first"
timed bash .ci/wine/run.sh

step "linux/386: go test ./...  (32-bit size_t; runs natively, soft kernel)"
# An x86-64 Linux kernel runs i386 binaries itself (qemu-i386 hangs on Go
# binaries), given the i386 loader from libc6-i386 and a kernel built with
# IA32 emulation; the probe tells whether this one can.
if "$testbin/core.test" -test.run='^$' >/dev/null 2>&1; then
  timed env GOARCH=386 CGO_ENABLED=1 CC=i686-linux-gnu-gcc AEGIS_RAF_WANT_PROCESS=1 go test -count=1 ./...
else
  echo "this machine cannot run linux/386 binaries (no i386 loader or no IA32 emulation): built only"
  # The cgo build hangs under qemu-i386; the build without cgo runs there,
  # below.
fi

step "linux/386 without cgo: natively where the kernel can, else under qemu-i386 (soft kernel)"
# qemu-i386 runs Go's
# 386 binaries only with asynchronous preemption off
# (GODEBUG=asyncpreemptoff=1: with it on, they die at once with "bad g in
# signal handler"), and even so it now and then kills one in the runtime
# ("morestack on g0", seen in internal/soft's tests, not run here): a
# failed run is run once more, and the step fails only if both do. A
# test that fails fails both.
# The packages: the Go engine and its routing, one variant through the
# shared suite, and raf (file offsets against a 32-bit int).
pkgs386=(./internal/core ./aegis128l ./raf)
if "$testbin/core.test" -test.run='^$' >/dev/null 2>&1; then
  timed env GOARCH=386 CGO_ENABLED=0 go test -count=1 "${pkgs386[@]}"
else
  run386() {
    env GOARCH=386 CGO_ENABLED=0 GODEBUG=asyncpreemptoff=1 \
      go test -count=1 -short -exec qemu-i386 "${pkgs386[@]}"
  }
  timed run386 || { echo "failed under qemu-i386; once more, to tell an emulator crash from a test failure"; timed run386; }
fi

# linux/amd64, linux/arm64, js/wasm and (some packages of) wasip1/wasm
# without cgo are tested above and in .ci/run; these targets are built
# and vetted only.
step "builds without cgo: darwin, windows, freebsd, wasip1/wasm"
# darwin/arm64's test binaries are compiled and linked below (the
# assembly's symbols, darwin's detection files), not run: that builds it.
# darwin/amd64 has linux/amd64's assembly and detection: built.
for target in darwin/amd64 darwin/arm64 windows/amd64 freebsd/amd64 wasip1/wasm; do
  echo "$target"
  case $target in darwin/arm64) ;; *) GOOS=${target%/*} GOARCH=${target#*/} CGO_ENABLED=0 go build ./... ;; esac
  GOOS=${target%/*} GOARCH=${target#*/} CGO_ENABLED=0 go vet ./...
done
mkdir "$testbin/darwin-arm64"
timed env GOOS=darwin GOARCH=arm64 CGO_ENABLED=0 go test -c -o "$testbin/darwin-arm64/" "${testpkgs[@]}"

echo
echo "cross CI passed"
