// SPDX-License-Identifier: MIT

package soft

// toBlocks, for the tests that read a state's blocks (the spec's Update
// and initial-state vectors), is the inverse of fromBlocks.

// toBlocks returns the blocks of s, as fromBlocks takes them.
func (s *State128) toBlocks() (v [8][4][16]byte) {
	n := 2 * s.d
	for g := range n {
		w := s.g[g]
		unpack(&w)
		for k := range 4 {
			j, i := g+n*(k/s.d), k%s.d
			storeBlock(v[j][i][:], &w, k)
		}
	}
	return v
}

// toBlocks returns the blocks of s, as fromBlocks takes them.
func (s *State256) toBlocks() (v [6][4][16]byte) {
	n := groups256(s.d)
	for g := range n {
		w := s.g[g]
		unpack(&w)
		for k := range 4 {
			if j, i := g+n*(k/s.d), k%s.d; j < 6 {
				storeBlock(v[j][i][:], &w, k)
			}
		}
	}
	return v
}
