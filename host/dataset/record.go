package dataset

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// SampleSandbox is a sample's own sandbox (Inspect's Sample.sandbox): its
// type and its config, a file path or a provider's config object as JSON.
type SampleSandbox struct {
	Type   string
	Config json.RawMessage
}

// FromJSONRow converts one row a task plugin streams (a JSON object with
// Inspect's field names, plus "sandbox") with the rules of [Read]. index
// is the row's 0-based position in the dataset: a row without an id gets
// index+1, as Inspect numbers samples. A row Inspect would reject is an
// error naming the index and every problem with it.
func FromJSONRow(data []byte, index int) (Sample, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var values map[string]any
	if err := dec.Decode(&values); err != nil || values == nil {
		return Sample{}, fmt.Errorf("dataset row %d: not a JSON object", index)
	}
	s, problems := convert(row{line: index + 1, values: values}, FieldMap{})
	if len(problems) > 0 {
		return s, fmt.Errorf("dataset row %d%s: %s", index, idSuffix(values["id"]), strings.Join(problems, "; "))
	}
	if s.ID == nil {
		s.ID = index + 1
	}
	if raw, ok := values["sandbox"].(map[string]any); ok {
		s.Sandbox = &SampleSandbox{}
		s.Sandbox.Type, _ = raw["type"].(string)
		s.Sandbox.Config, _ = json.Marshal(raw["config"])
	}
	return s, nil
}

func idSuffix(id any) string {
	if id == nil {
		return ""
	}
	return fmt.Sprintf(" (id %v)", id)
}
