// SPDX-License-Identifier: MIT

// Package variants links the six variant packages, and so registers all
// six variants with internal/core, for the code that takes a variant at
// run time: raf, whose files name theirs in the header, the commands and
// the tests. A variant package registers its code with core when it
// initializes, and a program links only the variants it imports.
package variants

import (
	_ "github.com/aegisgo/aegis/aegis128l"
	_ "github.com/aegisgo/aegis/aegis128x2"
	_ "github.com/aegisgo/aegis/aegis128x4"
	_ "github.com/aegisgo/aegis/aegis256"
	_ "github.com/aegisgo/aegis/aegis256x2"
	_ "github.com/aegisgo/aegis/aegis256x4"
)
