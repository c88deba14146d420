package plugins

import (
	"time"
)

// close stops the process from outside launch: a process still starting is
// hard-killed (its launch then fails and cleans up), a started one is
// stopped gracefully within timeout.
func (p *Process) close(timeout time.Duration) {
	p.closing.Store(true)
	select {
	case <-p.ready:
	default:
		p.cancel()
		select {
		case <-p.ready:
		case <-time.After(timeout):
			p.log.Warn("plugin still starting after it was killed; giving up waiting", "timeout", timeout)
			return
		}
	}
	p.stop(timeout)
}

// stop ends the process once: go-plugin's Kill (graceful Shutdown, then its
// own kill after 2 s) bounded by timeout, because Kill can block (a child
// holding the plugin's stderr open, a stuck connection); then SIGKILL to the
// whole process group, which also takes the plugin's children. Only launch
// and close call it, after launch has set p.client and p.pid.
func (p *Process) stop(timeout time.Duration) {
	p.stopped.Do(func() {
		p.closing.Store(true)
		if p.pid == 0 {
			p.cancel() // never connected: nothing graceful to wait for
		}
		killed := make(chan struct{})
		go func() {
			p.client.Kill()
			close(killed)
		}()
		select {
		case <-killed:
		case <-time.After(timeout):
			p.log.Warn("plugin did not stop in time; killing its process group", "timeout", timeout)
		}
		p.hardKill()
		p.stdout.Flush()
		p.stderr.Flush()
	})
}

// hardKill SIGKILLs the plugin and its process group (or its sandbox)
// through its runner, which signals only while it still holds the process:
// before the reap, the group's leader (alive or a zombie) keeps the group's
// id from being handed out; after it, the runner's Wait has already killed
// the group and nothing is signalled by id.
func (p *Process) hardKill() {
	p.cancel()
	p.killRunner()
}
