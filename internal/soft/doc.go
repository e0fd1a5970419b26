// SPDX-License-Identifier: MIT

// Package soft is the constant-time AEGIS kernel in pure Go: the six
// variants of the CFRG specification (AEGIS-128L, 128X2, 128X4, 256,
// 256X2, 256X4) and AEGIS-MAC, for builds that have neither the C core nor
// assembly for their CPU. It imports only the standard library, has no
// build tags and no assembly, and computes the same bytes on every GOARCH,
// big-endian ones included.
//
// # Interface
//
// The kernel works at the level of the spec's functions, so that every
// API (one-shot, incremental, MAC, keystream, batches, raf) can be built
// on it: State128 is the state of the 128 family and State256 that of the
// 256 family, each for degree D = 1, 2 or 4. Init is the spec's Init;
// Absorb, Enc, Dec and KeyStream take any whole number of rate blocks (32D
// bytes for the 128 family, 16D for the 256 family) per call; EncPartial,
// DecPartial and AbsorbPartial take the last, partial block; Finalize and
// FinalizeMAC write 16- or 32-byte tags. States are plain values: no
// pointers, nothing that depends on their address, so they can be copied.
// Seal128, Open128, MAC128, Stream128 and their 256 counterparts are
// one-shot functions built on them.
//
// # Layout
//
// AEGIS uses only the AES round function AESRound(x, k) =
// MixColumns(ShiftRows(SubBytes(x))) ^ k, never the key schedule, and
// the rounds of one update are independent of each other. The kernel
// bitslices them: a group of eight uint64 words holds four AES blocks,
// word i holding bit i of each of their 64 bytes, with the bit of byte
// 4c+r (row r, column c) of block k at position 16r + 4c + k. In a word,
// a row is then a 16-bit field, a column a nibble in it and a block
// ("lane") a bit of each nibble, so:
//
//   - SubBytes is a boolean circuit on the eight words (Boyar and
//     Peralta's, 113 gates), for 4 blocks at once;
//   - ShiftRows rotates the nibbles of each row field: masks and shifts;
//   - MixColumns takes the next rows by rotating words by 16 and 32 bits;
//   - AddRoundKey and the keystream's ANDs and XORs are word operations.
//
// The state stays in this form across calls. The blocks of a state are
// assigned to lanes so that an update is one round per group, the input of
// each round being the group before it; only group 0's input needs its
// lanes moved (AEGIS-128L: group 0 = S0 S2 S4 S6, group 1 = S1 S3 S5 S7,
// so S'0 S'2 S'4 S'6 = AESRound(S7 S1 S3 S5, S0 S2 S4 S6 ^ M)). Messages
// and keystream are converted between bytes and this form (24 swaps of
// bit fields per four blocks) on the way in and out, several rate blocks
// per conversion where the rate is below four blocks. An AEGIS-128L
// update is two bitsliced rounds, AEGIS-128X4's eight, AEGIS-256's two
// (of which 2 of 8 lanes are unused), AEGIS-256X4's six.
//
// bitslice.go and round.go hold the layout: the round, the lane moves
// and the conversions (fused_gen.go repeats them, written out, for
// wasm). round.go is generated (go generate, by internal/gen/softround) from
// one circuit in the shapes that the updates call: the plain round, and
// rounds that move the lanes of group 0's input and add its message on
// the way, in registers (AEGIS-256's also computes the keystream, which
// saves js/wasm a call per block; its bulk updates write to a second
// pair of groups instead of copying one first). The family files add lane masks and shifts of
// their own only in their keystream, bulk and tag code. A round of another
// shape (128-bit vectors with byte shuffles, 32-bit words for 32-bit
// CPUs) replaces these files and those loops; the spec's logic (Init,
// Finalize, the MAC's reduction, the partial blocks) stays.
//
// # Speed
//
// A round is about 117 gates of S-box, 104 operations of ShiftRows and 60
// of MixColumns and the key; on amd64 Go's register allocator adds as
// many moves and spills again (420 instructions for the plain round, 500
// for those that move lanes and add a message; the order of the circuit's
// statements is the one that the compiler turns into the fewest). An
// AEGIS-128L update is two rounds, plus a rotation of lanes, the message,
// the keystream (11 operations a plane) and its share of the conversions
// (24 swaps of bit fields per 64 bytes each way): 45 instructions a byte
// at 16 KiB, against 32 for Go code with T-tables, whose loads keep it
// only about 1.1 times as fast. AEGIS-128X2 and X4 take
// as many rounds a byte with less around them (43 a byte), AEGIS-256X2
// and X4 fill their words (63, 60).
//
// AEGIS-256 is the slow one (81 a byte): an update is six AES rounds for
// 16 bytes where AEGIS-128L's is eight for 32, so no kernel whose cost is
// per round runs it faster than 2/3 of AEGIS-128L (the T-table code runs
// it at 0.7), and its six blocks take two four-block rounds, a quarter of
// the lanes unused, which leaves it near 0.55. A round over six blocks
// would need words of 96 bits, and scheduling blocks of the next update
// into the empty lanes (three rounds for two updates) costs lane moves
// and a keystream from mixed lanes that eat the round saved.
//
// In js/wasm the generic loops ran at about a third of the kernel's
// amd64 speed (150-180 MB/s for AEGIS-128L, 100-120 MB/s for AEGIS-256
// at 1 MiB in node), two thirds of it outside the rounds: Go's wasm
// calls pass arguments and the return address through linear memory,
// and the loops call about twenty small functions per 64 bytes. There
// AEGIS-128L and AEGIS-256 run fused loops instead (fused_gen.go,
// written by the same generator as round.go; useFused): one function per
// bulk loop and per chain of updates, with no call inside, at about 400
// and 230 MB/s. Other targets keep the generic loops, which their
// compilers run as fast; TestFused holds the two to each other there.
// The wasm paths of short messages avoid what V8 runs as a call: Go
// calls, memmove, and the memory.fill and memory.copy that Go writes
// for clearing or copying more than 32 bytes (loadPack4, packLE and
// unpackTag do Init's, Finalize's and the tag's conversions in line; a
// last chunk of 1 to 3 rate blocks runs the chains, not crypt128 or
// crypt256, whose code does not share the instruction cache well with
// theirs). In V8's code for a round (about 670 x86 instructions, 315 of
// them logic) most of the rest is spills twice over, Go's to its stack
// in linear memory and V8's own, and moves; yet an update takes about
// as many cycles as its logic needs on four ALUs, the loads, stores and
// moves riding beside it. So what cuts memory traffic alone does not
// pay: an order of the circuit that holds fewer values live for Go's
// allocator (3% fewer wasm instructions) ran no faster, and the state
// copied into local arrays (addressed from the stack pointer) ran 10 to
// 45% slower. Only fewer logic operations would.
//
// Short messages pay the fixed updates (AEGIS-128L: 10 in Init, 7 in
// Finalize; AEGIS-256: 16 and 7); Init starts from one packed group of
// key and nonce and Finalize neither unpacks a block nor packs more than
// the lengths, so a 16-byte AEGIS-128L Seal is 19 updates and 22,000
// instructions. BenchmarkCompare runs this kernel, a table-driven Seal
// and the C core's soft kernel (where the build has it) side by side.
//
// # Constant time
//
// No memory address, branch or shift amount depends on the key, the
// nonce, the data or the state: the S-box is a circuit, not a table, row
// moves shift by constants and lane moves by constants or lane counts, and
// loops and branches depend only on lengths, the degree and the tag
// length, which are public. The one
// decision on a secret, whether a tag matches, is taken by
// crypto/subtle.ConstantTimeCompare, and its result is the output.
// TestConstantTime scans this package's source for index expressions,
// shift amounts and conditions that depend on data; see its doc for what
// it cannot see.
//
// # Limits
//
// Go cannot promise the machine code: the compiler may, in principle,
// turn branch-free code into branches, and this package cannot check the
// code it emits. 64-bit words are native only on 64-bit CPUs; on 32-bit
// ones each operation is two or more, and the kernel runs at about a
// third of its amd64 speed (GOARCH=386 on the same CPU). Key material and plaintext pass through stack temporaries and
// through copies that the garbage collector or the runtime may make
// (states are values); the package clears its own buffers and states
// where it can (Wipe, and Finalize and FinalizeMAC wipe their state), but
// cannot reach those copies.
package soft
