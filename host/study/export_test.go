package study

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestExportCarriesTheNumbers: the JSON and the CSV hold the same
// quantities, pairs and curve points as the report.
func TestExportCarriesTheNumbers(t *testing.T) {
	t.Parallel()
	r := compareHand(t, nil)
	var js bytes.Buffer
	require.NoError(t, r.WriteJSON(&js))
	var back Report
	require.NoError(t, json.Unmarshal(js.Bytes(), &back))
	require.Len(t, back.Quantities, len(r.Quantities))
	for i, q := range back.Quantities {
		assert.Equal(t, *r.Quantities[i].Value, *q.Value, q.Name)
	}
	assert.Equal(t, len(r.Pairs), len(back.Pairs))

	var c bytes.Buffer
	require.NoError(t, r.WriteCSV(&c))
	rows, err := csv.NewReader(&c).ReadAll()
	require.NoError(t, err)
	assert.Equal(t, CSVHeader, rows[0])
	find := func(table, name string) []string {
		for _, row := range rows {
			if row[0] == table && row[2] == name {
				return row
			}
		}
		t.Fatalf("no %s row %q", table, name)
		return nil
	}
	// select@3 (attempts) = .5 at 300 tokens, $.03 (TestCompareHandComputed)
	sel := find("quantity", "select@3")
	assert.Equal(t, []string{"attempts", "select@3", "select", "3", "0.5"}, sel[1:6])
	assert.Equal(t, []string{"300", "false"}, []string{sel[10], sel[12]})
	dollars, err := strconv.ParseFloat(sel[11], 64)
	require.NoError(t, err)
	assert.InDelta(t, 0.03, dollars, approx)
	pair := find("pair", "final@3 (swarm) − single (3×) (big)")
	assert.Equal(t, "-0.3333333333333333", pair[5])
	n := 0
	for _, row := range rows {
		if row[0] == "curve" {
			n++
		}
	}
	assert.Equal(t, 4+4+4+1+1+1, n, "select, pass, best over k = 1…4; final, team, single")
}
