package cli

import (
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/mattn/go-isatty"

	"github.com/swarmhost/swarmhost/host/eval"
)

// redrawEvery is how often the terminal status line is redrawn.
const redrawEvery = 200 * time.Millisecond

// display shows one eval's progress on stderr: on a terminal, the
// full-screen live view (tui.go), read from the eval's Meter a few times a
// second, then its last state as one line; otherwise one plain line per
// finished sample; nothing with --json, whose stdout is for machines and
// whose stderr stays quiet. (startDisplay with tty keeps the one redrawn
// status line.)
type display struct {
	e     env
	tty   bool
	quiet bool
	// live is set while the full-screen view (tui.go) runs; it replaces
	// the status line.
	live  func()
	meter *eval.Meter
	stop  chan struct{}
	wg    sync.WaitGroup
	// mu keeps plain lines, written from the eval's sample workers, whole.
	mu sync.Mutex
}

// newDisplay starts the display of one eval; call finish when it ends.
// On a terminal it is the full-screen live view.
func newDisplay(e env, quiet bool) *display {
	tty := false
	if f, ok := e.stderr.(*os.File); ok {
		tty = isatty.IsTerminal(f.Fd())
	}
	if tty && !quiet {
		d := &display{e: e, tty: true, meter: &eval.Meter{}, stop: make(chan struct{})}
		d.live = startLive(e.stderr, d.meter)
		return d
	}
	return startDisplay(e, quiet, tty)
}

// newDisplayMode starts the display --display asks for: full (the live
// view on a terminal, plain lines otherwise), plain (lines), none; quiet
// (--json) shows nothing whatever the mode.
func newDisplayMode(e env, quiet bool, mode string) *display {
	switch mode {
	case displayNone:
		return startDisplay(e, true, false)
	case displayPlain:
		return startDisplay(e, quiet, false)
	}
	return newDisplay(e, quiet)
}

// startDisplay starts a display that redraws (tty) or prints lines.
func startDisplay(e env, quiet, tty bool) *display {
	d := &display{e: e, quiet: quiet, tty: tty, meter: &eval.Meter{}, stop: make(chan struct{})}
	if d.tty && !quiet {
		d.wg.Add(1)
		go d.redraw()
	}
	return d
}

// progress is the eval's per-sample callback: a plain line when stderr is
// not a terminal.
func (d *display) progress() func(eval.Progress) {
	if d.quiet || d.tty {
		return nil
	}
	return func(p eval.Progress) {
		d.mu.Lock()
		defer d.mu.Unlock()
		fmt.Fprintln(d.e.stderr, progressLine(p))
	}
}

// redraw rewrites the status line until finish.
func (d *display) redraw() {
	defer d.wg.Done()
	tick := time.NewTicker(redrawEvery)
	defer tick.Stop()
	for {
		select {
		case <-tick.C:
			if p := d.meter.Snapshot(); p.Eval != "" {
				fmt.Fprintf(d.e.stderr, "\r\033[K%s", progressLine(p))
			}
		case <-d.stop:
			return
		}
	}
}

// finish stops redrawing and leaves the last state on its own line.
func (d *display) finish() {
	close(d.stop)
	d.wg.Wait()
	if d.live != nil {
		d.live()
	}
	if d.tty && !d.quiet {
		if p := d.meter.Snapshot(); p.Eval != "" {
			fmt.Fprintf(d.e.stderr, "\r\033[K%s\n", progressLine(p))
		}
	}
}

// progressLine is one line of progress, e.g.
// "team: 3/12 samples, 2 running (7 members), 1234 tokens, 1.5s".
func progressLine(p eval.Progress) string {
	return fmt.Sprintf("%s: %d/%d samples, %d running (%d members), %d tokens, %s", p.Eval, p.Done, p.Total,
		p.Active, p.Running, p.Tokens, p.Elapsed.Round(100*time.Millisecond))
}
