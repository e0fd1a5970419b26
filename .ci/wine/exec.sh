#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# go test -exec for the windows/amd64 build: runs one test binary under
# wine, in the prefix that .ci/wine/run.sh made (WINE and WINEPREFIX come
# from there). go test passes the test's own -test.timeout, which stops a
# test that hangs with a stack dump; the outer bound here is for wine
# itself, should it hang before the program runs or after it ends.
set -u
: "${WINE:?WINE is not set: run this through .ci/wine/run.sh}"
: "${WINEPREFIX:?WINEPREFIX is not set: run this through .ci/wine/run.sh}"
limit=${AEGISGO_WINE_LIMIT:-420}
# The program's output goes to a file, printed when wine returns. Wine may
# start helper processes (wineserver, services.exe, explorer.exe) that
# outlive the program and inherit its stdout; were that go test's pipe,
# go test would wait for them and fail with "Test I/O incomplete". Both
# streams go to the one file, as go test merges them anyway.
out=$(mktemp "${TMPDIR:-/tmp}/aegisgo-wine-out.XXXXXX")
timeout --kill-after=20 "$limit" "$WINE" "$@" >"$out" 2>&1 </dev/null
rc=$?
cat "$out"
rm -f "$out"
case $rc in
124 | 137) echo "wine: $(basename "$1") ran past ${limit}s and was killed" >&2 ;;
esac
exit $rc
