package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// boardSteps are each board member's steps: 5 appends to its own file,
// each followed by a view of it.
var boardSteps = strings.Repeat(`{ action = "append", path = "/shared_memory/{member}.md", content = "{member} was here" },
        { action = "view", path = "/shared_memory/{member}.md" },
        `, 5) + `{ action = "submit", answer = "42" }`

// boardSuite is one sample with var.n scripted members on the board, its
// limits raised so that every member has its own file.
func boardSuite() string {
	return `variable "n" {
  type    = number
  default = 10
}

model "default" {
  provider = "mockllm"
}

task "one" {
  dataset {
    file = "samples.jsonl"
  }
  scorer "match" {}
}

swarm "board" {
  member "scripted" {
    name  = "m"
    count = var.n
    config {
      steps = [
        ` + boardSteps + `,
      ]
    }
  }
  controller "leaderless" {
    stop_on_submission = false
  }
  channels = ["shared_memory"]
  channel "shared_memory" {
    max_files = 10000
  }
}

eval "board" {
  task  = task.one
  swarm = swarm.board
}
`
}

// benchBoard runs the board workload (N members × 5 writes and 5 views of
// the shared_memory board) on swarmhost and on the peer, and reports wall
// time and host memory per member side by side.
func benchBoard(e *env, t *Table) {
	t.Add(Row{Bench: "board", Measure: "workload", Ours: "5 board writes (append) and 5 views per member, no model call"})
	dir, err := e.writeSuite("board", boardSuite(), 1)
	if err != nil {
		t.Fail("board", err)
		return
	}
	python, perr := e.peerPython()
	for _, n := range e.flags.boardN {
		progress("board: N=%d on swarmhost", n)
		ours, err := e.scaleOnce(dir, n)
		if err != nil {
			t.Fail(fmt.Sprintf("board N=%d", n), err)
			continue
		}
		boardRow(t, n, "swarmhost", ours.U)
		if perr != nil {
			t.Add(Row{Bench: "board", Measure: fmt.Sprintf("N=%d peer", n), Note: "the peer cannot be installed: " + firstLine(perr.Error())})
			continue
		}
		progress("board: N=%d on Inspect Swarm", n)
		pu, err := e.runPeerBoard(python, n)
		if err != nil {
			t.Add(Row{Bench: "board", Measure: fmt.Sprintf("N=%d peer", n), Note: "the peer failed: " + firstLine(err.Error())})
			continue
		}
		boardRow(t, n, "Inspect Swarm", pu)
		x := pu.Wall.Seconds() / ours.U.Wall.Seconds()
		t.Add(Row{Bench: "board", Measure: fmt.Sprintf("N=%d wall, whole command", n), Ours: dur(ours.U.Wall),
			Ref: "Inspect Swarm " + dur(pu.Wall), Ratio: ratio(x) + " faster"})
		mx := float64(pu.HostRSS) / float64(ours.U.HostRSS)
		t.Add(Row{Bench: "board", Measure: fmt.Sprintf("N=%d host memory per member", n),
			Ours: bytesIEC(float64(ours.U.HostRSS) / float64(n)), Ref: "Inspect Swarm " + bytesIEC(float64(pu.HostRSS)/float64(n)),
			Ratio: ratio(mx) + " less"})
	}
}

// boardRow is one side's figures at N: wall (per member), cpu, peak
// memory of the host process (per member) and of its plugin processes.
func boardRow(t *Table, n int, side string, u Usage) {
	t.Add(Row{Bench: "board", Measure: fmt.Sprintf("N=%d %s: wall (per member) · cpu · host rss (per member) · plugins rss", n, side),
		Ours: fmt.Sprintf("%s (%s) · %s · %s (%s) · %s", dur(u.Wall), dur(u.Wall/time.Duration(n)), dur(u.CPU),
			bytesIEC(float64(u.HostRSS)), bytesIEC(float64(u.HostRSS)/float64(n)), bytesIEC(float64(u.PluginRSS)))})
}

// peerBoardPerMember is the least time the peer's board run is given per
// member: it took 325 ms a member on the shared machine (BENCHMARKS.md),
// so -timeout's default of 4 minutes cut it off at N = 1 000 and the row
// had no peer beside it.
const peerBoardPerMember = time.Second

// peerBoardTimeout is how long the peer's board run with n members may
// take: -timeout, or peerBoardPerMember per member when that is longer.
func (e *env) peerBoardTimeout(n int) time.Duration {
	return max(e.timeout, time.Duration(n)*peerBoardPerMember)
}

// runPeerBoard runs bench/peer/board.py with n members and measures it.
func (e *env) runPeerBoard(python string, n int) (Usage, error) {
	timeout := e.peerBoardTimeout(n)
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	logs := filepath.Join(e.work, "peer-board-logs", fmt.Sprint(n))
	cmd := exec.CommandContext(ctx, python, filepath.Join(e.root, "bench/peer/board.py"), fmt.Sprint(n), logs)
	u, err := measure(cmd)
	if ctx.Err() != nil {
		return u, fmt.Errorf("did not finish within %s (-timeout, at least %s per member)", timeout, peerBoardPerMember)
	}
	if err != nil {
		return u, err
	}
	var r peerResult
	lines := bytes.Split(bytes.TrimSpace(u.Stdout), []byte("\n"))
	if err := json.Unmarshal(lines[len(lines)-1], &r); err != nil {
		return u, fmt.Errorf("board.py printed no result: %w", err)
	}
	if r.Status != "success" || r.Submitted != n {
		return u, fmt.Errorf("eval %s with %d of %d members submitted", r.Status, r.Submitted, n)
	}
	return u, nil
}
