package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/internal/clitest"
)

// goldenView is the part of a log a golden file pins: per sample the record,
// the output, the messages and the scores.
type goldenView struct {
	Status  string          `json:"status"`
	Samples []goldenSample  `json:"samples"`
	Results json.RawMessage `json:"results"`
}

type goldenSample struct {
	ID       any             `json:"id"`
	Epoch    int             `json:"epoch"`
	Record   any             `json:"record"`
	Output   string          `json:"output"`
	Messages json.RawMessage `json:"messages"`
	Scores   json.RawMessage `json:"scores"`
	Metadata any             `json:"metadata"`
}

// times matches swarm-clock times, which vary run to run.
var times = regexp.MustCompile(`"(time|first_pass_time)": [0-9.e-]+`)

func TestGoldenSuites(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"first", "last", "none", "stopped"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			code, sum, errOut := runJSON(t, repoPath("host", "e2e", "testdata", "suites", name+".hcl"))
			require.Equal(t, cli.ExitOK, code, errOut)
			got := times.ReplaceAll(goldenJSON(t, sum["log"].(string)), []byte(`"$1": "<t>"`))
			path := repoPath("host", "e2e", "testdata", "golden", name+".golden.json")
			if *clitest.Update {
				require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
				require.NoError(t, os.WriteFile(path, got, 0o644))
			}
			want, err := os.ReadFile(path)
			require.NoError(t, err)
			assert.Equal(t, string(want), string(got))
			validateLogFile(t, sum["log"].(string))
		})
	}
}

func goldenJSON(t *testing.T, logPath string) []byte {
	t.Helper()
	l, err := evallog.Read(logPath)
	require.NoError(t, err)
	records := rawRecords(t, logPath)
	v := goldenView{Status: l.Status, Results: mustMarshal(t, l.Results)}
	for i, s := range l.Samples {
		for j := range s.Messages {
			require.NotEmpty(t, s.Messages[j].ID, "sample %d message %d has an id", i, j)
			s.Messages[j].ID = "" // random
		}
		v.Samples = append(v.Samples, goldenSample{ID: s.ID, Epoch: s.Epoch, Record: records[i],
			Output: s.Output.Completion, Messages: mustMarshal(t, s.Messages), Scores: mustMarshal(t, s.Scores),
			Metadata: s.Metadata})
	}
	b, err := json.MarshalIndent(v, "", "  ")
	require.NoError(t, err)
	return append(b, '\n')
}

// rawRecords returns each sample's record exactly as written in the file,
// so the golden pins its field order (SPEC §9).
func rawRecords(t *testing.T, logPath string) []json.RawMessage {
	t.Helper()
	data, err := os.ReadFile(logPath)
	require.NoError(t, err)
	var raw struct {
		Samples []struct {
			Store map[string]json.RawMessage `json:"store"`
		} `json:"samples"`
	}
	require.NoError(t, json.Unmarshal(data, &raw))
	out := make([]json.RawMessage, len(raw.Samples))
	for i, s := range raw.Samples {
		out[i] = s.Store["inspect_swarm:result"]
	}
	return out
}

func mustMarshal(t *testing.T, v any) json.RawMessage {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return b
}
