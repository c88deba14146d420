package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// The per-member-container study of issue 32 (item 2): containerSamples
// samples × 3 members, each member in a compose service of its own with
// its own /workspace volume, and a comparator service mounting them all
// (bench/peer/containers/compose.yaml, the same file on both sides).
const (
	containerSamples  = 4
	containerMembers  = 3
	containerServices = 5 // default, m-1, m-2, m-3, comparator
	// containerRounds is how many times the per-container pair (ours with
	// idle members, then the floor) runs, interleaved; each side's best
	// counts, so a burst of other load on the machine does not decide
	// the ratio.
	containerRounds = 2
)

// Members' steps: the study's (write, read back, submit), and idle ones
// that submit without touching their sandboxes, so that the wall on
// docker less the wall on local is the containers' set-up and tear-down
// alone, what a bare `docker run` is the floor of.
const (
	containerWork = `{ action = "write_file", path = "answer.txt", content = "42" },
        { action = "exec", command = ["cat", "answer.txt"] },
        { action = "submit", answer = "42" },`
	containerIdle = `{ action = "submit", answer = "42" },`
)

// containersSuite is the study on swarmhost (the docker provider), or,
// with no sandbox block and no member sandbox, on the local sandbox: the
// baseline whose wall is subtracted to leave the containers' cost.
const containersSuite = `model "default" {
  provider = "mockllm"
  outputs  = ["unused"]
}

task "writers" {
  dataset {
    file = "samples.jsonl"
  }
  %s
  scorer "match" {}
}

swarm "s" {
  member "scripted" {
    name  = "m"
    count = 3
    tools = ["write_file", "exec"]
    %s
    config {
      steps = [
        %s
      ]
    }
  }
  controller "leaderless" {
    stop_on_submission = false
  }
}

eval "containers" {
  task  = task.writers
  swarm = swarm.s
}
`

// benchContainers runs the study on Inspect Swarm with Inspect's docker
// provider (docker compose per sample, the Compose client installed by
// bench/peer/compose.sh) and on swarmhost's docker provider, on the same
// engine (DOCKER_HOST), each also on local sandboxes; the difference per
// sample is its containers' set-up and tear-down (with the members' work in
// them). Per container, ours is the same study with idle members (their
// containers made, prepared, frozen and removed, nothing else), against
// bare `docker run`s on the same engine, as many and as concurrent as the
// study's containers: the floor.
func benchContainers(e *env, t *Table) {
	const bench = "containers (4 samples × 3 members + comparator)"
	if os.Getenv("DOCKER_HOST") == "" {
		t.Add(Row{Bench: bench, Measure: "not measured", Note: "DOCKER_HOST is unset: start the engine (scripts/containers.sh start) and set DOCKER_HOST=unix:///run/podman/podman.sock"})
		return
	}
	python, err := e.peerPython()
	if err != nil {
		t.Add(Row{Bench: bench, Measure: "Inspect Swarm (PyPI)", Note: "the peer cannot be installed: " + firstLine(err.Error())})
		return
	}
	compose := filepath.Join(e.root, "bench", "peer", "containers", "compose.yaml")
	progress("%s: the Compose client for the peer", bench)
	dockerConfig, composeVersion, err := e.composeClient()
	if err != nil {
		t.Add(Row{Bench: bench, Measure: "Inspect Swarm with Inspect's docker provider", Note: "no Compose client: " + firstLine(err.Error())})
		return
	}
	before, err := engineObjects()
	if err != nil {
		t.Fail(bench, err)
		return
	}
	all := containerSamples * containerMembers
	dockerBlock := fmt.Sprintf("sandbox \"docker\" {\n    compose = %q\n  }", compose)
	dirs := map[string]string{}
	for _, sv := range []struct{ name, sandbox, member, steps string }{
		{"containers-docker", dockerBlock, `sandbox = "{member}"`, containerWork},
		{"containers-local", "", "", containerWork},
		{"containers-idle-docker", dockerBlock, `sandbox = "{member}"`, containerIdle},
		{"containers-idle-local", "", "", containerIdle},
	} {
		dir, err := e.writeSuite(sv.name, fmt.Sprintf(containersSuite, sv.sandbox, sv.member, sv.steps), containerSamples)
		if err != nil {
			t.Fail(bench, err)
			return
		}
		dirs[sv.name] = dir
	}
	host := func(dir string) hostRun {
		return hostRun{dir: dir, args: []string{"--max-samples", fmt.Sprint(containerSamples)}}
	}
	logs := filepath.Join(e.work, "peer-logs", "containers")
	peerEnv := []string{"DOCKER_CONFIG=" + dockerConfig}
	progress("%s: Inspect Swarm on docker, then on local; swarmhost on docker, then on local; "+
		"then %d× swarmhost with idle members on docker, docker run, and swarmhost with idle members on local", bench, containerRounds)
	peerDocker, _, err := e.runPeerScriptEnv(python, all, peerEnv, "containers_peer.py", fmt.Sprint(containerSamples), logs, "docker")
	if err != nil {
		t.Add(Row{Bench: bench, Measure: "Inspect Swarm with Inspect's docker provider", Note: "the peer failed: " + firstLine(err.Error())})
		return
	}
	peerLocal, _, err := e.runPeerScriptEnv(python, all, peerEnv, "containers_peer.py", fmt.Sprint(containerSamples), logs, "local")
	if err != nil {
		t.Add(Row{Bench: bench, Measure: "Inspect Swarm on local sandboxes", Note: "the peer failed: " + firstLine(err.Error())})
		return
	}
	ours, s, err := e.runHost(host(dirs["containers-docker"]))
	if err == nil {
		err = allSubmitted(s, all)
	}
	if err != nil {
		t.Fail(bench+" (ours, docker)", err)
		return
	}
	oursLocal, s, err := e.runHost(host(dirs["containers-local"]))
	if err == nil {
		err = allSubmitted(s, all)
	}
	if err != nil {
		t.Fail(bench+" (ours, local)", err)
		return
	}
	// Each round runs ours with idle members on docker, the floor, and ours
	// on local; each of the three counts its best round, so the local run
	// subtracted from the docker one is no luckier or unluckier than it.
	var idle, idleLocal, floor time.Duration
	for round := range containerRounds {
		u, s, err := e.runHost(host(dirs["containers-idle-docker"]))
		if err == nil {
			err = allSubmitted(s, all)
		}
		if err != nil {
			t.Fail(bench+" (ours, idle members, docker)", err)
			return
		}
		f, err := podmanRunFloor(containerSamples, containerServices)
		if err != nil {
			t.Fail(bench+" (docker run)", err)
			return
		}
		l, s, err := e.runHost(host(dirs["containers-idle-local"]))
		if err == nil {
			err = allSubmitted(s, all)
		}
		if err != nil {
			t.Fail(bench+" (ours, idle members, local)", err)
			return
		}
		if round == 0 {
			idle, floor, idleLocal = u.Wall, f, l.Wall
		}
		idle, floor, idleLocal = min(idle, u.Wall), min(floor, f), min(idleLocal, l.Wall)
	}
	after, err := engineObjects()
	if err != nil {
		t.Fail(bench, err)
		return
	}
	perSample := func(docker, local time.Duration) time.Duration {
		return max(docker-local, 0) / containerSamples
	}
	oursPS, peerPS := perSample(ours.Wall, oursLocal.Wall), perSample(peerDocker.Wall, peerLocal.Wall)
	x := peerPS.Seconds() / max(oursPS.Seconds(), 1e-9)
	t.Add(Row{Bench: bench, Measure: "set-up + tear-down per sample: (wall on docker − wall on local) / 4",
		Ours:  fmt.Sprintf("%s (%s − %s)", dur(oursPS), dur(ours.Wall), dur(oursLocal.Wall)),
		Ref:   fmt.Sprintf("Inspect Swarm %s (%s − %s)", dur(peerPS), dur(peerDocker.Wall), dur(peerLocal.Wall)),
		Ratio: ratio(x) + " faster", Target: "≥ 5× faster", OK: x >= 5,
		Note: fmt.Sprintf("the peer's Compose client: docker compose %s, built from its Go module by bench/peer/compose.sh; "+
			"Inspect's Docker Engine version check is replaced for podman (containers_peer.py says how)", composeVersion)})
	perContainer := perSample(idle, idleLocal) / containerServices
	fx := perContainer.Seconds() / floor.Seconds()
	t.Add(Row{Bench: bench, Measure: "set-up + tear-down per container (members idle): (wall on docker − wall on local) / 20",
		Ours: fmt.Sprintf("%s (%s − %s)", dur(perContainer), dur(idle), dur(idleLocal)),
		Ref:  fmt.Sprintf("docker run --rm, 20 at once %s", dur(floor)), Ratio: ratio(fx), Target: "≤ 1.5× the floor", OK: fx <= 1.5,
		Note: fmt.Sprintf("best of %d interleaved runs of each; with the members' writes and execs in their containers "+
			"(the row above's study) ours is %s per container", containerRounds, dur(oursPS/containerServices))})
	left := slices.DeleteFunc(after, func(s string) bool { return slices.Contains(before, s) })
	t.Add(Row{Bench: bench, Measure: "containers and volumes left on the engine after both", Ours: fmt.Sprint(len(left)),
		Ref: strings.Join(left, " "), Target: "none", OK: len(left) == 0})
}

// podmanRunFloor is the floor per container in the study's own shape: the
// containers of `samples` samples (`each` apiece) all made at once, as the
// study's samples start at once and each makes its containers at once;
// each a bare `docker run --rm --network none IMAGE true` (the docker CLI
// against the same engine: create, start, wait, remove); the wall of the
// whole divided by the containers.
func podmanRunFloor(samples, each int) (time.Duration, error) {
	n := samples * each
	start := time.Now()
	errs := make(chan error, n)
	for range n {
		go func() {
			out, err := exec.Command("docker", "run", "--rm", "--network", "none", benchDockerImage, "true").CombinedOutput()
			if err != nil {
				err = fmt.Errorf("docker run: %w: %s", err, strings.TrimSpace(string(out)))
			}
			errs <- err
		}()
	}
	var first error
	for range n {
		if err := <-errs; err != nil && first == nil {
			first = err
		}
	}
	return time.Since(start) / time.Duration(n), first
}

// engineObjects lists the engine's containers and volumes (ids), to check
// that neither side left one behind.
func engineObjects() ([]string, error) {
	var out []string
	for _, args := range [][]string{{"ps", "-aq"}, {"volume", "ls", "-q"}} {
		b, err := exec.Command("docker", args...).Output()
		if err != nil {
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				err = fmt.Errorf("%w: %s", err, ee.Stderr)
			}
			return nil, fmt.Errorf("docker %s: %w", strings.Join(args, " "), err)
		}
		out = append(out, strings.Fields(string(b))...)
	}
	return out, nil
}

// composeClient installs the Compose client the peer's docker provider runs
// (`docker compose`) into a private DOCKER_CONFIG (bench/peer/compose.sh)
// and returns that directory and the client's version.
func (e *env) composeClient() (string, string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", filepath.Join(e.root, "bench", "peer", "compose.sh"))
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return "", "", fmt.Errorf("bench/peer/compose.sh: %w", err)
	}
	dir, version, _ := strings.Cut(strings.TrimSpace(string(out)), " ")
	return dir, version, nil
}
