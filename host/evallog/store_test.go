package evallog

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestStoreOrder: the swarm's keys first, in the order Inspect Swarm adds
// them (result, ledger, metrics), then the others sorted.
func TestStoreOrder(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		store Store
		want  string
	}{
		"empty": {store: Store{}, want: `{}`},
		"swarm keys": {store: Store{"inspect_swarm:metrics": 3, "inspect_swarm:ledger": 2, "inspect_swarm:result": 1},
			want: `{"inspect_swarm:result":1,"inspect_swarm:ledger":2,"inspect_swarm:metrics":3}`},
		"others after, sorted": {store: Store{"z": true, "inspect_swarm:ledger": 2, "a": "x", "inspect_swarm:result": 1},
			want: `{"inspect_swarm:result":1,"inspect_swarm:ledger":2,"a":"x","z":true}`},
		"raw values kept": {store: Store{"inspect_swarm:result": json.RawMessage(`{"b":1,"a":2}`)},
			want: `{"inspect_swarm:result":{"b":1,"a":2}}`},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			b, err := json.Marshal(tc.store)
			require.NoError(t, err)
			assert.Equal(t, tc.want, string(b))
		})
	}
}
