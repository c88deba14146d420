package e2e

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/filters"
	"github.com/docker/docker/client"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/sandbox/docker"
)

// needContainers skips the test without an engine holding images — or
// fails it under CI=true or SWARMHOST_EXPECT_DOCKER (.ci/run starts the
// engine with scripts/containers.sh and sets it).
func needContainers(t *testing.T, images ...string) {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: this test needs a container engine")
	}
	err := docker.CheckEngine(t.Context(), images...)
	if err == nil {
		return
	}
	if os.Getenv("CI") == "true" || os.Getenv("SWARMHOST_EXPECT_DOCKER") != "" {
		t.Fatalf("this test needs a container engine (as root: scripts/containers.sh start): %v", err)
	}
	t.Skipf("no container engine (as root: scripts/containers.sh start, then DOCKER_HOST=unix:///run/podman/podman.sock): %v", err)
}

// ownContainers counts the containers this process's runs left on the engine.
func ownContainers(t *testing.T) int {
	t.Helper()
	dc, err := client.NewClientWithOpts(client.FromEnv, client.WithAPIVersionNegotiation())
	require.NoError(t, err)
	defer dc.Close()
	list, err := dc.ContainerList(context.Background(), container.ListOptions{All: true,
		Filters: filters.NewArgs(filters.Arg("label", docker.LabelOwner))})
	require.NoError(t, err)
	n := 0
	for _, c := range list {
		if c.Labels[docker.LabelRun] != "" && c.Labels[docker.LabelSample] != "" && ownedHere(c.Labels[docker.LabelOwner]) {
			n++
		}
	}
	return n
}

// ownedHere reports whether an owner label names this test process.
func ownedHere(owner string) bool {
	host, _ := os.Hostname()
	return strings.HasPrefix(owner, fmt.Sprintf("%s/%d/", host, os.Getpid()))
}

// TestExampleSharedSandboxContainers: the shared-sandbox example on a real
// container: the members build solve.sh in one container per sample (as
// user nobody), and the exec scorer runs the tests in a copy of it.
func TestExampleSharedSandboxContainers(t *testing.T) {
	needContainers(t, "localhost/swarmhost-busybox:2")
	sum := runJSONEvals(t, repoPath("examples", "shared-sandbox", "containers"))["shared_sandbox"]
	assert.Equal(t, 0.5, scoreOf(sum, "exec", "accuracy"))
	samples := samplesByID(t, sum["log"].(string))
	require.Len(t, samples, 2)
	for id, wantValue := range map[string]string{"sum-of-two": "C", "sum-of-three": "I"} {
		s := samples[id]
		rec := readRecord(t, s)
		assert.Equal(t, map[string]string{"scaffolder": "submitted", "implementer": "submitted", "tester": "submitted"},
			statuses(rec), id)
		assert.Equal(t, "tester", *rec.Final.Member)
		assert.Nil(t, rec.Members[0].Sandbox, "shared sandbox")
		assert.Equal(t, wantValue, s.Scores["exec"].Value.Interface(), id)
	}
	assert.Zero(t, ownContainers(t), "every sample's container was removed")
	validateLogFile(t, sum["log"].(string))
}

// debianImage is the image examples/proof-swarm/containers runs every service on: Debian with
// python3, built by `make debian-image` (scripts/debian-image.sh), never pulled.
const debianImage = "localhost/swarmhost-debian:bookworm"

// proofVerdicts are the seed's any_member_proved() verdicts on examples/proof-swarm: who left a
// proper factor, submitted or stopped.
var proofVerdicts = map[string][]any{"n91": {"prover-7", "prover-13"}, "n221": {"prover-13"}, "n97": {}}

// checkProofSwarm checks a run of examples/proof-swarm/containers (on any engine): the guesser's
// wrong answer stops the swarm, each member works in its own sandbox, and the seed's scorer,
// running VERIFY with python3 in the comparator (which sees every member's /workspace at
// /answers/<member>), credits the stopped provers' unsubmitted answers and says why for each member.
func checkProofSwarm(t *testing.T, sum map[string]any) {
	t.Helper()
	assert.InDelta(t, 2.0/3.0, scoreOf(sum, "proof", "accuracy"), 1e-12)
	assert.Equal(t, 0.0, scoreOf(sum, "match", "accuracy"))
	samples := samplesByID(t, sum["log"].(string))
	require.Len(t, samples, len(proofVerdicts))
	for id, proved := range proofVerdicts {
		s := samples[id]
		rec := readRecord(t, s)
		assert.Equal(t, map[string]string{"guesser": "submitted", "prover-7": "stopped", "prover-13": "stopped"},
			statuses(rec), id)
		for _, m := range rec.Members {
			require.NotNil(t, m.Sandbox, m.Name)
			assert.Equal(t, m.Name, *m.Sandbox, "each member's own container")
		}
		sc := s.Scores["proof"]
		assert.Equal(t, proved, sc.Metadata["proved"], id)
		require.NotNil(t, sc.Explanation, id)
		assert.Contains(t, *sc.Explanation, "guesser: 1 is not a proper factor", id)
	}
	validateLogFile(t, sum["log"].(string))
}

// TestExampleProofSwarmContainers: the seed's proof_swarm scorer, unchanged, on per-member
// containers and the comparator service (sandbox("comparator") through the Inspect bridge).
func TestExampleProofSwarmContainers(t *testing.T) {
	venvPython(t)
	needContainers(t, debianImage)
	checkProofSwarm(t, runJSONEvals(t, repoPath("examples", "proof-swarm", "containers"))["proof_swarm"])
	assert.Zero(t, ownContainers(t), "every sample's containers were removed")
}
