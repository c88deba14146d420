package swarm

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLedgerTokens: the budget's token cap is written as Inspect Swarm
// writes Budget.tokens — a number, or "output:N" for an output-metered cap.
func TestLedgerTokens(t *testing.T) {
	n := int64(1000)
	cases := []struct {
		name     string
		metering string
		want     string
	}{
		{"total", MeterTotal, `1000`},
		{"unset", "", `1000`},
		{"inspect", MeterInspect, `1000`},
		{"output", MeterOutput, `"output:1000"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := &runtime{spec: Spec{Budget: Budget{Tokens: &n, Metering: c.metering}}}
			got, err := json.Marshal(r.ledgerBudget())
			require.NoError(t, err)
			var doc map[string]json.RawMessage
			require.NoError(t, json.Unmarshal(got, &doc))
			assert.Equal(t, c.want, string(doc["tokens"]))
			var back LedgerTokens
			require.NoError(t, json.Unmarshal(doc["tokens"], &back), "read back")
			assert.Equal(t, LedgerTokens{N: n, Output: c.metering == MeterOutput}, back)
		})
	}
	r := &runtime{spec: Spec{}}
	got, err := json.Marshal(r.ledgerBudget())
	require.NoError(t, err)
	assert.Contains(t, string(got), `"tokens":null`, "no cap is null")
	var bad LedgerTokens
	assert.Error(t, json.Unmarshal([]byte(`"input:5"`), &bad), "only output is a metering the ledger writes")
}
