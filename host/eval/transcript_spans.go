package eval

import (
	"iter"
	"sort"
	"strconv"

	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/logconv"
)

// opening is the init span with the sample_init event, then the solvers
// span (with, for an Inspect task whose setup steps called the model, a
// "setup" solver span holding those calls), and the solver and swarm spans
// opening.
func (t *transcript) opening() iter.Seq[evallog.Event] {
	at := t.s.started
	evs := []evallog.Event{
		t.begin(at, t.ids.init, "", evallog.SpanTypeInit, "init"),
		&evallog.SampleInitEvent{EventBase: t.base(at, t.ids.init), Sample: t.initSample(), State: t.initState()},
		t.end(at, t.ids.init),
		t.begin(at, t.ids.solvers, "", evallog.SpanTypeSolvers, "solvers"),
	}
	if setup := t.s.setupEvents(); len(setup) > 0 {
		id := evallog.NewID()
		evs = append(evs, t.begin(setup[0].Time, id, t.ids.solvers, evallog.SpanTypeSolver, setupSpanName))
		for _, e := range setup {
			evs = append(evs, logconv.ModelEvent(e, t.base(e.Time, id)))
		}
		evs = append(evs, t.end(setup[len(setup)-1].Completed, id))
	}
	return slicesOf(append(evs,
		t.begin(at, t.ids.solver, t.ids.solvers, evallog.SpanTypeSolver, solverName),
		t.begin(at, t.ids.swarm, t.ids.solver, evallog.SpanTypeAgent, swarmSpanName),
	)...)
}

// setupSpanName names the span of an Inspect task's setup steps' model calls.
const setupSpanName = "setup"

// swarmEvents is the swarm's evidence: member spans inside the swarm's.
func (t *transcript) swarmEvents() iter.Seq[evallog.Event] {
	return func(yield func(evallog.Event) bool) {
		c := newConverter(t.s.started, t.ids.swarm, t.out.Record)
		c.run(t.s.sampleEvents(t.out), yield)
	}
}

// closing is the final store of the swarm's span, the state change of the
// solver span (the answer's messages, output and store), and the spans
// closing, as Inspect records them.
func (t *transcript) closing() iter.Seq[evallog.Event] {
	at := t.finish
	store := t.storeChanges("/")
	state := t.stateChanges()
	return slicesOf(
		&evallog.StoreEvent{EventBase: t.base(at, t.ids.swarm), Changes: store},
		t.end(at, t.ids.swarm),
		&evallog.StateEvent{EventBase: t.base(at, t.ids.solver), Changes: state},
		&evallog.StoreEvent{EventBase: t.base(at, t.ids.solver), Changes: store},
		t.end(at, t.ids.solver),
		&evallog.StoreEvent{EventBase: t.base(at, t.ids.solvers), Changes: store},
		t.end(at, t.ids.solvers),
	)
}

// scoring is the scorers span: per scorer a span and its score event.
func (t *transcript) scoring() iter.Seq[evallog.Event] {
	at := t.finish
	evs := []evallog.Event{t.begin(at, t.ids.scorers, "", evallog.SpanTypeScorers, "scorers")}
	for _, sc := range t.s.r.scorers {
		score, ok := t.entry.Scores[sc.name]
		if !ok {
			continue
		}
		id := evallog.NewID()
		target := t.entry.Target
		evs = append(evs, t.begin(at, id, t.ids.scorers, evallog.SpanTypeScorer, sc.name))
		for _, e := range t.s.scorerEvents(sc.name) {
			evs = append(evs, logconv.ModelEvent(e, t.base(e.Time, id)))
		}
		evs = append(evs, &evallog.ScoreEvent{EventBase: t.base(at, id), Score: score, Target: &target, Scorer: sc.name},
			t.end(at, id))
	}
	return slicesOf(append(evs, t.end(at, t.ids.scorers))...)
}

// storeChanges adds each store key, in key order, under prefix.
func (t *transcript) storeChanges(prefix string) []evallog.JSONPatch {
	keys := make([]string, 0, len(t.entry.Store))
	for k := range t.entry.Store {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := make([]evallog.JSONPatch, 0, len(keys))
	for _, k := range keys {
		out = append(out, evallog.JSONPatch{Op: "add", Path: prefix + k, Value: t.entry.Store[k]})
	}
	return out
}

// stateChanges are the task state's changes over the solvers: the
// messages after the input, the output and the store.
func (t *transcript) stateChanges() []evallog.JSONPatch {
	var out []evallog.JSONPatch
	for i := len(t.s.input); i < len(t.entry.Messages); i++ {
		out = append(out, evallog.JSONPatch{Op: "add", Path: "/messages/" + strconv.Itoa(i), Value: t.entry.Messages[i]})
	}
	out = append(out, evallog.JSONPatch{Op: "replace", Path: "/output", Value: t.entry.Output})
	return append(out, t.storeChanges("/store/")...)
}

// initSample is the sample as sample_init records it.
func (t *transcript) initSample() map[string]any {
	smp := map[string]any{"input": t.entry.Input, "target": t.entry.Target, "id": t.entry.ID}
	if len(t.entry.Choices) > 0 {
		smp["choices"] = t.entry.Choices
	}
	if len(t.s.j.sample.Metadata) > 0 {
		smp["metadata"] = t.entry.Metadata // as the log writes it (non-finite numbers too)
	}
	return smp
}

// initState is the task state the solvers start from.
func (t *transcript) initState() map[string]any {
	return map[string]any{"messages": logconv.Messages(t.s.input), "tools": []any{}, "tool_choice": nil,
		"store": map[string]any{}, "output": evallog.ModelOutput{Model: t.s.r.defaultModel(),
			Choices: []evallog.ChatCompletionChoice{}}, "completed": false, "metadata": map[string]any{}}
}
