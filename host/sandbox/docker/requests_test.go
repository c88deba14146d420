package docker

import (
	"context"
	"net/http"
	"regexp"
	"sync"
	"testing"

	"github.com/docker/docker/client"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/sandbox"
	"github.com/swarmhost/swarmhost/host/sandbox/compose"
	"github.com/swarmhost/swarmhost/host/sandbox/engine/enginetest"
)

// requestCounter counts a client's requests to the engine by method and
// path, ids and names replaced by X ("POST /containers/X/exec").
type requestCounter struct {
	next http.RoundTripper
	mu   sync.Mutex
	n    map[string]int
}

// apiVersion is a path's API version prefix; objectPath an object's kind and name.
var (
	apiVersion = regexp.MustCompile(`^/v1\.[0-9]+`)
	objectPath = regexp.MustCompile(`^/(containers|volumes|images|exec)/(.+?)(/[a-z]+)?$`)
)

// RoundTrip counts r and sends it on.
func (c *requestCounter) RoundTrip(r *http.Request) (*http.Response, error) {
	p := apiVersion.ReplaceAllString(r.URL.Path, "")
	if m := objectPath.FindStringSubmatch(p); m != nil && m[2] != "create" && m[2] != "json" {
		p = "/" + m[1] + "/X" + m[3]
	}
	c.mu.Lock()
	c.n[r.Method+" "+p]++
	c.mu.Unlock()
	return c.next.RoundTrip(r)
}

// counts returns the counts so far and starts again from zero.
func (c *requestCounter) counts() map[string]int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := c.n
	c.n = map[string]int{}
	return n
}

// countRequests makes d's requests go through a counter.
func countRequests(t *testing.T, d *Provider) *requestCounter {
	t.Helper()
	base, err := client.NewClientWithOpts(client.FromEnv, client.WithAPIVersionNegotiation())
	require.NoError(t, err)
	hc := base.HTTPClient()
	c := &requestCounter{next: hc.Transport, n: map[string]int{}}
	hc.Transport = c
	cli, err := client.NewClientWithOpts(client.FromEnv, client.WithVersion(d.cli.ClientVersion()), client.WithHTTPClient(hc))
	require.NoError(t, err)
	old := d.cli
	d.cli = cli
	t.Cleanup(func() { old.Close() })
	return c
}

// TestDockerSampleRequests: what a sample asks of the engine. Its images
// were inspected once by New, so no container inspects one again; the
// services' volumes are made and removed once each; and whether each
// service keeps running is told by one inspect per container after the
// set-up's own command, not by a command of its own. A sample without
// files has its layout written by one command, not mkdir and an archive.
func TestDockerSampleRequests(t *testing.T) {
	t.Parallel()
	needEngine(t)
	d := newDocker(t, Config{PerMember: true, Compose: enginetest.WriteCompose(t,
		"services:\n  default:\n    image: "+testImage+"\n  a:\n    image: "+testImage+"\n    volumes: [\"va:/workspace\"]\n"+
			"  b:\n    image: "+testImage+"\n    volumes: [\"vb:/workspace\"]\n  cmp:\n    image: "+testImage+
			"\n    volumes: [\"va:/a:ro\", \"vb:/b:ro\"]\nvolumes:\n  va: {}\n  vb: {}\n")})
	counter := countRequests(t, d)
	set, err := d.Sample(t.Context(), sandbox.SampleSpec{ID: "req", Epoch: 1, Members: []string{"a", "b"}})
	require.NoError(t, err)
	got := counter.counts()
	assert.Zero(t, got["GET /images/X/json"], "no image inspect per container: %v", got)
	assert.Equal(t, 2, got["POST /volumes/create"], "%v", got)
	assert.Equal(t, 4, got["POST /containers/create"], "%v", got)
	assert.Equal(t, 4, got["POST /containers/X/start"], "%v", got)
	assert.Equal(t, 4, got["GET /containers/X/json"], "one inspect per container: %v", got)
	assert.Equal(t, 1, got["POST /containers/X/exec"], "the layout's one command only: %v", got)
	assert.Zero(t, got["PUT /containers/X/archive"], "the layout is written by that command: %v", got)
	require.NoError(t, set.Close())
	got = counter.counts()
	assert.Equal(t, map[string]int{"DELETE /containers/X": 4, "DELETE /volumes/X": 2}, got)
}

// TestDockerSettleRunsACommand: when a sample's set-up ran no command, the
// check for services that exit at start runs `true` in the default
// sandbox before it looks, and still reports the one that exited.
func TestDockerSettleRunsACommand(t *testing.T) {
	t.Parallel()
	needEngine(t)
	d := newDocker(t, Config{})
	project := "settle-" + d.cfg.Run
	labels := map[string]string{LabelOwner: d.owner, LabelRun: d.cfg.Run}
	s := &dockerSet{d: d, byName: map[string]*dockerEnv{}}
	d.sets.Track(s, true)
	t.Cleanup(func() { require.NoError(t, s.Close()) })
	for _, svc := range []compose.Service{
		{Name: compose.DefaultService, Image: testImage},
		{Name: "quits", Image: testImage, Command: []string{"sh", "-c", "echo bye >&2; exit 7"}},
	} {
		name := svc.Name
		if name == compose.DefaultService {
			name = ""
		}
		e, err := d.start(t.Context(), startSpec{project: project, name: name, svc: svc, labels: labels})
		require.NoError(t, err)
		s.byName[name], s.names = e, append(s.names, name)
	}
	err := s.settle(context.Background(), true)
	require.Error(t, err)
	assert.ErrorContains(t, err, `service "quits" exited at start (exit 7)`)
	assert.ErrorContains(t, err, "bye")
	assert.Equal(t, int64(1), s.byName[""].execs.Load(), "settle ran `true` in the default sandbox")
}

// TestDockerLayoutFiles: the filesystem channel's layout is the same
// whether it is written alone (one command, makeEmpty) or with the
// sample's files (mkdir, then an archive): owned by the container's user,
// the notes file empty and 0644; an empty file overwrites one that exists.
func TestDockerLayoutFiles(t *testing.T) {
	t.Parallel()
	d := newDocker(t, Config{Compose: enginetest.WriteCompose(t, "services:\n  default:\n    image: "+testImage+
		"\n    user: \"65534\"\n    working_dir: /tmp\n")})
	tests := map[string]struct {
		files map[string]string
	}{
		"layout alone": {},
		"with files":   {files: map[string]string{"in/problem.txt": "91"}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			sb := enginetest.Sample(t, d, sandbox.SampleSpec{ID: name, Epoch: 1, Members: []string{"m"}, Files: tc.files}).For("")
			res, err := sb.Exec(t.Context(), sandbox.ExecRequest{Command: []string{"sh", "-c",
				"stat -c '%n %a %u %s' .swarm/notes.md; stat -c '%n %u' .swarm .swarm/scratch/m"}})
			require.NoError(t, err)
			assert.Equal(t, ".swarm/notes.md 644 65534 0\n.swarm 65534\n.swarm/scratch/m 65534\n", res.Stdout, res.Stderr)
			e := sb.(*dockerEnv)
			require.NoError(t, e.WriteFile(t.Context(), "old.txt", []byte("old")))
			require.NoError(t, e.makeEmpty(t.Context(), map[string][]byte{"old.txt": nil, "new/empty.txt": nil}))
			for _, p := range []string{"old.txt", "new/empty.txt"} {
				got, err := sb.ReadFile(t.Context(), p)
				require.NoError(t, err, p)
				assert.Empty(t, got, p)
			}
		})
	}
}
