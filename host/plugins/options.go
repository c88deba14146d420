package plugins

import (
	"time"

	"github.com/swarmhost/swarmhost/host/isolate"
)

// Defaults for [Options].
const (
	DefaultStartTimeout = 20 * time.Second
	DefaultKillTimeout  = 3 * time.Second
)

// Options tune a [Manager]; the zero value takes the defaults.
type Options struct {
	// StartTimeout bounds a plugin's start-up, from exec to the go-plugin
	// handshake (DefaultStartTimeout when zero). Slow initialisation belongs
	// after Serve, in the plugin's first call.
	StartTimeout time.Duration
	// KillTimeout bounds go-plugin's graceful Kill of one process before its
	// process group gets SIGKILL (DefaultKillTimeout when zero).
	KillTimeout time.Duration
	// Launcher starts untrusted plugins; nil means [isolate.Default], the
	// strongest tier this machine offers.
	Launcher *isolate.Launcher
}

// launcher returns the launcher for untrusted plugins.
func (o Options) launcher() *isolate.Launcher {
	if o.Launcher != nil {
		return o.Launcher
	}
	return isolate.Default()
}

// withDefaults fills in zero fields.
func (o Options) withDefaults() Options {
	if o.StartTimeout <= 0 {
		o.StartTimeout = DefaultStartTimeout
	}
	if o.KillTimeout <= 0 {
		o.KillTimeout = DefaultKillTimeout
	}
	return o
}

// forBinary applies b's own start timeout (from its plugin block).
func (o Options) forBinary(b Binary) Options {
	if b.StartTimeout > 0 {
		o.StartTimeout = b.StartTimeout
	}
	return o
}

// startTimeout is how long b may take to start and to answer Metadata.
func (o Options) startTimeout(b Binary) time.Duration { return o.forBinary(b).StartTimeout }
