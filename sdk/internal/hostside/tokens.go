package hostside

import (
	"crypto/rand"
	"encoding/hex"
	"sync"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// registry maps the tokens the host hands out to the per-call host objects
// (one agent.Host per member Run, one scorer.Host per Score).
type registry[T any] struct {
	mu    sync.RWMutex
	items map[string]T
}

func newRegistry[T any]() *registry[T] { return &registry[T]{items: map[string]T{}} }

// add registers v under a fresh unguessable token.
func (r *registry[T]) add(v T) string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	tok := hex.EncodeToString(b[:])
	r.mu.Lock()
	r.items[tok] = v
	r.mu.Unlock()
	return tok
}

func (r *registry[T]) get(tok string) (T, bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	v, ok := r.items[tok]
	return v, ok
}

// lookup returns what tok was registered for; an unknown token, or one registered for nil, is a
// PermissionDenied error naming what ("member token", "score token"), as the host services
// answer a call with a token they do not hold.
func (r *registry[T]) lookup(tok, what string) (T, error) { return lookup[T](r, tok, what) }

// getter is anything that finds a value by token: a registry, or one
// member's own host on the member stream.
type getter[T any] interface {
	get(tok string) (T, bool)
}

// lookup is g's value for tok, or PermissionDenied naming what was looked up.
func lookup[T any](g getter[T], tok, what string) (T, error) {
	v, ok := g.get(tok)
	if !ok || any(v) == nil {
		var zero T
		return zero, status.Error(codes.PermissionDenied, "unknown or expired "+what)
	}
	return v, nil
}

func (r *registry[T]) remove(tok string) {
	r.mu.Lock()
	delete(r.items, tok)
	r.mu.Unlock()
}
