package evallog

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/swarmhost/swarmhost/host/evallog/condense"
)

// UnmarshalJSON reads a sample and expands it when it is condensed (as Inspect's recorders and
// this package's writers write samples; see condenser), as Inspect's readers do with
// resolve_attachments: every "attachment://<key>" naming one of the sample's attachments is
// replaced by its text, and each model event's input and call messages are taken back from
// the sample's pools. The sample read has no attachments and no EventsData.
func (s *EvalSample) UnmarshalJSON(b []byte) error {
	type plain EvalSample
	var head struct {
		Attachments map[string]string `json:"attachments"`
	}
	if bytes.Contains(b, []byte(condense.Protocol)) {
		if err := json.Unmarshal(b, &head); err != nil {
			return err
		}
	}
	if len(head.Attachments) > 0 {
		b = condense.Resolve(b, head.Attachments)
	}
	var p plain
	if err := json.Unmarshal(b, &p); err != nil {
		return err
	}
	*s = EvalSample(p)
	if err := s.expandPools(); err != nil {
		return fmt.Errorf("evallog: sample %s epoch %d: %w", s.ID, s.Epoch, err)
	}
	if len(head.Attachments) > 0 {
		s.Attachments = map[string]string{}
	}
	return nil
}

// expandPools takes the model events' inputs and call messages back from the pools.
func (s *EvalSample) expandPools() error {
	d := s.EventsData
	s.EventsData = nil
	if d == nil {
		return nil
	}
	for i, e := range s.Events {
		m, ok := e.(ModelEvent)
		if !ok {
			continue
		}
		if m.InputRefs != nil {
			in, err := condense.ExpandRefs(m.InputRefs, d.Messages)
			if err != nil {
				return fmt.Errorf("event %d: input_refs: %w", i, err)
			}
			m.Input, m.InputRefs = in, nil
		}
		if len(m.Call) > 0 && len(d.Calls) > 0 {
			call, err := condense.ExpandCall(m.Call, d.Calls)
			if err != nil {
				return fmt.Errorf("event %d: call_refs: %w", i, err)
			}
			m.Call = call
		}
		s.Events[i] = m
	}
	return nil
}
