// The speed tool and the benchmarks are a module of their own, so that their
// ChaCha20-Poly1305 baseline (golang.org/x/crypto) never enters the module
// graph of the library's users. The go.work at the repository root includes
// this module, so `go run ./cmd/aegis-speed` works from there.
module github.com/aegisgo/aegis/cmd/aegis-speed

go 1.24.0

require (
	github.com/aegisgo/aegis v0.0.0-00010101000000-000000000000
	golang.org/x/crypto v0.45.0
	golang.org/x/image v0.30.0
	golang.org/x/sys v0.40.0
	gonum.org/v1/plot v0.17.0
)

require (
	codeberg.org/go-fonts/liberation v0.5.0 // indirect
	codeberg.org/go-latex/latex v0.2.0 // indirect
	codeberg.org/go-pdf/fpdf v0.11.1 // indirect
	git.sr.ht/~sbinet/gg v0.7.0 // indirect
	github.com/ajstarks/svgo v0.0.0-20211024235047-1546f124cd8b // indirect
	github.com/golang/freetype v0.0.0-20170609003504-e2365dfdc4a0 // indirect
	golang.org/x/text v0.31.0 // indirect
)

// Until the root module is tagged, it comes from this checkout. The release
// drops this line (go install refuses a module with replace directives) and
// requires the root's new tag instead: see RELEASING.md at the root.
replace github.com/aegisgo/aegis => ../..
