package main

import "fmt"

// throughputMembers is the swarm size of the throughput benchmark.
const throughputMembers = 4

// benchThroughput runs many small samples (4 members each, on mockllm)
// with --max-samples swept, and reports samples per second against one
// sample at a time.
func benchThroughput(e *env, t *Table) {
	dir, err := e.writeSuite("throughput", scaleSuite(true), e.flags.samples)
	if err != nil {
		t.Fail("throughput", err)
		return
	}
	var base float64
	var baseMS int
	for _, ms := range e.flags.sweep {
		progress("throughput: %d samples, --max-samples %d", e.flags.samples, ms)
		u, s, err := e.runHost(hostRun{dir: dir, args: []string{"--var", fmt.Sprintf("n=%d", throughputMembers),
			"--max-samples", fmt.Sprint(ms)}})
		if err == nil {
			err = checkSubmitted(s.Log, e.flags.samples*throughputMembers)
		}
		measure := fmt.Sprintf("%d samples × %d members, --max-samples %d", e.flags.samples, throughputMembers, ms)
		if err != nil {
			t.Add(Row{Bench: "throughput", Measure: measure, Note: firstLine(err.Error())})
			continue
		}
		rate := float64(e.flags.samples) / u.Wall.Seconds()
		row := Row{Bench: "throughput", Measure: measure, Ours: fmt.Sprintf("%s samples/s (%s, cpu %s)", sig(rate), dur(u.Wall), dur(u.CPU))}
		if base == 0 {
			base, baseMS = rate, ms
		} else {
			row.Ref, row.Ratio = fmt.Sprintf("%s samples/s at %d", sig(base), baseMS), ratio(rate/base)
		}
		t.Add(row)
	}
}

// checkSubmitted checks that want members submitted over a log's samples.
func checkSubmitted(log string, want int) error {
	counts, err := memberStatuses(log)
	if err != nil {
		return err
	}
	if counts["submitted"] != want {
		return fmt.Errorf("%d of %d members submitted; statuses %v", counts["submitted"], want, counts)
	}
	return nil
}
