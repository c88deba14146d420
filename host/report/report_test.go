package report

import (
	"bytes"
	"html/template"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/study"
)

// sampleReport compares a swarm of two with a baseline of two epochs and
// an unpriced single agent, on two samples.
func sampleReport(t *testing.T) *study.Report {
	t.Helper()
	one, zero, t1, t2 := 1.0, 0.0, 1.0, 2.0
	at := func(epoch int, score float64, time *float64, members ...study.Member) study.Attempt {
		return study.Attempt{Epoch: epoch, Score: score, Submitted: true, Time: time, Members: members, Best: &one, Mean: &score,
			Cost: study.Cost{Tokens: 100, Ledger: true, Complete: true, Attributed: true, Unpriced: 1}}
	}
	m := func(name string, chosen bool, score *float64) study.Member {
		return study.Member{Name: name, State: "ended", Status: "submitted", Submitted: true, Chosen: chosen, Score: score}
	}
	arms := []*study.Arm{
		{Label: "team", Role: config.RoleSwarm, K: 2, Rule: "first", MemberScores: true, Samples: []study.Sample{
			{ID: "a", Attempts: []study.Attempt{at(1, 1, &t1, m("x", true, &one), m("y", false, &zero))}},
			{ID: "b", Attempts: []study.Attempt{at(1, 0, &t1, m("x", true, &zero), m("y", false, &one))}}}},
		{Label: "tries", Role: config.RoleBaseline, K: 2, Samples: []study.Sample{
			{ID: "a", Attempts: []study.Attempt{at(1, 1, &t1, m("agent", true, &one)), at(2, 0, &t2, m("agent", true, &zero))}},
			{ID: "b", Attempts: []study.Attempt{at(1, 0, &t1, m("agent", true, &zero)), at(2, 1, &t2, m("agent", true, &one))}}}},
		{Label: "big <b>", Role: config.RoleSingle, K: 2, Samples: []study.Sample{
			{ID: "a", Attempts: []study.Attempt{at(1, 1, &t1, m("agent", true, &one))}},
			{ID: "b", Attempts: []study.Attempt{at(1, 1, &t1, m("agent", true, &one))}}}},
	}
	r, err := study.Compare(arms, study.Options{Study: "s", Bootstrap: config.Bootstrap{Resamples: 100, Seed: 1, Confidence: 0.9}})
	require.NoError(t, err)
	return r
}

// TestPageIsSelfContained: the page holds every quantity's value in its
// table and its chart, escapes what the logs name, and reaches for nothing
// outside itself; the unpriced calls are a flag, and with no dollars there
// is no dollar chart.
func TestPageIsSelfContained(t *testing.T) {
	t.Parallel()
	r := sampleReport(t)
	var b bytes.Buffer
	require.NoError(t, WriteHTML(&b, r))
	html := b.String()
	for _, bad := range []string{"<script", "http://", "https://", "src=", "@import", "url("} {
		assert.NotContains(t, html, bad)
	}
	assert.Contains(t, html, "big &lt;b&gt;", "labels are escaped")
	for _, q := range r.Quantities {
		if q.Value == nil {
			continue
		}
		v := `data-value="` + raw(q.Value) + `"`
		arm := template.HTMLEscapeString(q.Arm)
		assert.Regexp(t, regexp.QuoteMeta(`data-name="`+q.Name+`" data-arm="`+arm+`"`)+`[^\n]*`+regexp.QuoteMeta(v), html, "%s: its table row", q.Name)
		assert.Contains(t, html, `data-name="`+q.Name+` · `+arm+`" `+v, "%s: its bar", q.Name)
	}
	assert.Contains(t, html, `id="chart-cost-tokens"`)
	assert.NotContains(t, html, `id="chart-cost-dollars"`, "no dollars recorded")
	assert.Contains(t, html, `data-kind="unpriced_calls"`)
}

// TestWriteFiles writes the three files, whole.
func TestWriteFiles(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "out")
	files, err := Write(dir, "s", sampleReport(t))
	require.NoError(t, err)
	for _, p := range []string{files.HTML, files.JSON, files.CSV} {
		info, err := os.Stat(p)
		require.NoError(t, err)
		assert.Positive(t, info.Size(), p)
	}
	left, _ := filepath.Glob(filepath.Join(dir, "*.tmp"))
	assert.Empty(t, left)
}

// TestTicks: round ticks inside the interval.
func TestTicks(t *testing.T) {
	t.Parallel()
	assert.Equal(t, []float64{0, 0.2, 0.4, 0.6, 0.8, 1}, scale{lo: 0, hi: 1}.ticks(5))
	assert.Equal(t, []float64{0, 100, 200, 300}, scale{lo: 0, hi: 388.8}.ticks(5))
	assert.Equal(t, []float64{-0.5, 0, 0.5}, scale{lo: -0.6, hi: 0.6}.ticks(4))
	assert.Equal(t, "0", tickLabel(math.Copysign(0, -1)), "negative zero")
	assert.Equal(t, "0.0004", tickLabel(0.0004))
}
