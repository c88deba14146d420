package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/swarmhost/swarmhost/host/isolate"
	"github.com/swarmhost/swarmhost/host/sandbox"
)

// toolCalls is how many calls each side of the tool-call benchmark makes.
const toolCalls = 300

// benchTools compares a local tool call — `true` run through a member's
// sandbox, which keeps one sandbox per member (a cell) and fork-execs each
// call inside it — with a plain fork-exec of the same program, alternately
// in this process; and, for the record, with a sandbox built for the call.
func benchTools(e *env, t *Table) {
	ctx := context.Background()
	iso := isolate.Default()
	ss, err := sandbox.NewLocal(filepath.Join(e.work, "tools")).SampleDirs(ctx,
		sandbox.SampleSpec{ID: "bench", Epoch: 1, PerMember: true, Members: []string{"m"}})
	if err != nil {
		t.Fail("tools", err)
		return
	}
	defer ss.Close()
	sb := ss.Dir("m")
	progress("tools: %d calls through the member's sandbox and %d plain fork-execs", toolCalls, toolCalls)
	var ours, plain []time.Duration
	for i := range toolCalls + 10 { // the first ten warm up and are dropped
		o, err := timed(func() error { return sandboxTrue(ctx, sb) })
		if err != nil {
			t.Fail("tools", err)
			return
		}
		p, err := timed(func() error { return exec.Command("/bin/true").Run() })
		if err != nil {
			t.Fail("tools", err)
			return
		}
		if i >= 10 {
			ours, plain = append(ours, o), append(plain, p)
		}
	}
	x := float64(median(ours)) / float64(median(plain))
	t.Add(Row{Bench: "tools", Measure: fmt.Sprintf("local tool call `true`, median of %d (%s tier)", toolCalls, iso.Tier()),
		Ours: dur(median(ours)), Ref: "fork-exec " + dur(median(plain)), Ratio: ratio(x), Target: "≤ 3×", OK: x <= 3})
	if per, err := perCallSandbox(iso, sb.Dir); err == nil {
		t.Add(Row{Bench: "tools", Measure: "the same call in a sandbox built for it (before cells)", Ours: dur(per),
			Ref: "fork-exec " + dur(median(plain)), Ratio: ratio(float64(per) / float64(median(plain)))})
	}
}

// sandboxTrue runs `true` in sb as a member's tool call does.
func sandboxTrue(ctx context.Context, sb *sandbox.Sandbox) error {
	res, err := sb.Exec(ctx, sandbox.ExecRequest{Command: []string{"true"}, Timeout: time.Minute})
	if err == nil && res.ExitCode != 0 {
		err = fmt.Errorf("true exited %d: %s", res.ExitCode, res.Stderr)
	}
	return err
}

// perCallSandbox is the median time of `true` in a sandbox of its own (the
// launcher's Command), over 30 calls; an error when the tier has none.
func perCallSandbox(iso *isolate.Launcher, dir string) (time.Duration, error) {
	var ds []time.Duration
	for range 30 {
		d, err := timed(func() error {
			cmd, err := iso.Command(isolate.Spec{Path: "/bin/true", Dir: dir, ReadWrite: []string{dir}, Limits: sandbox.ToolLimits})
			if err != nil {
				return err
			}
			defer cmd.Cleanup()
			cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
			if err := isolate.Start(cmd.Cmd); err != nil {
				return err
			}
			return cmd.Wait()
		})
		if err != nil {
			return 0, err
		}
		ds = append(ds, d)
	}
	return median(ds), nil
}

// timed runs f and returns how long it took.
func timed(f func() error) (time.Duration, error) {
	start := time.Now()
	err := f()
	return time.Since(start), err
}
