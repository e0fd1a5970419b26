#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Rehearses a release without publishing anything: RELEASING.md's
# steps on a clone, each module version written into a local module proxy
# (a directory), then what users do with it:
#   - go install github.com/aegisgo/aegis/cmd/aegis-speed@latest and .../cmd/aegis-raf@latest
#   - a program written for go-libaegis, switched with the README's one line
#       replace github.com/aegis-aead/go-libaegis => github.com/aegisgo/aegis/compat/go-libaegis vX.Y.Z
#     whose module graph then gains github.com/aegisgo/aegis and golang.org/x/sys only, and whose
#     tests (compat/go-libaegis/internal/consumertest) pass with cgo and without.
# Other modules (x/crypto, x/sys) come from the usual proxy. Run by .ci/modules.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
export GOFLAGS="${GOFLAGS:-} -buildvcs=false"

step() { printf '\n==> %s\n' "$*"; }
fail() { echo "release.sh: $*" >&2; exit 1; }

v=v0.0.0-rehearsal
tmp=$(mktemp -d)
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
proxy=$tmp/proxy
export GOWORK=off GOPROXY="file://$proxy,$(go env GOPROXY)" GONOSUMDB=github.com/aegisgo GOBIN=$tmp/bin
# The rehearsal's own module cache, so that its made-up versions never mix
# with the real ones in the machine's cache.
export GOMODCACHE=$tmp/modcache
modproxy() { go run "$repo/.ci/modproxy/main.go" -src "$1" -module "$2" -version "$v" -proxy "$proxy"; }

step "release steps on a copy of the committed tree, into a local proxy ($v)"
git -C "$repo" archive --format=tar HEAD | (mkdir "$tmp/src" && tar -x -C "$tmp/src")
cd "$tmp/src"
modproxy . github.com/aegisgo/aegis
(cd compat/go-libaegis && go mod edit -require=github.com/aegisgo/aegis@$v && go mod tidy)
modproxy compat/go-libaegis github.com/aegisgo/aegis/compat/go-libaegis
(cd cmd/aegis-speed && go mod edit -dropreplace=github.com/aegisgo/aegis -require=github.com/aegisgo/aegis@$v && go mod tidy)
modproxy cmd/aegis-speed github.com/aegisgo/aegis/cmd/aegis-speed

step "go install ...@latest of both commands"
cd "$tmp"
go install github.com/aegisgo/aegis/cmd/aegis-speed@latest
go install github.com/aegisgo/aegis/cmd/aegis-raf@latest
"$GOBIN/aegis-speed" -q -d 5ms -rounds 1 -sizes 1k -variants 128l -baselines=false >/dev/null
"$GOBIN/aegis-raf" -h >/dev/null 2>&1 || [ $? -le 2 ] # a usage exit is fine: it ran

step "a go-libaegis program switched by the README's one replace line"
mkdir -p "$tmp/a/b/c/consumer"
ln -s "$repo/testdata" "$tmp/testdata" # the consumer test reads the spec's vectors four levels up
cp "$repo"/compat/go-libaegis/internal/consumertest/*.go "$tmp/a/b/c/consumer/"
cd "$tmp/a/b/c/consumer"
cat >go.mod <<MOD
module example.com/golibaegis-consumer

go 1.24.0

require github.com/aegis-aead/go-libaegis v0.2.0

replace github.com/aegis-aead/go-libaegis => github.com/aegisgo/aegis/compat/go-libaegis $v
MOD
go mod tidy
want="example.com/golibaegis-consumer github.com/aegis-aead/go-libaegis github.com/aegisgo/aegis golang.org/x/sys"
got=$(go list -m -f '{{.Path}}' all | sort | xargs)
[ "$got" = "$want" ] || fail "the switched program's module graph is '$got', want '$want'"
echo "graph: $got"
go test -count=1 .
CGO_ENABLED=0 go test -count=1 .
