package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDecodeStepsSharesOneCopy: members with the same config get the same
// decoded steps (one copy), a different config its own, and bad JSON an
// error naming the config.
func TestDecodeStepsSharesOneCopy(t *testing.T) {
	raw := `{"steps":[{"action":"generate"},{"action":"submit","answer":"42"}]}`
	a, err := decodeSteps([]byte(raw))
	require.NoError(t, err)
	b, err := decodeSteps([]byte(raw))
	require.NoError(t, err)
	require.Len(t, a, 2)
	assert.Same(t, &a[0], &b[0], "the second member shares the first one's steps")
	c, err := decodeSteps([]byte(`{"steps":[{"action":"generate"}]}`))
	require.NoError(t, err)
	assert.Len(t, c, 1)
	_, err = decodeSteps([]byte(`{"steps":`))
	assert.ErrorContains(t, err, "decode config")
}
