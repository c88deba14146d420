package scoring

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// MetricRef names one metric as a scorer declares it: Inspect's registry
// name ("accuracy", "inspect_ai/stderr", "mypkg/custom") and the arguments
// its factory was given (the log's metric "options"/"params").
type MetricRef struct {
	Name   string
	Params map[string]any
}

// KeyMetrics applies metrics to one key of dict-valued scores. Key may be
// a glob ("*", "util*"), expanded against the keys of the first sample
// whose value is a dict, as Inspect expands it.
type KeyMetrics struct {
	Key     string
	Metrics []MetricRef
}

// MetricItem is one item of a metric list: a metric, or a dictionary of
// per-key metrics (Inspect's `metrics=[accuracy(), {"*": [mean()]}]`).
type MetricItem struct {
	Metric *MetricRef
	Keys   []KeyMetrics
}

// MetricSet is a scorer's metrics as Inspect declares them: a list whose
// items are metrics or per-key dictionaries, or a dictionary alone
// (`metrics={"utility": [accuracy(), stderr()], "security": [...]}`).
// The zero MetricSet is an empty list.
type MetricSet struct {
	// Items is the list form.
	Items []MetricItem
	// Dict is the dictionary form; when IsDict is set, Items is empty.
	Dict   []KeyMetrics
	IsDict bool
}

// ListOf is the list form of plain metrics named by their registry names,
// with no arguments (a suite's `metrics = ["accuracy", "stderr"]`).
func ListOf(names ...string) MetricSet {
	var s MetricSet
	for _, n := range names {
		s.Items = append(s.Items, MetricItem{Metric: &MetricRef{Name: n}})
	}
	return s
}

// Refs returns every metric of the set, in declaration order.
func (s MetricSet) Refs() []MetricRef {
	var out []MetricRef
	for _, k := range s.Dict {
		out = append(out, k.Metrics...)
	}
	for _, it := range s.Items {
		if it.Metric != nil {
			out = append(out, *it.Metric)
		}
		for _, k := range it.Keys {
			out = append(out, k.Metrics...)
		}
	}
	return out
}

// Plain returns the names of the set's plain metrics (the list form's
// metric items) and whether the set has nothing else: the common case of
// a scorer whose values are scalars.
func (s MetricSet) Plain() ([]string, bool) {
	var names []string
	for _, it := range s.Items {
		if it.Metric != nil {
			names = append(names, it.Metric.Name)
		}
	}
	return names, !s.IsDict && !slices.ContainsFunc(s.Items, func(it MetricItem) bool { return it.Metric == nil })
}

// LogName is the metric's name as Inspect logs it: its registry name
// without the "inspect_ai/" prefix of Inspect's own metrics.
func (r MetricRef) LogName() string { return strings.TrimPrefix(r.Name, "inspect_ai/") }

// group is the metric's unqualified name (no package prefix), under which
// Inspect keys a list metric's results and groups dict-valued metrics.
func (r MetricRef) group() string {
	_, name, _ := strings.Cut("/"+r.Name, "/")
	if i := strings.LastIndex(name, "/"); i >= 0 {
		return name[i+1:]
	}
	return name
}

// refJSON is a metric as the log's eval.scorers writes it.
type refJSON struct {
	Name    string         `json:"name"`
	Options map[string]any `json:"options"`
}

// MarshalJSON writes the set as the log's eval.scorers[].metrics: a list of
// {name, options} and {key: [{name, options}]} items, or one dictionary.
// Names are registry names ("inspect_ai/accuracy").
func (s MetricSet) MarshalJSON() ([]byte, error) {
	if s.IsDict {
		return json.Marshal(keysJSON(s.Dict))
	}
	items := make([]any, 0, len(s.Items))
	for _, it := range s.Items {
		if it.Metric != nil {
			items = append(items, refToJSON(*it.Metric))
		} else {
			items = append(items, keysJSON(it.Keys))
		}
	}
	return json.Marshal(items)
}

// UnmarshalJSON reads the log's form (MarshalJSON's): a list of metrics and
// dictionaries, or a dictionary; a bare string is a metric's name.
func (s *MetricSet) UnmarshalJSON(b []byte) error {
	raw, err := decodeOrdered(json.NewDecoder(bytes.NewReader(b)))
	if err != nil {
		return err
	}
	set, err := ParseMetricSet(raw)
	if err != nil {
		return err
	}
	*s = set
	return nil
}

// ParseMetricSet reads a metric set from decoded JSON or HCL values: a
// list whose items are metric names, {name, options} objects or
// {key: [metrics]} objects, or one {key: [metrics]} object. Keys keep
// their order where the value kept it (UnmarshalJSON's does); a Go map's
// are taken in sorted order. The error says which item is wrong.
func ParseMetricSet(v any) (MetricSet, error) {
	if obj, ok := asObject(v); ok {
		keys, err := parseKeys(obj)
		if err != nil {
			return MetricSet{}, err
		}
		return MetricSet{Dict: keys, IsDict: true}, nil
	}
	switch x := v.(type) {
	case []any:
		var s MetricSet
		for i, item := range x {
			if ref, ok, err := parseRef(item); err != nil {
				return MetricSet{}, fmt.Errorf("metric %d: %w", i+1, err)
			} else if ok {
				s.Items = append(s.Items, MetricItem{Metric: &ref})
				continue
			}
			obj, _ := asObject(item)
			keys, err := parseKeys(obj)
			if err != nil {
				return MetricSet{}, fmt.Errorf("metric %d: %w", i+1, err)
			}
			s.Items = append(s.Items, MetricItem{Keys: keys})
		}
		return s, nil
	}
	return MetricSet{}, fmt.Errorf("metrics must be a list of metrics or an object of per-key metric lists, not %T", v)
}

// parseRef reads a metric: a name or {name, options}; ok is false for
// anything else (a per-key dictionary).
func parseRef(v any) (MetricRef, bool, error) {
	switch x := v.(type) {
	case string:
		if x == "" {
			return MetricRef{}, false, fmt.Errorf("a metric's name is empty")
		}
		return MetricRef{Name: x}, true, nil
	}
	obj, ok := asObject(v)
	if !ok {
		return MetricRef{}, false, fmt.Errorf("a metric is a name or {name, options}, not %T", v)
	}
	var ref MetricRef
	for _, kv := range obj {
		switch kv.Key {
		case "name":
			name, isName := kv.Value.(string)
			if !isName {
				return MetricRef{}, false, nil
			}
			ref.Name = name
		case "options", "params":
			if o, isObj := asObject(kv.Value); isObj && ref.Params == nil {
				ref.Params = plainObject(o)
			}
		default:
			return MetricRef{}, false, nil // a per-key dictionary
		}
	}
	return ref, ref.Name != "", nil
}

// parseKeys reads {key: [metrics]}, in the object's order.
func parseKeys(obj orderedObject) ([]KeyMetrics, error) {
	if obj == nil {
		return nil, fmt.Errorf("per-key metrics are an object of metric lists")
	}
	out := make([]KeyMetrics, 0, len(obj))
	for _, kv := range obj {
		k := kv.Key
		list, ok := kv.Value.([]any)
		if !ok {
			return nil, fmt.Errorf("key %q: its metrics are a list, not %T", k, kv.Value)
		}
		km := KeyMetrics{Key: k}
		for i, item := range list {
			ref, ok, err := parseRef(item)
			if err != nil || !ok {
				return nil, fmt.Errorf("key %q, metric %d: a metric is a name or {name, options}", k, i+1)
			}
			km.Metrics = append(km.Metrics, ref)
		}
		out = append(out, km)
	}
	return out, nil
}

// refToJSON writes a metric with its registry name: Inspect's own metrics
// named bare (a suite's "accuracy") get Inspect's "inspect_ai/" prefix; any
// other bare name is a module's metric, which Inspect's registry names bare.
func refToJSON(r MetricRef) refJSON {
	name := r.Name
	if _, builtin := metrics[name]; builtin || name == "grouped" {
		name = "inspect_ai/" + name
	}
	opts := r.Params
	if opts == nil {
		opts = map[string]any{}
	}
	return refJSON{Name: name, Options: opts}
}

// keysJSON writes per-key metrics as an object in key order.
func keysJSON(keys []KeyMetrics) orderedObject {
	out := make(orderedObject, 0, len(keys))
	for _, k := range keys {
		refs := make([]refJSON, len(k.Metrics))
		for i, r := range k.Metrics {
			refs[i] = refToJSON(r)
		}
		out = append(out, keyValue{Key: k.Key, Value: refs})
	}
	return out
}
