package cli

import (
	"math"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/evallog"
)

// TestInfiniteScoreReachesTheLog: a scorer plugin's +Inf score and the
// ±Inf and NaN in its metadata cross gRPC and land in the log as the bare
// tokens Inspect writes, not as NaN and not dropped.
func TestInfiniteScoreReachesTheLog(t *testing.T) {
	t.Parallel()
	suite := hostileSuite(t, deadlineSuite(`scorer "inf" {}`, ""), "scorer-inf")
	code, sum, errOut := runJSON(t, suite)
	require.Equal(t, ExitOK, code, errOut)
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
