// A program written for go-libaegis that switches to this repository's shim
// by replacing the module, as the README says, and keeps its imports. It is
// not in the repository's go.work, so that only these lines decide what it
// builds against: run it as `GOWORK=off go test .` here. CI (.ci/modules.sh)
// tests it with cgo, with CGO_ENABLED=0 and with -tags without_aegis.
module example.com/golibaegis-consumer

go 1.24.0

require (
	github.com/aegis-aead/go-libaegis v0.2.0
	github.com/aegisgo/aegis v0.0.0-00010101000000-000000000000
)

require golang.org/x/sys v0.40.0 // indirect

// The README's one line names a tag of the shim; before the first tag, the
// same replacement points at the directory.
replace github.com/aegis-aead/go-libaegis => ../..

// Only until the root module is tagged: the shim requires it, and an untagged
// version can come from nowhere else.
replace github.com/aegisgo/aegis => ../../../..
