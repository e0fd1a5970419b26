#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs the windows/amd64 build's tests under wine on the default kernel
# (the tests walk every kernel that wine lets the build detect, which
# must be every kernel this CPU runs), then a few packages of the build
# without cgo (the
# Go engine), with the default kernel and with AEGIS_IMPL=soft, in the
# same wine prefix. Called by .ci/cross.sh; it also runs alone from the
# repository root: bash .ci/wine/run.sh.
#
# A subset, to work on one package: arguments replace ./... in the cgo
# build's go test command line, AEGISGO_WINE_KERNELS names the kernels to
# run it with (the best that wine detects by default, each named one
# capped by AEGIS_IMPL; "none" for no cgo run),
# and AEGISGO_WINE_NOCGO the packages of the CGO_ENABLED=0 runs (empty
# for none), e.g.
#   AEGISGO_WINE_KERNELS=avx2 AEGISGO_WINE_NOCGO= bash .ci/wine/run.sh -run Signal ./cmd/aegis-raf
#   AEGISGO_WINE_KERNELS=none AEGISGO_WINE_NOCGO=./raf bash .ci/wine/run.sh
#
# It needs wine64 (Debian's puts its loader in /usr/lib/wine) and
# mingw-w64. Nothing is interactive: a fresh prefix in a temporary
# directory, no display, no Mono or Gecko installer, and every wine call
# under a time limit.
set -euo pipefail
cd "$(dirname "$0")/../.."

fail() { echo "wine step: $*" >&2; exit 1; }

WINE=$(command -v wine64 || true)
[ -n "$WINE" ] || WINE=/usr/lib/wine/wine64
[ -x "$WINE" ] || fail "no wine64 loader (install the wine64 package)"
wineserver=$(command -v wineserver || true)
for w in "$wineserver" /usr/lib/wine/wineserver64 /usr/lib/wine/wineserver; do
  [ -n "$w" ] && [ -x "$w" ] && { wineserver=$w; break; }
done
[ -x "$wineserver" ] || fail "no wineserver next to $WINE"
command -v x86_64-w64-mingw32-gcc >/dev/null || fail "no x86_64-w64-mingw32-gcc (install gcc-mingw-w64-x86-64)"
"$WINE" --version

WINEPREFIX=$(mktemp -d "${TMPDIR:-/tmp}/aegisgo-wine.XXXXXX")
export WINE WINEPREFIX
export WINEDEBUG=-all WINEARCH=win64
# mscoree and mshtml off: a fresh prefix would otherwise offer to install
# Mono and Gecko, a dialog that waits for a click. winedbg off: a process
# that crashes ends at once instead of starting the debugger (Go prints
# its own trace for a crash in a test).
export WINEDLLOVERRIDES="mscoree=;mshtml=;winedbg.exe=d"
unset DISPLAY WAYLAND_DISPLAY
cleanup() {
  timeout 30 "$wineserver" -k 2>/dev/null || true
  rm -rf "$WINEPREFIX" "${bootlog:-}"
}
trap cleanup EXIT

# wineboot returns before the prefix is written; wineserver -w waits for
# it. Without 32-bit wine it reports that syswow64 is missing: harmless.
# It takes 10-15 s here, but once, on a fresh CI machine, it failed or
# ran past its 180 s (the first wine run on a machine also builds caches,
# fontconfig's among them): its output is kept and shown, and a failed
# setup is tried once more in a fresh prefix before the step fails.
bootlog=$(mktemp)
boot() {
  timeout 30 "$wineserver" -k 2>/dev/null || true
  rm -rf "$WINEPREFIX" && mkdir -m 700 "$WINEPREFIX"
  local t0=$SECONDS rc=0
  WINEDEBUG=${1:-$WINEDEBUG} timeout 420 "$WINE" wineboot --init >"$bootlog" 2>&1 || rc=$?
  [ "$rc" = 0 ] && { timeout 240 "$wineserver" -w || rc=w$?; }
  echo "wineboot --init: exit status $rc after $((SECONDS - t0)) s (124: the time limit)"
  [ "$rc" = 0 ] && return 0
  echo "--- its last lines:"; tail -30 "$bootlog"; echo "---"
  return 1
}
echo "prefix $WINEPREFIX: wineboot --init"
boot || { echo "once more, in a fresh prefix, with WINEDEBUG=err+all"; boot err+all; } || fail "wineboot --init failed twice (its output is above)"
rm -f "$bootlog"
# One wineserver for the whole run, started here with no terminal or pipe
# of ours: otherwise each test binary may start a fresh one (and its
# services), which would inherit go test's output pipe.
"$wineserver" -p </dev/null >/dev/null 2>&1
sys32=$WINEPREFIX/drive_c/windows/system32
[ -d "$sys32" ] || fail "wineboot made no $sys32"

# Go's runtime needs ProcessPrng from bcryptprimitives.dll; wine 8.0 has
# no such DLL (see bcryptprimitives.c). wineboot puts a placeholder in
# system32 for each DLL that wine has; where there is none, install ours.
if [ ! -e "$sys32/bcryptprimitives.dll" ]; then
  x86_64-w64-mingw32-gcc -O2 -Wall -Wextra -Werror -shared -o "$sys32/bcryptprimitives.dll" \
    .ci/wine/bcryptprimitives.c -ladvapi32 || fail "could not build .ci/wine/bcryptprimitives.c"
  echo "this wine has no bcryptprimitives.dll: installed the stand-in from .ci/wine/bcryptprimitives.c"
fi

export GOOS=windows GOARCH=amd64 CGO_ENABLED=1 CC=x86_64-w64-mingw32-gcc
exe=$PWD/.ci/wine/exec.sh

# A first program, to tell a wine that cannot run Go at all from a test
# that fails.
probe=$(mktemp -d)
go test -c -o "$probe/common.test.exe" ./common
if ! (cd common && "$exe" "$probe/common.test.exe" -test.run='^$' >"$probe/out" 2>&1); then
  cat "$probe/out" >&2
  echo "--- the same with WINEDEBUG=err+all:" >&2
  (cd common && WINEDEBUG=err+all "$exe" "$probe/common.test.exe" -test.run='^$' 2>&1 | tail -40) >&2 || true
  fail "wine cannot start a windows/amd64 Go test binary"
fi
rm -rf "$probe"

# The kernels, as the windows build detects them under wine; each one that
# this CPU has by /proc/cpuinfo must be among them, or wine hides a
# feature and the runs below would test less than they say.
kernels=$(cd aegis256x4 && go test -count=1 -exec "$exe" -v -run 'TestAEAD/Vectors$' . |
  sed -n 's/.*kernels: \[\(.*\)\]$/\1/p' | head -1)
[ -n "$kernels" ] || fail "the windows build's tests named no kernels"
echo "kernels under wine: $kernels"
flags=" $(grep -m1 '^flags' /proc/cpuinfo | cut -d: -f2) "
has() { case $flags in *" $1 "*) return 0 ;; esac; return 1; }
host=soft
has ssse3 && host="$host vperm"
has aes && host="$host aesni"
has aes && has avx2 && has vaes && host="$host avx2"
has aes && has avx2 && has vaes && has avx512f && has avx512vl && host="$host avx512"
for k in $host; do
  case " $kernels " in *" $k "*) ;; *) fail "this CPU runs $k, but the windows build under wine does not detect it" ;; esac
done

best=$(echo "$kernels" | tr ' ' '\n' | tail -1)
run=$best
if [ "${AEGISGO_WINE_KERNELS:-}" = none ]; then
  run=
elif [ -n "${AEGISGO_WINE_KERNELS:-}" ]; then
  for k in $AEGISGO_WINE_KERNELS; do
    case " $kernels " in *" $k "*) ;; *) fail "AEGISGO_WINE_KERNELS: $k is not among the kernels under wine ($kernels)" ;; esac
  done
  run=$AEGISGO_WINE_KERNELS
fi
[ $# -gt 0 ] || set -- ./...

# One run per kernel named (the best by default); AEGISGO_WANT_KERNEL makes
# internal/core's TestWantKernelX86 check that the cap took effect. In
# -short mode, as every emulated run: the block edges of every rate
# rather than every length (the native runs take every length).
for k in $run; do
  echo
  echo "--- windows/amd64 under wine, AEGIS_IMPL=$k"
  t0=$SECONDS
  if ! AEGIS_IMPL=$k AEGISGO_WANT_KERNEL=$k go test -count=1 -short -timeout 6m -exec "$exe" "$@"; then
    # A crash in C (a misaligned vmovdqa, say) is an exception that wine
    # cannot hand to Go on a cgo call's stack: the binary ends with exit
    # status 5 and no trace. WINEDEBUG=err+all then says "unable to
    # dispatch exception".
    fail "go test $* failed under wine with AEGIS_IMPL=$k (the FAIL lines above say where; \"exit status 5\" with no output is a crash in C: rerun that package with WINEDEBUG=err+all)"
  fi
  echo "--- $((SECONDS - t0))s: AEGIS_IMPL=$k"
done

# The build without cgo: the Go engine, on the kernel that the same Go
# detection picks (the best, as in the cgo build) and on soft. A few
# packages only, in -short mode: the shared suite is the same code as
# above, and the engine is what differs. -short takes TestWipeRaceNoCrash
# (internal/core) from 500 rounds to 100: the 500 take 50 s under wine,
# and the cgo runs above have them; it also leaves out the allocation
# counts, which the cgo runs and the linux/amd64 build without cgo check.
nocgo=${AEGISGO_WINE_NOCGO-./internal/core ./internal/testing/kat ./aegis128l ./aegis256x4 ./raf}
if [ -n "$nocgo" ]; then
  nocgo_kernels=$best
  [ "$best" = soft ] || nocgo_kernels="$best soft"
  for k in $nocgo_kernels; do
    echo
    echo "--- windows/amd64 under wine without cgo, AEGIS_IMPL=$k"
    t0=$SECONDS
    # shellcheck disable=SC2086 # a list of packages
    if ! env -u CC CGO_ENABLED=0 AEGIS_IMPL=$k AEGISGO_WANT_KERNEL=$k go test -count=1 -short -timeout 6m -exec "$exe" $nocgo; then
      fail "go test $nocgo failed under wine without cgo, AEGIS_IMPL=$k (the FAIL lines above say where)"
    fi
    echo "--- $((SECONDS - t0))s: without cgo, AEGIS_IMPL=$k"
  done
fi
