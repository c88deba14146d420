package e2e

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/evallog"
)

// TestInfiniteScoreReachesTheLog: a scorer plugin's +Inf score and the
// ±Inf and NaN in its metadata cross gRPC and land in the log as the bare
// tokens Inspect writes, not as NaN and not dropped.
func TestInfiniteScoreReachesTheLog(t *testing.T) {
	t.Parallel()
	suite := hostileSuite(t, deadlineSuite(`scorer "inf" {}`, ""), "scorer-inf")
	code, sum, errOut := runJSON(t, suite, "--log-format", "json")
	require.Equal(t, cli.ExitOK, code, errOut)
	path := sum["log"].(string)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	for _, want := range []string{`"value": Infinity`, `"pos": Infinity`, `"neg": -Infinity`, `"nan": NaN`} {
		assert.Contains(t, string(data), want)
	}
	l, err := evallog.Read(path)
	require.NoError(t, err)
	f, _ := l.Samples[0].Scores["inf"].Value.Float()
	assert.True(t, math.IsInf(f, 1), "the score is +Inf, got %v", l.Samples[0].Scores["inf"].Value)
	validateLogFile(t, path)
}

// TestNonFiniteDatasetMetadataReachesTheLog: a JSONL dataset holding bare
// NaN and Infinity, as Python writes them, runs, and the sample's metadata
// in the log holds the same tokens.
func TestNonFiniteDatasetMetadataReachesTheLog(t *testing.T) {
	t.Parallel()
	suite := strings.Replace(deadlineSuite(`scorer "match" {}`, ""), `dataset {
    sample {
      id     = "a"
      input  = "What is 6 times 7?"
      target = "42"
    }
  }`, `dataset { file = "data.jsonl" }`, 1)
	path := hostileSuite(t, suite)
	data := `{"id": "a", "input": "What is 6 times 7?", "target": "42", "metadata": {"weight": Infinity, "score": NaN}}` + "\n"
	require.NoError(t, os.WriteFile(filepath.Join(filepath.Dir(path), "data.jsonl"), []byte(data), 0o644))
	code, sum, errOut := runJSON(t, path, "--log-format", "json")
	require.Equal(t, cli.ExitOK, code, errOut)
	raw, err := os.ReadFile(sum["log"].(string))
	require.NoError(t, err)
	assert.Contains(t, string(raw), `"weight": Infinity`)
	assert.Contains(t, string(raw), `"score": NaN`)
	validateLogFile(t, sum["log"].(string))
}
