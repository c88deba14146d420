package model

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	sdkmodel "github.com/swarmhost/swarmhost/sdk/model"
)

// Defaults of the openai provider.
const (
	// DefaultMaxConnections caps concurrent requests per model (Inspect's
	// default).
	DefaultMaxConnections = 10
	// DefaultAttemptTimeout bounds one attempt when the config sets no
	// attempt_timeout; a hung endpoint is then retried, not waited on
	// forever.
	DefaultAttemptTimeout = 10 * time.Minute
)

// OpenAI is the "openai" provider: any OpenAI-compatible chat-completions
// endpoint (OpenAI, vLLM, Ollama, llama.cpp's server, …), spoken to with
// the official openai-go client. The host owns the retries: the client's
// own are off, so every retry is counted in the model event, attempts that
// time out are retried too, and a connection slot (max_connections) is held
// only while a request is in flight, never during a backoff wait.
type OpenAI struct {
	// name is the model's own name; full is Name's answer, made once.
	name, full string
	client     openai.Client
	config     map[string]any
	slots      chan struct{}
	backoff    Backoff
}

// NewOpenAI builds the provider for spec (Name and BaseURL are required).
func NewOpenAI(spec Spec) (*OpenAI, error) {
	if spec.Name == "" || spec.BaseURL == "" {
		return nil, errors.New("openai model needs a name and a base_url")
	}
	n := spec.MaxConnections
	if n <= 0 {
		n = intOf(spec.Config, "max_connections", DefaultMaxConnections)
	}
	client := openai.NewClient(option.WithBaseURL(spec.BaseURL), option.WithAPIKey(spec.APIKey),
		option.WithMaxRetries(0), option.WithHTTPClient(&http.Client{Transport: pooledTransport(max(n, 1))}))
	return &OpenAI{name: spec.Name, full: "openai/" + spec.Name, client: client, config: spec.Config,
		slots: make(chan struct{}, max(n, 1)), backoff: spec.Backoff}, nil
}

// Name returns "openai/<model>".
func (p *OpenAI) Name() string { return p.full }

// Generate makes the call, retrying what may succeed on a second try (see
// [retryable]) up to max_retries times with [Backoff] waits, all within the
// config's timeout (seconds, whole call) when set.
func (p *OpenAI) Generate(ctx context.Context, req Request) (Result, error) {
	cfg := mergeConfig(p.config, req.Config)
	res := Result{Config: eventConfig(cfg)}
	if err := ValidateConfig(req.Config); err != nil {
		return res, err
	}
	call, err := p.request(req, cfg)
	if err != nil {
		return res, err
	}
	if t := seconds(cfg, "timeout"); t > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeoutCause(ctx, t, fmt.Errorf("timeout of %s reached", t))
		defer cancel()
	}
	res.Output, res.Retries, err = p.withRetries(ctx, call, intOf(cfg, "max_retries", DefaultMaxRetries))
	return res, err
}

// withRetries makes attempts until one succeeds, one fails for good, the
// retries run out or ctx ends; it returns how many attempts were retried.
func (p *OpenAI) withRetries(ctx context.Context, call chatCall, maxRetries int) (sdkmodel.Output, int, error) {
	start := time.Now()
	for retries := 0; ; retries++ {
		out, err := p.attempt(ctx, call)
		if err == nil {
			out.Time = time.Since(start).Seconds()
			return out, retries, nil
		}
		if ctx.Err() != nil {
			return out, retries, fmt.Errorf("%w (after %d retries)", context.Cause(ctx), retries)
		}
		ok, hint := retryable(err)
		if !ok || retries >= maxRetries {
			return out, retries, retriesNote(describe(err), retries)
		}
		if err := sleep(ctx, p.backoff.delay(retries, hint)); err != nil {
			return out, retries, fmt.Errorf("%w (after %d retries)", context.Cause(ctx), retries)
		}
	}
}

// attempt makes one request while holding a connection slot, bounded by
// the attempt timeout, and decodes its answer once the slot is free again.
func (p *OpenAI) attempt(ctx context.Context, call chatCall) (sdkmodel.Output, error) {
	a, err := p.send(ctx, call)
	if err != nil {
		return sdkmodel.Output{}, err
	}
	return a.output(call.model)
}

// send makes the request and reads its answer while holding a slot.
func (p *OpenAI) send(ctx context.Context, call chatCall) (answer, error) {
	select {
	case p.slots <- struct{}{}:
	case <-ctx.Done():
		return answer{}, ctx.Err()
	}
	defer func() { <-p.slots }()
	actx, cancel := context.WithTimeoutCause(ctx, call.attemptTimeout, errAttemptTimeout)
	defer cancel()
	a, err := call.do(actx, &p.client)
	if err != nil && ctx.Err() == nil && errors.Is(context.Cause(actx), errAttemptTimeout) {
		return answer{}, fmt.Errorf("%w after %s", errAttemptTimeout, call.attemptTimeout)
	}
	return a, err
}

func retriesNote(err error, retries int) error {
	if retries == 0 {
		return err
	}
	return fmt.Errorf("%w (after %d retries)", err, retries)
}

// seconds reads a duration in seconds; 0 when absent.
func seconds(cfg map[string]any, key string) time.Duration {
	f, _ := cfg[key].(float64)
	return time.Duration(f * float64(time.Second))
}

// pooledTransport is an HTTP transport that keeps up to conns idle
// connections to the endpoint, one per connection slot. The default keeps
// two, so with more calls in flight every answer closed a connection and
// the next call dialled a new one: a TCP (and TLS) handshake per call
// when the pipe is full.
func pooledTransport(conns int) *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConnsPerHost = conns
	t.MaxIdleConns = max(t.MaxIdleConns, conns)
	return t
}
