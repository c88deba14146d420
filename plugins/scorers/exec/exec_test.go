package main

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/swarmhost/swarmhost/plugins/scorers/internal/plugintest"
	"github.com/swarmhost/swarmhost/sdk/diag"
	"github.com/swarmhost/swarmhost/sdk/model"
	"github.com/swarmhost/swarmhost/sdk/scorer"
	"github.com/swarmhost/swarmhost/sdk/sdktest"
)

// member builds a record entry; an empty sandbox means the shared one.
func member(name, sandbox string) scorer.RecordMember {
	m := scorer.RecordMember{Name: name, State: "ended"}
	if sandbox != "" {
		m.Sandbox = &sandbox
	}
	return m
}

// exitCodes fakes the host: each sandbox's command exits with its code, and
// the sandboxes asked for are recorded.
type exitCodes struct {
	codes map[string]int
	mu    sync.Mutex
	seen  []string
	reqs  []scorer.ExecRequest
}

func (e *exitCodes) host() *sdktest.ScorerHost {
	return &sdktest.ScorerHost{ExecFunc: func(_ context.Context, req scorer.ExecRequest) (scorer.ExecResult, error) {
		e.mu.Lock()
		defer e.mu.Unlock()
		e.seen = append(e.seen, req.Sandbox)
		e.reqs = append(e.reqs, req)
		code, ok := e.codes[req.Sandbox]
		if !ok {
			return scorer.ExecResult{}, errors.New("no such sandbox")
		}
		return scorer.ExecResult{ExitCode: code}, nil
	}}
}

func TestExecScore(t *testing.T) {
	t.Parallel()
	three := []scorer.RecordMember{member("react-1", "react-1"), member("react-2", "react-2"), member("react-3", "react-3")}
	tests := map[string]struct {
		set         map[string]any
		members     []scorer.RecordMember
		codes       map[string]int
		wantValue   string
		wantPassed  []any
		wantSeen    []string
		explanation string
	}{
		"one of three passes": {
			members: three, codes: map[string]int{"react-1": 1, "react-2": 0, "react-3": 2},
			wantValue: scorer.Correct, wantPassed: []any{"react-2"}, wantSeen: []string{"react-1", "react-2", "react-3"},
			explanation: "1 of 3 members passed.\n" +
				"react-1 (sandbox \"react-1\"): exit 1\n" +
				"react-2 (sandbox \"react-2\"): exit 0, passed\n" +
				"react-3 (sandbox \"react-3\"): exit 2",
		},
		"none passes": {
			members: three, codes: map[string]int{"react-1": 1, "react-2": 1, "react-3": 137},
			wantValue: scorer.Incorrect, wantPassed: []any{}, wantSeen: []string{"react-1", "react-2", "react-3"},
			explanation: "0 of 3 members passed.\n" +
				"react-1 (sandbox \"react-1\"): exit 1\n" +
				"react-2 (sandbox \"react-2\"): exit 1\n" +
				"react-3 (sandbox \"react-3\"): exit 137",
		},
		"member restricts to one": {
			set:       map[string]any{"member": "x"},
			members:   []scorer.RecordMember{member("w", "w"), member("x", "x"), member("y", "y")},
			codes:     map[string]int{"w": 0, "x": 0, "y": 0},
			wantValue: scorer.Correct, wantPassed: []any{"x"}, wantSeen: []string{"x"},
			explanation: "1 of 1 members passed.\nx (sandbox \"x\"): exit 0, passed",
		},
		"member failing while others would pass": {
			set:       map[string]any{"member": "x"},
			members:   []scorer.RecordMember{member("w", "w"), member("x", "x")},
			codes:     map[string]int{"w": 0, "x": 3},
			wantValue: scorer.Incorrect, wantPassed: []any{}, wantSeen: []string{"x"},
			explanation: "0 of 1 members passed.\nx (sandbox \"x\"): exit 3",
		},
		"shared sandbox": {
			members:   []scorer.RecordMember{member("a", ""), member("b", "")},
			codes:     map[string]int{"": 0},
			wantValue: scorer.Correct, wantPassed: []any{"a", "b"}, wantSeen: []string{"", ""},
			explanation: "2 of 2 members passed.\n" +
				"a (the shared sandbox): exit 0, passed\n" +
				"b (the shared sandbox): exit 0, passed",
		},
		"unknown member": {
			set:       map[string]any{"member": "z"},
			members:   []scorer.RecordMember{member("w", "w"), member("x", "x")},
			wantValue: scorer.Incorrect, wantPassed: []any{},
			explanation: `No member named "z" in the result record (members: w, x).`,
		},
		"empty record": {
			wantValue: scorer.Incorrect, wantPassed: []any{},
			explanation: "The result record lists no members.",
		},
	}
	s := sdktest.Scorer(t, &Exec{})
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			set := map[string]any{"command": []string{"sh", "/tests/run.sh"}}
			for k, v := range tc.set {
				set[k] = v
			}
			fake := &exitCodes{codes: tc.codes}
			var resp scorer.ScoreResponse
			err := s.Score(context.Background(), scorer.ScoreRequest{
				Config: plugintest.Config(t, &Exec{}, set),
				Output: model.TextOutput("mockllm/model", "done"),
				Record: scorer.Record{Version: 1, Members: tc.members},
				Host:   fake.host(),
			}, &resp)
			if err != nil {
				t.Fatalf("Score: %v", err)
			}
			want := scorer.Score{Value: tc.wantValue, Explanation: tc.explanation,
				Metadata: map[string]any{"passed": tc.wantPassed}}
			if diff := cmp.Diff(want, resp.Score); diff != "" {
				t.Errorf("score (-want +got):\n%s", diff)
			}
			slices.Sort(fake.seen) // runs are concurrent
			if diff := cmp.Diff(tc.wantSeen, fake.seen); diff != "" {
				t.Errorf("sandboxes run (-want +got):\n%s", diff)
			}
		})
	}
}

func TestExecSendsCommandAndTimeout(t *testing.T) {
	t.Parallel()
	fake := &exitCodes{codes: map[string]int{"m": 0}}
	set := map[string]any{"command": []string{"pytest", "-q", "tests/"}, "timeout": "90s"}
	var resp scorer.ScoreResponse
	err := sdktest.Scorer(t, &Exec{}).Score(context.Background(), scorer.ScoreRequest{
		Config: plugintest.Config(t, &Exec{}, set),
		Record: scorer.Record{Members: []scorer.RecordMember{member("m", "m")}},
		Host:   fake.host(),
	}, &resp)
	if err != nil {
		t.Fatalf("Score: %v", err)
	}
	want := []scorer.ExecRequest{{Sandbox: "m", Command: []string{"pytest", "-q", "tests/"}, Timeout: 90 * time.Second}}
	if diff := cmp.Diff(want, fake.reqs); diff != "" {
		t.Errorf("exec requests (-want +got):\n%s", diff)
	}
}

func TestExecFailureIsAnError(t *testing.T) {
	t.Parallel()
	fake := &exitCodes{codes: map[string]int{"a": 0}} // "b" has no sandbox
	var resp scorer.ScoreResponse
	err := sdktest.Scorer(t, &Exec{}).Score(context.Background(), scorer.ScoreRequest{
		Config: plugintest.Config(t, &Exec{}, map[string]any{"command": []string{"true"}}),
		Record: scorer.Record{Members: []scorer.RecordMember{member("a", "a"), member("b", "b")}},
		Host:   fake.host(),
	}, &resp)
	if err == nil {
		t.Fatal("Score succeeded; want the exec failure as an error")
	}
}

func TestExecValidateConfig(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		set  map[string]any
		want []string // paths of error diagnostics
	}{
		"defaults":      {set: map[string]any{"command": []string{"sh", "/tests/run.sh"}}},
		"every option":  {set: map[string]any{"command": []string{"make", "test"}, "member": "react-1", "timeout": "5m"}},
		"no command":    {set: map[string]any{"command": []string{}}, want: []string{"command"}},
		"empty program": {set: map[string]any{"command": []string{""}}, want: []string{"command"}},
		"empty member":  {set: map[string]any{"command": []string{"true"}, "member": ""}, want: []string{"member"}},
		"bad timeout":   {set: map[string]any{"command": []string{"true"}, "timeout": "soon"}, want: []string{"timeout"}},
		"zero timeout":  {set: map[string]any{"command": []string{"true"}, "timeout": "0s"}, want: []string{"timeout"}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var got []string
			for _, d := range plugintest.Validate(t, &Exec{}, tc.set) {
				if d.Severity == diag.Error {
					got = append(got, d.Path.String())
				}
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("diagnostic paths (-want +got):\n%s", diff)
			}
		})
	}
}

// TestExecInNamedSandbox is the comparator pattern: with sandbox, every
// member's run goes to that sandbox, the member's name appended.
func TestExecInNamedSandbox(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var got [][]string
	host := &sdktest.ScorerHost{ExecFunc: func(_ context.Context, req scorer.ExecRequest) (scorer.ExecResult, error) {
		mu.Lock()
		defer mu.Unlock()
		if req.Sandbox != "comparator" {
			return scorer.ExecResult{}, errors.New("not the comparator: " + req.Sandbox)
		}
		got = append(got, req.Command)
		code := 1
		if req.Command[len(req.Command)-1] == "b" {
			code = 0
		}
		return scorer.ExecResult{ExitCode: code}, nil
	}}
	set := map[string]any{"command": []string{"verify"}, "sandbox": "comparator"}
	var resp scorer.ScoreResponse
	err := sdktest.Scorer(t, &Exec{}).Score(context.Background(), scorer.ScoreRequest{
		Config: plugintest.Config(t, &Exec{}, set),
		Record: scorer.Record{Members: []scorer.RecordMember{member("a", "a"), member("b", "b")}},
		Host:   host,
	}, &resp)
	if err != nil {
		t.Fatalf("Score: %v", err)
	}
	if resp.Score.Value != scorer.Correct {
		t.Fatalf("score %v, want CORRECT", resp.Score.Value)
	}
	slices.SortFunc(got, slices.Compare)
	if diff := cmp.Diff([][]string{{"verify", "a"}, {"verify", "b"}}, got); diff != "" {
		t.Errorf("commands (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]any{"b"}, resp.Score.Metadata["passed"]); diff != "" {
		t.Errorf("passed (-want +got):\n%s", diff)
	}
}

// TestExecReads: exec reads the record (TestExecScore gets it through the
// SDK's harness, which leaves out what a scorer does not read) and never
// the store.
func TestExecReads(t *testing.T) {
	t.Parallel()
	if got := scorer.ReadsOf(&Exec{}); got != scorer.ReadsRecord {
		t.Errorf("ReadsOf = %v, want ReadsRecord", got)
	}
}
