package board

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/channels"
	"github.com/swarmhost/swarmhost/host/channels/channelstest"
	"github.com/swarmhost/swarmhost/host/swarm"
)

func TestBoardNotice(t *testing.T) {
	clock := channelstest.NewFakeClock()
	b := New(DefaultConfig(), []string{"a", "b", "c"}, map[string]string{"c": channels.DeliveryPoll}, channels.Options{Clock: clock})
	for _, n := range []string{"a", "b", "c"} {
		b.MemberState(n, swarm.StateRunning, "")
	}
	require.Empty(t, b.Notice("b"), "nothing changed yet")
	sm(t, b, "a", `{"command":"create","path":"/shared_memory/doc","file_text":"secret words"}`)
	got := b.Notice("b")
	require.Equal(t, `[Swarm notice] 1 shared memory file has changed since you last viewed it (f-1 new; written by a). `+
		`To see one, call shared_memory(command="view", path="f-1"); path="/shared_memory" lists every file.`, got)
	require.NotContains(t, got, "secret")
	require.Empty(t, b.Notice("b"), "a notice covers what it named")
	require.Empty(t, b.Notice("a"), "a writer is not told of its own write")
	require.Empty(t, b.Notice("c"), "poll mode gives no notices")
	require.Contains(t, sm(t, b, "c", `{"command":"view","path":"/shared_memory"}`), "(f-1 new)", "poll mode keeps the status line")
	require.NotContains(t, sm(t, b, "b", `{"command":"view","path":"/shared_memory"}`), "Shared memory:", "the notice covered f-1")
	n := boardEvidence(t, b, channels.KindNotified)
	require.Len(t, n, 1)
	require.Equal(t, "n-1", n[0]["notice"])
	require.Equal(t, map[string]any{"files": []any{map[string]any{"file": "f-1", "version": 1.0, "record": "w-1"}}}, n[0]["ids"])
	// a view after the notice
	require.Contains(t, sm(t, b, "b", `{"command":"view","path":"f-1"}`), "secret words")
	reads := boardEvidence(t, b, channels.KindRead)
	require.Equal(t, false, reads[len(reads)-1]["listing"])
}

// waitAsync starts a swarm_wait and returns its answer's channel once the
// wait sleeps (or answered).
func waitAsync(t *testing.T, b *Board, member, args string) <-chan string {
	t.Helper()
	out := make(chan string, 1)
	go func() { out <- callTool(t, b, member, ToolSwarmWait, args) }()
	require.Eventually(t, func() bool {
		b.mu.Lock()
		defer b.mu.Unlock()
		return b.sleeping[b.members[member]] || len(out) > 0
	}, 5*time.Second, time.Millisecond)
	return out
}

func TestSwarmWait(t *testing.T) {
	tests := []struct {
		name string
		// act wakes the waiting member "a" (b and c run).
		act     func(b *Board, clock *channelstest.FakeClock)
		args    string
		want    string
		outcome string
	}{
		{name: "woken by a change", args: `{"path":"/shared_memory/results"}`,
			act: func(b *Board, _ *channelstest.FakeClock) {
				_, _ = b.Write("b", WriteRequest{Command: CmdCreate, Path: ptr("/shared_memory/other"), Payload: "x"})
				_, _ = b.Write("b", WriteRequest{Command: CmdCreate, Path: ptr("/shared_memory/results/r1"), Payload: "x"})
			},
			want: `1 shared memory file changed where you wait (f-2 new; written by b). To see one, call shared_memory(command="view", path="f-2").`, outcome: WaitNews},
		{name: "woken by another member's end", act: func(b *Board, _ *channelstest.FakeClock) { b.MemberState("b", swarm.StateEnded, "submitted") },
			want: "b ended (submitted).", outcome: WaitNews},
		{name: "timeout", args: `{"timeout":30}`, act: func(_ *Board, clock *channelstest.FakeClock) { clock.Advance(30 * time.Second) },
			want: "Nothing you waited for happened in 30 s.", outcome: WaitTimeout},
		{name: "stopping", act: func(b *Board, _ *channelstest.FakeClock) { b.Stopping("all_done") }, want: "The swarm is stopping.", outcome: WaitStopping},
		{name: "own end", act: func(b *Board, _ *channelstest.FakeClock) { b.MemberState("a", swarm.StateEnded, "cancelled") },
			want: "a is ending: its own agent has finished.", outcome: WaitMemberEnding},
		{name: "every member waiting", act: func(b *Board, _ *channelstest.FakeClock) {
			out := make(chan string, 2)
			for _, m := range []string{"b", "c"} {
				go func() { s, _ := b.Wait(context.Background(), m, WaitRequest{}); out <- s }()
			}
			<-out
			<-out
		}, want: "Nothing can change now: every member is waiting, has ended or has not started.", outcome: WaitAllWaiting},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, clock := newTestBoard(t, DefaultConfig(), "a", "b", "c")
			args := tt.args
			if args == "" {
				args = "{}"
			}
			out := waitAsync(t, b, "a", args)
			tt.act(b, clock)
			require.Equal(t, tt.want, <-out)
			var waited map[string]any
			for _, w := range boardEvidence(t, b, KindWaited) {
				if w["member"] == "a" {
					waited = w
				}
			}
			require.Equal(t, tt.outcome, waited["outcome"])
			require.Equal(t, "x-1", waited["wait"])
		})
	}
}

func TestSwarmWaitAtOnceAndRefusals(t *testing.T) {
	b, _ := newTestBoard(t, DefaultConfig(), "a", "b")
	sm(t, b, "b", `{"command":"create","path":"/shared_memory/x","file_text":"1"}`)
	// an unviewed change returns at once, and again until viewed
	for range 2 {
		require.Contains(t, callTool(t, b, "a", ToolSwarmWait, `{"timeout":5}`), "f-1 new")
	}
	require.Equal(t, "error: Invalid path: "+pathRule+".", callTool(t, b, "a", ToolSwarmWait, `{"path":"/etc"}`))
	w := boardEvidence(t, b, KindWaited)
	require.Len(t, w, 2, "a refused wait leaves no evidence")
	require.Equal(t, map[string]any{"requested": 5.0, "effective": 5.0}, w[0]["timeout"])
	require.Equal(t, []any{map[string]any{"file": "f-1", "version": 1.0, "deleted": false}}, w[0]["files"])
	// a wait is cancelled with its call
	ctx, cancel := context.WithCancel(context.Background())
	sm(t, b, "a", `{"command":"view","path":"f-1"}`)
	done := make(chan error, 1)
	go func() { _, err := b.Wait(ctx, "a", WaitRequest{}); done <- err }()
	require.Eventually(t, func() bool { b.mu.Lock(); defer b.mu.Unlock(); return b.sleeping[b.members["a"]] }, 5*time.Second, time.Millisecond)
	cancel()
	require.ErrorIs(t, <-done, context.Canceled)
	w = boardEvidence(t, b, KindWaited)
	require.Equal(t, WaitCancelled, w[len(w)-1]["outcome"])
}

func ptr(s string) *string { return &s }

// TestBoardRefusesEndedAndBusy: a member that has ended can neither view,
// write nor wait; no write lands once the swarm is stopping; a member has
// one swarm_wait at a time. None of these refusals leaves evidence or
// takes an id.
func TestBoardRefusesEndedAndBusy(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		// act prepares the board and makes the refused call as "a".
		act  func(t *testing.T, b *Board) string
		want string
	}{
		{name: "view after the end", act: func(t *testing.T, b *Board) string {
			b.MemberState("a", swarm.StateEnded, "submitted")
			return sm(t, b, "a", `{"command":"view","path":"/shared_memory"}`)
		}, want: "error: a has ended."},
		{name: "write after the end", act: func(t *testing.T, b *Board) string {
			b.MemberState("a", swarm.StateEnded, "submitted")
			return sm(t, b, "a", `{"command":"append","path":"/shared_memory/log","append_text":"x"}`)
		}, want: "error: a has ended."},
		{name: "wait after the end", act: func(t *testing.T, b *Board) string {
			b.MemberState("a", swarm.StateEnded, "submitted")
			return callTool(t, b, "a", ToolSwarmWait, `{}`)
		}, want: "error: a has ended."},
		{name: "write while stopping", act: func(t *testing.T, b *Board) string {
			b.Stopping("all_done")
			return sm(t, b, "a", `{"command":"create","path":"/shared_memory/x","file_text":"1"}`)
		}, want: "error: The swarm is stopping: the board takes no more writes."},
		{name: "a second wait", act: func(t *testing.T, b *Board) string {
			first := waitAsync(t, b, "a", `{}`)
			second := make(chan string, 1)
			go func() { second <- callTool(t, b, "a", ToolSwarmWait, `{}`) }()
			select {
			case got := <-second:
				b.MemberState("b", swarm.StateEnded, "submitted")
				require.Equal(t, "b ended (submitted).", <-first, "the first wait goes on")
				return got
			case <-time.After(5 * time.Second):
				t.Fatal("the second wait was not refused")
				return ""
			}
		}, want: "error: a is already waiting: one swarm_wait at a time."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			b, _ := newTestBoard(t, DefaultConfig(), "a", "b", "c")
			require.Equal(t, tt.want, tt.act(t, b))
			for _, kind := range []string{channels.KindSent, channels.KindDelivered, channels.KindRead} {
				require.Empty(t, boardEvidence(t, b, kind), kind)
			}
			waited := boardEvidence(t, b, KindWaited)
			require.LessOrEqual(t, len(waited), 1, "only the first wait of the last case")
			for _, w := range waited {
				require.Equal(t, "x-1", w["wait"], "a refused wait takes no id")
			}
		})
	}
}
