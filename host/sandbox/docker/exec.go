package docker

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/pkg/stdcopy"

	"github.com/swarmhost/swarmhost/host/sandbox"
	"github.com/swarmhost/swarmhost/host/sandbox/engine"
)

// execPollInterval is how often a finished exec is inspected until the
// engine stops reporting it running (podman reports the exit late).
const execPollInterval = 5 * time.Millisecond

// Exec runs req in the container: working directory the sandbox's, the
// image's environment plus req.Env, stdout and stderr apart and capped at
// [sandbox.MaxOutput] each, stdin from req.Input. See [sandbox.Env.Exec].
func (e *dockerEnv) Exec(ctx context.Context, req sandbox.ExecRequest) (sandbox.ExecResult, error) {
	e.execs.Add(1)
	return e.exec(ctx, e.id, req)
}

// exec runs req in container id (the sandbox's, or a view's copy).
func (e *dockerEnv) exec(ctx context.Context, id string, req sandbox.ExecRequest) (sandbox.ExecResult, error) {
	if len(req.Command) == 0 {
		return sandbox.ExecResult{}, errors.New("sandbox: exec: empty command")
	}
	cli := e.d.cli
	wrapper := engine.ExecWrapper
	if req.Input != "" {
		wrapper = engine.InputWrapper
	}
	cmd := append([]string{"sh", "-c", wrapper, "swarmhost-exec"}, req.Command...)
	created, err := cli.ContainerExecCreate(ctx, id, container.ExecOptions{Cmd: cmd, Env: req.Env,
		WorkingDir: e.workdir, AttachStdin: req.Input != "", AttachStdout: true, AttachStderr: true})
	if err != nil {
		return sandbox.ExecResult{}, fmt.Errorf("sandbox: exec %s in %s: %w", req.Command[0], sandbox.Label(e.name), err)
	}
	conn, err := cli.ContainerExecAttach(ctx, created.ID, container.ExecAttachOptions{})
	if err != nil {
		return sandbox.ExecResult{}, fmt.Errorf("sandbox: exec %s in %s: %w", req.Command[0], sandbox.Label(e.name), err)
	}
	defer conn.Close()
	if req.Input != "" {
		go func() {
			_, _ = io.Copy(conn.Conn, strings.NewReader(req.Input))
			_ = conn.CloseWrite()
		}()
	}
	out, errOut := sandbox.NewTail(sandbox.MaxOutput), engine.NewGroupSniffer()
	done := make(chan struct{})
	go func() {
		_, _ = stdcopy.StdCopy(out, errOut, conn.Reader)
		close(done)
	}()
	res, err := e.await(ctx, id, done, errOut, req.Timeout)
	conn.Close()
	<-done
	res.Stdout, res.Stderr = out.String(), errOut.Stderr()
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
func (e *dockerEnv) await(ctx context.Context, id string, done <-chan struct{}, g *engine.GroupSniffer, timeout time.Duration) (sandbox.ExecResult, error) {
	var expired <-chan time.Time
	if timeout > 0 {
		t := time.NewTimer(timeout)
		defer t.Stop()
		expired = t.C
	}
	select {
	case <-done:
		return sandbox.ExecResult{}, nil
	case <-expired:
		e.killGroup(id, g, done)
		return sandbox.ExecResult{TimedOut: true, ExitCode: 128 + 9}, nil
	case <-ctx.Done():
		e.killGroup(id, g, done)
		return sandbox.ExecResult{ExitCode: 128 + 9}, fmt.Errorf("sandbox: exec in %s: %w", sandbox.Label(e.name), ctx.Err())
	}
}

// killGroup SIGKILLs the command's process group in container id, from an
// exec of its own (the Engine API cannot signal an exec), once the wrapper
// has said which group it is — unless the output ended first.
func (e *dockerEnv) killGroup(id string, g *engine.GroupSniffer, done <-chan struct{}) {
	ctx, cancel := context.WithTimeout(context.Background(), engine.Timeout)
	defer cancel()
	select {
	case <-g.Ready():
	case <-done:
		return
	case <-ctx.Done():
		return
	}
	pgid := g.Group()
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
			return -1, fmt.Errorf("sandbox: exec in %s: %w", sandbox.Label(e.name), err)
		}
		if !info.Running {
			return info.ExitCode, nil
		}
		select {
		case <-ctx.Done():
			return -1, fmt.Errorf("sandbox: exec in %s: %w", sandbox.Label(e.name), ctx.Err())
		case <-time.After(execPollInterval):
		}
	}
}
