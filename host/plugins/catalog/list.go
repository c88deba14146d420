package catalog

import (
	"context"
	"fmt"

	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/plugins"
)

// Row describes one plugin for `swarmhost plugins`.
type Row struct {
	Kind, Name string
	// Version is the plugin's own version and Protocol the plugin protocol
	// its process negotiated; "-" when unknown.
	Version, Protocol string
	// Binary is the resolved binary (zero when it could not be resolved).
	Binary plugins.Binary
	// Err is why the plugin cannot be used; nil when it can.
	Err error
}

// List resolves every plugin found in the suite's search directories and
// every one pins name (pins, trust and the lock file applied, as a run
// would), starts each once and describes it. The error is one of listing
// the search directories; the rows are still those it could list.
func (c *Catalog) List(pins []config.PluginPin) ([]Row, error) {
	found, listErr := plugins.List(c.dirs)
	type ref struct{ kind, name string }
	var refs []ref
	seen := map[ref]bool{}
	for _, b := range found {
		refs, seen[ref{b.Kind, b.Name}] = append(refs, ref{b.Kind, b.Name}), true
	}
	for _, p := range pins {
		if r := (ref{p.Kind, p.Name}); !seen[r] {
			refs, seen[r] = append(refs, r), true
		}
	}
	rows := make([]Row, 0, len(refs))
	for _, r := range refs {
		row := Row{Kind: r.kind, Name: r.name, Version: "-", Protocol: "-"}
		row.Binary, row.Err = c.Binary(r.kind, r.name)
		if row.Err == nil {
			row.Version, row.Protocol, row.Err = c.describe(row.Binary)
		}
		rows = append(rows, row)
	}
	return rows, listErr
}

// describe asks a binary for its version and negotiated protocol.
func (c *Catalog) describe(b plugins.Binary) (version, protocol string, err error) {
	infos, v, err := c.mgr.Describe(context.Background(), b)
	if err != nil {
		return "-", "-", err
	}
	for _, md := range infos {
		if md.Name == b.Name {
			return md.Version, fmt.Sprint(v), nil
		}
	}
	return "-", "-", &plugins.NotServedError{Binary: b, Served: plugins.ServedNames(infos)}
}
