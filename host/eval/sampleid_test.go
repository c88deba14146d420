package eval

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestSampleIDFilter: --sample-id selects as Inspect's sample_id_filter:
// exact ids, fnmatch wildcards (`*` across `/` too, `?`, classes and their
// negation), digit strings as the numbers they spell, brackets that open
// no class as themselves (each case checked with Python's fnmatch).
func TestSampleIDFilter(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		patterns []string
		id       any
		want     bool
	}{
		"an exact id":                {[]string{"q1"}, "q1", true},
		"another id":                 {[]string{"q1"}, "q2", false},
		"one of several":             {[]string{"a", "q2"}, "q2", true},
		"a prefix is not a match":    {[]string{"q"}, "q1", false},
		"a star":                     {[]string{"q*"}, "q12", true},
		"a star across slashes":      {[]string{"user:*"}, "user:cybergym/arvo_6008", true},
		"a question mark":            {[]string{"q?"}, "q1", true},
		"a question mark, one only":  {[]string{"q?"}, "q12", false},
		"a class":                    {[]string{"q[12]"}, "q2", true},
		"a class, not in it":         {[]string{"q[12]"}, "q3", false},
		"a negated class":            {[]string{"q[!12]"}, "q3", true},
		"a range":                    {[]string{"q[0-9]"}, "q7", true},
		"an unclosed bracket":        {[]string{"q[1"}, "q[1", true},
		"dots are literal":           {[]string{"a.b"}, "axb", false},
		"a number and its digits":    {[]string{"7"}, 7, true},
		"leading zeros":              {[]string{"007"}, 7, true},
		"a number is not a prefix":   {[]string{"7"}, 70, false},
		"a reversed range: nothing":  {[]string{"[z-a]"}, "[z-a]", false},
		"a bracket first in a class": {[]string{"q[]]"}, "q]", true},
		"negated, a bracket first":   {[]string{"q[!]]"}, "qa", true},
		"a caret is literal":         {[]string{"q[^1]"}, "q^", true},
		"a caret does not negate":    {[]string{"q[^1]"}, "q2", false},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			assert.Equal(t, tc.want, newSampleIDFilter(tc.patterns).matches(tc.id))
		})
	}
}
