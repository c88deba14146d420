package eval

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/swarmhost/swarmhost/host/config"
	hostmodel "github.com/swarmhost/swarmhost/host/model"
)

// modelCache is the run's providers by model block, made on first use.
func (r *evalRun) modelCache() map[string]hostmodel.Provider {
	if r.models == nil {
		r.models = map[string]hostmodel.Provider{}
	}
	return r.models
}

// model builds (once) the provider of the named model; "" means none.
func (r *evalRun) model(cache map[string]hostmodel.Provider, name string) (hostmodel.Provider, error) {
	if name == "" {
		return nil, nil
	}
	if p, ok := cache[name]; ok {
		return p, nil
	}
	m := r.suite.Models[name]
	if m == nil {
		return nil, fmt.Errorf("no model named %q", name)
	}
	spec, err := modelSpec(m)
	if err == nil {
		spec.Config = r.withTaskConfig(name, spec.Config)
		spec.APIKey, err = apiKey(m)
	}
	if err != nil {
		return nil, fmt.Errorf("model %s: %w", name, err)
	}
	p, err := hostmodel.New(spec)
	if err != nil {
		return nil, fmt.Errorf("model %s: %w", name, err)
	}
	limit := spec.MaxConnections
	if limit == 0 && spec.Provider == config.ProviderOpenAI {
		limit = hostmodel.DefaultMaxConnections
	}
	r.meter.connections(limit)
	mp := &meteredProvider{Provider: p, meter: r.meter, limit: limit}
	cache[name] = mp
	return mp, nil
}

// modelSpec turns a model block into a provider spec, less the API key.
func modelSpec(m *config.Model) (hostmodel.Spec, error) {
	spec := hostmodel.Spec{Provider: m.Provider, Name: m.ModelName, BaseURL: m.BaseURL, Cache: m.Cache}
	for i, raw := range m.Outputs {
		var o any
		if err := json.Unmarshal(raw, &o); err != nil {
			return spec, fmt.Errorf("output %d: %w", i+1, err)
		}
		spec.Outputs = append(spec.Outputs, o)
	}
	if len(m.Config) > 0 {
		if err := json.Unmarshal(m.Config, &spec.Config); err != nil {
			return spec, fmt.Errorf("config: %w", err)
		}
	}
	if m.Price != nil {
		spec.Price = &hostmodel.Price{Input: m.Price.Input, Output: m.Price.Output}
	}
	if m.MaxConnections != nil {
		spec.MaxConnections = int(*m.MaxConnections)
	}
	return spec, nil
}

// apiKey reads the key from the environment variable the block names
// (api_key_env) when the model is built. An unset variable sends no key,
// which local servers accept, except for OpenAI's own endpoint, where it is
// an error.
func apiKey(m *config.Model) (string, error) {
	if m.Provider != config.ProviderOpenAI || m.APIKeyEnv == "" {
		return "", nil
	}
	key := os.Getenv(m.APIKeyEnv)
	if key == "" && m.BaseURL == config.DefaultOpenAIBaseURL {
		return "", fmt.Errorf("environment variable %s (api_key_env) is not set", m.APIKeyEnv)
	}
	return key, nil
}
