// SPDX-License-Identifier: MIT

package raf

import "errors"

// ErrContextTooLong is returned by [DeriveMasterKey] for a context longer
// than MaxContext128 (16-byte keys) or MaxContext256 (32-byte keys).
var ErrContextTooLong = errors.New("raf: derivation context too long")

// deriveFileKeys returns enc_key ‖ hdr_key (2·len(master) bytes) for a
// file: TurboSHAKE(label ‖ master ‖ file_id).
func deriveFileKeys(master []byte, fileID *[fileIDSize]byte) []byte {
	msg := fileKeyInput(master, fileID)
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
	case keySize128:
	case keySize256:
		limit = MaxContext256
	default:
		return nil, ErrBadKeyLength
	}
	if len(context) > limit {
		return nil, ErrContextTooLong
	}
	msg := masterKeyInput(key, context)
	out := make([]byte, len(key))
	xof(len(key), out, msg)
	clear(msg)
	return out, nil
}
