package scorer_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/swarmhost/swarmhost/sdk/model"
	"github.com/swarmhost/swarmhost/sdk/schema"
	"github.com/swarmhost/swarmhost/sdk/scorer"
	"github.com/swarmhost/swarmhost/sdk/sdktest"
)

// Match compares the answer with the targets and reports whether the
// chosen member also left its answer in answer.txt in its sandbox.
type Match struct{}

// MatchConfig is Match's config block.
type MatchConfig struct {
	IgnoreCase bool `json:"ignore_case"`
}

// Metadata describes the plugin and its config schema.
func (Match) Metadata(_ context.Context, _ scorer.MetadataRequest, resp *scorer.MetadataResponse) {
	resp.Name = "match"
	resp.Version = "1.0.0"
	resp.Schema = schema.Schema{Attributes: []schema.Attribute{
		{Name: "ignore_case", Type: "bool", Default: false, Description: "compare case-insensitively"},
	}}
}

// Score grades the swarm's output; the sandbox is read-only.
func (Match) Score(ctx context.Context, req scorer.ScoreRequest, resp *scorer.ScoreResponse) error {
	var cfg MatchConfig
	if err := req.Config.Decode(&cfg); err != nil {
		return err
	}
	answer := strings.TrimSpace(req.Output.Completion)
	resp.Score = scorer.Score{Value: scorer.Incorrect, Answer: scorer.Text(answer), Explanation: req.Output.Completion}
	for _, target := range req.Sample.Target {
		if answer == target || cfg.IgnoreCase && strings.EqualFold(answer, target) {
			resp.Score.Value = scorer.Correct
		}
	}
	if final := req.Record.Final.Member; final != nil {
		sandbox := ""
		for _, m := range req.Record.Members {
			if m.Name == *final && m.Sandbox != nil {
				sandbox = *m.Sandbox
			}
		}
		_, err := req.Host.ReadFile(ctx, sandbox, "answer.txt")
		resp.Score.Metadata = map[string]any{"answer_file": err == nil}
	}
	return nil
}

var _ scorer.Scorer = Match{}

// A scorer run through the real gRPC layer with sdktest, reading a member's
// sandbox from a fake host.
func Example_match() {
	t := &exampleT{}
	defer t.close()

	s := sdktest.Scorer(t, Match{})
	cfg, _ := schema.ConfigFrom(MatchConfig{IgnoreCase: true})
	member, sandbox := "solver-2", "solver-2"
	record := scorer.Record{
		Members: []scorer.RecordMember{{Name: "solver-1"}, {Name: "solver-2", Sandbox: &sandbox}},
		Final:   scorer.RecordFinal{Member: &member},
	}
	host := &sdktest.ScorerHost{Files: map[string]map[string]string{"solver-2": {"answer.txt": "paris"}}}
	for _, completion := range []string{" paris\n", "Lyon"} {
		var resp scorer.ScoreResponse
		err := s.Score(context.Background(), scorer.ScoreRequest{
			Config: cfg,
			Sample: scorer.Sample{ID: "capital-fr", Target: []string{"Paris"}},
			Output: model.TextOutput("mockllm/model", completion),
			Record: record,
			Host:   host,
		}, &resp)
		if err != nil {
			fmt.Println("error:", err)
			return
		}
		fmt.Printf("%s %q answer_file=%v\n", resp.Score.Value, *resp.Score.Answer, resp.Score.Metadata["answer_file"])
	}
	// Output:
	// C "paris" answer_file=true
	// I "Lyon" answer_file=true
}

// exampleT is the part of testing.TB that sdktest uses, for an Example,
// which has no *testing.T. Cleanups run on close.
type exampleT struct {
	testing.TB
	cleanups []func()
}

func (*exampleT) Helper()                           {}
func (t *exampleT) Cleanup(f func())                { t.cleanups = append(t.cleanups, f) }
func (*exampleT) Fatal(args ...any)                 { panic(fmt.Sprint(args...)) }
func (*exampleT) Fatalf(format string, args ...any) { panic(fmt.Sprintf(format, args...)) }

func (t *exampleT) close() {
	for i := len(t.cleanups) - 1; i >= 0; i-- {
		t.cleanups[i]()
	}
}
