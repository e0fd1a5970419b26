module github.com/aegisgo/aegis/web

go 1.24.0

require github.com/aegisgo/aegis v0.0.0

require golang.org/x/sys v0.40.0 // indirect

replace github.com/aegisgo/aegis => ../
