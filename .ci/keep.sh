#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# go test's -exec for .ci/run: runs a test binary as go test would, and
# keeps a copy in $AEGISGO_KEEP (with the directory it runs in), so that
# the runs of the same build with another environment (AEGIS_IMPL caps)
# take the same binaries (.ci/rerun.sh) instead of linking them again.
set -euo pipefail
bin=$1
shift
name=$(pwd | sed 's|/|_|g').test
cp "$bin" "$AEGISGO_KEEP/$name"
pwd >"$AEGISGO_KEEP/$name.dir"
exec "$bin" "$@"
