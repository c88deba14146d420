package sandbox

import (
	"fmt"
	"time"

	"github.com/swarmhost/swarmhost/host/isolate"
)

// diskEvery is how often a running command's writes are measured.
const diskEvery = 250 * time.Millisecond

// diskWatch bounds what one command adds to the host directories it may
// write (a member's own and the sample's shared sandbox): every diskEvery
// it measures them ([isolate.DiskUsage]) and, once they hold more than
// limit bytes beyond what they held when it started, closes full and says
// why. (cgroup I/O and quota controllers are not available everywhere;
// this is accounting with a kill. Writes between two checks may overshoot
// briefly, each file bounded meanwhile by RLIMIT_FSIZE.)
type diskWatch struct {
	full chan struct{}
	why  string // set before full is closed
	done chan struct{}
	quit chan struct{}
}

// watchDisk starts watching dirs; stop ends it.
func watchDisk(dirs []string, limit int64) *diskWatch {
	d := &diskWatch{full: make(chan struct{}), done: make(chan struct{}), quit: make(chan struct{})}
	if len(dirs) == 0 || limit <= 0 {
		close(d.done)
		return d
	}
	baseline := isolate.DiskUsage(dirs)
	go func() {
		defer close(d.done)
		t := time.NewTicker(diskEvery)
		defer t.Stop()
		for {
			select {
			case <-d.quit:
				return
			case <-t.C:
			}
			if grown := isolate.DiskUsage(dirs) - baseline; grown > limit {
				d.why = fmt.Sprintf("it wrote %s to its sandbox, over the limit of %s per command",
					isolate.BytesText(grown), isolate.BytesText(limit))
				close(d.full)
				return
			}
		}
	}()
	return d
}

// stop ends the watch; why is final afterwards.
func (d *diskWatch) stop() {
	close(d.quit)
	<-d.done
}
