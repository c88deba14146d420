package main

import (
	"fmt"
	"path/filepath"
	"runtime"
)

// inspectReactSuite is the study on swarmhost: Inspect's own react(),
// unchanged, in the inspect agent plugin (plugins-python/inspect-agent),
// its pool of var.workers worker processes, on mockllm whose one answer
// calls react's submit tool with "Paris" (as bench/peer/inspect_react.py
// scripts the peer's mockllm). Trusted, as the peer runs unsandboxed.
const inspectReactSuite = `variable "members" {
  type    = number
  default = 4
}

variable "workers" {
  type    = number
  default = 1
}

plugin "agent" "inspect" {
  source  = %q
  trust     = "trusted"
  workers   = var.workers
  placement = "member" # one sample's members over every worker
}

model "default" {
  provider = "mockllm"
  outputs = [{
    tool      = "submit"
    arguments = { answer = "Paris" }
    usage     = { input_tokens = 10, output_tokens = 2 }
  }]
}

task "capitals" {
  dataset {
    file = "samples.jsonl"
  }
  scorer "match" {}
}

swarm "reacts" {
  member "inspect" {
    name  = "reactor"
    count = var.members
    tools = []
    config {
      agent = "inspect_ai/react"
    }
  }
  controller "leaderless" {
    stop_on_submission = false
  }
}

eval "inspect_react" {
  task  = task.capitals
  swarm = swarm.reacts
}
`

// benchInspectReact runs each shape of the bridged react() study on the
// peer (Inspect Swarm: every member in its one Python process) and on
// swarmhost with one worker and with one per core, and prints the wall
// ratio against the peer, the scaling from one worker to all, and the
// memory per bridged member against the peer's.
func benchInspectReact(e *env, t *Table) {
	const name = "inspect react()"
	python, err := e.peerPython()
	if err != nil {
		t.Add(Row{Bench: name, Measure: "Inspect Swarm (PyPI)", Note: "the peer cannot be installed: " + firstLine(err.Error())})
		return
	}
	venv := filepath.Join(e.root, ".venv", "bin", "python")
	plugin := filepath.Join(e.root, "plugins-python", "inspect-agent", "swarmhost-agent-inspect")
	cores := min(runtime.NumCPU(), 8)
	for i, sh := range e.flags.inspectReact { // by default issue 32's: one sample of many members, many of a few
		bench := fmt.Sprintf("%s %d sample(s) × %d members", name, sh.samples, sh.members)
		dir, err := e.writeSuite(fmt.Sprintf("inspect-react-%d", sh.samples), fmt.Sprintf(inspectReactSuite, plugin), sh.samples)
		if err != nil {
			t.Fail(bench, err)
			return
		}
		all := sh.samples * sh.members
		peerArgs := []string{fmt.Sprint(sh.samples), fmt.Sprint(sh.members), filepath.Join(e.work, "peer-logs", "inspect-react", fmt.Sprint(sh.samples))}
		host := func(workers int, env ...string) hostRun {
			return hostRun{dir: dir, env: append([]string{"SWARMHOST_PYTHON=" + venv}, env...),
				args: []string{"--max-samples", fmt.Sprint(sh.samples), "--var", fmt.Sprintf("members=%d", sh.members),
					"--var", fmt.Sprintf("workers=%d", workers)}}
		}
		progress("%s: on Inspect Swarm, then on swarmhost with 1 and %d workers", bench, cores)
		if i == 0 { // warm both sides' page cache once (interpreters, inspect_ai's files)
			if _, _, err := e.runPeerScript(python, all, "inspect_react.py", peerArgs...); err != nil {
				t.Add(Row{Bench: bench, Measure: "Inspect Swarm", Note: "the peer failed (warm-up): " + firstLine(err.Error())})
				return
			}
			if _, _, err := e.runHost(host(cores)); err != nil {
				t.Fail(bench+" (ours, warm-up)", err)
				return
			}
		}
		peer, _, err := e.runPeerScript(python, all, "inspect_react.py", peerArgs...)
		if err != nil {
			t.Add(Row{Bench: bench, Measure: "Inspect Swarm", Note: "the peer failed: " + firstLine(err.Error())})
			continue
		}
		one, s1, err := e.runHost(host(1))
		if err == nil {
			err = allSubmitted(s1, all)
		}
		if err != nil {
			t.Fail(bench+" (ours, 1 worker)", err)
			continue
		}
		many, sn, err := e.runHost(host(cores))
		if err == nil {
			err = allSubmitted(sn, all)
		}
		if err != nil {
			t.Fail(fmt.Sprintf("%s (ours, %d workers)", bench, cores), err)
			continue
		}
		// the same pool, each worker its own interpreter and import (no zygote)
		apart, sa, err := e.runHost(host(cores, "SWARMHOST_PLUGIN_ZYGOTE=off"))
		if err == nil {
			err = allSubmitted(sa, all)
		}
		if err != nil {
			t.Fail(fmt.Sprintf("%s (ours, %d workers, no zygote)", bench, cores), err)
			continue
		}
		x := peer.Wall.Seconds() / many.Wall.Seconds()
		t.Add(Row{Bench: bench, Measure: fmt.Sprintf("wall, whole command, %d workers (one per core, forked from one zygote)", cores), Ours: dur(many.Wall),
			Ref: "Inspect Swarm " + dur(peer.Wall), Ratio: ratio(x) + " faster", Target: "≥ 1× (as fast)", OK: x >= 1})
		x1 := peer.Wall.Seconds() / one.Wall.Seconds()
		t.Add(Row{Bench: bench, Measure: "wall, whole command, 1 worker", Ours: dur(one.Wall),
			Ref: "Inspect Swarm " + dur(peer.Wall), Ratio: ratio(x1) + " faster"})
		ax := peer.Wall.Seconds() / apart.Wall.Seconds()
		t.Add(Row{Bench: bench, Measure: fmt.Sprintf("wall, %d workers each importing inspect_ai (no zygote; CPU %s)", cores, dur(apart.CPU)),
			Ours: dur(apart.Wall), Ref: "Inspect Swarm " + dur(peer.Wall), Ratio: ratio(ax) + " faster"})
		sx := one.Wall.Seconds() / many.Wall.Seconds()
		t.Add(Row{Bench: bench, Measure: fmt.Sprintf("scaling: %d workers against 1", cores), Ours: dur(many.Wall),
			Ref: "1 worker " + dur(one.Wall), Ratio: ratio(sx) + " faster",
			Note: fmt.Sprintf("%d cores: the ideal is %d×", runtime.NumCPU(), cores)})
		ours, theirs := float64(many.HostRSS+many.PluginRSS)/float64(all), float64(peer.HostRSS+peer.PluginRSS)/float64(all)
		t.Add(Row{Bench: bench, Measure: fmt.Sprintf("peak memory per bridged member, every process (%d workers)", cores),
			Ours: fmt.Sprintf("%s (host %s + %d plugins %s)", bytesIEC(ours), bytesIEC(float64(many.HostRSS)), many.Children, bytesIEC(float64(many.PluginRSS))),
			Ref:  "Inspect Swarm " + bytesIEC(theirs), Ratio: ratio(theirs/ours) + " less"})
		cx := peer.CPU.Seconds() / many.CPU.Seconds()
		t.Add(Row{Bench: bench, Measure: fmt.Sprintf("CPU, every process (%d workers; 1 worker %s)", cores, dur(one.CPU)),
			Ours: dur(many.CPU), Ref: "Inspect Swarm " + dur(peer.CPU), Ratio: ratio(cx) + " less"})
	}
}

// allSubmitted checks that every member of a run's log submitted.
func allSubmitted(s summary, want int) error {
	counts, err := memberStatuses(s.Log)
	if err != nil {
		return err
	}
	if counts["submitted"] != want {
		return fmt.Errorf("%d of %d members submitted: %v", counts["submitted"], want, counts)
	}
	return nil
}
