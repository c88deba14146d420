package suggest

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestClosest(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		name       string
		candidates []string
		want       string
	}{
		"transposition":         {name: "mtach", candidates: []string{"includes", "match", "exact"}, want: "match"},
		"one letter missing":    {name: "membrs", candidates: []string{"members", "model"}, want: "members"},
		"too far":               {name: "slow", candidates: []string{"fast"}, want: ""},
		"exact is no typo":      {name: "fast", candidates: []string{"fast"}, want: ""},
		"nothing to choose":     {name: "x", want: ""},
		"nearest wins":          {name: "leaderles", candidates: []string{"leader", "leaderless"}, want: "leaderless"},
		"short names: one edit": {name: "f2", candidates: []string{"f1", "exact"}, want: "f1"},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			assert.Equal(t, tt.want, Closest(tt.name, tt.candidates))
		})
	}
}

func TestDidYouMean(t *testing.T) {
	t.Parallel()
	assert.Equal(t, ` Did you mean "match"?`, DidYouMean("mtach", []string{"match"}))
	assert.Empty(t, DidYouMean("zzzzzz", []string{"match"}))
}
