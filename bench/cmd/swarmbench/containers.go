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
        { action = "write_file", path = "answer.txt", content = "42" },
        { action = "exec", command = ["cat", "answer.txt"] },
        { action = "submit", answer = "42" },
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
// sample is its containers' set-up and tear-down. Bare `docker run`s against
// the same engine, as many and as concurrent as the study's containers,
// are the floor per container.
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
	suite := func(name, sandbox, member string) (string, error) {
		return e.writeSuite(name, fmt.Sprintf(containersSuite, sandbox, member), containerSamples)
	}
	docker, err := suite("containers-docker", fmt.Sprintf("sandbox \"docker\" {\n    compose = %q\n  }", compose), `sandbox = "{member}"`)
	if err == nil {
		var local string
		local, err = suite("containers-local", "", "")
		if err == nil {
			docker = docker + "\x00" + local
		}
	}
	if err != nil {
		t.Fail(bench, err)
		return
	}
	dockerDir, localDir, _ := strings.Cut(docker, "\x00")
	host := func(dir string) hostRun {
		return hostRun{dir: dir, args: []string{"--max-samples", fmt.Sprint(containerSamples)}}
	}
	logs := filepath.Join(e.work, "peer-logs", "containers")
	peerEnv := []string{"DOCKER_CONFIG=" + dockerConfig}
	progress("%s: Inspect Swarm on docker, then on local; swarmhost on docker, then on local; then podman run", bench)
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
	ours, s, err := e.runHost(host(dockerDir))
	if err == nil {
		err = allSubmitted(s, all)
	}
	if err != nil {
		t.Fail(bench+" (ours, docker)", err)
		return
	}
	oursLocal, s, err := e.runHost(host(localDir))
	if err == nil {
		err = allSubmitted(s, all)
	}
	if err != nil {
		t.Fail(bench+" (ours, local)", err)
		return
	}
	floor, err := podmanRunFloor(containerSamples, containerServices)
	if err != nil {
		t.Fail(bench+" (podman run)", err)
		return
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
	perContainer := oursPS / containerServices
	fx := perContainer.Seconds() / floor.Seconds()
	t.Add(Row{Bench: bench, Measure: "per container (5 per sample: default, m-1..m-3, comparator)", Ours: dur(perContainer),
		Ref: "docker run --rm, 4 streams of 5 at once " + dur(floor), Ratio: ratio(fx), Target: "≤ 1.5× the floor", OK: fx <= 1.5})
	left := slices.DeleteFunc(after, func(s string) bool { return slices.Contains(before, s) })
	t.Add(Row{Bench: bench, Measure: "containers and volumes left on the engine after both", Ours: fmt.Sprint(len(left)),
		Ref: strings.Join(left, " "), Target: "none", OK: len(left) == 0})
}

// podmanRunFloor is the floor per container in the study's own shape: the
// containers of `samples` samples (`each` apiece) made at once, one stream
// per sample, each a bare `docker run --rm --network none IMAGE true` (the
// docker CLI against the same engine: create, start, wait, remove); the
// wall of the whole divided by the containers.
func podmanRunFloor(samples, each int) (time.Duration, error) {
	start := time.Now()
	errs := make(chan error, samples)
	for range samples {
		go func() {
			for range each {
				out, err := exec.Command("docker", "run", "--rm", "--network", "none", benchDockerImage, "true").CombinedOutput()
				if err != nil {
					errs <- fmt.Errorf("docker run: %w: %s", err, strings.TrimSpace(string(out)))
					return
				}
			}
			errs <- nil
		}()
	}
	var first error
	for range samples {
		if err := <-errs; err != nil && first == nil {
			first = err
		}
	}
	return time.Since(start) / time.Duration(samples*each), first
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
