package proctest

import (
	"os"
	"os/exec"
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestZombie(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		stat string
		want bool
	}{
		"running":                {stat: "12 (sleep) S 1 12 12", want: false},
		"zombie":                 {stat: "12 (sleep) Z 1 12 12", want: true},
		"dead":                   {stat: "12 (sleep) X 1 12 12", want: true},
		"a name with ) and Z in": {stat: "12 (a) Z (b) R 1 12", want: false},
		"no stat":                {stat: "", want: true},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			assert.Equal(t, tc.want, Zombie(tc.stat))
		})
	}
}

// TestSleepers: a live `sleep MARKER` is found and alive; once killed and reaped it is neither.
func TestSleepers(t *testing.T) {
	t.Parallel()
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("no /proc")
	}
	marker := "100." + strconv.Itoa(os.Getpid())
	cmd := exec.Command("sleep", marker)
	require.NoError(t, cmd.Start())
	assert.True(t, Alive(cmd.Process.Pid))
	assert.True(t, slices.Contains(Sleepers(marker), cmd.Process.Pid))
	require.NoError(t, cmd.Process.Kill())
	_ = cmd.Wait()
	assert.False(t, Alive(cmd.Process.Pid))
	assert.Empty(t, Sleepers(marker))
}
