package e2e

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
)

// zipZstd is the zip method number Inspect's .eval files compress with.
const zipZstd uint16 = 93

// logHeader returns a log's header as Inspect writes it: a .eval's
// header.json, or a .json log without its samples.
func logHeader(t *testing.T, path string) json.RawMessage {
	t.Helper()
	if filepath.Ext(path) != ".eval" {
		raw, err := os.ReadFile(path)
		require.NoError(t, err)
		var log map[string]json.RawMessage
		require.NoError(t, json.Unmarshal(raw, &log))
		delete(log, "samples")
		header, err := json.Marshal(log)
		require.NoError(t, err)
		return header
	}
	r, err := zip.OpenReader(path)
	require.NoError(t, err)
	defer r.Close()
	r.RegisterDecompressor(zipZstd, func(in io.Reader) io.ReadCloser {
		d, err := zstd.NewReader(in)
		require.NoError(t, err)
		return d.IOReadCloser()
	})
	f, err := r.Open("header.json")
	require.NoError(t, err)
	defer f.Close()
	header, err := io.ReadAll(f)
	require.NoError(t, err)
	return header
}

// serveNpmViewer serves the npm log viewer's page (site) and, under /logs/,
// the logs with the listing.json its static-HTTP API reads (file name →
// header); it returns the server's address.
func serveNpmViewer(t *testing.T, site string, logs ...string) string {
	t.Helper()
	dir := t.TempDir()
	listing := map[string]json.RawMessage{}
	for _, p := range logs {
		raw, err := os.ReadFile(p)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, filepath.Base(p)), raw, 0o644))
		listing[filepath.Base(p)] = logHeader(t, p)
	}
	raw, err := json.Marshal(listing)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "listing.json"), raw, 0o644))
	mux := http.NewServeMux()
	mux.Handle("/", http.FileServer(http.Dir(site)))
	mux.Handle("/logs/", http.StripPrefix("/logs/", http.FileServer(http.Dir(dir))))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv.URL
}

// TestNpmViewerShowsEachMember renders swarmhost's log of twins.hcl and
// Inspect Swarm's log of the same task in the npm log viewer
// (@metrevals/inspect-log-viewer 0.3.180-beta2, testdata/viewer/npm) in
// headless Chromium. That viewer has no timeline picker: in both logs, each
// member is offered by the transcript's outline (the span tree), selecting
// it selects its agent span, and that span holds the member's own model and
// tool calls and none of the other member's (members.js, target outline).
func TestNpmViewerShowsEachMember(t *testing.T) {
	t.Parallel()
	deps := runViewerDeps(t, 3, "npm")
	chromium, modules, site := deps[0], deps[1], deps[2]
	code, sum, errOut := runJSON(t, repoPath("host", "e2e", "testdata", "inspectswarm", "twins.hcl"))
	require.Equal(t, cli.ExitOK, code, errOut)
	ours := sum["log"].(string)
	pkg := writePackageLog(t)
	base := serveNpmViewer(t, site, ours, pkg)
	alice := []string{"Let me think about it.", "The answer is 42."}
	bob := []string{"It is 7."}
	spec, err := json.Marshal([]memberSpec{{"alice", alice, bob}, {"bob", bob, alice}})
	require.NoError(t, err)
	for name, p := range map[string]string{"swarmhost": ours, "inspect_swarm": pkg} {
		page := fmt.Sprintf("%s/index.html?log_dir=logs#/logs/%s/samples/sample/q1/1/transcript",
			base, url.PathEscape(filepath.Base(p)))
		cmd := exec.Command("node", repoPath("host", "e2e", "testdata", "viewer", "members.js"),
			modules, chromium, t.TempDir(), page, string(spec), "outline")
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		require.NoError(t, cmd.Run(), "%s: members.js:\n%s", name, stderr.String())
		var views []memberView
		require.NoError(t, json.Unmarshal(bytes.TrimSpace(stdout.Bytes()), &views), stdout.String())
		want := []memberView{
			{Member: "alice", Selectable: true, OwnFound: alice, OthersFound: []string{}, ToolCalls: 2},
			{Member: "bob", Selectable: true, OwnFound: bob, OthersFound: []string{}, ToolCalls: 1},
		}
		assert.Equal(t, want, views, "%s's log in the npm viewer", name)
	}
}
