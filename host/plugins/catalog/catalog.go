package catalog

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/plugins"
	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/base"
	"github.com/swarmhost/swarmhost/sdk/diag"
	"github.com/swarmhost/swarmhost/sdk/schema"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// Catalog resolves one suite's plugin names to running plugins. It serves
// the config loader (config.SchemaSource: schemas, config checks) and the
// eval layer (eval.Plugins: agents, controllers and scorers that relaunch
// their process after a crash). Its methods are safe for concurrent use.
type Catalog struct {
	ctx  context.Context
	mgr  *plugins.Manager
	pins []plugins.Pin
	dirs []string

	// found memoises binary: a suite names a plugin once per member, and
	// discovery hashes the whole binary (SHA-256), so without it a swarm
	// of 1 000 members hashed the agent binary 1 000 times before its
	// first sample (see BENCHMARKS.md). One run uses one binary per plugin
	// anyway: the manager runs one process per path. Each kind/name has
	// its own entry, so different plugins are discovered (hashed) at once
	// (discovered.go).
	mu    sync.Mutex
	found map[string]*discovered
	// lock is the suite's lock file (see lock.go); nil checks nothing.
	lock *suiteLock
}

// New returns the catalog of the suite at path (a .hcl file, or a
// directory), whose plugin blocks are pins: it finds plugins in the suite's
// search directories (plugins.SearchDirs of its directory), starts them
// through mgr under ctx, and refuses a binary the suite's lock file
// ([LockPath]) does not match.
func New(ctx context.Context, mgr *plugins.Manager, suite string, pins []config.PluginPin) *Catalog {
	c := &Catalog{ctx: ctx, mgr: mgr, dirs: plugins.SearchDirs(SuiteDir(suite)), lock: newSuiteLock(suite)}
	for _, p := range pins {
		c.pins = append(c.pins, pluginPin(p))
	}
	return c
}

// SuiteDir is the directory of the suite at path: path itself when it is a
// directory (or names no .hcl file), else the file's directory.
func SuiteDir(suite string) string {
	if info, err := os.Stat(suite); err == nil && info.IsDir() || filepath.Ext(suite) != ".hcl" {
		return suite
	}
	return filepath.Dir(suite)
}

// Info returns the named plugin's metadata, starting its binary if needed.
func (c *Catalog) Info(kind, name string) (base.MetadataResponse, error) {
	b, err := c.Binary(kind, name)
	if err != nil {
		return base.MetadataResponse{}, err
	}
	infos, err := c.mgr.Info(c.ctx, b)
	if err != nil {
		return base.MetadataResponse{}, err
	}
	for _, md := range infos {
		if md.Name == name {
			return md, nil
		}
	}
	return base.MetadataResponse{}, &plugins.NotServedError{Binary: b, Served: plugins.ServedNames(infos)}
}

// Warm starts every plugin the suite names at once and fetches their
// metadata, so start-ups overlap instead of running one after another
// during Decode. The other workers of an agent's or a scorer's pool
// (plugins.Workers) start beside them and are not waited for: they come up
// while the suite is decoded and the dataset read. Errors are left for
// Decode to report with source ranges.
func (c *Catalog) Warm(refs []config.PluginRef) {
	var wg sync.WaitGroup
	for _, ref := range refs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if b, err := c.Binary(ref.Kind, ref.Name); err == nil && pooled(ref.Kind) {
				c.mgr.WarmPool(b)
			}
			_, _ = c.Info(ref.Kind, ref.Name)
		}()
	}
	wg.Wait()
}

// pooled reports whether plugins of kind run on their binary's pool of
// workers: an agent's members and a scorer's calls do; a controller's
// sessions keep their state in one process, the binary's shared one.
func pooled(kind string) bool { return kind != plugins.KindController }

// Schema implements config.SchemaSource.
func (c *Catalog) Schema(kind, name string) (schema.Schema, error) {
	md, err := c.Info(kind, name)
	return md.Schema, err
}

// validator is what every dispensed client offers for config checks.
type validator interface {
	Validate(ctx context.Context, name string, config []byte) (base.ValidateConfigResponse, error)
}

// defaultValidateTimeout bounds a plugin's ValidateConfig answer when its
// plugin block sets no start_timeout: a plugin's first call is where slow
// set-up belongs (importing Inspect, say), so it gets as long as a scorer
// call by default.
const defaultValidateTimeout = 5 * time.Minute

// Validate implements config.SchemaSource. The plugin's answer is bounded
// by its plugin block's start_timeout, else by defaultValidateTimeout.
func (c *Catalog) Validate(kind, name string, config []byte) diag.Diagnostics {
	v, err := c.validator(kind, name)
	if err == nil {
		d := c.validateTimeout(kind, name)
		ctx, cancel := context.WithTimeout(c.ctx, d)
		defer cancel()
		var resp base.ValidateConfigResponse
		if resp, err = v.Validate(ctx, name, config); err == nil {
			return resp.Diagnostics
		}
		if expired(ctx) {
			err = fmt.Errorf("its ValidateConfig did not answer within %s (raise start_timeout on its plugin block if it must be slow)", d)
		}
	}
	var d diag.Diagnostics
	d.AddError("Plugin could not validate its config", err.Error())
	return d
}

// validateTimeout is how long the named plugin may take to validate.
func (c *Catalog) validateTimeout(kind, name string) time.Duration {
	if b, err := c.Binary(kind, name); err == nil && b.StartTimeout > 0 {
		return b.StartTimeout
	}
	return defaultValidateTimeout
}

func (c *Catalog) validator(kind, name string) (validator, error) {
	b, err := c.Binary(kind, name)
	if err != nil {
		return nil, err
	}
	switch kind {
	case plugins.KindAgent:
		return c.mgr.Agent(c.ctx, b)
	case plugins.KindController:
		return c.mgr.Controller(c.ctx, b)
	case plugins.KindTask:
		return c.mgr.Task(c.ctx, b)
	default:
		return c.mgr.Scorer(c.ctx, b)
	}
}

// Agent implements eval.Plugins.
func (c *Catalog) Agent(ctx context.Context, name string) (agent.Agent, error) {
	b, err := c.Binary(plugins.KindAgent, name)
	if err != nil {
		return nil, err
	}
	if _, err := c.mgr.Agent(ctx, b); err != nil {
		return nil, err
	}
	return &liveAgent{mgr: c.mgr, b: b, name: name}, nil // relaunched after a crash
}

// MemberAgent implements eval.MemberPlugins: the named agent in a process
// of its own for member (isolation = "member"), relaunched after a crash.
func (c *Catalog) MemberAgent(ctx context.Context, name, member string) (agent.Agent, error) {
	b, err := c.Binary(plugins.KindAgent, name)
	if err != nil {
		return nil, err
	}
	b.Instance = "member:" + member
	if _, err := c.mgr.Agent(ctx, b); err != nil {
		return nil, err
	}
	return &liveAgent{mgr: c.mgr, b: b, name: name}, nil
}

// Controller implements eval.Plugins.
func (c *Catalog) Controller(ctx context.Context, name string) (plugins.Controller, error) {
	b, err := c.Binary(plugins.KindController, name)
	if err != nil {
		return nil, err
	}
	if _, err := c.mgr.Controller(ctx, b); err != nil {
		return nil, err
	}
	return &liveController{mgr: c.mgr, b: b, name: name}, nil // relaunched after a crash
}

// Scorer implements eval.Plugins.
func (c *Catalog) Scorer(ctx context.Context, name string) (scorer.Scorer, error) {
	b, err := c.Binary(plugins.KindScorer, name)
	if err != nil {
		return nil, err
	}
	if _, err := c.mgr.Scorer(ctx, b); err != nil {
		return nil, err
	}
	return &liveScorer{mgr: c.mgr, b: b, name: name}, nil // relaunched after a crash
}
