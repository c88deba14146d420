package scoring

import (
	"context"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// SampleScore is one sample's (epoch-reduced) score with what Inspect's
// metrics may read beside it: the sample's id and metadata.
type SampleScore struct {
	Score    scorer.Score
	SampleID string
	Metadata map[string]any
}

// MetricOutput is what one metric computed: a number, or named numbers (a
// dict-valued metric such as ci's {lower, upper}), or a list of numbers.
// Exactly one of Scalar, Dict and List is set; a nil entry of Dict or List
// (Python's None) is left out of the results, as Inspect leaves it out.
type MetricOutput struct {
	Scalar *float64
	Dict   []NamedValue
	List   []*float64
}

// NamedValue is one entry of a dict-valued metric, in the metric's order.
type NamedValue struct {
	Name  string
	Value *float64
}

// Scalar is a MetricOutput holding v.
func Scalar(v float64) MetricOutput { return MetricOutput{Scalar: &v} }

// MetricComputer computes a metric the host does not have built in (a
// custom @metric of an Inspect scorer, or a built-in one with arguments),
// over the scored samples (empty when none is: the metric then says what
// it reports for no samples). The scorer bridge computes them in Python.
type MetricComputer func(ctx context.Context, ref MetricRef, scores []SampleScore) (MetricOutput, error)

// ResultsRequest is one scorer × reducer's input to [Results].
type ResultsRequest struct {
	// Scorer is the scorer's name in the log (unique among the task's).
	Scorer string
	// Metrics are the scorer's metrics, as it or the suite declares them.
	Metrics MetricSet
	// Scores are the reduced scores, one per sample, in sample order.
	Scores []SampleScore
	// Compute computes the metrics [Builtin] does not; nil: such a metric
	// is an error.
	Compute MetricComputer
}

// ScoreResult is one EvalScore of the log's results: the scorer's own
// (Name is the scorer's name) or one key of its dict-valued scores (Name
// is the key).
type ScoreResult struct {
	Name     string
	Scored   int
	Unscored int
	Metrics  []MetricResult
}

// MetricResult is one EvalMetric: Key is its key in the EvalScore's metrics
// object (unique in it), Name its name, Group the metric it came from when
// that metric gave several values.
type MetricResult struct {
	Key, Name, Group string
	Value            float64
	Params           map[string]any
}

// Results computes a scorer's results as Inspect's eval_results does for
// one reducer: for the list form, one ScoreResult named after the scorer
// with its plain metrics over the whole values (a dict or list value
// counts as 0 for the built-in ones, as Inspect's value_to_float makes
// it), then one per key of each per-key dictionary; for the dictionary
// form, only the per-key ones. Per-key results apply the key's metrics to
// that key's value in every sample (a glob key expands against the keys of
// the first dict-valued sample). Unscored samples (NaN at the root, or at
// the key) are counted and left out. A per-key metric over a value that is
// not a dict, or lacks the key, is an error, as in Inspect.
func Results(ctx context.Context, req ResultsRequest) ([]ScoreResult, error) {
	var out []ScoreResult
	dicts := req.Metrics.Dict
	if !req.Metrics.IsDict {
		var plain []MetricRef
		dicts = nil
		for _, it := range req.Metrics.Items {
			if it.Metric != nil {
				plain = append(plain, *it.Metric)
			} else {
				dicts = append(dicts, it.Keys...)
			}
		}
		r, err := listResult(ctx, req, plain)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	keyed, err := keyedResults(ctx, req, dicts)
	return append(out, keyed...), err
}

// listResult is the scorer's own result: its plain metrics.
func listResult(ctx context.Context, req ResultsRequest, refs []MetricRef) (ScoreResult, error) {
	res := ScoreResult{Name: req.Scorer}
	var scored []SampleScore
	for _, s := range req.Scores {
		if IsUnscored(s.Score.Value) {
			res.Unscored++
		} else {
			scored = append(scored, s)
		}
	}
	res.Scored = len(scored)
	keys := map[string]bool{}
	add := func(key, name, group string, v float64, params map[string]any) {
		key = uniqueKey(key, keys)
		keys[key] = true
		res.Metrics = append(res.Metrics, MetricResult{Key: key, Name: name, Group: group, Value: v, Params: params})
	}
	for _, ref := range refs {
		val, err := metricValue(ctx, req.Compute, ref, scored)
		if err != nil {
			return ScoreResult{}, err
		}
		group := ref.group()
		switch {
		case val.Dict != nil:
			for _, nv := range val.Dict {
				if nv.Value != nil {
					add(nv.Name, nv.Name, group, *nv.Value, ref.Params)
				}
			}
		case val.List != nil:
			base := uniqueKey(group, keys)
			for i, v := range val.List {
				if v != nil {
					n := strconv.Itoa(i + 1)
					add(base+"-"+n, n, group, *v, ref.Params)
				}
			}
		default:
			add(group, ref.LogName(), "", *val.Scalar, ref.Params)
		}
	}
	return res, nil
}

// keyedResults are the per-key results of dict-valued scores.
func keyedResults(ctx context.Context, req ResultsRequest, dicts []KeyMetrics) ([]ScoreResult, error) {
	if len(dicts) == 0 {
		return nil, nil
	}
	var out []ScoreResult
	for _, km := range expandKeys(dicts, req.Scores) {
		res := ScoreResult{Name: km.Key}
		var scored []SampleScore
		for _, s := range req.Scores {
			if IsUnscored(s.Score.Value) {
				res.Unscored++
				continue
			}
			m, ok := s.Score.Value.(map[string]any)
			if !ok {
				return nil, fmt.Errorf("scorer %s: per-key metrics (%q) for a score that is not a dict (sample %s)",
					req.Scorer, km.Key, s.SampleID)
			}
			v, ok := m[km.Key]
			if !ok {
				return nil, fmt.Errorf("scorer %s: key %q is not in the score's dict (sample %s)", req.Scorer, km.Key, s.SampleID)
			}
			if IsUnscored(v) {
				res.Unscored++
				continue
			}
			ks := s
			ks.Score.Value = v
			scored = append(scored, ks)
		}
		res.Scored = len(scored)
		for _, ref := range km.Metrics {
			val, err := metricValue(ctx, req.Compute, ref, scored)
			if err != nil {
				return nil, err
			}
			res.Metrics = append(res.Metrics, keyedMetrics(ref, val)...)
		}
		out = append(out, res)
	}
	return out, nil
}

// keyedMetrics are one metric's results in a per-key EvalScore, keyed as
// Inspect keys them there (no de-duplication: metric names are unique).
func keyedMetrics(ref MetricRef, val MetricOutput) []MetricResult {
	name, group := ref.LogName(), ref.group()
	var out []MetricResult
	switch {
	case val.Dict != nil:
		for _, nv := range val.Dict {
			if nv.Value != nil {
				out = append(out, MetricResult{Key: name + "_" + nv.Name, Name: nv.Name, Group: group, Value: *nv.Value, Params: ref.Params})
			}
		}
	case val.List != nil:
		for i, v := range val.List {
			if v != nil {
				n := strconv.Itoa(i)
				out = append(out, MetricResult{Key: name + "_" + n, Name: n, Group: group, Value: *v, Params: ref.Params})
			}
		}
	default:
		out = append(out, MetricResult{Key: name, Name: name, Value: *val.Scalar, Params: ref.Params})
	}
	return out
}

// expandKeys resolves glob keys against the first dict-valued score's keys
// (a key's metrics keep the first of each name), as Inspect does; without
// a dict-valued score the keys stay as written. Results come in the order
// the keys are declared; the keys one glob matches, in sorted order (the
// host's score values do not keep a dict's order, Inspect takes the
// dict's).
func expandKeys(dicts []KeyMetrics, scores []SampleScore) []KeyMetrics {
	var base []string
	found := false
	for _, s := range scores {
		if m, ok := s.Score.Value.(map[string]any); ok {
			base, found = sortedKeys(m), true
			break
		}
	}
	if !found {
		return dicts
	}
	var out []KeyMetrics
	index := map[string]int{}
	for _, km := range dicts {
		for _, k := range base {
			if !globMatch(km.Key, k) {
				continue
			}
			i, seen := index[k]
			if !seen {
				i = len(out)
				index[k] = i
				out = append(out, KeyMetrics{Key: k})
			}
			for _, ref := range km.Metrics {
				if !hasMetric(out[i].Metrics, ref.LogName()) {
					out[i].Metrics = append(out[i].Metrics, ref)
				}
			}
		}
	}
	return out
}

// globMatch reports whether key matches pattern as Python's fnmatch
// matches it (case-sensitive): * any run, ? one character, [seq] and
// [!seq] sets.
func globMatch(pattern, key string) bool {
	var re strings.Builder
	re.WriteString("^(?s:")
	for i := 0; i < len(pattern); i++ {
		switch c := pattern[i]; c {
		case '*':
			re.WriteString(".*")
		case '?':
			re.WriteString(".")
		case '[':
			j := strings.IndexByte(pattern[i+1:], ']')
			if j < 0 {
				re.WriteString(`\[`)
				continue
			}
			set := pattern[i+1 : i+1+j]
			if strings.HasPrefix(set, "!") {
				set = "^" + set[1:]
			}
			re.WriteString("[" + strings.ReplaceAll(set, `\`, `\\`) + "]")
			i += j + 1
		default:
			re.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	re.WriteString(")$")
	ok, err := regexp.MatchString(re.String(), key)
	return err == nil && ok
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func hasMetric(refs []MetricRef, logName string) bool {
	for _, r := range refs {
		if r.LogName() == logName {
			return true
		}
	}
	return false
}

// metricValue computes one metric over the scored samples: built-in ones
// here (NaN over no samples, as Inspect reports a scalar metric then),
// others through compute.
func metricValue(ctx context.Context, compute MetricComputer, ref MetricRef, scored []SampleScore) (MetricOutput, error) {
	if fn, ok := Builtin(ref); ok {
		if len(scored) == 0 {
			return Scalar(math.NaN()), nil
		}
		xs := make([]float64, len(scored))
		for i, s := range scored {
			xs[i] = ValueToFloat(s.Score.Value)
		}
		return Scalar(fn(xs)), nil
	}
	if compute == nil {
		return MetricOutput{}, fmt.Errorf("metric %s is not one the host computes (%s, without arguments) and its scorer cannot compute it",
			ref.Name, joinNames(MetricNames()))
	}
	val, err := compute(ctx, ref, scored)
	if err != nil {
		return MetricOutput{}, fmt.Errorf("metric %s: %w", ref.Name, err)
	}
	if val.Scalar == nil && val.Dict == nil && val.List == nil {
		return MetricOutput{}, fmt.Errorf("metric %s: no value", ref.Name)
	}
	return val, nil
}

// Builtin returns the host's own function for a metric reference: one of
// [MetricNames], by its name or Inspect's registry name, with no arguments
// other than Inspect's defaults. Others are computed by the scorer.
func Builtin(ref MetricRef) (MetricFunc, bool) {
	name := ref.LogName()
	fn, ok := metrics[name]
	if !ok || !defaultParams(name, ref.Params) {
		return nil, false
	}
	return fn, true
}

// defaultParams reports whether a built-in metric's arguments are the
// defaults the host's function computes.
func defaultParams(name string, params map[string]any) bool {
	for k, v := range params {
		switch {
		case v == nil:
		case name == "bootstrap_stderr" && k == "num_samples" && fmt.Sprint(v) == strconv.Itoa(DefaultBootstrapSamples):
		case k == "to_float" && fmt.Sprint(v) == "value_to_float":
		default:
			return false
		}
	}
	return true
}

// uniqueKey is key, or key with the next free number appended, as
// Inspect's metrics_unique_key makes it.
func uniqueKey(key string, taken map[string]bool) string {
	if !taken[key] {
		return key
	}
	n := 2
	for k := range taken {
		if len(k) > len(key) && k[:len(key)] == key {
			if i, err := strconv.Atoi(k[len(key):]); err == nil && i >= n {
				n = i + 1
			}
		}
	}
	return key + strconv.Itoa(n)
}

func joinNames(names []string) string { return strings.Join(names, ", ") }
