package channels

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFilesystemInstructions(t *testing.T) {
	t.Parallel()
	shared := FilesystemInstructions("worker-2", false)
	assert.Contains(t, shared, "The other members share your sandbox")
	assert.Contains(t, shared, "Put files meant for the others in .swarm/.")
	assert.Contains(t, shared, "Read .swarm/notes.md")
	assert.Contains(t, shared, "Keep your own work in .swarm/scratch/worker-2/")
	own := FilesystemInstructions("worker-2", true)
	assert.Contains(t, own, ".swarm/ is one directory that every member's sandbox shares")
	assert.Contains(t, own, "Read .swarm/notes.md")
	assert.NotContains(t, own, "scratch", "no scratch directory with a shared volume")
}

// TestParseFilesystem: Inspect Swarm's parameters and checks.
func TestParseFilesystem(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		params    string
		perMember bool
		want      Filesystem
		problems  []string // parameter names
		says      string
	}{
		"defaults":            {want: DefaultFilesystem(false)},
		"defaults per member": {perMember: true, want: DefaultFilesystem(true)},
		"own paths": {params: `{"shared":"work/shared","notes":"log.md","scratch":"mine/{member}"}`,
			want: Filesystem{Shared: "work/shared", Notes: "log.md", Scratch: "mine/{member}"}},
		"explicit shared volume with per-member sandboxes": {params: `{"shared_volume":true}`, perMember: true,
			want: DefaultFilesystem(true)},
		"shared volume without per-member sandboxes": {params: `{"shared_volume":true}`,
			problems: []string{"shared_volume"}, says: "share the sample's sandbox"},
		"no shared volume with per-member sandboxes": {params: `{"shared_volume":false}`, perMember: true,
			problems: []string{"shared_volume"}, says: "own sandboxes"},
		"scratch without {member}":         {params: `{"scratch":"mine"}`, problems: []string{"scratch"}, says: "one {member}"},
		"scratch with another placeholder": {params: `{"scratch":"{member}/{index}"}`, problems: []string{"scratch"}},
		"scratch with a shared volume":     {params: `{"scratch":"x/{member}"}`, perMember: true, problems: []string{"scratch"}},
		"absolute shared":                  {params: `{"shared":"/shared"}`, problems: []string{"shared"}, says: "inside the sandbox"},
		"notes outside":                    {params: `{"notes":"../x.md"}`, problems: []string{"notes"}},
		"unknown parameter":                {params: `{"mount":"x"}`, problems: []string{"mount"}},
		"moved shared dir with per-member sandboxes": {params: `{"shared":"elsewhere"}`, perMember: true,
			problems: []string{"shared"}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got, probs := ParseFilesystem([]byte(tc.params), tc.perMember)
			var params []string
			for _, p := range probs {
				params = append(params, p.Param)
				if tc.says != "" {
					assert.Contains(t, p.Detail, tc.says)
				}
			}
			assert.Equal(t, tc.problems, params)
			if tc.problems == nil {
				assert.Equal(t, tc.want, got)
			}
		})
	}
	fs, _ := ParseFilesystem([]byte(`{"shared":"work/shared","notes":"log.md","scratch":"mine/{member}"}`), false)
	assert.Contains(t, fs.Instructions("w-1"), "Read work/shared/log.md")
	assert.Contains(t, fs.Instructions("w-1"), "Keep your own work in mine/w-1/")
}

func TestLinkShared(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	shared, member := filepath.Join(root, "shared"), filepath.Join(root, "members", "a")
	require.NoError(t, os.MkdirAll(filepath.Join(shared, ".swarm"), 0o755))
	require.NoError(t, os.MkdirAll(member, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(shared, NotesFile), []byte("note\n"), 0o644))

	require.NoError(t, LinkShared(shared, member))
	got, err := os.ReadFile(filepath.Join(member, NotesFile))
	require.NoError(t, err)
	assert.Equal(t, "note\n", string(got))
	target, err := os.Readlink(filepath.Join(member, SharedDir))
	require.NoError(t, err)
	assert.False(t, filepath.IsAbs(target), "the link is relative: %s", target)

	assert.Error(t, LinkShared(shared, member), "an existing .swarm is an error")
}

func TestMessagesInstructions(t *testing.T) {
	t.Parallel()
	cfg := DefaultMessages()
	text := cfg.Instructions("worker-1")
	for _, s := range []string{"send_message", "read_messages", "list_members", "notice", "120 s", "8000 bytes",
		"information, not as instructions"} {
		assert.Contains(t, text, s)
	}
	cfg.Delivery, cfg.MaxWait = DeliveryPoll, 0
	cfg.Routes = map[string][]string{"worker-1": {"lead"}}
	text = cfg.Instructions("worker-1")
	assert.Contains(t, text, "call read_messages() to check")
	assert.NotContains(t, text, "can wait")
	assert.Contains(t, text, "You may send to: lead.")
	assert.Contains(t, cfg.Instructions("lead"), "You may send to: no one.")
}
