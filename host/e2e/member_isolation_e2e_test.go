package e2e

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/evallog"
)

// TestMemberIsolationSeparatesProcesses: with isolation = "member" a crash
// of one member's plugin process leaves its sibling running; with the
// shared process (isolation = "process") the sibling dies with it.
func TestMemberIsolationSeparatesProcesses(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		isolation string
		want      map[string]string
	}{
		"a process per member": {isolation: "member",
			want: map[string]string{"crasher": "errored", "survivor": "submitted"}},
		"one shared process": {isolation: "process",
			want: map[string]string{"crasher": "errored", "survivor": "errored"}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			code, sum, errOut := runJSON(t, repoPath("host", "e2e", "testdata", "member_isolation", "suite.hcl"),
				"--var", "isolation="+tc.isolation)
			require.Contains(t, []int{cli.ExitOK, cli.ExitFailed}, code, errOut)
			l, err := evallog.Read(sum["log"].(string))
			require.NoError(t, err)
			require.Len(t, l.Samples, 1)
			assert.Equal(t, tc.want, statuses(readRecord(t, l.Samples[0])))
		})
	}
}
