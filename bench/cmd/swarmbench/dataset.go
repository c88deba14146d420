package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// datasetRowBytes is the weight of each row of the dataset benchmark (its
// metadata), so that a host holding the rows would show it in its memory.
const datasetRowBytes = 16 << 10

// benchDataset runs one-member swarms over file datasets of heavy rows
// (16 KiB each) at two sizes, -dataset (500,3000 by default), and reports
// the host's peak memory at each and what each added sample cost: a host
// that streams its dataset (host/eval/feed.go) adds the sample's id and
// result, not its row, so the cost per added sample stays far below the
// row's size.
func benchDataset(e *env, t *Table) {
	var prev Usage
	var prevN int
	for _, n := range e.flags.datasetN {
		dir, err := writeDatasetSuite(filepath.Join(e.work, fmt.Sprintf("dataset-%d", n)), n)
		if err != nil {
			t.Fail("dataset", err)
			return
		}
		progress("dataset: %d rows of %s", n, bytesIEC(datasetRowBytes))
		u, _, err := e.runHost(hostRun{dir: dir, args: []string{"--max-samples", "16", "--no-log-samples"}})
		measure := fmt.Sprintf("%d rows of %s, 1 member: host peak memory", n, bytesIEC(datasetRowBytes))
		if err != nil {
			t.Add(Row{Bench: "dataset", Measure: measure, Note: firstLine(err.Error())})
			return
		}
		t.Add(Row{Bench: "dataset", Measure: measure, Ours: fmt.Sprintf("%s (wall %s)", bytesIEC(float64(u.HostRSS)), dur(u.Wall))})
		if prevN > 0 {
			per := float64(u.HostRSS-prev.HostRSS) / float64(n-prevN)
			t.Add(Row{Bench: "dataset", Measure: fmt.Sprintf("host memory per added sample, %d → %d rows", prevN, n),
				Ours: bytesIEC(max(per, 0)), Ref: bytesIEC(datasetRowBytes) + " a row", Target: "< 1/4 of a row",
				OK: per < datasetRowBytes/4})
		}
		prev, prevN = u, n
	}
}

// writeDatasetSuite writes the benchmark's suite and a dataset of n heavy
// rows into dir.
func writeDatasetSuite(dir string, n int) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	f, err := os.Create(filepath.Join(dir, "samples.jsonl"))
	if err != nil {
		return "", err
	}
	pad := strings.Repeat("x", datasetRowBytes)
	for i := 1; i <= n; i++ {
		fmt.Fprintf(f, "{\"id\": %d, \"input\": \"What is 6 times 7?\", \"target\": \"42\", \"metadata\": {\"pad\": %q}}\n", i, pad)
	}
	if err := f.Close(); err != nil {
		return "", err
	}
	suite := `model "default" {
  provider = "mockllm"
}

task "rows" {
  dataset {
    file = "samples.jsonl"
  }
  scorer "match" {}
}

swarm "one" {
  member "scripted" {
    config {
      steps = [{ action = "submit", answer = "42" }]
    }
  }
  controller "leaderless" {}
}

eval "rows" {
  task  = task.rows
  swarm = swarm.one
}
`
	return dir, os.WriteFile(filepath.Join(dir, "suite.hcl"), []byte(suite), 0o644)
}
