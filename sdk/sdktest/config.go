package sdktest

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/base"
	"github.com/swarmhost/swarmhost/sdk/controller"
	"github.com/swarmhost/swarmhost/sdk/diag"
	"github.com/swarmhost/swarmhost/sdk/internal/loopback"
	"github.com/swarmhost/swarmhost/sdk/internal/pluginside"
	"github.com/swarmhost/swarmhost/sdk/internal/protocol"
	"github.com/swarmhost/swarmhost/sdk/schema"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// Config returns cfg as the host would send it to impl (an agent,
// controller or scorer): completed with impl's schema defaults by
// [schema.Schema.Complete], the function the host runs on every decoded
// block. cfg is a [schema.Config], JSON ([]byte or string), or any value
// that marshals to a JSON object (a map or a struct); nil is {}.
func Config(t testing.TB, impl metadataer, cfg any) schema.Config {
	t.Helper()
	checkSchema(t, impl)
	c, err := complete(metadata(impl).Schema, cfg)
	if err != nil {
		t.Fatalf("sdktest: %v", err)
	}
	return c
}

// Validate completes cfg (see [Config]) and asks impl to check it through
// the real gRPC layer, as the host does after decoding a suite: the
// diagnostics impl's ValidateConfig returns (none without one).
func Validate(t testing.TB, impl metadataer, cfg any) diag.Diagnostics {
	t.Helper()
	c := Config(t, impl, cfg)
	kind, p := pluginsOf(impl)
	resp, err := loopback.InProcess(t, p).Validate(context.Background(), kind, name(impl), c.JSON())
	if err != nil {
		t.Fatalf("sdktest: validate config: %v", err)
	}
	return resp.Diagnostics
}

// pluginsOf serves impl as the kind it implements.
func pluginsOf(impl metadataer) (string, pluginside.Plugins) {
	switch i := impl.(type) {
	case controller.Controller:
		return protocol.KindController, pluginside.Plugins{Controllers: []controller.Controller{i}}
	case scorer.Scorer:
		return protocol.KindScorer, pluginside.Plugins{Scorers: []scorer.Scorer{i}}
	case agent.Agent:
		return protocol.KindAgent, pluginside.Plugins{Agents: []agent.Agent{i}}
	}
	panic(fmt.Sprintf("sdktest: %T is no agent, controller or scorer", impl))
}

// complete turns cfg into a Config and completes it.
func complete(s schema.Schema, cfg any) (schema.Config, error) {
	var c schema.Config
	switch v := cfg.(type) {
	case nil:
	case schema.Config:
		c = v
	case []byte:
		c = schema.NewConfig(v)
	case string:
		c = schema.NewConfig([]byte(v))
	default:
		raw, err := json.Marshal(v)
		if err != nil {
			return schema.Config{}, fmt.Errorf("config: %w", err)
		}
		c = schema.NewConfig(raw)
	}
	return s.Complete(c)
}

// checkedConfigs completes the configs of a plugin's calls and refuses
// those the host would reject (error diagnostics from ValidateConfig), as
// the host never calls a plugin with a config that failed validation. It
// validates each distinct config once.
type checkedConfigs struct {
	schema   schema.Schema
	validate func(ctx context.Context, config []byte) (base.ValidateConfigResponse, error)
	mu       sync.Mutex
	checked  map[string]error
}

func newCheckedConfigs(impl metadataer, d loopback.Dispensed, kind string) *checkedConfigs {
	n := name(impl)
	return &checkedConfigs{schema: metadata(impl).Schema, checked: map[string]error{},
		validate: func(ctx context.Context, config []byte) (base.ValidateConfigResponse, error) {
			return d.Validate(ctx, kind, n, config)
		}}
}

// complete returns c completed, or why the host would not send it.
func (cc *checkedConfigs) complete(ctx context.Context, c schema.Config) (schema.Config, error) {
	full, err := cc.schema.Complete(c)
	if err != nil {
		return schema.Config{}, fmt.Errorf("sdktest: %w", err)
	}
	key := string(full.JSON())
	cc.mu.Lock()
	err, done := cc.checked[key]
	cc.mu.Unlock()
	if !done {
		err = cc.check(ctx, full)
		cc.mu.Lock()
		cc.checked[key] = err
		cc.mu.Unlock()
	}
	return full, err
}

// check runs the plugin's validation on a completed config.
func (cc *checkedConfigs) check(ctx context.Context, full schema.Config) error {
	resp, err := cc.validate(ctx, full.JSON())
	if err != nil {
		return fmt.Errorf("sdktest: validate config: %w", err)
	}
	if !resp.Diagnostics.HasError() {
		return nil
	}
	var out []string
	for _, d := range resp.Diagnostics {
		if d.Severity == diag.Error {
			out = append(out, fmt.Sprintf("%s: %s", d.Summary, d.Detail))
		}
	}
	return fmt.Errorf("sdktest: the host would reject this config: %s", strings.Join(out, "; "))
}

// metadata asks impl for its metadata directly.
func metadata(impl metadataer) base.MetadataResponse {
	var md base.MetadataResponse
	impl.Metadata(context.Background(), base.MetadataRequest{}, &md)
	return md
}
