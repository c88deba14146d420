package config

import (
	"time"

	"github.com/hashicorp/hcl/v2"
)

// Deadline attributes: host meta-arguments that bound calls into plugins.
// They are removed from a block's body before the plugin's own schema
// decodes it, so a plugin cannot declare attributes by these names.
const (
	// ScoreTimeoutAttr bounds one call of a `scorer` block's plugin: each
	// sample's score and each gate check.
	ScoreTimeoutAttr = "score_timeout"
	// CallTimeoutAttr bounds one call of a `controller` block's plugin
	// (start, each event, end).
	CallTimeoutAttr = "call_timeout"
	// StartTimeoutAttr bounds a `plugin` block's start-up: exec, the
	// go-plugin handshake and the plugin's first Metadata answer.
	StartTimeoutAttr = "start_timeout"
)

// Defaults of the deadline attributes, used when a block leaves one out.
const (
	// DefaultScoreTimeout bounds a scorer call (an exec scorer's own
	// `timeout` bounds its command and is shorter by default).
	DefaultScoreTimeout = 5 * time.Minute
	// DefaultCallTimeout bounds a controller call.
	DefaultCallTimeout = 60 * time.Second
	// DefaultStartTimeout bounds a plugin's start-up.
	DefaultStartTimeout = 20 * time.Second
)

// minTimeout is the shortest deadline a suite may set.
const minTimeout = 10 * time.Millisecond

// timeout evaluates an optional deadline attribute; an absent one is 0,
// meaning the default.
func (e *evaluator) timeout(a *hcl.Attribute) time.Duration {
	if a == nil {
		return 0
	}
	d, _ := e.duration(a, minTimeout)
	return d
}

// ScoreTimeoutOrDefault is the scorer's call deadline.
func (s *Scorer) ScoreTimeoutOrDefault() time.Duration {
	if s == nil || s.Timeout <= 0 {
		return DefaultScoreTimeout
	}
	return s.Timeout
}

// CallTimeoutOrDefault is the controller's call deadline.
func (c *Controller) CallTimeoutOrDefault() time.Duration {
	if c == nil || c.Timeout <= 0 {
		return DefaultCallTimeout
	}
	return c.Timeout
}

// controllerMetaSchema holds the host's meta-arguments of a controller block.
var controllerMetaSchema = &hcl.BodySchema{Attributes: []hcl.AttributeSchema{{Name: CallTimeoutAttr}}}
