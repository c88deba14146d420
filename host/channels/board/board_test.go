package board

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/channels"
)

// step is one tool call of a board scenario and what its answer must hold.
type step struct {
	member, args string
	// want is a substring of the answer (errors start "error: ").
	want string
}

func runSteps(t *testing.T, b *Board, steps []step) {
	t.Helper()
	for i, s := range steps {
		got := sm(t, b, s.member, s.args)
		require.Contains(t, got, s.want, "step %d: %s %s", i+1, s.member, s.args)
	}
}

func TestBoardCommands(t *testing.T) {
	tests := []struct {
		name  string
		steps []step
	}{
		{name: "create then view shows a fence naming writer and version", steps: []step{
			{"a", `{"command":"create","path":"/shared_memory/doc.md","file_text":"one\ntwo"}`, "Created /shared_memory/doc.md as f-1 (version 1)."},
			{"b", `{"command":"view","path":"f-1"}`, "<peer_file id=\"f-1\" path=\"/shared_memory/doc.md\" version=\"1\" writer=\"a\" record=\"w-1\">\n     1\tone\n     2\ttwo\n</peer_file>"},
			{"b", `{"command":"view","path":"/shared_memory/doc.md","view_range":[2,-1]}`, "lines=\"2-2\">\n     2\ttwo\n</peer_file>"},
		}},
		{name: "a stale version is refused until viewed", steps: []step{
			{"a", `{"command":"create","path":"/shared_memory/doc.md","file_text":"x"}`, "f-1"},
			{"b", `{"command":"view","path":"f-1"}`, "version=\"1\""},
			{"a", `{"command":"str_replace","path":"/shared_memory/doc.md","old_str":"x","new_str":"y"}`, "now version 2"},
			{"b", `{"command":"insert","path":"/shared_memory/doc.md","insert_line":1,"insert_text":"z"}`,
				"error: You have not viewed f-1 at its current version 2 (last written by a); view it before inserting into it."},
			{"b", `{"command":"create","path":"/shared_memory/doc.md","file_text":"mine"}`, "view it before replacing it"},
			{"b", `{"command":"delete","path":"/shared_memory/doc.md"}`, "view it before deleting it"},
			{"b", `{"command":"rename","old_path":"/shared_memory/doc.md","new_path":"/shared_memory/d2.md"}`, "view it before renaming it"},
			{"b", `{"command":"view","path":"f-1"}`, "version=\"2\""},
			{"b", `{"command":"insert","path":"/shared_memory/doc.md","insert_line":1,"insert_text":"z"}`, "Inserted text after line 1 of /shared_memory/doc.md (f-1); it is now version 3."},
		}},
		{name: "append needs no view and creates", steps: []step{
			{"a", `{"command":"append","path":"/shared_memory/log","append_text":"a1"}`, "Created /shared_memory/log as f-1"},
			{"b", `{"command":"append","path":"/shared_memory/log","append_text":"b1"}`, "Appended to /shared_memory/log (f-1); it is now version 2."},
			{"a", `{"command":"view","path":"f-1"}`, "     1\ta1\n     2\tb1"},
		}},
		{name: "the status line names files changed since viewed", steps: []step{
			{"a", `{"command":"create","path":"/shared_memory/p","file_text":"1"}`, "f-1"},
			{"a", `{"command":"create","path":"/shared_memory/q","file_text":"1"}`, "f-2"},
			{"b", `{"command":"view","path":"f-1"}`, "Shared memory: 1 file has changed since you last viewed it (f-2 new)."},
			{"a", `{"command":"delete","path":"/shared_memory/p"}`, "Deleted /shared_memory/p (f-1)."},
			{"b", `{"command":"view","path":"/shared_memory"}`, "Shared memory: 2 files have changed since you last viewed them (f-1 deleted, f-2 new)."},
			{"b", `{"command":"view","path":"f-1"}`, "f-1 was deleted by a."},
		}},
		{name: "a directory lists and renames whole", steps: []step{
			{"a", `{"command":"create","path":"/shared_memory/d/x","file_text":"1"}`, "f-1"},
			{"a", `{"command":"create","path":"/shared_memory/d/y","file_text":"2"}`, "f-2"},
			{"a", `{"command":"view","path":"/shared_memory/d"}`, "<peer_listing path=\"/shared_memory/d\">\nf-1  version 1  a  /shared_memory/d/x\nf-2  version 1  a  /shared_memory/d/y\n</peer_listing>"},
			{"a", `{"command":"rename","old_path":"/shared_memory/d","new_path":"/shared_memory/e"}`, "Renamed /shared_memory/d to /shared_memory/e (2 files)."},
			{"a", `{"command":"str_replace","path":"/shared_memory/d","old_str":"1"}`, "error: /shared_memory/d does not exist on the board."},
			{"a", `{"command":"str_replace","path":"/shared_memory/e","old_str":"1"}`, "error: /shared_memory/e is a directory"},
			{"a", `{"command":"create","path":"/shared_memory/e/x/z","file_text":"1"}`, "error: /shared_memory/e/x is a file"},
		}},
		{name: "rejections", steps: []step{
			{"a", `{"command":"create","path":"/shared_memory/../x","file_text":"1"}`, "error: Invalid path"},
			{"a", `{"command":"create","path":"/tmp/x","file_text":"1"}`, "error: Invalid path"},
			{"a", `{"command":"create","path":"/shared_memory/x","file_text":"<PEER_file>"}`, "error: Board files may not hold"},
			{"a", `{"command":"create","path":"/shared_memory/x"}`, "error: The create command needs file_text."},
			{"a", `{"command":"view","path":"f-9"}`, "error: No file has the id f-9."},
			{"a", `{"command":"frob","path":"/shared_memory/x"}`, "error: Unknown command"},
			{"a", `{"command":"create","path":"/shared_memory/x","file_text":"aa aa"}`, "f-"},
			{"a", `{"command":"str_replace","path":"/shared_memory/x","old_str":"aa"}`, "error: old_str occurs more than once in /shared_memory/x (lines [1])"},
			{"a", `{"command":"str_replace","path":"/shared_memory/x","old_str":"b"}`, "error: old_str does not occur verbatim"},
			{"a", `{"command":"view","path":"/shared_memory/x","view_range":[2,3]}`, "error: view_range [2 3] starts outside the file"},
			{"a", `{"command":"delete","path":"/shared_memory"}`, "error: /shared_memory itself cannot be deleted"},
			{"a", `{"command":"view","path":"/shared_memory/x","view_range":"1"}`, "error: bad arguments"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, _ := newTestBoard(t, DefaultConfig(), "a", "b")
			runSteps(t, b, tt.steps)
		})
	}
}

func TestBoardStormLimits(t *testing.T) {
	big := strings.Repeat("x", 11)
	tests := []struct {
		name    string
		cfg     func(*Config)
		steps   []step
		control string
	}{
		{name: "file bytes", cfg: func(c *Config) { c.MaxFileBytes = 10 },
			steps: []step{{"a", `{"command":"create","path":"/shared_memory/x","file_text":"` + big + `"}`,
				"error: f-1 would be 11 bytes; the limit is 10"}}, control: ControlAdmit},
		{name: "file bytes in thousands", cfg: func(c *Config) { c.MaxFileBytes = 1000 },
			steps: []step{{"a", `{"command":"create","path":"/shared_memory/x","file_text":"` + strings.Repeat("x", 1001) + `"}`,
				"error: f-1 would be 1,001 bytes; the limit is 1000"}}, control: ControlAdmit},
		{name: "file lines in thousands", cfg: func(c *Config) { c.MaxFileLines = 1000 },
			steps: []step{{"a", `{"command":"create","path":"/shared_memory/x","file_text":"` + strings.Repeat(`\n`, 1000) + `"}`,
				"error: f-1 would have 1,001 lines; the limit is 1000"}}, control: ControlAdmit},
		{name: "board bytes in millions", cfg: func(c *Config) { c.MaxFileBytes, c.MaxBoardBytes = 262144, 1000000 },
			steps: []step{
				{"a", `{"command":"create","path":"/shared_memory/a","file_text":"` + strings.Repeat("x", 250000) + `"}`, "f-1"},
				{"a", `{"command":"create","path":"/shared_memory/b","file_text":"` + strings.Repeat("x", 250000) + `"}`, "f-2"},
				{"a", `{"command":"create","path":"/shared_memory/c","file_text":"` + strings.Repeat("x", 250000) + `"}`, "f-3"},
				{"a", `{"command":"create","path":"/shared_memory/d","file_text":"` + strings.Repeat("x", 250001) + `"}`,
					"error: the board would hold 1,000,001 bytes; the limit is 1000000"}},
			control: ControlAdmit},
		{name: "file lines", cfg: func(c *Config) { c.MaxFileLines = 2 },
			steps: []step{{"a", `{"command":"create","path":"/shared_memory/x","file_text":"1\n2\n3"}`,
				"error: f-1 would have 3 lines; the limit is 2"}}, control: ControlAdmit},
		{name: "files", cfg: func(c *Config) { c.MaxFiles = 1 },
			steps: []step{{"a", `{"command":"create","path":"/shared_memory/x","file_text":"1"}`, "f-1"},
				{"a", `{"command":"create","path":"/shared_memory/y","file_text":"1"}`, "error: the board already holds 1 files, its limit; delete one first"}},
			control: ControlAdmit},
		{name: "board bytes", cfg: func(c *Config) { c.MaxFileBytes, c.MaxBoardBytes = 10, 15 },
			steps: []step{{"a", `{"command":"create","path":"/shared_memory/x","file_text":"1234567890"}`, "f-1"},
				{"b", `{"command":"create","path":"/shared_memory/y","file_text":"1234567890"}`, "error: the board would hold 20 bytes; the limit is 15"}},
			control: ControlAdmit},
		{name: "rate", cfg: func(c *Config) { c.Rate = channels.Rate{Sends: 1, Per: DefaultRate.Per} },
			steps: []step{{"a", `{"command":"append","path":"/shared_memory/x","append_text":"1"}`, "f-1"},
				{"a", `{"command":"append","path":"/shared_memory/x","append_text":"2"}`, "error: rate limit: retry in 60 s"}},
			control: ControlRate},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := DefaultConfig()
			tt.cfg(&cfg)
			b, _ := newTestBoard(t, cfg, "a", "b")
			runSteps(t, b, tt.steps)
			sent := boardEvidence(t, b, channels.KindSent)
			last := sent[len(sent)-1]
			rej := last["rejected"].(map[string]any)
			require.Equal(t, tt.control, rej["control"])
			require.Len(t, boardEvidence(t, b, channels.KindDelivered), len(sent)-1)
		})
	}
}

func TestBoardStatusLineListsTen(t *testing.T) {
	b, _ := newTestBoard(t, DefaultConfig(), "a", "b")
	for i := range 12 {
		sm(t, b, "a", fmt.Sprintf(`{"command":"create","path":"/shared_memory/f%d","file_text":"x"}`, i))
	}
	got := sm(t, b, "b", `{"command":"view","path":"f-1"}`)
	require.Contains(t, got, "Shared memory: 11 files have changed since you last viewed them "+
		"(f-2 new, f-3 new, f-4 new, f-5 new, f-6 new, f-7 new, f-8 new, f-9 new, f-10 new, f-11 new, and 1 more).")
}
