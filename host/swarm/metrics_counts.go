package swarm

import (
	"bytes"
	"encoding/json"
)

// Counts are counts by name, written in the order each name was first
// counted, as Inspect Swarm's dicts are (a Go map would be sorted).
type Counts struct {
	names []string
	n     map[string]int
}

// Add counts one more of name.
func (c *Counts) Add(name string) {
	if c.n == nil {
		c.n = map[string]int{}
	}
	if _, ok := c.n[name]; !ok {
		c.names = append(c.names, name)
	}
	c.n[name]++
}

// Get is the count of name.
func (c Counts) Get(name string) int { return c.n[name] }

// MarshalJSON writes an object in first-counted order ({} when empty).
func (c Counts) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, name := range c.names {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(name)
		b.Write(k)
		b.WriteByte(':')
		v, _ := json.Marshal(c.n[name])
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}
