package swarm

// StoreKeyMetrics is the store key of the swarm's metrics.
const StoreKeyMetrics = "inspect_swarm:metrics"

// Delivery modes of a member's channel notices.
const (
	DeliveryNotify = "notify"
	DeliveryPoll   = "poll"
)

// Metrics is Inspect Swarm 0.1.0's SwarmMetrics (version 1), written once
// per sample beside the ledger, in the store under [StoreKeyMetrics] and
// as a "metrics" evidence event. Tokens and cost are the ledger's; its
// completeness claims say whether they are complete.
type Metrics struct {
	Version int `json:"version"`
	// Tokens and Cost are the swarm meter's total tokens and dollars.
	Tokens int64 `json:"tokens"`
	Cost   Float `json:"cost"`
	// WallClock is seconds from the swarm's start to its end.
	WallClock Float           `json:"wall_clock"`
	Members   []MemberMetrics `json:"members"`
	// NeverActed are the members with no completed model call, in roster
	// order.
	NeverActed []string `json:"never_acted"`
	// NotifyUnwired and ToolsUnwired are always empty: the host injects
	// notices and channel tools itself, so no member can miss them.
	NotifyUnwired []string `json:"notify_unwired"`
	ToolsUnwired  []string `json:"tools_unwired"`
	// StepsToAnswer is the chosen member's steps (null: no answer);
	// LongestMemberSteps the largest step count of any member. A member's
	// steps are its completed model calls, cache replays included.
	StepsToAnswer      *int `json:"steps_to_answer"`
	LongestMemberSteps int  `json:"longest_member_steps"`
}

// MemberMetrics is one member's metrics.
type MemberMetrics struct {
	Name   string `json:"name"`
	Tokens int64  `json:"tokens"`
	Cost   Float  `json:"cost"`
	// RunningTime is seconds from its start to its end (null: never started).
	RunningTime *Float `json:"running_time"`
	// LongestIdenticalToolRun is the longest run of consecutive tool calls
	// with the same function and arguments (0: no tool call).
	LongestIdenticalToolRun *int   `json:"longest_identical_tool_run"`
	GateChecks              int    `json:"gate_checks"`
	GatePasses              int    `json:"gate_passes"`
	FirstPassTime           *Float `json:"first_pass_time"`
	// DeliveryEffective is the member's notice delivery, notify or poll.
	DeliveryEffective string `json:"delivery_effective"`
	// Comm is its communication per channel with records, in the order
	// the swarm opened them, zeros included; empty without such a channel.
	Comm CommByChannel `json:"comm"`
	// Waits, WaitsByOutcome, WaitTime and IdleTime are null in a swarm
	// that offers no wait.
	Waits          *int           `json:"waits"`
	WaitsByOutcome map[string]int `json:"waits_by_outcome"`
	WaitTime       *Float         `json:"wait_time"`
	IdleTime       *Float         `json:"idle_time"`
}

// CommMetrics is one member's communication over one channel with
// records.
type CommMetrics struct {
	// Records delivered, and their payloads' UTF-8 bytes.
	Records     int `json:"records"`
	RecordBytes int `json:"record_bytes"`
	// Rejections counts sends refused, by the control that refused them
	// (a control that refused none is absent).
	Rejections map[string]int `json:"rejections"`
	// Reads showed the channel's content, Listings a listing of it.
	Reads    int `json:"reads"`
	Listings int `json:"listings"`
	// Notices added to the member's loop with a line for the channel.
	Notices int `json:"notices"`
}
