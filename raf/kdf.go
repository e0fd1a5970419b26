// SPDX-License-Identifier: MIT

package raf

import (
	"encoding/binary"
	"errors"
)

// kdfLabel is prefixed to the master key and the file identifier to derive
// a file's keys.
const kdfLabel = "aegis-raf-kdf-v1"

// masterLabel is prefixed to an application key and a context by
// DeriveMasterKey.
const masterLabel = "aegis-raf-master-key-v1"

// fileIDSize is the size of the random file identifier in the header.
const fileIDSize = 24

// Context size limits of [DeriveMasterKey]: the whole input must fit in one
// block of TurboSHAKE (rate − 1 − label − key − length field).
const (
	MaxContext128 = 120 // 168 − 1 − 23 − 16 − 8
	MaxContext256 = 72  // 136 − 1 − 23 − 32 − 8
)

// The limits above follow from the label: each line fails to compile
// (a negative constant converted to uint) unless both sides are equal.
const (
	_ = uint(MaxContext128 - (168 - 1 - len(masterLabel) - 16 - 8))
	_ = uint((168 - 1 - len(masterLabel) - 16 - 8) - MaxContext128)
	_ = uint(MaxContext256 - (136 - 1 - len(masterLabel) - 32 - 8))
	_ = uint((136 - 1 - len(masterLabel) - 32 - 8) - MaxContext256)
)

// ErrContextTooLong is returned by [DeriveMasterKey] for a context longer
// than MaxContext128 (16-byte keys) or MaxContext256 (32-byte keys).
var ErrContextTooLong = errors.New("raf: derivation context too long")

// xof is TurboSHAKE128 for 16-byte keys and TurboSHAKE256 for 32-byte
// keys, with the domain byte of RAF.
func xof(keyLen int, out, msg []byte) {
	if keyLen == 16 {
		TurboSHAKE128(out, msg, 0x1F)
	} else {
		TurboSHAKE256(out, msg, 0x1F)
	}
}

// deriveFileKeys returns enc_key ‖ hdr_key (2·len(master) bytes) for a
// file: TurboSHAKE(label ‖ master ‖ file_id).
func deriveFileKeys(master []byte, fileID *[fileIDSize]byte) []byte {
	msg := make([]byte, 0, len(kdfLabel)+len(master)+fileIDSize)
	msg = append(msg, kdfLabel...)
	msg = append(msg, master...)
	msg = append(msg, fileID[:]...)
	km := make([]byte, 2*len(master))
	xof(len(master), km, msg)
	clear(msg)
	return km
}

// DeriveMasterKey binds an application key to a context (a purpose, a
// tenant, a file name...): the result, of the same length as key, is the
// master key to give Create and Open. It is libaegis's
// aegis_raf_derive_master_key:
//
//	TurboSHAKE{128|256}("aegis-raf-master-key-v1" ‖ key ‖ LE64(len(context)) ‖ context)
//
// The key must be 16 or 32 bytes (ErrBadKeyLength otherwise), and the
// context at most MaxContext128 or MaxContext256 bytes
// (ErrContextTooLong). An empty context gives a key different from key.
// Opening a file with the wrong context fails as with a wrong key.
func DeriveMasterKey(key, context []byte) ([]byte, error) {
	limit := MaxContext128
	switch len(key) {
	case 16:
	case 32:
		limit = MaxContext256
	default:
		return nil, ErrBadKeyLength
	}
	if len(context) > limit {
		return nil, ErrContextTooLong
	}
	msg := make([]byte, 0, len(masterLabel)+len(key)+8+len(context))
	msg = append(msg, masterLabel...)
	msg = append(msg, key...)
	msg = binary.LittleEndian.AppendUint64(msg, uint64(len(context)))
	msg = append(msg, context...)
	out := make([]byte, len(key))
	xof(len(key), out, msg)
	clear(msg)
	return out, nil
}
