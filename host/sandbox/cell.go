package sandbox

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"

	"github.com/swarmhost/swarmhost/host/isolate"
)

// cellPool holds a sandbox's cell (host/isolate): a sandbox built once,
// on first use, with the sandbox's paths, network and [ToolLimits], in
// which its commands then run — a fork-exec each, concurrently, instead of
// new namespaces and mounts per call.
type cellPool struct {
	mu     sync.Mutex
	cell   *isolate.Cell
	failed bool
	closed bool
}

// get returns the sandbox's cell, starting it on first use; nil when
// commands must run without one (no cell could start).
func (p *cellPool) get(iso *isolate.Launcher, spec isolate.Spec) *isolate.Cell {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed || p.failed {
		return nil
	}
	if p.cell == nil {
		c, err := iso.NewCell(spec)
		if err != nil {
			p.failed = true
			return nil
		}
		p.cell = c
	}
	return p.cell
}

// drop ends a cell that failed; the next command starts a new one.
func (p *cellPool) drop(c *isolate.Cell) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cell == c {
		p.cell = nil
	}
	_ = c.Close()
}

// close ends the cell and everything running in it.
func (p *cellPool) close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.closed = true
	if p.cell != nil {
		_ = p.cell.Close()
		p.cell = nil
	}
}

// execInCell runs req in the sandbox's cell, as [Sandbox.Exec] would in a
// sandbox of its own; ok is false when it cannot (no cells on this tier),
// and the caller runs req the usual way.
func (s *Sandbox) execInCell(ctx context.Context, req ExecRequest) (res ExecResult, ok bool, err error) {
	iso := s.launcher()
	if s.cells == nil || iso == nil || iso.Tier() != isolate.TierNamespaces || len(req.Command) == 0 {
		return ExecResult{}, false, nil
	}
	path, env, err := s.resolveCommand(req)
	if err != nil {
		return ExecResult{}, true, err
	}
	cell := s.cells.get(iso, s.cellSpec())
	if cell == nil {
		return ExecResult{}, false, nil
	}
	w := s.cellWhere()
	res, err = runInCell(ctx, cell, isolate.CellRun{Path: path, Args: req.Command, Env: env, Dir: s.Dir}, req,
		watchDisk(w.readWrite, w.diskLimit()))
	if err != nil && ctx.Err() == nil {
		s.cells.drop(cell)
	}
	if err != nil && ctx.Err() != nil {
		err = fmt.Errorf("sandbox: exec %s: %w", req.Command[0], ctx.Err())
	}
	return res, true, err
}

// cellSpec is what the sandbox's commands may reach, as where says for Exec.
func (s *Sandbox) cellSpec() isolate.Spec {
	spec := isolate.Spec{Dir: s.Dir, ReadWrite: []string{s.Dir}, Network: s.network, Limits: ToolLimits}
	if s.shared != "" {
		spec.ReadWrite = append(spec.ReadWrite, s.shared)
	}
	return spec
}

// resolveCommand finds req's program in what the sandbox shows and builds
// its environment, as command does for a process of its own.
func (s *Sandbox) resolveCommand(req ExecRequest) (string, []string, error) {
	env := dedupEnv(append([]string{"PATH=" + defaultPath, "HOME=" + s.Dir, "LANG=C.UTF-8"}, req.Env...))
	path, err := programInView(s.cellWhere(), req.Command[0], env)
	if err != nil {
		return "", nil, fmt.Errorf("sandbox: exec: %w", err)
	}
	return path, env, nil
}

// cellWhere is what the sandbox's commands may reach, as Exec's where.
func (s *Sandbox) cellWhere() where {
	spec := s.cellSpec()
	return where{dir: s.Dir, readWrite: spec.ReadWrite, network: s.network, iso: s.launcher()}
}

// runInCell runs one command in cell with its output captured and its
// input fed.
func runInCell(ctx context.Context, cell *isolate.Cell, run isolate.CellRun, req ExecRequest, disk *diskWatch) (ExecResult, error) {
	defer disk.stop()
	stdout, outW, err := newCapture()
	if err != nil {
		return ExecResult{}, err
	}
	stderr, errW, err := newCapture()
	if err != nil {
		stdout.r.Close()
		outW.Close()
		return ExecResult{}, err
	}
	go stdout.read()
	go stderr.read()
	run.Stdout, run.Stderr = outW, errW
	var inW *os.File
	if req.Input != "" {
		run.Stdin, inW, err = os.Pipe()
		if err != nil {
			outW.Close()
			errW.Close()
			return ExecResult{}, err
		}
		go func() {
			_, _ = inW.WriteString(req.Input)
			inW.Close()
		}()
	}
	runCtx, cancel := withFull(ctx, disk.full)
	defer cancel()
	status, timedOut, err := cell.Run(runCtx, run, req.Timeout)
	if disk.why != "" && err != nil && ctx.Err() == nil {
		err = nil // the disk watch ended it, not the caller
	}
	outW.Close()
	errW.Close()
	if run.Stdin != nil {
		run.Stdin.Close()
	}
	res := ExecResult{ExitCode: status, Stdout: stdout.finish(), Stderr: stderr.finish(), TimedOut: timedOut}
	if disk.why != "" {
		res.Stderr += "\nsandbox: " + disk.why + ": the command and everything it started were killed\n"
	}
	var notStarted *isolate.NotStartedError
	if errors.As(err, &notStarted) {
		// As a sandbox of its own reports it: the init's exit and message.
		res.Stderr += "swarmhost sandbox: " + notStarted.Reason + "\n"
		err = nil
	}
	return res, err
}

// withFull is ctx, also cancelled when full is closed (the disk watch's
// signal that the command wrote past its limit).
func withFull(ctx context.Context, full <-chan struct{}) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(ctx)
	go func() {
		select {
		case <-full:
			cancel()
		case <-ctx.Done():
		}
	}()
	return ctx, cancel
}
