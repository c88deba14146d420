package swarm

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLedgerTokens: the budget's token cap is written as Inspect Swarm
// writes Budget.tokens — a number, "output:N" for an output-metered cap,
// or the string the suite wrote — and read back.
func TestLedgerTokens(t *testing.T) {
	n := int64(1000)
	cases := []struct {
		name     string
		metering string
		cap      string // the cap's own metering
		text     string // as the suite wrote it
		want     string
	}{
		{"total", MeterTotal, "", "", `1000`},
		{"unset", "", "", "", `1000`},
		{"inspect", MeterInspect, "", "", `1000`},
		{"output", MeterOutput, "", "", `"output:1000"`},
		{"the cap's own output", "", MeterOutput, "output:1000", `"output:1000"`},
		{"as written", "", MeterOutput, "output:1k", `"output:1k"`},
		{"a formula", "", "input+output", "input+output:1000", `"input+output:1000"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := &runtime{spec: Spec{Budget: Budget{Tokens: &n, Metering: c.metering, TokensMetering: c.cap, TokensText: c.text}}}
			got, err := json.Marshal(r.ledgerBudget())
			require.NoError(t, err)
			var doc map[string]json.RawMessage
			require.NoError(t, json.Unmarshal(got, &doc))
			assert.Equal(t, c.want, string(doc["tokens"]))
			var back LedgerTokens
			require.NoError(t, json.Unmarshal(doc["tokens"], &back), "read back")
			want := LedgerTokens{N: n, Output: orMetering(c.cap, c.metering) == MeterOutput}
			if c.text != "" && c.text != "output:1000" {
				want.Text = c.text
			}
			assert.Equal(t, want, back)
		})
	}
	r := &runtime{spec: Spec{}}
	got, err := json.Marshal(r.ledgerBudget())
	require.NoError(t, err)
	assert.Contains(t, string(got), `"tokens":null`, "no cap is null")
	var bad LedgerTokens
	assert.Error(t, json.Unmarshal([]byte(`"cached:5"`), &bad), "not a token limit Inspect parses")
}
