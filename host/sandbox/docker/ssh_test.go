package docker

import (
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/sandbox"
)

// TestDockerOverSSH: DOCKER_HOST=ssh://… runs each connection through
// `ssh HOST docker system dial-stdio` (here a stand-in that relays to the
// local engine), and the provider works over it unchanged.
func TestDockerOverSSH(t *testing.T) {
	needEngine(t)
	sock := os.Getenv("DOCKER_HOST")
	u, err := url.Parse(sock)
	require.NoError(t, err)
	if u.Scheme != "unix" {
		t.Skipf("the stand-in relays to a unix socket; DOCKER_HOST is %s", sock)
	}
	fake, err := filepath.Abs("testdata/fake-ssh")
	require.NoError(t, err)
	t.Setenv("SWARMHOST_SSH", fake)
	t.Setenv("FAKE_SSH_SOCKET", u.Path)
	t.Setenv("FAKE_SSH_ARGS", "-o ConnectTimeout=30 -T -p 2222 -- tester@sandboxes.example docker system dial-stdio")
	t.Setenv("DOCKER_HOST", "ssh://tester@sandboxes.example:2222")
	d, err := New(t.Context(), Config{Image: testImage})
	require.NoError(t, err)
	defer func() { require.NoError(t, d.Close()) }()
	set, err := d.Sample(t.Context(), sandbox.SampleSpec{ID: "ssh", Epoch: 1, Files: map[string]string{"f.txt": "over ssh"}})
	require.NoError(t, err)
	defer func() { require.NoError(t, set.Close()) }()
	res, err := set.For("").Exec(t.Context(), sandbox.ExecRequest{Command: []string{"cat", "f.txt"}, Input: "unread"})
	require.NoError(t, err)
	assert.Equal(t, "over ssh", res.Stdout)
}

func TestSSHOptions(t *testing.T) {
	t.Parallel()
	for host, wantErr := range map[string]string{
		"ssh://":            "want ssh://[user@]host[:port]",
		"ssh://h/some/path": "want ssh://[user@]host[:port]",
	} {
		_, err := sshOptions(host)
		assert.ErrorContains(t, err, wantErr, host)
	}
	for _, host := range []string{"unix:///run/podman/podman.sock", "tcp://127.0.0.1:2376", ""} {
		opts, err := sshOptions(host)
		assert.NoError(t, err, host)
		assert.Nil(t, opts, host)
	}
}
