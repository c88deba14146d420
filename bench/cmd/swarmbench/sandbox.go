package main

import (
	"context"
	"fmt"
	"os"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/swarmhost/swarmhost/host/sandbox"
	"github.com/swarmhost/swarmhost/host/sandbox/docker"
	"github.com/swarmhost/swarmhost/host/sandbox/kubernetes"
)

// sandboxReps is how many samples (and execs) are measured per provider; the median counts.
const sandboxReps = 7

// Images of the container providers' benchmark sandboxes: those scripts/containers.sh and
// scripts/k8s.sh load (never pulled).
const (
	benchDockerImage = "localhost/swarmhost-busybox:2"
	benchK8sImage    = "swarmhost.local/busybox:1"
)

// benchSandbox measures, for each sandbox provider this machine has, a sample's create-to-first-
// exec time (Sample, then one `true`) and one exec's round trip, beside the local provider's.
func benchSandbox(e *env, t *Table) {
	ctx := context.Background()
	root, err := os.MkdirTemp(e.work, "sandbox-")
	if err != nil {
		t.Fail("sandbox", err)
		return
	}
	local := sandbox.NewLocal(root)
	defer local.Close()
	refFirst, refExec, err := timeSandbox(ctx, local)
	if err != nil {
		t.Fail("sandbox", err)
		return
	}
	t.Add(Row{Bench: "sandbox local", Measure: "create to first exec", Ours: dur(refFirst)})
	t.Add(Row{Bench: "sandbox local", Measure: "exec round trip (true)", Ours: dur(refExec)})
	providers := []struct {
		name string
		make func() (sandbox.Provider, error)
	}{
		{"docker", func() (sandbox.Provider, error) {
			return docker.New(ctx, docker.Config{Image: benchDockerImage})
		}},
		{"kubernetes", func() (sandbox.Provider, error) {
			return kubernetes.New(ctx, kubernetes.Config{Image: benchK8sImage, PullPolicy: corev1.PullNever})
		}},
	}
	for _, p := range providers {
		progress("sandbox: %s", p.name)
		bench := "sandbox " + p.name
		prov, err := p.make()
		if err != nil {
			t.Add(Row{Bench: bench, Measure: "not measured", Note: firstLine(err.Error())})
			continue
		}
		first, one, err := timeSandbox(ctx, prov)
		_ = prov.Close()
		if err != nil {
			t.Add(Row{Bench: bench, Measure: "not measured", Note: firstLine(err.Error())})
			continue
		}
		t.Add(Row{Bench: bench, Measure: "create to first exec", Ours: dur(first), Ref: "local " + dur(refFirst),
			Ratio: ratio(float64(first) / float64(refFirst))})
		t.Add(Row{Bench: bench, Measure: "exec round trip (true)", Ours: dur(one), Ref: "local " + dur(refExec),
			Ratio: ratio(float64(one) / float64(refExec))})
	}
}

// timeSandbox returns the medians of sandboxReps samples' create-to-first-exec times and of as many
// execs in one sandbox.
func timeSandbox(ctx context.Context, p sandbox.Provider) (first, one time.Duration, err error) {
	firsts, execs := make([]time.Duration, sandboxReps), make([]time.Duration, sandboxReps)
	for i := range firsts {
		start := time.Now()
		set, err := p.Sample(ctx, sandbox.SampleSpec{ID: fmt.Sprintf("bench-%d", i), Epoch: 1})
		if err != nil {
			return 0, 0, err
		}
		if err := execTrue(ctx, set.For("")); err != nil {
			_ = set.Close()
			return 0, 0, err
		}
		firsts[i] = time.Since(start)
		if i == 0 {
			for j := range execs {
				start := time.Now()
				if err := execTrue(ctx, set.For("")); err != nil {
					_ = set.Close()
					return 0, 0, err
				}
				execs[j] = time.Since(start)
			}
		}
		if err := set.Close(); err != nil {
			return 0, 0, err
		}
	}
	return median(firsts), median(execs), nil
}

// execTrue runs `true` and checks it succeeded.
func execTrue(ctx context.Context, env sandbox.Env) error {
	res, err := env.Exec(ctx, sandbox.ExecRequest{Command: []string{"true"}, Timeout: time.Minute})
	if err != nil {
		return err
	}
	if res.ExitCode != 0 {
		return fmt.Errorf("true exited %d: %s", res.ExitCode, res.Stderr)
	}
	return nil
}
