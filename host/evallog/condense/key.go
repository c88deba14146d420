package condense

import (
	"encoding/binary"
	"encoding/hex"
	"math/bits"
)

// Protocol starts a reference to a sample's attachment: the rest is the
// attachment's key in the sample's "attachments".
const Protocol = "attachment://"

// Key is the key Inspect gives an attachment's text (inspect_ai's mm3_hash): the
// 128-bit MurmurHash3 (x64 variant, seed 0) of the text's UTF-8 bytes, its two 64-bit halves
// as 32 hex digits. The same text gets the same key in Inspect's logs and in ours.
func Key(text string) string {
	h1, h2 := murmur3x64(text)
	var b [16]byte
	binary.BigEndian.PutUint64(b[:8], h1)
	binary.BigEndian.PutUint64(b[8:], h2)
	return hex.EncodeToString(b[:])
}

// murmur3 x64_128 constants (Austin Appleby's MurmurHash3_x64_128).
const (
	mm3c1 = 0x87c37b91114253d5
	mm3c2 = 0x4cf5ad432745937f
)

// murmur3x64 is MurmurHash3_x64_128 of b with seed 0 (a string or bytes, neither copied).
func murmur3x64[T ~string | ~[]byte](b T) (uint64, uint64) {
	var h1, h2 uint64
	n := len(b)
	for len(b) >= 16 {
		k1, k2 := le64(b, 0), le64(b, 8)
		h1 ^= mm3mix1(k1)
		h1 = bits.RotateLeft64(h1, 27) + h2
		h1 = h1*5 + 0x52dce729
		h2 ^= mm3mix2(k2)
		h2 = bits.RotateLeft64(h2, 31) + h1
		h2 = h2*5 + 0x38495ab5
		b = b[16:]
	}
	var k1, k2 uint64
	for i := len(b) - 1; i >= 8; i-- {
		k2 = k2<<8 | uint64(b[i])
	}
	for i := min(len(b), 8) - 1; i >= 0; i-- {
		k1 = k1<<8 | uint64(b[i])
	}
	if len(b) > 8 {
		h2 ^= mm3mix2(k2)
	}
	if len(b) > 0 {
		h1 ^= mm3mix1(k1)
	}
	h1 ^= uint64(n)
	h2 ^= uint64(n)
	h1 += h2
	h2 += h1
	h1, h2 = mm3fmix(h1), mm3fmix(h2)
	h1 += h2
	h2 += h1
	return h1, h2
}

// le64 is the little-endian uint64 at b[i:].
func le64[T ~string | ~[]byte](b T, i int) uint64 {
	return uint64(b[i]) | uint64(b[i+1])<<8 | uint64(b[i+2])<<16 | uint64(b[i+3])<<24 |
		uint64(b[i+4])<<32 | uint64(b[i+5])<<40 | uint64(b[i+6])<<48 | uint64(b[i+7])<<56
}

func mm3mix1(k uint64) uint64 { return bits.RotateLeft64(k*mm3c1, 31) * mm3c2 }

func mm3mix2(k uint64) uint64 { return bits.RotateLeft64(k*mm3c2, 33) * mm3c1 }

// mm3fmix is MurmurHash3's finalisation mix.
func mm3fmix(k uint64) uint64 {
	k ^= k >> 33
	k *= 0xff51afd7ed558ccd
	k ^= k >> 33
	k *= 0xc4ceb9fe1a85ec53
	k ^= k >> 33
	return k
}
