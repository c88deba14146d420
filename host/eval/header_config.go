package eval

// The header's eval.config: the run's options as Inspect records them.

// reducers are the epoch reducers, as eval.config.epochs_reducer records
// them: the task's, or mean.
func (r *evalRun) reducers() []string {
	if len(r.task.Epochs.Reducers) == 0 {
		return []string{"mean"}
	}
	return r.task.Epochs.Reducers
}

// shuffleSeed is the seed the samples were shuffled with, or nil.
func (r *evalRun) shuffleSeed() any {
	ds := r.task.Dataset
	switch {
	case !ds.Shuffle:
		return nil
	case ds.Seed != nil:
		return *ds.Seed
	case r.seed != nil:
		return *r.seed
	}
	return nil
}

// failOnError is Options.FailOnError as eval.config records it: true (any
// error fails the eval), false (none does), or the fraction or count.
func (r *evalRun) failOnError() any {
	switch f := r.opts.FailOnError; {
	case f == nil:
		return true
	case *f == 0:
		return false
	default:
		return *f
	}
}

// limitConfig is --limit as eval.config records it: N, or [A, B].
func (r *evalRun) limitConfig() any {
	switch {
	case r.opts.LimitFrom > 0:
		return []int{r.opts.LimitFrom, r.opts.Limit}
	case r.opts.Limit > 0:
		return r.opts.Limit
	}
	return nil
}

// sampleIDConfig is --sample-id as eval.config records it: as Inspect,
// the ids that apply to this task (TaskSampleIDs).
func (r *evalRun) sampleIDConfig() any {
	if len(r.opts.SampleIDs) == 0 {
		return nil
	}
	return TaskSampleIDs(r.task.Name, r.opts.SampleIDs)
}

// logSamples is eval.config.log_samples: false with --no-log-samples.
func logSamples(none bool) *bool {
	if !none {
		return nil
	}
	f := false
	return &f
}
