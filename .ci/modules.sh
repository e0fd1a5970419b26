#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The repository's modules, each checked alone (GOWORK=off) and through the
# go.work at the root:
#   .                                        the library: its graph must be itself and golang.org/x/sys
#   cmd/aegis-speed                          the speed tool and the benchmarks (x/crypto for ChaCha20-Poly1305)
#   compat/go-libaegis                       the shim that declares github.com/aegis-aead/go-libaegis
#   compat/go-libaegis/internal/consumertest code written for go-libaegis, switched by a replace
# Run by .ci/run; runs alone from anywhere in the repository.
set -euo pipefail
cd "$(dirname "$0")/.."
export GOFLAGS="${GOFLAGS:-} -buildvcs=false"

t_step=""
step() { # prints the time of the step before
  [ -n "$t_step" ] && printf -- '--- %ds\n' $((SECONDS - t_step))
  printf '\n==> %s\n' "$*"
  t_step=$SECONDS
}
fail() { echo "modules.sh: $*" >&2; exit 1; }

modules=(. cmd/aegis-speed compat/go-libaegis compat/go-libaegis/internal/consumertest)

step "every module tidy (go mod tidy -diff, GOWORK=off), on go 1.24.0"
for m in "${modules[@]}"; do
  echo "--- $m"
  (cd "$m" && GOWORK=off go mod tidy -diff) || fail "$m: go.mod or go.sum is not tidy (run GOWORK=off go mod tidy there)"
  grep -qx 'go 1.24.0' "$m/go.mod" || fail "$m/go.mod: the go line must stay 1.24.0, what #cgo noescape needs"
done
grep -qx 'go 1.24.0' go.work || fail "go.work: the go line must stay 1.24.0"

step "lean graphs: the library brings golang.org/x/sys only"
want="github.com/aegisgo/aegis golang.org/x/sys"
got=$(GOWORK=off go list -m -f '{{.Path}}' all | sort | xargs)
[ "$got" = "$want" ] || fail "the library's module graph is '$got', want '$want'"
echo "library: $got"
want="example.com/golibaegis-consumer github.com/aegis-aead/go-libaegis github.com/aegisgo/aegis golang.org/x/sys"
got=$(cd compat/go-libaegis/internal/consumertest && GOWORK=off go list -m -f '{{.Path}}' all | sort | xargs)
[ "$got" = "$want" ] || fail "the go-libaegis consumer's module graph is '$got', want '$want'"
echo "consumer through the shim: $got"

step "the shim's generated variant packages up to date; vet in the three builds"
gen=$(mktemp -d)
trap 'rm -rf "$gen"' EXIT
(cd compat/go-libaegis && go run internal/gen/main.go -root "$gen" >/dev/null)
for f in $(cd "$gen" && find . -type f | sed "s|^\./||" | sort); do
  diff -u "compat/go-libaegis/$f" "$gen/$f" ||
    fail "compat/go-libaegis/$f is stale: run go generate ./... in compat/go-libaegis"
done
(cd compat/go-libaegis && GOWORK=off go vet ./... && GOWORK=off CGO_ENABLED=0 go vet ./... &&
  GOWORK=off go vet -tags without_aegis ./...)

# The consumer's unkeyed struct literals are the point (go-libaegis's field
# sets must still take them), so vet runs without its composites check.
step "the go-libaegis consumer, through a directory replace: cgo, CGO_ENABLED=0, -tags without_aegis"
(
  cd compat/go-libaegis/internal/consumertest
  export GOWORK=off
  go vet -composites=false .
  go test -count=1 .
  CGO_ENABLED=0 go vet -composites=false .
  CGO_ENABLED=0 go test -count=1 .
  go vet -composites=false -tags without_aegis .
  go test -count=1 -tags without_aegis .
)

# Moved out of the root module, the speed tool and the benchmarks are not in
# the root's ./..., so the matrix of .ci/run is repeated for them here.
step "the speed tool and the benchmarks (their own module): vet, tests in every build, each benchmark once"
go vet ./cmd/aegis-speed/...
go test -count=1 ./cmd/aegis-speed/...
CGO_ENABLED=0 go vet ./cmd/aegis-speed/...
CGO_ENABLED=0 go test -count=1 ./cmd/aegis-speed/...
go test -count=1 -tags without_aegis ./cmd/aegis-speed/...
# The race build as .ci/run makes it (GOAMD64=v3), so that the library's
# packages come from the cache. No cgocheck2: the library's cgo calls are
# checked by .ci/run, and the speed tool's own (its clock probe) passes
# no pointer.
GOAMD64=v3 go test -count=1 -race ./cmd/aegis-speed/...
log=$gen/bench.log
go test -count=1 -run '^$' -bench . -benchtime 1x ./cmd/aegis-speed >"$log" 2>&1 || { cat "$log"; fail "a benchmark failed"; }
grep -E '^(ok|PASS)' "$log"

step "the speed module and the shim built and vetted without cgo for the targets of cross.sh"
for target in linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64 freebsd/amd64 js/wasm wasip1/wasm; do
  echo "$target"
  GOOS=${target%/*} GOARCH=${target#*/} CGO_ENABLED=0 go vet ./cmd/aegis-speed/... ./compat/go-libaegis/...
done

step "the README's command from the root: go run ./cmd/aegis-speed (short settings)"
go run ./cmd/aegis-speed -q -d 20ms -rounds 1 -sizes 1k

step "a release rehearsed through a local module proxy: go install @latest, the README's one replace line"
bash .ci/release.sh
step "modules passed"
