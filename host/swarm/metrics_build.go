package swarm

import (
	"encoding/json"
	"time"
)

// BuildMetrics computes the swarm's metrics from a finished run: the
// ledger's meters, the record's gate counts and end times, the events'
// member spans and tool calls, and the channels' evidence (in).
func BuildMetrics(res *Result, in MetricsInput) Metrics {
	names := make([]string, len(res.Ledger.Members))
	for i, m := range res.Ledger.Members {
		names[i] = m.Name
	}
	spans, tools := memberActivity(res.Events)
	comm := commMetrics(names, in)
	waits := waitMetrics(names, in)
	mt := Metrics{Version: 1, Tokens: res.Ledger.Swarm.Usage.TotalTokens, Cost: res.Ledger.Swarm.Cost,
		WallClock: Float(wallClock(res.Record)), Members: make([]MemberMetrics, len(names)),
		NeverActed: []string{}, NotifyUnwired: []string{}, ToolsUnwired: []string{}}
	for i, line := range res.Ledger.Members {
		mt.Members[i] = memberMetrics(line, res.Record.Members[i], spans[line.Name], tools[line.Name],
			comm[line.Name], waits[line.Name], deliveryOf(in, line.Name))
		steps := memberSteps(line)
		if steps == 0 {
			mt.NeverActed = append(mt.NeverActed, line.Name)
		}
		mt.LongestMemberSteps = max(mt.LongestMemberSteps, steps)
		if f := res.Record.Final.Member; f != nil && *f == line.Name {
			mt.StepsToAnswer = &steps
		}
	}
	return mt
}

func memberMetrics(line LedgerMember, rec RecordMember, span spanTimes, tools []toolKey, comm CommByChannel,
	waits *waitTotals, delivery string) MemberMetrics {
	run := longestRun(tools)
	mm := MemberMetrics{Name: line.Name, Tokens: line.Meter.Usage.TotalTokens, Cost: line.Meter.Cost,
		LongestIdenticalToolRun: &run, GateChecks: rec.GateChecks, GatePasses: rec.GatePasses,
		FirstPassTime: optFloat(rec.FirstPassTime), DeliveryEffective: delivery, Comm: comm}
	if !span.begin.IsZero() {
		end := span.end
		if end.IsZero() {
			end = time.Now()
		}
		mm.RunningTime = floatPtr(end.Sub(span.begin).Seconds())
	} else if rec.State == StateEnded {
		// started and ended with no span: its message limit ended it as
		// its conversation was built (see inputOverLimit)
		mm.RunningTime = floatPtr(0)
	}
	if waits != nil {
		mm.Waits, mm.WaitsByOutcome = &waits.n, &waits.by
		mm.WaitTime, mm.IdleTime = floatPtr(waits.time), floatPtr(waits.idle)
	}
	return mm
}

// memberSteps are a member's completed model calls, cache replays included.
func memberSteps(l LedgerMember) int { return l.Calls.Calls + l.Calls.CacheReplays }

// wallClock is the swarm's duration on its clock: the last member's end.
func wallClock(rec Record) float64 {
	var end float64
	for _, m := range rec.Members {
		if m.Time != nil {
			end = max(end, *m.Time)
		}
	}
	return end
}

func deliveryOf(in MetricsInput, member string) string {
	if d := in.Delivery[member]; d != "" {
		return d
	}
	return DeliveryNotify
}

// spanTimes is when a member's span began and ended.
type spanTimes struct{ begin, end time.Time }

// toolKey is a tool call's function and canonical arguments.
type toolKey struct{ function, arguments string }

// memberActivity reads each member's span times and tool calls (in the
// order they began) from the run's events.
func memberActivity(events Events) (map[string]spanTimes, map[string][]toolKey) {
	spans, tools := map[string]spanTimes{}, map[string][]toolKey{}
	for e := range events.brief() {
		switch e.Kind {
		case EventSpanBegin:
			s := spans[e.Member]
			s.begin = e.Time
			spans[e.Member] = s
		case EventSpanEnd:
			s := spans[e.Member]
			s.end = e.Time
			spans[e.Member] = s
		case EventTool:
			// encoding/json sorts map keys, so equal arguments encode alike.
			args, _ := json.Marshal(e.Call.Arguments)
			tools[e.Member] = append(tools[e.Member], toolKey{e.Call.Function, string(args)})
		}
	}
	return spans, tools
}

// longestRun is the longest run of consecutive equal tool calls.
func longestRun(calls []toolKey) int {
	longest, run := 0, 0
	for i, c := range calls {
		if i > 0 && c == calls[i-1] {
			run++
		} else {
			run = 1
		}
		longest = max(longest, run)
	}
	return longest
}
