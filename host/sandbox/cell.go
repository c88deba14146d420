package sandbox

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/swarmhost/swarmhost/host/isolate"
)

// maxCells bounds the cells one sandbox keeps: as many commands run in it
// at once without a sandbox built per call; more run as before, each in a
// sandbox of its own.
const maxCells = 4

// cellPool holds a sandbox's cells (host/isolate): sandboxes built once
// with the sandbox's paths, network and [ToolLimits], in which its
// commands then run one at a time each — a fork-exec instead of new
// namespaces and mounts per call.
type cellPool struct {
	mu     sync.Mutex
	idle   []*isolate.Cell
	n      int
	closed bool
}

// get returns an idle cell, or starts one while there are fewer than
// maxCells; nil when the command must run without one.
func (p *cellPool) get(iso *isolate.Launcher, spec isolate.Spec) *isolate.Cell {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return nil
	}
	if n := len(p.idle); n > 0 {
		c := p.idle[n-1]
		p.idle = p.idle[:n-1]
		return c
	}
	if p.n >= maxCells {
		return nil
	}
	c, err := iso.NewCell(spec)
	if err != nil {
		return nil
	}
	p.n++
	return c
}

// put returns a cell after a command; a broken one is closed and dropped.
func (p *cellPool) put(c *isolate.Cell, broken bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if broken || p.closed {
		p.n--
		_ = c.Close()
		return
	}
	p.idle = append(p.idle, c)
}

// close ends every idle cell; busy ones end when their command returns.
func (p *cellPool) close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.closed = true
	for _, c := range p.idle {
		_ = c.Close()
	}
	p.idle, p.n = nil, p.n-len(p.idle)
}

// execInCell runs req in one of the sandbox's cells, as [Sandbox.Exec]
// would in a sandbox of its own; ok is false when it cannot (no cells on
// this tier, or all busy), and the caller runs req the usual way.
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
	res, err = runInCell(ctx, cell, isolate.CellRun{Path: path, Args: req.Command, Env: env, Dir: s.Dir}, req)
	s.cells.put(cell, err != nil && ctx.Err() == nil)
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

// resolveCommand finds req's program and builds its environment, as
// command does for a process of its own.
func (s *Sandbox) resolveCommand(req ExecRequest) (string, []string, error) {
	env := append([]string{"PATH=" + defaultPath, "HOME=" + s.Dir, "LANG=C.UTF-8"}, req.Env...)
	path, err := lookPath(req.Command[0], env)
	if err == nil && !filepath.IsAbs(path) {
		_, err = os.Stat(filepath.Join(s.Dir, path))
	}
	if err != nil {
		return "", nil, fmt.Errorf("sandbox: exec: %w", err)
	}
	return path, dedupEnv(env), nil
}

// runInCell runs one command in cell with its output captured and its
// input fed.
func runInCell(ctx context.Context, cell *isolate.Cell, run isolate.CellRun, req ExecRequest) (ExecResult, error) {
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
	status, timedOut, err := cell.Run(ctx, run, req.Timeout)
	outW.Close()
	errW.Close()
	if run.Stdin != nil {
		run.Stdin.Close()
	}
	res := ExecResult{ExitCode: status, Stdout: stdout.finish(), Stderr: stderr.finish(), TimedOut: timedOut}
	var notStarted *isolate.NotStartedError
	if errors.As(err, &notStarted) {
		// As a sandbox of its own reports it: the init's exit and message.
		res.Stderr += "swarmhost sandbox: " + notStarted.Reason + "\n"
		err = nil
	}
	return res, err
}
