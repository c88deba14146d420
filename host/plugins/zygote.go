package plugins

import (
	"os"
	"strings"
)

// A pool of a trusted Python plugin's workers is forked from one process,
// its zygote, which has already run the plugin's warm-up (importing
// inspect_ai, for the inspect agent): N workers cost one interpreter start
// and one import instead of N, and share the imported pages until they
// write them. The zygote is the plugin's own file, started (and its bytes
// verified at exec, as any trusted plugin's) with a control socket; each
// worker is a fork of it that makes its own go-plugin handshake (its own
// socket, AutoMTLS certificate and environment) and is then an ordinary
// process of the Manager: stopped, killed and relaunched like any other.
// sdk/python/src/swarmhost_plugin/_zygote.py is the plugin's side; a
// plugin that is not a zygote (it serves at once instead) makes the pool
// fall back to starting each worker on its own. Untrusted plugins never use
// one: each of their workers is launched in its own sandbox.

// ZygoteEnvVar turns the zygote off when set to "off" (each worker of a
// pool then starts its own interpreter), for comparison.
const ZygoteEnvVar = "SWARMHOST_PLUGIN_ZYGOTE"

// pooled reports whether b is a worker of a pool: worker 0 (the shared
// process of a binary run as several workers) or a later one.
func pooled(b Binary) bool {
	return strings.HasPrefix(b.Instance, workerInstance) || b.Instance == "" && Workers(b) > 1
}

// wantsZygote reports whether b's process is forked from its pool's
// zygote: a worker of a trusted Python plugin's pool, where this platform
// has zygotes and they are not turned off.
func wantsZygote(b Binary) bool {
	return zygoteSupported && b.Trust != Untrusted && os.Getenv(ZygoteEnvVar) != "off" && pooled(b) && isPython(b.Path)
}

// zygoteFor returns the zygote that forks b's process, made on first use
// and replaced once it has exited, or nil when b does not use one. m.mu is
// held.
func (m *Manager) zygoteForLocked(b Binary) *zygote {
	if !wantsZygote(b) {
		return nil
	}
	b.Instance = ""
	key := processKey(b)
	if z := m.zygotes[key]; z != nil && !z.exited() {
		return z
	}
	z := newZygote(b, m.logger, m.opts.forBinary(b))
	m.zygotes[key] = z
	return z
}

// closeZygotes stops every zygote; their workers have been stopped.
func (m *Manager) closeZygotes() {
	m.mu.Lock()
	zs := make([]*zygote, 0, len(m.zygotes))
	for _, z := range m.zygotes {
		zs = append(zs, z)
	}
	m.mu.Unlock()
	for _, z := range zs {
		z.close(m.opts.KillTimeout)
	}
}
