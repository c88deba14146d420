package engine

import (
	"bytes"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/swarmhost/swarmhost/host/sandbox"
)

// ExecWrapper runs a command in a container so that nothing it started
// outlives it. An exec's process leads its own process group; the wrapper
// prints that group's id on stderr's first line (the host reads it off, and
// kills the group on timeout), runs the command, then SIGKILLs every other
// process of the group and exits with the command's status (128+N for
// signal N, as the local provider reports it). A process that leaves the
// group (setsid) escapes the kill; the container's removal at the end of
// the sample ends it.
const ExecWrapper = `echo "$$" >&2; ` + runCommand + `; s=$?; me=$$
for _ in 1 2 3; do n=0
  for f in /proc/[0-9]*/stat; do
    { read -r l <"$f"; } 2>/dev/null || continue
    p=${f#/proc/}; p=${p%/stat}; r=${l##*) }; set -- $r
    [ "$3" = "$me" ] && [ "$p" != "$me" ] && kill -9 "$p" 2>/dev/null && n=1
  done
  [ "$n" = 0 ] && break
done
exit "$s"`

// runCommand and runWithInput run the wrapper's command; with input, its
// stdin comes through a pipe that is drained to the end even when the
// command does not read it all: podman drops an exec's output when the
// command ends with stdin unread.
const (
	runCommand   = `"$@"`
	runWithInput = `{ cat 2>/dev/null; cat >/dev/null; } | "$@"`
)

// InputWrapper is [ExecWrapper] for a command given stdin.
var InputWrapper = strings.Replace(ExecWrapper, runCommand, runWithInput, 1)

// GroupSniffer is the stderr of a command run in [ExecWrapper]: it reads
// the wrapper's first line (the process group id) and keeps the rest.
type GroupSniffer struct {
	head  []byte
	seen  bool
	group atomic.Int64
	ready chan struct{} // closed once group is set
	rest  *sandbox.Tail
}

// NewGroupSniffer makes a sniffer whose rest keeps [sandbox.MaxOutput]
// bytes.
func NewGroupSniffer() *GroupSniffer {
	return &GroupSniffer{ready: make(chan struct{}), rest: sandbox.NewTail(sandbox.MaxOutput)}
}

// Ready is closed once the wrapper has said which process group the
// command leads ([GroupSniffer.Group]).
func (g *GroupSniffer) Ready() <-chan struct{} { return g.ready }

// Group is the command's process group id; 0 before [GroupSniffer.Ready].
func (g *GroupSniffer) Group() int { return int(g.group.Load()) }

// Stderr is the command's stderr: what followed the wrapper's first line.
func (g *GroupSniffer) Stderr() string { return g.rest.String() }

// Write implements io.Writer.
func (g *GroupSniffer) Write(p []byte) (int, error) {
	n := len(p)
	if !g.seen {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			g.head = append(g.head, p...)
			return n, nil
		}
		g.head = append(g.head, p[:i]...)
		pgid, _ := strconv.Atoi(strings.TrimSpace(string(g.head)))
		g.group.Store(int64(pgid))
		close(g.ready)
		g.seen, p = true, p[i+1:]
	}
	_, _ = g.rest.Write(p)
	return n, nil
}
