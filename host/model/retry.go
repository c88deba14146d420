package model

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/openai/openai-go/v3"
)

// DefaultMaxRetries is how many times a failed attempt is retried when the
// config sets no max_retries.
const DefaultMaxRetries = 5

// Backoff is the wait before retry n (0-based): a random duration in
// [d/2, d] where d = Base·2ⁿ capped at Max ("equal jitter", so concurrent
// members spread out but never retry at once). A server's Retry-After-Ms or
// Retry-After header, when present, is used instead (capped at Max).
type Backoff struct {
	Base, Max time.Duration
}

// DefaultBackoff starts at one second and caps at one minute.
var DefaultBackoff = Backoff{Base: time.Second, Max: time.Minute}

// delay is the wait before retry n, honouring the server's hint (negative
// when it gave none).
func (b Backoff) delay(n int, hint time.Duration) time.Duration {
	if b.Base <= 0 {
		b = DefaultBackoff
	}
	if hint >= 0 {
		return min(hint, b.Max)
	}
	d := b.Max
	if n < 30 {
		d = min(b.Base<<n, b.Max)
	}
	return d/2 + rand.N(d/2+1)
}

// errAttemptTimeout marks an attempt that ran past attempt_timeout.
var errAttemptTimeout = errors.New("attempt timed out")

// retryable reports whether a failed attempt may be retried — a 408, 409,
// 429 or 5xx answer, a connection error, or an attempt timeout — and the
// server's hint of how long to wait. Anything else (a 4xx, a malformed
// response) fails at once: repeating it would get the same answer.
func retryable(err error) (bool, time.Duration) {
	var api *openai.Error
	if errors.As(err, &api) {
		s := api.StatusCode
		ok := s == http.StatusRequestTimeout || s == http.StatusConflict || s == http.StatusTooManyRequests || s >= 500
		return ok, retryAfter(api.Response)
	}
	var ue *url.Error
	var ne net.Error
	return errors.Is(err, errAttemptTimeout) || errors.As(err, &ue) || errors.As(err, &ne) ||
		errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.ECONNREFUSED), -1
}

// retryAfter reads Retry-After-Ms (milliseconds) or Retry-After (seconds);
// -1 when neither is given.
func retryAfter(resp *http.Response) time.Duration {
	if resp == nil {
		return -1
	}
	if ms, err := strconv.ParseFloat(resp.Header.Get("Retry-After-Ms"), 64); err == nil && ms >= 0 {
		return time.Duration(ms * float64(time.Millisecond))
	}
	if s, err := strconv.ParseFloat(resp.Header.Get("Retry-After"), 64); err == nil && s >= 0 {
		return time.Duration(s * float64(time.Second))
	}
	return -1
}

// sleep waits d or until ctx ends.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// describe turns a failed attempt into the model error's text: the HTTP
// status and the server's own message when there is one; a body that is
// not JSON is a malformed response.
func describe(err error) error {
	if errors.Is(err, errMalformed) {
		return err
	}
	var api *openai.Error
	if errors.As(err, &api) {
		msg := api.Message
		if msg == "" {
			msg = http.StatusText(api.StatusCode)
		}
		return fmt.Errorf("http %d: %s", api.StatusCode, msg)
	}
	var syntax *json.SyntaxError
	if errors.As(err, &syntax) || strings.HasPrefix(err.Error(), "error parsing response json") {
		return fmt.Errorf("%w: %w", errMalformed, err)
	}
	return err
}
