package main

import (
	"context"
	"fmt"

	"github.com/swarmhost/swarmhost/sdk/controller"
	"github.com/swarmhost/swarmhost/sdk/schema"
)

// StopReason is the reason vote gives when one answer holds a strict
// majority of the roster; the ledger records it as "controller:majority".
const StopReason = "majority"

// Vote starts every member with the sample input and chooses the answer
// itself (it asks for answers, and chooses once) by plurality over
// normalized answers:
// trimmed and, with ignore_case (default true), case-folded. A tie goes to
// the group whose first submission is earliest; the answer is that group's
// earliest submission, and the reason says "votes <group size>/<number of
// submissions so far>". Blank answers count as submissions but cast no
// vote; with no vote at all vote chooses nothing.
//
// With stop_on_majority the swarm stops ("majority") as soon as one answer
// has more than half the roster's votes — no later submission can change
// the winner then. By default every member runs to its own end.
//
// Each run's session keeps its config and, for stop_on_majority, how
// many submissions each normalized answer has had (an Event carries one
// submission, not the earlier ones). Choose needs no state: its request
// carries every submission.
type Vote struct{}

// NewVote returns a vote controller ready to serve.
func NewVote() *Vote { return &Vote{} }

// session is one swarm run of Vote.
type session struct {
	cfg    Config
	counts map[string]int
}

// Config is vote's config block.
type Config struct {
	StopOnMajority bool `json:"stop_on_majority"`
	IgnoreCase     bool `json:"ignore_case"`
}

// Metadata describes the plugin and its schema.
func (*Vote) Metadata(_ context.Context, _ controller.MetadataRequest, resp *controller.MetadataResponse) {
	resp.Name = "vote"
	resp.Version = "0.1.0"
	resp.Description = "start every member; the plurality answer wins (reason \"votes k/n\")"
	resp.Schema = schema.Schema{Attributes: []schema.Attribute{
		{Name: "stop_on_majority", Type: "bool", Default: false,
			Description: "stop the swarm once one answer has a strict majority of the roster"},
		{Name: "ignore_case", Type: "bool", Default: true,
			Description: "compare answers case-folded (they are always trimmed)"},
	}}
}

// Start starts every member in roster order and asks for the answers.
func (*Vote) Start(_ context.Context, req controller.StartRequest, resp *controller.StartResponse) (controller.Session, error) {
	cfg, err := decode(req.Config)
	if err != nil {
		return nil, err
	}
	for _, m := range req.Roster {
		resp.Actions = append(resp.Actions, controller.Start(m.Name, ""))
	}
	resp.FinalMode, resp.Answers = controller.FinalFirst, true
	return &session{cfg: cfg, counts: map[string]int{}}, nil
}

// Event counts a submission under stop_on_majority and stops the swarm
// when its answer reaches a strict majority of the roster.
func (s *session) Event(_ context.Context, req controller.EventRequest, resp *controller.EventResponse) error {
	if req.Event.Kind != controller.EventSubmission {
		return nil
	}
	key := normalize(req.Event.Answer, s.cfg.IgnoreCase)
	if !s.cfg.StopOnMajority || key == "" {
		return nil
	}
	s.counts[key]++
	if 2*s.counts[key] > len(req.Roster) {
		resp.Actions = []controller.Action{controller.Stop(StopReason)}
	}
	return nil
}

// Choose runs the vote over every submission so far and chooses, once,
// when the outcome is settled: one answer holds a strict majority of the
// roster (no later vote can change it), or every member has ended. Until
// then it chooses nothing, and the runtime's first rule gives the
// provisional answer.
func (s *session) Choose(_ context.Context, req controller.ChooseRequest, resp *controller.ChooseResponse) error {
	r := tally(req.Submissions, req.Roster, s.cfg.IgnoreCase)
	if r.Member != "" && (2*r.Votes > len(req.Roster) || allEnded(req.Roster)) {
		resp.Member, resp.Reason = r.Member, r.Reason()
	}
	return nil
}

// allEnded reports whether no member is pending or running.
func allEnded(roster []controller.Member) bool {
	for _, m := range roster {
		if m.State != controller.StateEnded {
			return false
		}
	}
	return true
}

func decode(c schema.Config) (Config, error) {
	cfg := Config{IgnoreCase: true}
	if err := c.Decode(&cfg); err != nil {
		return cfg, fmt.Errorf("vote: %w", err)
	}
	return cfg, nil
}

// ReadOnlyRoster says the session only reads its requests' rosters
// (controller.WithReadOnlyRoster): the SDK hands it the roster it keeps.
func (*session) ReadOnlyRoster() {}

// Interface guards.
var (
	_ controller.Controller         = (*Vote)(nil)
	_ controller.Session            = (*session)(nil)
	_ controller.WithChoose         = (*session)(nil)
	_ controller.WithReadOnlyRoster = (*session)(nil)
)
