package eval

import (
	"errors"
	"fmt"
	"maps"
	"path/filepath"
	"slices"

	"github.com/hashicorp/hcl/v2"

	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/dataset"
)

// CheckDatasets reads the dataset of each named eval's task (every task
// of the suite when evals is nil), each task once, as Run would, and
// returns every problem as an error diagnostic: a bad row of a file points
// at the file and line (render it with the file's bytes, see DatasetFiles,
// to show the row); a bad inline sample at its sample block; a file that
// cannot be read at the suite's `file` attribute. The CLI calls it after
// decoding the suite and before running anything, so a bad row means
// nothing runs and no log is written.
func CheckDatasets(suite *config.Suite, evals []string) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, task := range tasksOf(suite, evals) {
		// an Inspect task's rows come from its task plugin when the eval
		// prepares: a bad row fails that eval before any sample runs
		if task.Dataset != nil && task.Inspect == nil {
			dir := datasetDir(task.Dataset, suite.Dir)
			check := filesCheck(dir, fileRoots(dir, suite.Dir, task.Dataset))
			diags = append(diags, datasetDiags(task, checkDataset(task.Dataset, datasetOptions(task.Dataset), check))...)
		}
	}
	return diags
}

// tasksOf returns the tasks of the named evals, once each, in eval order;
// with evals nil, every task by name.
func tasksOf(suite *config.Suite, evals []string) []*config.Task {
	var tasks []*config.Task
	if evals == nil {
		for _, name := range slices.Sorted(maps.Keys(suite.Tasks)) {
			tasks = append(tasks, suite.Tasks[name])
		}
		return tasks
	}
	seen := map[string]bool{}
	for _, name := range evals {
		e, err := findEval(suite, name)
		if err != nil || seen[e.Task] || suite.Tasks[e.Task] == nil {
			continue
		}
		seen[e.Task] = true
		tasks = append(tasks, suite.Tasks[e.Task])
	}
	return tasks
}

// DatasetFiles returns the dataset files of the suite's tasks, for a
// diagnostic writer that shows the offending row.
func DatasetFiles(suite *config.Suite) []string {
	var files []string
	for _, t := range suite.Tasks {
		if t.Dataset != nil && t.Dataset.File != "" {
			files = append(files, t.Dataset.File)
		}
	}
	return files
}

// datasetDiags converts a dataset error to diagnostics.
func datasetDiags(task *config.Task, err error) hcl.Diagnostics {
	if err == nil {
		return nil
	}
	summary := fmt.Sprintf("Bad dataset of task %q", task.Name)
	var rows []*dataset.RowError
	collectRowErrors(err, &rows)
	if len(rows) == 0 {
		return hcl.Diagnostics{{Severity: hcl.DiagError, Summary: summary, Detail: err.Error(),
			Subject: task.Dataset.FileRange.Ptr()}}
	}
	diags := make(hcl.Diagnostics, len(rows))
	for i, re := range rows {
		diags[i] = &hcl.Diagnostic{Severity: hcl.DiagError, Summary: summary, Detail: rowDetail(re),
			Subject: rowRange(task.Dataset, re).Ptr()}
	}
	return diags
}

// rowDetail is the row error as a sentence: "rows.jsonl line 2: missing
// "input"." (the subject gives the full path).
func rowDetail(re *dataset.RowError) string {
	switch {
	case re.File != "" && re.Line > 0:
		return fmt.Sprintf("%s line %d: %s.", filepath.Base(re.File), re.Line, re.Msg)
	case re.File == "" && re.Line > 0:
		return fmt.Sprintf("Inline sample %d: %s.", re.Line, re.Msg)
	}
	return re.Error() + "."
}

// rowRange is where a row error points: the file's line, the inline sample
// block, or the dataset's file attribute for a whole-file problem.
func rowRange(ds *config.Dataset, re *dataset.RowError) hcl.Range {
	switch {
	case re.File != "" && re.Line > 0:
		pos := hcl.Pos{Line: re.Line, Column: 1}
		return hcl.Range{Filename: re.File, Start: pos, End: pos}
	case re.File == "" && re.Line > 0 && re.Line <= len(ds.Samples):
		return ds.Samples[re.Line-1].DefRange
	case re.File == "" && len(ds.Samples) > 0:
		return ds.DefRange
	}
	return ds.FileRange
}

// collectRowErrors finds every RowError in a joined error tree.
func collectRowErrors(err error, out *[]*dataset.RowError) {
	switch e := err.(type) {
	case *dataset.RowError:
		*out = append(*out, e)
	case interface{ Unwrap() []error }:
		for _, inner := range e.Unwrap() {
			collectRowErrors(inner, out)
		}
	default:
		if inner := errors.Unwrap(err); inner != nil {
			collectRowErrors(inner, out)
		}
	}
}
