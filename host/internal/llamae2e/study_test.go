package llamae2e

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/internal/testplugins"
	"github.com/swarmhost/swarmhost/host/study"
)

// TestStudyOnLlamaServer runs examples/study/llama as its README says:
// the study's three arms with react members on the tiny model, then its
// report. The model's answers are nonsense, so no score is asserted; what
// is: every arm ran on every sample, each records the tokens the server
// reported (the baseline's k attempts cost three of its attempts), the
// model's calls are flagged unpriced (the suite gives no price), and the
// page and its numbers are written.
func TestStudyOnLlamaServer(t *testing.T) {
	bin, model := llamaServer(t), tinyModel(t)
	base := serve(t, bin, model)
	out := t.TempDir()
	var stdout, stderr bytes.Buffer
	code := cli.Run(&stdout, &stderr, []string{"study", filepath.Join(testplugins.Root(), "examples", "study", "llama"),
		"--var", "base_url=" + base, "--log-dir", t.TempDir(), "--log-format", "json", "--out", out})
	t.Logf("stdout:\n%s", stdout.String())
	// a member whose calls the server keeps refusing ends its sample in
	// error (exit 1); the report is written all the same
	require.Contains(t, []int{cli.ExitOK, cli.ExitFailed}, code, stderr.String())
	raw, err := os.ReadFile(filepath.Join(out, "tiny.json"))
	require.NoError(t, err)
	var r study.Report
	require.NoError(t, json.Unmarshal(raw, &r))
	assert.Equal(t, 3, r.K)
	require.Len(t, r.Arms, 3)
	require.Len(t, r.Costs, 3)
	for _, c := range r.Costs {
		assert.Positive(t, c.Tokens, "%s recorded the server's tokens", c.Arm)
		assert.Nil(t, c.Dollars, "%s: no price, no dollars", c.Arm)
	}
	for _, q := range r.Quantities {
		if q.Kind == study.KindPass || q.Kind == study.KindSelect {
			assert.InDelta(t, 3*r.Costs[1].Tokens, *q.Tokens, 1e-6, "%s: k attempts' recorded cost", q.Name)
		}
	}
	unpriced := map[string]bool{}
	for _, f := range r.Flags {
		if f.Kind == study.FlagUnpriced {
			unpriced[f.Arm] = true
		}
	}
	assert.Equal(t, map[string]bool{"swarm": true, "attempts": true, "big": true}, unpriced)
	info, err := os.Stat(filepath.Join(out, "tiny.html"))
	require.NoError(t, err)
	assert.Positive(t, info.Size())
}
