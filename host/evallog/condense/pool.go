package condense

import (
	"bytes"

	"github.com/swarmhost/swarmhost/host/evallog/jsonenc"
)

// hashKey is the pool key of an encoded value: its 128-bit MurmurHash3.
func hashKey(raw []byte) [2]uint64 {
	h1, h2 := murmur3x64(raw)
	return [2]uint64{h1, h2}
}

// withID is an encoded message without an id given the id (the first member, as written).
func withID(raw []byte, id string) []byte {
	if id == "" {
		return raw
	}
	var buf bytes.Buffer
	buf.WriteString(`{"id":`)
	jsonenc.WriteQuoted(&buf, id)
	if len(raw) > 2 {
		buf.WriteByte(',')
	}
	buf.Write(raw[1:])
	return buf.Bytes()
}

// PoolMessage puts an encoded model input message (walked, without its id) in the message pool
// unless an equal one is there, and returns its place; the pool keeps it with id, the first
// id seen.
func (c *Condenser) PoolMessage(raw []byte, id string) int {
	key := hashKey(raw)
	at, ok := c.msgIndex[key]
	if !ok {
		at = len(c.msgPool)
		c.msgIndex[key] = at
		c.msgPool = append(c.msgPool, withID(raw, id))
	}
	return at
}

// SeedMessage appends a condensed sample's own pooled message (walked, without its id) to the
// message pool, so that its events' references stay valid and new entries go after them.
func (c *Condenser) SeedMessage(raw []byte, id string) {
	c.msgIndex[hashKey(raw)] = len(c.msgPool)
	c.msgPool = append(c.msgPool, withID(raw, id))
}

// SeedCall appends a condensed sample's own pooled call message, walked, to the call pool.
func (c *Condenser) SeedCall(raw []byte) {
	w := c.walkRaw(raw, EventText)
	c.calls[hashKey(w)] = len(c.callPool)
	c.callPool = append(c.callPool, w)
}
