// SPDX-License-Identifier: MIT

package core

import (
	e128l "github.com/aegisgo/aegis/internal/engines/aegis128l"
	e128x2 "github.com/aegisgo/aegis/internal/engines/aegis128x2"
	e128x4 "github.com/aegisgo/aegis/internal/engines/aegis128x4"
	e256 "github.com/aegisgo/aegis/internal/engines/aegis256"
	e256x2 "github.com/aegisgo/aegis/internal/engines/aegis256x2"
	e256x4 "github.com/aegisgo/aegis/internal/engines/aegis256x4"
)

// core's own tests register the six variants as their packages do (they
// cannot import them: each imports core).
func init() {
	Register(AEGIS128L, e128l.Engines)
	Register(AEGIS128X2, e128x2.Engines)
	Register(AEGIS128X4, e128x4.Engines)
	Register(AEGIS256, e256.Engines)
	Register(AEGIS256X2, e256x2.Engines)
	Register(AEGIS256X4, e256x4.Engines)
}
