#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# rerun.sh KEPT PKGDIR... [-- FLAGS...]: runs the test binaries that
# .ci/keep.sh kept in KEPT for the given package directories (relative
# to the repository root; "all" for every kept one), each in its own
# directory as go test runs it, two at a time, with FLAGS (test.count=1
# always). The environment passes through: AEGIS_IMPL=soft rerun.sh ...
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
kept=$1
shift
dirs=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do dirs+=("$1"); shift; done
[ "${1:-}" = -- ] && shift
flags=("$@")
bins=()
if [ "${dirs[*]}" = all ]; then
  for f in "$kept"/*.test; do bins+=("$f"); done
else
  for d in "${dirs[@]}"; do
    d=${d#./}
    f=$kept/$(echo "$root/$d" | sed 's|/$||; s|/|_|g').test
    [ -f "$f" ] || { echo "rerun.sh: no kept test binary for $d" >&2; exit 1; }
    bins+=("$f")
  done
fi
log=$(mktemp -d)
run1() {
  local f=$1 dir out t0=$SECONDS
  shift
  dir=$(cat "$f.dir")
  out=$log/$(basename "$f").out
  if (cd "$dir" && "$f" -test.count=1 "$@") >"$out" 2>&1; then
    printf 'ok  \t%s\t%ds\n' "${dir#"$root"/}" $((SECONDS - t0))
  else
    cat "$out"
    printf 'FAIL\t%s\t%ds\n' "${dir#"$root"/}" $((SECONDS - t0))
    return 1
  fi
}
export -f run1
export log root
failed=0
printf '%s\n' "${bins[@]}" | xargs -P 2 -I{} bash -c 'run1 "$@"' _ {} "${flags[@]}" || failed=1
rm -rf "$log"
exit $failed
