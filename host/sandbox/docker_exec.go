package sandbox

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/pkg/stdcopy"
)

// execWrapper runs a command in a container so that nothing it started
// outlives it. An exec's process leads its own process group; the wrapper
// prints that group's id on stderr's first line (the host reads it off, and
// kills the group on timeout), runs the command, then SIGKILLs every other
// process of the group and exits with the command's status (128+N for
// signal N, as the local provider reports it). A process that leaves the
// group (setsid) escapes the kill; the container's removal at the end of
// the sample ends it.
const execWrapper = `echo "$$" >&2; ` + runCommand + `; s=$?; me=$$
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

// inputWrapper is execWrapper for a command given stdin.
var inputWrapper = strings.Replace(execWrapper, runCommand, runWithInput, 1)

// execPollInterval is how often a finished exec is inspected until the
// engine stops reporting it running (podman reports the exit late).
const execPollInterval = 5 * time.Millisecond

// Exec runs req in the container: working directory the sandbox's, the
// image's environment plus req.Env, stdout and stderr apart and capped at
// [MaxOutput] each, stdin from req.Input. See [Env.Exec].
func (e *dockerEnv) Exec(ctx context.Context, req ExecRequest) (ExecResult, error) {
	return e.exec(ctx, e.id, req)
}

// exec runs req in container id (the sandbox's, or a view's copy).
func (e *dockerEnv) exec(ctx context.Context, id string, req ExecRequest) (ExecResult, error) {
	if len(req.Command) == 0 {
		return ExecResult{}, errors.New("sandbox: exec: empty command")
	}
	cli := e.d.cli
	wrapper := execWrapper
	if req.Input != "" {
		wrapper = inputWrapper
	}
	cmd := append([]string{"sh", "-c", wrapper, "swarmhost-exec"}, req.Command...)
	created, err := cli.ContainerExecCreate(ctx, id, container.ExecOptions{Cmd: cmd, Env: req.Env,
		WorkingDir: e.workdir, AttachStdin: req.Input != "", AttachStdout: true, AttachStderr: true})
	if err != nil {
		return ExecResult{}, fmt.Errorf("sandbox: exec %s in %s: %w", req.Command[0], label(e.name), err)
	}
	conn, err := cli.ContainerExecAttach(ctx, created.ID, container.ExecAttachOptions{})
	if err != nil {
		return ExecResult{}, fmt.Errorf("sandbox: exec %s in %s: %w", req.Command[0], label(e.name), err)
	}
	defer conn.Close()
	if req.Input != "" {
		go func() {
			_, _ = io.Copy(conn.Conn, strings.NewReader(req.Input))
			_ = conn.CloseWrite()
		}()
	}
	out, errOut := &tail{limit: MaxOutput}, newGroupSniffer()
	done := make(chan struct{})
	go func() {
		_, _ = stdcopy.StdCopy(out, errOut, conn.Reader)
		close(done)
	}()
	res, err := e.await(ctx, id, done, errOut, req.Timeout)
	conn.Close()
	<-done
	res.Stdout, res.Stderr = out.String(), errOut.rest.String()
	if err != nil {
		return res, err
	}
	res.ExitCode, err = e.exitCode(ctx, created.ID)
	if res.TimedOut && res.ExitCode < 0 {
		res.ExitCode = 128 + 9 // podman may report a killed exec as -1
	}
	return res, err
}

// await waits for the exec's output to end; on timeout or ctx's end it
// kills the command's process group.
func (e *dockerEnv) await(ctx context.Context, id string, done <-chan struct{}, g *groupSniffer, timeout time.Duration) (ExecResult, error) {
	var expired <-chan time.Time
	if timeout > 0 {
		t := time.NewTimer(timeout)
		defer t.Stop()
		expired = t.C
	}
	select {
	case <-done:
		return ExecResult{}, nil
	case <-expired:
		e.killGroup(id, g, done)
		return ExecResult{TimedOut: true, ExitCode: 128 + 9}, nil
	case <-ctx.Done():
		e.killGroup(id, g, done)
		return ExecResult{ExitCode: 128 + 9}, fmt.Errorf("sandbox: exec in %s: %w", label(e.name), ctx.Err())
	}
}

// killGroup SIGKILLs the command's process group in container id, from an
// exec of its own (the Engine API cannot signal an exec), once the wrapper
// has said which group it is — unless the output ended first.
func (e *dockerEnv) killGroup(id string, g *groupSniffer, done <-chan struct{}) {
	ctx, cancel := context.WithTimeout(context.Background(), engineTimeout)
	defer cancel()
	select {
	case <-g.ready:
	case <-done:
		return
	case <-ctx.Done():
		return
	}
	pgid := int(g.group.Load())
	if pgid <= 1 {
		return
	}
	created, err := e.d.cli.ContainerExecCreate(ctx, id, container.ExecOptions{
		Cmd: []string{"kill", "-9", "--", "-" + strconv.Itoa(pgid)}, AttachStdout: true, AttachStderr: true})
	if err != nil {
		return
	}
	conn, err := e.d.cli.ContainerExecAttach(ctx, created.ID, container.ExecAttachOptions{})
	if err != nil {
		return
	}
	defer conn.Close()
	_, _ = io.Copy(io.Discard, conn.Reader)
}

// exitCode polls the exec until the engine reports it ended.
func (e *dockerEnv) exitCode(ctx context.Context, execID string) (int, error) {
	for {
		info, err := e.d.cli.ContainerExecInspect(ctx, execID)
		if err != nil {
			return -1, fmt.Errorf("sandbox: exec in %s: %w", label(e.name), err)
		}
		if !info.Running {
			return info.ExitCode, nil
		}
		select {
		case <-ctx.Done():
			return -1, fmt.Errorf("sandbox: exec in %s: %w", label(e.name), ctx.Err())
		case <-time.After(execPollInterval):
		}
	}
}

// groupSniffer reads the wrapper's first stderr line (the process group
// id) and passes the rest on.
type groupSniffer struct {
	head  []byte
	seen  bool
	group atomic.Int64
	ready chan struct{} // closed once group is set
	rest  tail
}

// newGroupSniffer makes a sniffer whose rest keeps [MaxOutput] bytes.
func newGroupSniffer() *groupSniffer {
	return &groupSniffer{ready: make(chan struct{}), rest: tail{limit: MaxOutput}}
}

// Write implements io.Writer.
func (g *groupSniffer) Write(p []byte) (int, error) {
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
