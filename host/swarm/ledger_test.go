package swarm

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	hostmodel "github.com/swarmhost/swarmhost/host/model"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// TestLedgerSumsIgnoreEndOrder: the swarm's cost (and the sample's usage
// per model) is summed in roster order, so members whose calls are
// recorded in any order give the same bits (summed as calls arrive,
// 0.1+0.2+0.3 and 0.3+0.2+0.1 differ).
func TestLedgerSumsIgnoreEndOrder(t *testing.T) {
	t.Parallel()
	price := &hostmodel.Price{Input: 1e6}
	costs := []int64{1, 2, 3} // tokens per call; each call reports its cost, a tenth of its tokens
	orders := map[string][]int{"roster": {0, 1, 2}, "reversed": {2, 1, 0}, "mixed": {1, 2, 0}}
	var want *Float
	for name, order := range orders {
		t.Run(name, func(t *testing.T) {
			members := roster(nil, newMock(t, "m"), "a", "b", "c")
			for i := range members {
				members[i].Price = price
			}
			r := newRuntime(context.Background(), Spec{Members: members}, Sample{}, Hooks{})
			defer r.hardCancel()
			for _, i := range order {
				r.charge(r.members[i], model.Usage{InputTokens: costs[i], TotalTokens: costs[i], TotalCost: float64(costs[i]) / 10}, 1)
			}
			l := r.ledger()
			require.NotNil(t, l.Swarm.Usage.TotalCost)
			if want == nil {
				want = l.Swarm.Usage.TotalCost
			}
			assert.Equal(t, *want, *l.Swarm.Usage.TotalCost, "the same bits whatever order the members ended in")
			inOrder := 0.1
			inOrder += 0.2
			inOrder += 0.3 // 0.6000000000000001; in reverse order it would be 0.6
			assert.Equal(t, Float(inOrder), l.Swarm.Cost, "summed in roster order")
			assert.Equal(t, inOrder, r.modelUsage()["mockllm/m"].TotalCost, "the log's model_usage too")
		})
	}
}

// TestLedgerCompleteness: what makes total_complete false, as the package
// says: a cancelled member, an errored call, an unpriced call, an
// interruption.
func TestLedgerCompleteness(t *testing.T) {
	t.Parallel()
	price := &hostmodel.Price{Input: 1, Output: 1}
	cases := map[string]struct {
		priced   bool
		setup    func(r *runtime)
		complete bool
		unpriced []string
	}{
		"priced calls":   {priced: true, setup: func(r *runtime) { r.reason = StopAllDone }, complete: true, unpriced: []string{}},
		"unpriced model": {setup: func(r *runtime) { r.reason = StopAllDone }, unpriced: []string{"mockllm/m"}},
		"a lost call":    {priced: true, setup: func(r *runtime) { r.reason = StopAllDone; r.lost(r.members[0], true) }, unpriced: []string{}},
		"a member cancelled": {priced: true, setup: func(r *runtime) {
			r.reason = StopAllDone
			r.members[1].status = StatusCancelled
		}, unpriced: []string{}},
		"a sample limit": {priced: true, setup: func(r *runtime) { r.reason = "sample_limit:token" }, unpriced: []string{}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			members := roster(nil, newMock(t, "m"), "a", "b")
			if tc.priced {
				members[0].Price, members[1].Price = price, price
			}
			r := newRuntime(context.Background(), Spec{Members: members}, Sample{}, Hooks{})
			defer r.hardCancel()
			for _, m := range r.members {
				r.charge(m, model.Usage{InputTokens: 3, OutputTokens: 1, TotalTokens: 4}, 2)
			}
			tc.setup(r)
			l := r.ledger()
			assert.Equal(t, tc.complete, l.TotalComplete)
			assert.Equal(t, tc.complete, l.AttributionComplete)
			assert.Equal(t, tc.unpriced, l.UnpricedModels)
		})
	}
}

// TestLedgerEnding: stop_reason, ended_by and interrupted for each way a
// swarm ends.
func TestLedgerEnding(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		reason      string
		stop, ended *string
		interrupted bool
	}{
		"all done":       {reason: StopAllDone, stop: ptr(StopAllDone)},
		"a swarm cap":    {reason: StopSwarmCap, stop: ptr(StopSwarmCap)},
		"a sample limit": {reason: "sample_limit:time", ended: ptr("sample_limit:time"), interrupted: true},
		"the operator":   {reason: StopOperator, ended: ptr(StopOperator), interrupted: true},
		"an error":       {reason: StopError, interrupted: true},
		"never stopped":  {},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r := newRuntime(context.Background(), Spec{Members: roster(nil, nil, "a")}, Sample{}, Hooks{})
			defer r.hardCancel()
			r.reason = tc.reason
			l := r.ledger()
			assert.Equal(t, tc.stop, l.StopReason)
			assert.Equal(t, tc.ended, l.EndedBy)
			assert.Equal(t, tc.interrupted, l.Interrupted)
		})
	}
}

// TestLedgerJSONShape pins the package's field names, order and JSON
// types: floats keep a decimal point, absent overshoot kinds are left out.
func TestLedgerJSONShape(t *testing.T) {
	t.Parallel()
	tokens := int64(30)
	members := roster(nil, newMock(t, "m"), "a")
	r := newRuntime(context.Background(), Spec{Members: members, Budget: Budget{Tokens: &tokens, Sample: Limits{Tokens: &tokens}}},
		Sample{}, Hooks{})
	defer r.hardCancel()
	r.charge(r.members[0], model.Usage{InputTokens: 30, OutputTokens: 6, TotalTokens: 36}, 2)
	r.reason = StopSwarmCap
	raw, err := json.Marshal(r.ledger())
	require.NoError(t, err)
	var got map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(raw, &got))
	assert.JSONEq(t, `{"cost": null, "tokens": 30.0, "time": null}`, string(got["caps"]))
	assert.Contains(t, string(got["caps"]), `"tokens":30.0`, "a cap is a float")
	assert.Equal(t, `{"tokens":6.0}`, string(got["overshoot"]))
	assert.Contains(t, string(got["budget"]), `"tokens":30,`, "the budget's tokens stay an int")
	assert.Contains(t, string(got["sample_limits"]), `"token":30.0`)
	keys := []string{"version", "budget", "caps", "sample_limits", "members", "runtime", "final", "swarm", "calls",
		"unpriced_calls_recorded", "sample_delta", "unattributed", "unpriced_models", "native_compaction_classes",
		"overshoot", "stop_reason", "ended_by", "interrupted", "final_cancelled", "resumed", "total_complete",
		"attribution_complete"}
	assert.Equal(t, keys, jsonKeys(t, raw))
}

// jsonKeys is an object's keys in the order written.
func jsonKeys(t *testing.T, raw []byte) []string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(raw))
	tok, err := dec.Token()
	require.NoError(t, err)
	require.Equal(t, json.Delim('{'), tok)
	var keys []string
	for dec.More() {
		k, err := dec.Token()
		require.NoError(t, err)
		keys = append(keys, k.(string))
		var skip json.RawMessage
		require.NoError(t, dec.Decode(&skip))
	}
	return keys
}
