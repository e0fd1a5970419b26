#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# What importing AEGIS costs a program: three programs that seal one
# message (AES-GCM from the standard library; AEGIS-128L alone; all six
# AEGIS variants), each built from an empty build cache, with cgo and with
# CGO_ENABLED=0. Prints a Markdown table for BENCHMARKS.md: the build's
# wall time (the best of -n builds, each with its own empty GOCACHE) and
# the machine code linked (the .text section, `size -A`), then each AEGIS
# program's figures over the AES-GCM program's.
#
#   bash doc/buildcost.sh [-n builds]   (from anywhere in the repository)
#
# The module is taken from this checkout (a replace line); x/sys comes
# from the module cache, downloaded once before the timing.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
n=2
case "${1:-}" in
  -n) n=$2 ;;
  "") ;;
  *) echo "usage: bash doc/buildcost.sh [-n builds]" >&2; exit 2 ;;
esac

tmp=$(mktemp -d)
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
cd "$tmp"
mkdir gcm one all
cat >gcm/main.go <<'GO'
package main

import (
	"crypto/aes"
	"crypto/cipher"
	"fmt"
)

func main() {
	b, _ := aes.NewCipher(make([]byte, 16))
	a, _ := cipher.NewGCM(b)
	fmt.Println(len(a.Seal(nil, make([]byte, a.NonceSize()), []byte("hello"), nil)))
}
GO
cat >one/main.go <<'GO'
package main

import (
	"fmt"

	"github.com/aegisgo/aegis/aegis128l"
)

func main() {
	a, _ := aegis128l.New(make([]byte, 16), 16)
	fmt.Println(len(a.Seal(nil, make([]byte, a.NonceSize()), []byte("hello"), nil)))
}
GO
cat >all/main.go <<'GO'
package main

import (
	"crypto/cipher"
	"fmt"

	"github.com/aegisgo/aegis/aegis128l"
	"github.com/aegisgo/aegis/aegis128x2"
	"github.com/aegisgo/aegis/aegis128x4"
	"github.com/aegisgo/aegis/aegis256"
	"github.com/aegisgo/aegis/aegis256x2"
	"github.com/aegisgo/aegis/aegis256x4"
)

func main() {
	var as []cipher.AEAD
	for _, f := range []func([]byte, int) (cipher.AEAD, error){aegis128l.New, aegis128x2.New, aegis128x4.New} {
		a, _ := f(make([]byte, 16), 16)
		as = append(as, a)
	}
	for _, f := range []func([]byte, int) (cipher.AEAD, error){aegis256.New, aegis256x2.New, aegis256x4.New} {
		a, _ := f(make([]byte, 32), 16)
		as = append(as, a)
	}
	for _, a := range as {
		fmt.Println(len(a.Seal(nil, make([]byte, a.NonceSize()), []byte("hello"), nil)))
	}
}
GO
export GOWORK=off GOFLAGS=-buildvcs=false
go mod init buildcost >/dev/null 2>&1
go mod edit -require=github.com/aegisgo/aegis@v0.0.0 -replace=github.com/aegisgo/aegis="$repo"
go mod tidy >/dev/null 2>&1

# build CGO PROG: the best wall time of n builds from an empty cache, in
# seconds; leaves the binary in PROG.bin.
build() {
  local best="" t s e
  for _ in $(seq "$n"); do
    rm -rf "$tmp/cache"
    s=$(date +%s%N)
    GOCACHE=$tmp/cache CGO_ENABLED=$1 go build -o "$2.bin" "./$2"
    e=$(date +%s%N)
    t=$(((e - s) / 1000000))
    if [ -z "$best" ] || [ "$t" -lt "$best" ]; then best=$t; fi
  done
  echo "$best"
}
text() { size -A "$1.bin" | awk '$1 == ".text" { print $2 }'; }

echo "| build | program | cold build, s | .text, bytes | over AES-GCM: build, .text |"
echo "|---|---|--:|--:|---|"
for cgo in 1 0; do
  label=cgo
  [ "$cgo" = 0 ] && label="CGO_ENABLED=0"
  tg=$(build "$cgo" gcm)
  xg=$(text gcm)
  printf '| %s | AES-GCM | %d.%d | %d | |\n' "$label" $((tg / 1000)) $((tg % 1000 / 100)) "$xg"
  for p in one all; do
    t=$(build "$cgo" "$p")
    x=$(text "$p")
    name="AEGIS-128L only"
    [ "$p" = all ] && name="all six variants"
    printf '| %s | %s | %d.%d | %d | %s x, %+d KB |\n' "$label" "$name" $((t / 1000)) $((t % 1000 / 100)) "$x" \
      "$(awk -v a="$t" -v b="$tg" 'BEGIN { printf "%.2f", a / b }')" $(((x - xg) / 1000))
  done
done
