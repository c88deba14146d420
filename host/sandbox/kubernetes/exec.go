package kubernetes

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/tools/remotecommand"
	utilexec "k8s.io/client-go/util/exec"
	"k8s.io/streaming/pkg/httpstream"

	"github.com/swarmhost/swarmhost/host/sandbox"
	"github.com/swarmhost/swarmhost/host/sandbox/engine"
)

// k8sEnv is one sandbox: a container of the sample's pod (the kubernetes provider's [sandbox.Env]).
type k8sEnv struct {
	k         *Provider
	pod       string
	name      string
	container string
	view      string
	workdir   string
	// keptAlive is set when the container's first process is the provider's
	// keepAlive loop (no command of the service's own): Freeze kills every
	// other process only then, for a service's own command may end with its
	// children, and the container with it.
	keptAlive bool
}

// Name is the sandbox's name.
func (e *k8sEnv) Name() string { return e.name }

// Exec runs req in the container through pods/exec: see [sandbox.Env.Exec]. Processes start in the
// container's working directory with its environment plus req.Env.
func (e *k8sEnv) Exec(ctx context.Context, req sandbox.ExecRequest) (sandbox.ExecResult, error) {
	return e.exec(ctx, e.container, req)
}

// exec runs req in container c of the pod (the sandbox's or its view twin) inside engine.ExecWrapper,
// which reports the command's process group, so a timeout or ctx's end kills everything it started.
func (e *k8sEnv) exec(ctx context.Context, c string, req sandbox.ExecRequest) (sandbox.ExecResult, error) {
	if len(req.Command) == 0 {
		return sandbox.ExecResult{}, errors.New("sandbox: exec: empty command")
	}
	cmd := []string{"sh", "-c", engine.ExecWrapper, "swarmhost-exec"}
	if len(req.Env) > 0 {
		cmd = append(append(cmd, "env"), req.Env...)
	}
	cmd = append(cmd, req.Command...)
	var stdin io.Reader
	if req.Input != "" {
		stdin = strings.NewReader(req.Input)
	}
	out, errOut := sandbox.NewTail(sandbox.MaxOutput), engine.NewGroupSniffer()
	sctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	defer cancel()
	done := make(chan ended, 1)
	go func() {
		code, err := e.k.stream(sctx, e.pod, c, cmd, stdin, out, errOut)
		done <- ended{code, err}
	}()
	var expired <-chan time.Time
	if req.Timeout > 0 {
		t := time.NewTimer(req.Timeout)
		defer t.Stop()
		expired = t.C
	}
	res := sandbox.ExecResult{}
	var ctxErr error
	var end ended
	select {
	case end = <-done:
	case <-expired:
		res.TimedOut = true
		end = e.stopGroup(c, errOut, cancel, done)
	case <-ctx.Done():
		ctxErr = fmt.Errorf("sandbox: exec in %s: %w", sandbox.Label(e.name), ctx.Err())
		end = e.stopGroup(c, errOut, cancel, done)
	}
	res.Stdout, res.Stderr, res.ExitCode = out.String(), errOut.Stderr(), end.code
	if res.TimedOut || ctxErr != nil {
		res.ExitCode = 128 + 9
		return res, ctxErr
	}
	if end.err != nil {
		return res, fmt.Errorf("sandbox: exec %s in %s: %w", req.Command[0], sandbox.Label(e.name), end.err)
	}
	return res, nil
}

// ended is how a stream ended: the exit status, or the error that cut it.
type ended struct {
	code int
	err  error
}

// stopGroup kills the command's process group from an exec of its own (pods/exec cannot signal),
// once the wrapper has said which group it is (unless the stream ends first), then waits for the
// stream to end, cutting it after engine.Timeout.
func (e *k8sEnv) stopGroup(c string, g *engine.GroupSniffer, cancel func(), done <-chan ended) ended {
	kctx, kcancel := context.WithTimeout(context.Background(), engine.Timeout)
	defer kcancel()
	select {
	case <-g.Ready():
		if pgid := g.Group(); pgid > 1 {
			_, _ = e.k.stream(kctx, e.pod, c, []string{"kill", "-9", "--", "-" + strconv.Itoa(pgid)}, nil, io.Discard, io.Discard)
		}
	case end := <-done:
		return end
	case <-kctx.Done():
	}
	select {
	case end := <-done:
		return end
	case <-time.After(engine.Timeout):
		cancel()
		return <-done
	}
}

// stream runs cmd in container c of pod through pods/exec and returns its exit status. It speaks
// websocket and falls back to SPDY only when the server refuses the websocket upgrade (or a proxy
// does): any other failure, a non-zero exit included, is final, so a command never runs twice.
func (k *Provider) stream(ctx context.Context, pod, c string, cmd []string, stdin io.Reader, stdout, stderr io.Writer) (int, error) {
	req := k.c.Set.CoreV1().RESTClient().Post().Resource("pods").Namespace(k.c.Namespace).Name(pod).SubResource("exec").
		VersionedParams(&corev1.PodExecOptions{Container: c, Command: cmd, Stdin: stdin != nil, Stdout: true, Stderr: true},
			scheme.ParameterCodec)
	ws, err := remotecommand.NewWebSocketExecutor(k.c.Config, "GET", req.URL().String())
	if err != nil {
		return -1, err
	}
	spdy, err := remotecommand.NewSPDYExecutor(k.c.Config, "POST", req.URL())
	if err != nil {
		return -1, err
	}
	ex, err := remotecommand.NewFallbackExecutor(ws, spdy, upgradeFailed)
	if err != nil {
		return -1, err
	}
	err = ex.StreamWithContext(ctx, remotecommand.StreamOptions{Stdin: stdin, Stdout: stdout, Stderr: stderr})
	var exit utilexec.ExitError
	switch {
	case err == nil:
		return 0, nil
	case errors.As(err, &exit):
		return exit.ExitStatus(), nil
	}
	return -1, err
}

// upgradeFailed is the fallback predicate: only a refused upgrade means the command did not run.
func upgradeFailed(err error) bool {
	return httpstream.IsUpgradeFailure(err) || httpstream.IsHTTPSProxyError(err)
}

// Freeze kills every process of the sandbox's container but its first (see [sandbox.Freezer]):
// what a member left running, a process that left its command's group included, stops there. Only
// a container the provider keeps alive (keepAlive) is frozen so: a service's own command may end
// when its children die, and its container with it, so such a sandbox is left running.
// Kubernetes cannot pause a container, so this runs the container's own kill(1) with pid -1
// (every process the caller may signal but itself and the namespace's init); a member that
// replaced that program in its container before its end keeps what it started — the limit
// docs/guides/untrusted-plugins.md records. Reads and the view twin keep working.
func (e *k8sEnv) Freeze(ctx context.Context) error {
	if !e.keptAlive {
		return nil
	}
	if _, err := e.k.stream(ctx, e.pod, e.container, []string{"kill", "-9", "-1"}, nil, io.Discard, io.Discard); err != nil {
		return fmt.Errorf("sandbox: freeze %s: %w", sandbox.Label(e.name), err)
	}
	return nil
}

var _ sandbox.Freezer = (*k8sEnv)(nil)
