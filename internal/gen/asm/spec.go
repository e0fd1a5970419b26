// SPDX-License-Identifier: MIT

package main

import "fmt"

// The comments of the generated assembly: the lines of the spec's
// pseudo-code (RFC 10032), quoted, or paraphrased where
// the code computes the same value another way, put before the
// instructions that implement them, so that a reader can check the .s
// against the spec. The words are AEGIS-128L's and AEGIS-256's, S0 to
// S7 (S5): in AEGIS-128X and AEGIS-256X they stand for the block vectors
// of the lanes that a function runs together, the spec's V[j,i] for
// those i, and each function's head comment says which lanes those are.
// Lengths are in bits, as the spec counts them.

// note writes comment lines into the function.
func (g *gen) note(lines ...string) { g.m.Comment(lines...) }

// noteHead is the comment at the top of a function: the spec's steps of
// Encrypt or Decrypt, and where the lanes of the variant are.
func (g *gen) noteHead() {
	name, r := "AEGIS-"+variantName(g.fam, g.d), 8*g.rate()
	if g.open {
		g.note(
			fmt.Sprintf("Decrypt(ct, tag, ad, key, nonce) of %s, R = %d:", name, r),
			"  Init(key, nonce)",
			"  for ai in Split(ZeroPad(ad, R), R): Absorb(ai)",
			"  for ci in Split(ct, R): msg = msg || Dec(ci)",
			"  cn = Tail(ct, |ct| mod R); if cn is not empty: msg = msg || DecPartial(cn)",
			"  expected_tag = Finalize(|ad|, |msg|)",
			"  ok = CtEq(tag, expected_tag); where it is false, the caller erases msg",
		)
	} else {
		g.note(
			fmt.Sprintf("Encrypt(msg, ad, key, nonce) of %s, R = %d:", name, r),
			"  Init(key, nonce)",
			"  for ai in Split(ZeroPad(ad, R), R): Absorb(ai)",
			"  for xi in Split(ZeroPad(msg, R), R): ct = ct || Enc(xi)",
			"  tag = Finalize(|ad|, |msg|); ct = Truncate(ct, |msg|), then tag",
		)
	}
	switch {
	case g.d == 1:
	case g.groups > 1:
		g.note(fmt.Sprintf("D = %d lanes, as %d groups of %d that run one after the other from Init to Finalize,",
			g.d, g.groups, g.lanes),
			fmt.Sprintf("%s: S0 ... are the block vectors of one group's lanes, and the groups' tags are xored.",
				perRegister(g.w)))
	default:
		g.note(fmt.Sprintf("D = %d lanes, %s: S0 ... are the block vectors of all D lanes.", g.d, perRegister(g.w)))
	}
}

func perRegister(w int) string {
	if w == 1 {
		return "one lane to a register"
	}
	return fmt.Sprintf("%d to a register", w)
}

// noteUpdate128 is the comment of an Update of AEGIS-128L of the message
// words in (a name for M0 and M1, as "t0, t1"); how says how S'0 and S'4
// are computed.
func (g *gen) noteUpdate128(in, how string) {
	g.note(
		fmt.Sprintf("Update(M0, M1) of M0, M1 = %s:", in),
		"  S'0 = AESRound(S7, S0 ^ M0)  S'1 = AESRound(S0, S1)  S'2 = AESRound(S1, S2)  S'3 = AESRound(S2, S3)",
		"  S'4 = AESRound(S3, S4 ^ M1)  S'5 = AESRound(S4, S5)  S'6 = AESRound(S5, S6)  S'7 = AESRound(S6, S7)",
		"  in place, S7 first; "+how,
	)
}

// noteUpdate256 is noteUpdate128 for AEGIS-256, of the message word in
// (M).
func (g *gen) noteUpdate256(in, how string) {
	g.note(
		fmt.Sprintf("Update(M) of M = %s:", in),
		"  S'0 = AESRound(S5, S0 ^ M)  S'1 = AESRound(S0, S1)  S'2 = AESRound(S1, S2)",
		"  S'3 = AESRound(S2, S3)  S'4 = AESRound(S3, S4)  S'5 = AESRound(S4, S5)",
		"  in place, S5 first; "+how,
	)
}

// noteRot128 and noteRot256 are the comments of an Update in the rotating
// form (rotate.go): the spec's lines, then how the registers hold it.
func (g *gen) noteRot128(in string) {
	g.note(
		fmt.Sprintf("Update(M0, M1) of M0, M1 = %s:", in),
		"  S'0 = AESRound(S7, S0 ^ M0)  S'1 = AESRound(S0, S1)  S'2 = AESRound(S1, S2)  S'3 = AESRound(S2, S3)",
		"  S'4 = AESRound(S3, S4 ^ M1)  S'5 = AESRound(S4, S5)  S'6 = AESRound(S5, S6)  S'7 = AESRound(S6, S7)",
		"  "+g.rotHow("S'0 and S'4"),
	)
}

func (g *gen) noteRot256(in string) {
	g.note(
		fmt.Sprintf("Update(M) of M = %s:", in),
		"  S'0 = AESRound(S5, S0 ^ M)  S'1 = AESRound(S0, S1)  S'2 = AESRound(S1, S2)",
		"  S'3 = AESRound(S2, S3)  S'4 = AESRound(S3, S4)  S'5 = AESRound(S4, S5)",
		"  "+g.rotHow("S'0"),
	)
}

// rotHow says how the update computes the words: from the plain form, or
// from the rotating one, where each Si is Pi ^ Ki.
func (g *gen) rotHow(msg string) string {
	if !g.rs.split {
		return "each S'i+1 as Pi+1 ^ Ki+1: Pi+1 = AESMC(AESE(Si, 0)), a copy, Ki+1 = Si; M into the K of " + msg
	}
	return "each Si = Pi ^ Ki (computed where not yet), S'i+1 as Pi+1 ^ Ki+1: Pi+1 = AESMC(AESE(Pi, Ki)) in place, Ki+1 = Si; M into the K of " + msg
}

// noteCtx is the comment of the context words of AEGIS-128X and
// AEGIS-256X.
func (g *gen) noteCtx() {
	g.note("for i in 0..D: ctx[i] = ZeroPad(Byte(i) || Byte(D - 1), 128), in lane i")
}
