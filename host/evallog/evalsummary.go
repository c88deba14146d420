package evallog

import "github.com/swarmhost/swarmhost/host/evallog/jsonenc"

// EvalSampleSummary is a sample's summary as an .eval log keeps it (inspect_ai's
// EvalSampleSummary): what Inspect's log list and samples_df read without opening the sample.
type EvalSampleSummary struct {
	ID           SampleID              `json:"id"`
	Epoch        int                   `json:"epoch"`
	Input        Input                 `json:"input"`
	Choices      []string              `json:"choices,omitempty"`
	Target       Target                `json:"target"`
	Metadata     map[string]any        `json:"metadata"`
	Scores       map[string]Score      `json:"scores,omitempty"`
	ModelUsage   map[string]ModelUsage `json:"model_usage"`
	RoleUsage    map[string]ModelUsage `json:"role_usage"`
	StartedAt    Time                  `json:"started_at,omitzero"`
	CompletedAt  Time                  `json:"completed_at,omitzero"`
	TotalTime    *float64              `json:"total_time,omitempty"`
	WorkingTime  *float64              `json:"working_time,omitempty"`
	UUID         string                `json:"uuid,omitempty"`
	Error        string                `json:"error,omitempty"`
	Limit        string                `json:"limit,omitempty"`
	Retries      int                   `json:"retries"`
	Completed    bool                  `json:"completed"`
	MessageCount int                   `json:"message_count"`
	TurnCount    *int                  `json:"turn_count,omitempty"`
}

// MarshalJSON writes metadata and the usage maps as {} when nil.
func (s EvalSampleSummary) MarshalJSON() ([]byte, error) {
	type plain EvalSampleSummary
	s.Metadata = emptyMap(s.Metadata)
	s.ModelUsage = emptyMap(s.ModelUsage)
	s.RoleUsage = emptyMap(s.RoleUsage)
	return jsonenc.Marshal(plain(s))
}

// summaryOf is a finished sample's summary.
func summaryOf(s EvalSample) EvalSampleSummary {
	sum := EvalSampleSummary{ID: s.ID, Epoch: s.Epoch, Input: s.Input, Choices: s.Choices, Target: s.Target,
		Metadata: s.Metadata, Scores: s.Scores, ModelUsage: s.ModelUsage, RoleUsage: s.RoleUsage,
		StartedAt: s.StartedAt, CompletedAt: s.CompletedAt, TotalTime: s.TotalTime, WorkingTime: s.WorkingTime,
		UUID: s.UUID, Retries: len(s.ErrorRetries), Completed: true, MessageCount: len(s.Messages),
		TurnCount: s.TurnCount}
	if s.Error != nil {
		sum.Error = s.Error.Message
	}
	if s.Limit != nil {
		sum.Limit = s.Limit.Type
	}
	return sum
}
