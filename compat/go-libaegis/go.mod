// The go-libaegis shim: a module that declares go-libaegis's path and
// forwards every package to github.com/aegisgo/aegis. Programs use it with
// one line in their own go.mod, keeping their imports:
//
//	replace github.com/aegis-aead/go-libaegis => github.com/aegisgo/aegis/compat/go-libaegis vX.Y.Z
//
// It is released with tags compat/go-libaegis/vX.Y.Z, each after the root
// module's vX.Y.Z that it requires (see RELEASING.md at the repository's root).
module github.com/aegis-aead/go-libaegis

go 1.24.0

require github.com/aegisgo/aegis v0.0.0-00010101000000-000000000000

require golang.org/x/sys v0.40.0 // indirect

// The root module comes from this checkout, here and in CI. A replace
// directive binds only the module it is in: programs that use the shim never
// see this line and get the root version required above (a tag from the
// first release on).
replace github.com/aegisgo/aegis => ../..
