package plugintest

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/swarmhost/swarmhost/sdk/internal/wire"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// Result is what one `swarmhost run` produced.
type Result struct {
	// Code is swarmhost's exit code ([ExitOK], [ExitFailed], [ExitUsage]).
	Code int
	// Stdout and Stderr are its output.
	Stdout, Stderr string
	// Summaries are its --json lines, one per eval.
	Summaries []Summary
	// Diagnostics are the suite's, from `swarmhost validate --json`, when
	// the run exited [ExitUsage].
	Diagnostics []Diagnostic

	suitePath string
	samples   []evalSamples
}

// Summary is one eval's --json line of `swarmhost run`.
type Summary struct {
	// Eval, Task and Status ("success", "error", ...) are the eval's.
	Eval, Task, Status string
	// Log is the log file the eval wrote.
	Log string
	// Scores are the metrics by scorer and metric name.
	Scores map[string]map[string]*float64
	// Samples is how many samples ran; Error is the eval's error, if any.
	Samples int
	Error   string
}

// Diagnostic is one diagnostic of `swarmhost validate --json`: how bad,
// what it says, and where. File is relative to the suite's directory
// ("suite.hcl" for the test's HCL, whose lines are the test's own); Line
// and Column are 1-based, 0 when it points nowhere.
type Diagnostic struct {
	Severity string `json:"severity"`
	Summary  string `json:"summary"`
	Detail   string `json:"detail"`
	File     string `json:"file"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
}

// String is "file:line,column: severity: summary; detail".
func (d Diagnostic) String() string {
	where := d.File
	if d.Line > 0 {
		where += fmt.Sprintf(":%d,%d", d.Line, d.Column)
	}
	s := fmt.Sprintf("%s: %s: %s", cmpOrString(where, "(no file)"), d.Severity, d.Summary)
	if d.Detail != "" {
		s += "; " + d.Detail
	}
	return s
}

// RequireOK fails the test unless every eval succeeded (exit 0), with the
// suite's diagnostics, one a line and at the suite's own lines, or the
// run's stderr.
func (r *Result) RequireOK(t testing.TB) {
	t.Helper()
	if r.Code == ExitOK {
		return
	}
	if len(r.Diagnostics) > 0 {
		lines := make([]string, len(r.Diagnostics))
		for i, d := range r.Diagnostics {
			lines[i] = d.String()
		}
		t.Fatalf("swarmhost run exited %d: the suite is invalid:\n%s", r.Code, strings.Join(lines, "\n"))
	}
	t.Fatalf("swarmhost run exited %d:\n%s", r.Code, r.Stderr)
}

// Sample is one sample of a run's log.
type Sample struct {
	// Eval names the eval whose log holds the sample.
	Eval string
	// ID and Epoch identify the sample.
	ID    any
	Epoch int
	// Answer is the swarm's final answer (the output's completion).
	Answer string
	// Scores are each scorer's value, by scorer name; ScoreAnswers the
	// answers the scorers recorded (nil for none).
	Scores       map[string]any
	ScoreAnswers map[string]*string
	// Error is the sample's error message, "" for none.
	Error string
	// Record is the swarm's result record (members and their statuses,
	// the final answer's member).
	Record scorer.Record
	// JSON is the sample as the log holds it, for anything else (a NaN
	// or infinite number is written as a string there).
	JSON json.RawMessage
}

// Statuses are the members' statuses by name ("" for a member without).
func (s Sample) Statuses() map[string]string {
	out := map[string]string{}
	for _, m := range s.Record.Members {
		out[m.Name] = ""
		if m.Status != nil {
			out[m.Name] = *m.Status
		}
	}
	return out
}

// evalSamples are the samples of one eval's log.
type evalSamples struct {
	eval    string
	samples []Sample
}

// Samples reads every sample of every log the run wrote, in log order; it
// fails the test when the run wrote none.
func (r *Result) Samples(t testing.TB) []Sample {
	t.Helper()
	if r.samples == nil {
		for _, sum := range r.Summaries {
			samples, err := readSamples(sum.Log)
			if err != nil {
				t.Fatalf("plugintest: %v", err)
			}
			r.samples = append(r.samples, evalSamples{sum.Eval, samples})
		}
	}
	var out []Sample
	for _, e := range r.samples {
		for _, s := range e.samples {
			s.Eval = e.eval
			out = append(out, s)
		}
	}
	if len(out) == 0 {
		t.Fatalf("plugintest: the run logged no sample (exit %d)\nstdout:\n%s\nstderr:\n%s", r.Code, r.Stdout, r.Stderr)
	}
	return out
}

// logSample is the part of an Inspect JSON log's sample the harness reads.
type logSample struct {
	ID     any `json:"id"`
	Epoch  int `json:"epoch"`
	Output struct {
		Choices []struct {
			Message struct {
				Content json.RawMessage `json:"content"`
			} `json:"message"`
		} `json:"choices"`
	} `json:"output"`
	Scores map[string]struct {
		Value  any     `json:"value"`
		Answer *string `json:"answer"`
	} `json:"scores"`
	Error *struct {
		Message string `json:"message"`
	} `json:"error"`
	Store map[string]json.RawMessage `json:"store"`
}

// readSamples reads the samples of a JSON log.
func readSamples(path string) ([]Sample, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read log: %w", err)
	}
	var log struct {
		Samples []json.RawMessage `json:"samples"`
	}
	if err := wire.DecodeNonFinite(data, &log); err != nil {
		return nil, fmt.Errorf("log %s: %w", path, err)
	}
	out := make([]Sample, 0, len(log.Samples))
	for _, raw := range log.Samples {
		s, err := sampleOf(raw)
		if err != nil {
			return nil, fmt.Errorf("log %s: %w", path, err)
		}
		out = append(out, s)
	}
	return out, nil
}

// sampleOf decodes one logged sample.
func sampleOf(raw json.RawMessage) (Sample, error) {
	var ls logSample
	if err := json.Unmarshal(raw, &ls); err != nil {
		return Sample{}, err
	}
	s := Sample{ID: ls.ID, Epoch: ls.Epoch, Scores: map[string]any{}, ScoreAnswers: map[string]*string{}, JSON: raw}
	for name, sc := range ls.Scores {
		s.Scores[name], s.ScoreAnswers[name] = wire.FromSentinels(sc.Value), sc.Answer
	}
	if ls.Error != nil {
		s.Error = ls.Error.Message
	}
	if len(ls.Output.Choices) > 0 {
		s.Answer = completion(ls.Output.Choices[0].Message.Content)
	}
	if rec, ok := ls.Store[scorer.StoreKeyResult]; ok {
		if err := json.Unmarshal(rec, &s.Record); err != nil {
			return Sample{}, fmt.Errorf("sample %v: its swarm record: %w", ls.ID, err)
		}
	}
	return s, nil
}

// completion is a message's text: a string, or its text parts joined.
func completion(content json.RawMessage) string {
	var text string
	if json.Unmarshal(content, &text) == nil {
		return text
	}
	var parts []struct{ Type, Text string }
	_ = json.Unmarshal(content, &parts)
	var b strings.Builder
	for _, p := range parts {
		if p.Type == "text" {
			b.WriteString(p.Text)
		}
	}
	return b.String()
}

// cmpOrString is s, or def when empty.
func cmpOrString(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
