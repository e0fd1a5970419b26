// The speed tool and the benchmarks are a module of their own, so that their
// ChaCha20-Poly1305 baseline (golang.org/x/crypto) never enters the module
// graph of the library's users. The go.work at the repository root includes
// this module, so `go run ./cmd/aegis-speed` works from there.
module github.com/aegisgo/aegis/cmd/aegis-speed

go 1.24.0

require (
	github.com/aegisgo/aegis v0.0.0-00010101000000-000000000000
	golang.org/x/crypto v0.45.0
	golang.org/x/sys v0.40.0
)

// Until the root module is tagged, it comes from this checkout. The release
// drops this line (go install refuses a module with replace directives) and
// requires the root's new tag instead: see RELEASING.md at the root.
replace github.com/aegisgo/aegis => ../..
