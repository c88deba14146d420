package eval

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"

	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/dataset"
)

// prepareDataset reads the task's dataset once, row by row, into the
// plan — each sample's id and position, not the rows (feed.go streams them
// again) — applying --limit after the dataset's own shuffle and limit (not
// when resuming: the log decides).
func (r *evalRun) prepareDataset(ctx context.Context, plugins Plugins) error {
	ds := r.task.Dataset
	if ds == nil {
		return fmt.Errorf("task %s has no dataset", r.task.Name)
	}
	opts := datasetOptions(ds)
	if ds.Shuffle && ds.Seed == nil {
		opts.Seed = rand.Int64()
		r.seed = &opts.Seed
	}
	r.rows.eval = r.e.Name
	check := r.sampleFilesCheck(plugins)
	var err error
	switch {
	case r.inspect != nil:
		r.plan, err = r.inspectPlan(ctx, check)
		r.source = r.inspectRows
	case ds.File != "":
		r.plan, err = dataset.IndexEach(ds.File, opts, check)
		r.source, r.file = fileSource(ds.File, opts), &fileDataset{path: ds.File, opts: opts}
	default:
		var samples []dataset.Sample
		samples, err = inlineSamples(ds, opts)
		r.plan, r.source = entriesOf(samples), sliceSource(samples)
		if err == nil && check != nil {
			err = r.source(ctx, check)
		}
	}
	if err != nil {
		return fmt.Errorf("dataset: %w", err)
	}
	if r.opts.Resume == "" {
		if err := r.selectSamples(); err != nil {
			return err
		}
	}
	return nil
}

// selectSamples applies --sample-id (ids or patterns, as Inspect matches
// them: sampleIDFilter; those of "task:id" selectors naming this task,
// TaskSampleIDs) and --limit (a count, or a range A-B from 1) to the
// plan.
func (r *evalRun) selectSamples() error {
	if len(r.opts.SampleIDs) > 0 {
		ids := TaskSampleIDs(r.task.Name, r.opts.SampleIDs)
		var keep []dataset.Entry
		filter := newSampleIDFilter(ids)
		for _, e := range r.plan {
			if filter.matches(e.ID) {
				keep = append(keep, e)
			}
		}
		if len(keep) == 0 {
			return fmt.Errorf("dataset: no sample of task %s has an id of --sample-id %s", r.task.Name, strings.Join(r.opts.SampleIDs, ","))
		}
		r.plan = keep
	}
	from, to := max(r.opts.LimitFrom, 1), r.opts.Limit
	if to <= 0 || to > len(r.plan) {
		to = len(r.plan)
	}
	if from > to {
		return fmt.Errorf("dataset: --limit %d-%d: the dataset has %d samples", r.opts.LimitFrom, r.opts.Limit, len(r.plan))
	}
	r.plan = r.plan[from-1 : to]
	return nil
}

// checkDataset reads a dataset block as a run would, for `swarmhost
// check`: its file, row by row, or its inline sample blocks, passing each
// sample to check.
func checkDataset(ds *config.Dataset, opts dataset.Options, check func(pos int, s dataset.Sample) error) error {
	if ds.File != "" {
		_, err := dataset.IndexEach(ds.File, opts, check)
		return err
	}
	samples, err := inlineSamples(ds, opts)
	if err != nil {
		return err
	}
	return sliceSource(samples)(context.Background(), check)
}

// inlineSamples reads a dataset block's inline sample blocks.
func inlineSamples(ds *config.Dataset, opts dataset.Options) ([]dataset.Sample, error) {
	rows, err := inlineRows(ds.Samples)
	if err != nil {
		return nil, err
	}
	return dataset.FromInline(rows, opts)
}

func datasetOptions(ds *config.Dataset) dataset.Options {
	opts := dataset.Options{Format: ds.Format, AutoID: ds.AutoID, Shuffle: ds.Shuffle,
		Fields: dataset.FieldMap{Input: ds.Fields.Input, Target: ds.Fields.Target, ID: ds.Fields.ID,
			Choices: ds.Fields.Choices, Files: ds.Fields.Files, Setup: ds.Fields.Setup, Metadata: ds.Fields.Metadata}}
	if ds.Seed != nil {
		opts.Seed = *ds.Seed
	}
	if ds.Limit != nil {
		opts.Limit = int(*ds.Limit)
	}
	return opts
}

// inlineRows turns inline sample blocks into dataset rows, keeping JSON
// values as written (a target "2.0" stays "2.0").
func inlineRows(samples []*config.Sample) ([]map[string]any, error) {
	rows := make([]map[string]any, len(samples))
	for i, s := range samples {
		row := map[string]any{"input": s.Input}
		for k, v := range map[string]json.RawMessage{"id": s.ID, "target": s.Target, "metadata": s.Metadata} {
			if len(v) > 0 {
				row[k] = v
			}
		}
		if len(s.Choices) > 0 {
			row["choices"] = s.Choices
		}
		if len(s.Files) > 0 {
			row["files"] = s.Files
		}
		if s.Setup != "" {
			row["setup"] = s.Setup
		}
		rows[i] = row
	}
	return rows, nil
}

// dataDir is where relative file references in samples resolve: the
// dataset file's directory, or the suite's for inline samples, or an
// Inspect task's own directory.
func (r *evalRun) dataDir() string {
	if r.inspect != nil && r.inspect.desc.RunDir != "" {
		return r.inspect.desc.RunDir
	}
	if f := r.task.Dataset.File; f != "" {
		return filepath.Dir(f)
	}
	return r.suite.Dir
}
