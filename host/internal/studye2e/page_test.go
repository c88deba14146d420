package studye2e

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/study"
)

// screenshot, when set, is where TestReportPageInChromium saves its
// full-page screenshot of the example's report (the README's picture):
//
//	go test ./host/internal/studye2e -run TestReportPageInChromium -args -screenshot=$PWD/examples/study/report.png
var screenshot = flag.String("screenshot", "", "save the example report's screenshot to this PNG")

// rendered is what testdata/page.js saw of a page.
type rendered struct {
	Title    string          `json:"title"`
	Tables   []renderedTable `json:"tables"`
	Charts   []renderedChart `json:"charts"`
	Scripts  int             `json:"scripts"`
	Requests []string        `json:"requests"`
	Errors   []string        `json:"errors"`
}

type renderedTable struct {
	ID      string   `json:"id"`
	Arm     string   `json:"arm"`
	Class   string   `json:"class"`
	Visible bool     `json:"visible"`
	Header  []string `json:"header"`
	Rows    []struct {
		Data  map[string]string `json:"data"`
		Cells []struct {
			Text  string  `json:"text"`
			Value *string `json:"value"`
		} `json:"cells"`
	} `json:"rows"`
}

type renderedChart struct {
	ID     string           `json:"id"`
	W      float64          `json:"w"`
	H      float64          `json:"h"`
	Marks  []map[string]any `json:"marks"`
	Series []string         `json:"series"`
	Texts  []string         `json:"texts"`
}

// openPage renders path in headless Chromium with testdata/page.js.
func openPage(t *testing.T, path, shot string) rendered {
	t.Helper()
	deps := browser.run(t)
	require.Len(t, deps, 2, "scripts/viewer-deps.sh prints chromium and node_modules")
	args := []string{repoPath("host", "internal", "studye2e", "testdata", "page.js"), deps[1], deps[0], t.TempDir(), "file://" + path}
	if shot != "" {
		args = append(args, shot)
	}
	cmd := exec.Command("node", args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Run(), "page.js:\n%s", stderr.String())
	var r rendered
	require.NoError(t, json.Unmarshal(bytes.TrimSpace(stdout.Bytes()), &r), stdout.String())
	return r
}

// TestReportPageInChromium opens examples/study's report page in headless
// Chromium, offline, and checks that every table and chart rendered with
// the numbers of the report's JSON (themselves checked by hand in
// TestStudyExample): the page asks for nothing, runs no script, and each
// chart mark sits inside its chart with its quantity's value, k and cost.
func TestReportPageInChromium(t *testing.T) {
	t.Parallel()
	ex := runExample(t)
	page := openPage(t, ex.html, *screenshot)
	r := ex.report
	assert.Empty(t, page.Requests, "a self-contained page fetches nothing")
	assert.Empty(t, page.Errors)
	assert.Zero(t, page.Scripts)
	assert.Equal(t, "Study doors", page.Title)
	tables := map[string]renderedTable{}
	for _, tb := range page.Tables {
		assert.True(t, tb.Visible, "table %s%s rendered", tb.ID, tb.Arm)
		key := tb.ID
		if key == "" {
			key = tb.Class + tb.Arm
		}
		tables[key] = tb
	}
	checkQuantityTable(t, tables["table-quantities"], r)
	checkPairTable(t, tables["table-pairs"], r)
	checkMemberTables(t, tables, r)
	flags := tables["table-flags"]
	require.Len(t, flags.Rows, 1)
	assert.Contains(t, flags.Rows[0].Cells[0].Text, "No flag")
	charts := map[string]renderedChart{}
	for _, c := range page.Charts {
		assert.Positive(t, c.W*c.H, "chart %s has a size", c.ID)
		for _, m := range c.Marks {
			assert.True(t, m["inside"].(bool), "chart %s: mark %v inside", c.ID, m)
			assert.Positive(t, m["w"].(float64)+m["h"].(float64), "chart %s: mark %v drawn", c.ID, m)
		}
		charts[c.ID] = c
	}
	assert.Len(t, charts, 4, "quantities, pairs, tokens and dollars")
	checkQuantityChart(t, charts["chart-quantities"], r)
	checkPairChart(t, charts["chart-pairs"], r)
	checkCostChart(t, charts["chart-cost-tokens"], r, false)
	checkCostChart(t, charts["chart-cost-dollars"], r, true)
}

// num parses a data-value attribute.
func num(t *testing.T, s string) float64 {
	t.Helper()
	f, err := strconv.ParseFloat(s, 64)
	require.NoError(t, err, "data-value %q", s)
	return f
}

func checkQuantityTable(t *testing.T, tb renderedTable, r *study.Report) {
	t.Helper()
	require.Len(t, tb.Rows, len(r.Quantities))
	for i, q := range r.Quantities {
		row := tb.Rows[i]
		assert.Equal(t, q.Name, row.Data["name"])
		assert.Equal(t, q.Arm, row.Data["arm"])
		value := row.Cells[3]
		assert.Equal(t, fmt.Sprintf("%.3f", *q.Value), value.Text, q.Name)
		assert.InDelta(t, *q.Value, num(t, *value.Value), 1e-12, q.Name)
		assert.Equal(t, fmt.Sprintf("%.3f", *q.Stderr), row.Cells[4].Text, q.Name)
		assert.Equal(t, strconv.FormatFloat(*q.Tokens, 'f', 0, 64), row.Cells[6].Text, q.Name)
		assert.Equal(t, fmt.Sprintf("$%.4f", *q.Dollars), row.Cells[7].Text, q.Name)
		assert.Equal(t, q.Oracle, strings.Contains(row.Cells[8].Text, "oracle"), q.Name)
	}
}

func checkPairTable(t *testing.T, tb renderedTable, r *study.Report) {
	t.Helper()
	require.Len(t, tb.Rows, len(r.Pairs))
	for i, p := range r.Pairs {
		row := tb.Rows[i]
		assert.Equal(t, p.A+" − "+p.B, row.Cells[0].Text)
		assert.Equal(t, fmt.Sprintf("%+.3f", *p.Mean), row.Cells[2].Text)
		assert.Equal(t, fmt.Sprintf("[%+.3f, %+.3f]", *p.Low, *p.High), row.Cells[3].Text)
		assert.Equal(t, strconv.Itoa(p.Samples), row.Cells[4].Text)
	}
}

func checkMemberTables(t *testing.T, tables map[string]renderedTable, r *study.Report) {
	t.Helper()
	outcomes := map[string]int{}
	for _, o := range r.Outcomes {
		outcomes[o.Arm]++
	}
	for _, arm := range []string{"swarm", "attempts", "big"} {
		members := tables["table-members"+arm]
		var want []study.MemberRow
		for _, m := range r.Members {
			if m.Arm == arm {
				want = append(want, m)
			}
		}
		require.Len(t, members.Rows, len(want), arm)
		for i, m := range want {
			cells := members.Rows[i].Cells
			got := []string{cells[0].Text, cells[1].Text, cells[3].Text, cells[4].Text, cells[5].Text}
			assert.Equal(t, []string{m.Member, strconv.Itoa(m.Attempts), strconv.Itoa(m.Submitted),
				strconv.Itoa(m.Chosen), strconv.Itoa(m.Right)}, got, arm)
		}
		grid := tables["grid-table"+arm]
		assert.Len(t, grid.Rows, outcomes[arm], "%s: a grid row per attempt", arm)
	}
	// the swarm's grid marks guesser-1 chosen (★) in every attempt
	for _, row := range tables["grid-tableswarm"].Rows {
		assert.Contains(t, row.Cells[3].Text, "★", row.Data["sample"])
		assert.NotContains(t, row.Cells[4].Text, "★", row.Data["sample"])
	}
}

func checkQuantityChart(t *testing.T, c renderedChart, r *study.Report) {
	t.Helper()
	require.Len(t, c.Marks, len(r.Quantities))
	for i, q := range r.Quantities {
		assert.Equal(t, q.Name+" · "+q.Arm, c.Marks[i]["name"])
		assert.InDelta(t, *q.Value, num(t, c.Marks[i]["value"].(string)), 1e-12)
		assert.Contains(t, c.Texts, fmt.Sprintf("%.3f", *q.Value))
	}
}

func checkPairChart(t *testing.T, c renderedChart, r *study.Report) {
	t.Helper()
	require.Len(t, c.Marks, len(r.Pairs))
	for i, p := range r.Pairs {
		m := c.Marks[i]
		assert.InDelta(t, *p.Mean, num(t, m["value"].(string)), 1e-12)
		assert.InDelta(t, *p.Low, num(t, m["low"].(string)), 1e-12)
		assert.InDelta(t, *p.High, num(t, m["high"].(string)), 1e-12)
	}
}

// checkCostChart: one series per curve, one mark per point, in order, each
// with its value, k and recorded cost.
func checkCostChart(t *testing.T, c renderedChart, r *study.Report, inDollars bool) {
	t.Helper()
	var names []string
	var points []study.Point
	for _, cv := range r.Curves {
		names = append(names, cv.Name)
		points = append(points, cv.Points...)
	}
	assert.Equal(t, names, c.Series, c.ID)
	require.Len(t, c.Marks, len(points), c.ID)
	for i, p := range points {
		m := c.Marks[i]
		assert.InDelta(t, p.Value, num(t, m["value"].(string)), 1e-12, "%s %d", c.ID, i)
		assert.Equal(t, strconv.Itoa(p.K), m["k"], "%s %d", c.ID, i)
		assert.InDelta(t, p.Tokens, num(t, m["tokens"].(string)), 1e-9, "%s %d", c.ID, i)
		if inDollars {
			assert.InDelta(t, *p.Dollars, num(t, m["dollars"].(string)), 1e-12, "%s %d", c.ID, i)
		}
	}
}
