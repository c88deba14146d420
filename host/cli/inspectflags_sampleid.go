package cli

import (
	"slices"

	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/eval"
)

// checkSampleIDs checks --sample-id against the tasks of the evals to run
// (eval.CheckSampleIDs): a "task:id" selector must name one of them, and
// each of them must have an id to run.
func (f *inspectFlags) checkSampleIDs(s *config.Suite, evals []string) error {
	var tasks []string
	for _, ev := range s.Evals {
		if slices.Contains(evals, ev.Name) && !slices.Contains(tasks, ev.Task) {
			tasks = append(tasks, ev.Task)
		}
	}
	return eval.CheckSampleIDs(f.sampleIDList(), tasks)
}
