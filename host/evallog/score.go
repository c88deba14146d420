package evallog

import (
	"encoding/json"

	"github.com/swarmhost/swarmhost/host/evallog/jsonenc"
)

// Score is one scorer's verdict on a sample (inspect_ai.scorer.Score). History holds post-hoc
// edits (ScoreEdit objects); the host writes none, Read keeps what a log has.
type Score struct {
	Value       Value             `json:"value"`
	Answer      *string           `json:"answer,omitempty"`
	Explanation *string           `json:"explanation,omitempty"`
	Metadata    map[string]any    `json:"metadata,omitempty"`
	History     []json.RawMessage `json:"history"`
}

// MarshalJSON writes history as [] when nil and non-finite metadata numbers as bare tokens.
func (s Score) MarshalJSON() ([]byte, error) {
	type plain Score
	s.History = emptySlice(s.History)
	s.Metadata = finiteSafe(s.Metadata)
	return jsonenc.Marshal(plain(s))
}

// EvalSampleScore is a score reduced across epochs, with the sample it belongs to.
type EvalSampleScore struct {
	Value       Value             `json:"value"`
	Answer      *string           `json:"answer,omitempty"`
	Explanation *string           `json:"explanation,omitempty"`
	Metadata    map[string]any    `json:"metadata,omitempty"`
	History     []json.RawMessage `json:"history"`
	SampleID    SampleID          `json:"sample_id,omitzero"`
}

// MarshalJSON writes history as [] when nil and non-finite metadata numbers as bare tokens.
func (s EvalSampleScore) MarshalJSON() ([]byte, error) {
	type plain EvalSampleScore
	s.History = emptySlice(s.History)
	s.Metadata = finiteSafe(s.Metadata)
	return jsonenc.Marshal(plain(s))
}

// Str returns a pointer to s, for the optional string fields (Answer, Explanation).
func Str(s string) *string { return &s }
