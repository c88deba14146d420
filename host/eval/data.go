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

// prepareDataset reads the task's samples, applying --limit after the
// dataset's own shuffle and limit (not when resuming: the log decides).
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
	var err error
	if r.inspect != nil {
		r.samples, err = r.inspectSamples(ctx)
	} else {
		r.samples, err = readDataset(ds, opts)
	}
	if err != nil {
		return fmt.Errorf("dataset: %w", err)
	}
	if err := r.checkSampleFiles(plugins); err != nil {
		return err
	}
	if r.opts.Resume == "" {
		return r.selectSamples()
	}
	return nil
}

// selectSamples applies --sample-id (ids or patterns, as Inspect matches
// them: sampleIDFilter; those of "task:id" selectors naming this task,
// TaskSampleIDs) and --limit (a count, or a range A-B from 1) to the
// dataset's samples.
func (r *evalRun) selectSamples() error {
	if len(r.opts.SampleIDs) > 0 {
		ids := TaskSampleIDs(r.task.Name, r.opts.SampleIDs)
		var keep []dataset.Sample
		filter := newSampleIDFilter(ids)
		for _, s := range r.samples {
			if filter.matches(s.ID) {
				keep = append(keep, s)
			}
		}
		if len(keep) == 0 {
			return fmt.Errorf("dataset: no sample of task %s has an id of --sample-id %s", r.task.Name, strings.Join(r.opts.SampleIDs, ","))
		}
		r.samples = keep
	}
	from, to := max(r.opts.LimitFrom, 1), r.opts.Limit
	if to <= 0 || to > len(r.samples) {
		to = len(r.samples)
	}
	if from > to {
		return fmt.Errorf("dataset: --limit %d-%d: the dataset has %d samples", r.opts.LimitFrom, r.opts.Limit, len(r.samples))
	}
	r.samples = r.samples[from-1 : to]
	return nil
}

// readDataset reads a dataset block's samples: its file, or its inline
// sample blocks.
func readDataset(ds *config.Dataset, opts dataset.Options) ([]dataset.Sample, error) {
	if ds.File != "" {
		return dataset.Read(ds.File, opts)
	}
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
