package catalog

import (
	"sync"

	"github.com/swarmhost/swarmhost/host/plugins"
)

// discovered is one kind/name's discovery: its lock is held while the
// binary is found and hashed, so callers for the same plugin wait for one
// discovery while other plugins are discovered beside it.
type discovered struct {
	mu sync.Mutex
	b  plugins.Binary
	ok bool // b is set; a failed discovery is not remembered
}

// Binary discovers a plugin's binary, once per kind and name (the suite's
// pin for it applied, default trust given, and checked against the lock
// file); a failed
// discovery is not remembered. Different plugins are discovered in
// parallel: hashing three 20 MB plugins one after another was the longest
// serial step of a run's start-up.
func (c *Catalog) Binary(kind, name string) (plugins.Binary, error) {
	if task, ok := taskServed(kind, name); ok {
		return c.servedBinary(kind, name, task)
	}
	d := c.entry(kind + "/" + name)
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.ok {
		return d.b, nil
	}
	b, err := plugins.Discover(kind, name, c.pins, c.dirs)
	if err != nil {
		return b, err
	}
	b = plugins.WithDefaultTrust(b)
	if err := c.lock.check(b); err != nil {
		return b, err
	}
	d.b, d.ok = b, true
	return b, nil
}

// entry returns key's discovery, made on first use.
func (c *Catalog) entry(key string) *discovered {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.found == nil {
		c.found = map[string]*discovered{}
	}
	d := c.found[key]
	if d == nil {
		d = &discovered{}
		c.found[key] = d
	}
	return d
}

// Binaries returns every binary discovered so far.
func (c *Catalog) Binaries() []plugins.Binary {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []plugins.Binary
	for _, d := range c.found {
		d.mu.Lock()
		if d.ok {
			out = append(out, d.b)
		}
		d.mu.Unlock()
	}
	return out
}
