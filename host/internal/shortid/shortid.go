// Package shortid makes the random ids Inspect writes in its logs: 22
// characters of shortuuid's base57 alphabet (128 random bits), as for
// eval_id, sample uuids, event uuids and message ids.
package shortid

import (
	"crypto/rand"
	"math/big"
)

// base57 is shortuuid's alphabet: digits and letters without 0, 1, I, O and l.
const base57 = "23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"

// Length is the length of a shortuuid-encoded 128-bit value: 57^22 > 2^128.
const Length = 22

// New returns a random id. It panics only if the system's random source
// fails, as crypto/rand itself does.
func New() string {
	var raw [16]byte
	_, _ = rand.Read(raw[:]) // never returns an error (crypto/rand contract since Go 1.24)
	n := new(big.Int).SetBytes(raw[:])
	base := big.NewInt(int64(len(base57)))
	out := make([]byte, Length)
	mod := new(big.Int)
	for i := Length - 1; i >= 0; i-- {
		n.DivMod(n, base, mod)
		out[i] = base57[mod.Int64()]
	}
	return string(out)
}
