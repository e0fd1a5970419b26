#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs every fuzz target of the variant packages for a bounded time, then
# the state-level ones: internal/asm's FuzzState (the assembly's
# state-level functions on every kernel here, against internal/testing/ref) and
# internal/core's FuzzGoEngine (the Go engine, which no public call runs
# in a cgo build, on every kernel here, against internal/testing/ref).
#   FUZZTIME_KERNELS time of FuzzKernels, every kernel and path against
#                    soft (default 4s)
#   FUZZTIME         time per target of the AEAD's other targets: round
#                    trip, Open of arbitrary bytes (default 2s)
#   FUZZTIME_STREAM  time per target of the streaming APIs' targets
#                    (default 2s)
#   FUZZTIME_STATE   time per state-level target (default 4s)
# The defaults keep CI's fuzzing near a minute and a half for its 16
# targets; it is a bounded smoke run on top of the committed corpora,
# which every go test replays. Fuzz longer by hand: FUZZTIME_KERNELS=10m bash .ci/fuzz.sh
#   --save           afterwards, copy up to 8 new corpus entries per target
#                    from the Go cache into <pkg>/testdata/fuzz/<target>/,
#                    to commit
set -euo pipefail
cd "$(dirname "$0")/.."
export GOFLAGS="${GOFLAGS:-} -buildvcs=false"
save=${1:-}
cache=$(go env GOCACHE)/fuzz/github.com/aegisgo/aegis
# fuzz PKG TARGET TIME [FLAGS...]
fuzz() {
  local pkg=$1 target=$2 t=$3
  shift 3
  echo "--- $pkg $target ($t)"
  # A failing input is written to $pkg/testdata/fuzz/$target: that is a
  # real failure, shown in full, and CI stops. The fuzzing engine also
  # fails on its own at the -fuzztime deadline, with "context deadline
  # exceeded" and no input (golang/go#51484, #75804; seen here in two CI
  # runs out of three): the target ran its whole time without finding
  # anything, so that counts as passed. Any other failure without an
  # input is shown in full and the target runs once more.
  log=$(mktemp)
  for try in 1 2; do
    if go test -run '^$' -fuzz "^${target}\$" -fuzztime "$t" "$@" "./$pkg" >"$log" 2>&1; then
      tail -3 "$log"
      break
    fi
    if [ -n "$(git status --porcelain -- "$pkg/testdata/fuzz/$target" 2>/dev/null)" ]; then
      cat "$log"
      echo "fuzz.sh: $pkg $target failed; the failing input is in $pkg/testdata/fuzz/$target" >&2
      rm -f "$log"
      exit 1
    fi
    if grep -q 'context deadline exceeded' "$log" && ! grep -q -i -e 'failing input' -e 'panic:' -e '\.go:[0-9]' "$log"; then
      tail -6 "$log"
      echo "fuzz.sh: $pkg $target: the engine's deadline error, no failing input: passed"
      break
    fi
    cat "$log"
    if [ "$try" = 2 ]; then
      echo "fuzz.sh: $pkg $target failed twice" >&2
      rm -f "$log"
      exit 1
    fi
    echo "fuzz.sh: $pkg $target failed without a failing input; running it once more"
  done
  rm -f "$log"
  if [ "$save" = --save ] && [ -d "$cache/$pkg/$target" ]; then
    mkdir -p "$pkg/testdata/fuzz/$target"
    ls "$cache/$pkg/$target" | head -8 | while read -r f; do
      cp "$cache/$pkg/$target/$f" "$pkg/testdata/fuzz/$target/"
    done
  fi
}

# FuzzKernels (every kernel against soft) of every variant: each has code
# of its own in each kernel. The other targets hold the API's semantics,
# the same core code with another rate: all of them on AEGIS-128L, and
# on AEGIS-256X4 (the other family, the other end of the degrees) those
# with code of their own per rate, batches and the incremental API;
# every target of every variant with AEGISGO_FUZZ_ALL=1.
for pkg in aegis128l aegis128x2 aegis128x4 aegis256 aegis256x2 aegis256x4; do
  # The targets, from the source (go test -list would link a binary).
  for target in $(sed -n 's/^func \(Fuzz[A-Za-z0-9_]*\)(.*/\1/p' "$pkg"/*_test.go); do
    case $target in
      FuzzKernels) t=${FUZZTIME_KERNELS:-4s} ;;
      FuzzSealOpen | FuzzOpen) t=${FUZZTIME:-2s} ;;
      *) t=${FUZZTIME_STREAM:-2s} ;;
    esac
    case $target:$pkg in
      FuzzKernels:* | *:aegis128l | FuzzBatch:aegis256x4 | FuzzIncremental:aegis256x4) ;;
      *) [ "${AEGISGO_FUZZ_ALL:-}" = 1 ] || continue ;;
    esac
    fuzz "$pkg" "$target" "$t"
  done
done

# -fuzzminimizetime 1s: these targets find new coverage often in their
# first seconds, and minimizing each new input (60 s at most by default)
# would stop the search for the rest of the run; a failing input is
# still shrunk for a second.
fuzz internal/asm FuzzState "${FUZZTIME_STATE:-4s}" -fuzzminimizetime 1s
fuzz internal/core FuzzGoEngine "${FUZZTIME_STATE:-4s}" -fuzzminimizetime 1s
