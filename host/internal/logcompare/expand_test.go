package logcompare

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestCondensedSamplesCompareExpanded compares a condensed sample with the same sample
// uncondensed: equal.
func TestCondensedSamplesCompareExpanded(t *testing.T) {
	t.Parallel()
	condensed := `{"version": 2, "samples": [{"id": 1, "messages": [{"content": "attachment://k1", "role": "user"}],
	  "events": [{"event": "model", "input": [], "input_refs": [[0, 2]],
	    "call": {"request": {"model": "m"}, "call_refs": [[1, 2]], "call_key": "contents"}}],
	  "attachments": {"k1": "a long text"},
	  "events_data": {"messages": [{"content": "attachment://k1", "role": "system"}, {"content": "hi", "role": "user"}],
	    "calls": [{"text": "attachment://k1"}, {"text": "second"}]}}]}`
	expanded := `{"version": 2, "samples": [{"id": 1, "messages": [{"content": "a long text", "role": "user"}],
	  "events": [{"event": "model", "input": [{"content": "a long text", "role": "system"}, {"content": "hi", "role": "user"}],
	    "call": {"request": {"model": "m", "contents": [{"text": "second"}]}}}],
	  "attachments": {}}]}`
	assert.Equal(t, NormalisedBytes(t, []byte(expanded)), NormalisedBytes(t, []byte(condensed)))
}
