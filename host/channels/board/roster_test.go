package board

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestCheckMember(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		ok   bool
	}{
		{name: "bob", ok: true},
		{name: "worker-12", ok: true},
		{name: "a_b", ok: true},
		{name: "a" + strings.Repeat("x", 47), ok: true},
		{name: "a" + strings.Repeat("x", 48)},
		{name: "Bob"},
		{name: "1st"},
		{name: "-a"},
		{name: "bo b"},
		{name: `bo"b`},
		{name: "bo<b"},
		{name: "bo.b"},
		{name: "bob\n"},
		{name: ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p := CheckMember(tt.name)
			if tt.ok {
				require.Nil(t, p)
				return
			}
			require.NotNil(t, p)
			require.Equal(t, "name", p.Param)
			require.Contains(t, p.Detail, "names must start with a lowercase letter, followed by at most 47 lowercase letters, digits, _ or -.")
		})
	}
}
