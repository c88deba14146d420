package evallog

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestMetricsKeys: metrics are written keyed by Key (else Name), in order,
// and read back with the key kept where it differs from the name.
func TestMetricsKeys(t *testing.T) {
	t.Parallel()
	ms := Metrics{{Name: "accuracy", Value: 0.5}, {Key: "accuracy2", Name: "accuracy", Value: 1},
		{Key: "ci_lower", Name: "lower", Group: "ci", Value: 0}}
	b, err := json.Marshal(ms)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"accuracy":{"name":"accuracy","value":0.5,"params":{}},"accuracy2":{"name":"accuracy","value":1.0,"params":{}},` +
		`"ci_lower":{"name":"lower","group":"ci","value":0.0,"params":{}}}`
	if string(b) != want {
		t.Fatalf("got  %s\nwant %s", b, want)
	}
	var back Metrics
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	for i := range back {
		back[i].Params = nil
	}
	if diff := cmp.Diff(ms, back); diff != "" {
		t.Errorf("read back (-want +got):\n%s", diff)
	}
	if m, ok := back.Get("accuracy2"); !ok || m.Value != 1 {
		t.Errorf("Get(accuracy2) = %v, %v", m, ok)
	}
}
