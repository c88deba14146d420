package board

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/channels"
)

// TestRaceBoardWrites has members append to one file, create their own
// and view both, all at once (run with -race). Each write is checked,
// evidenced and applied as one step: the shared file ends with every
// append as its own line at a version one per write, every commit has one
// accepted "sent" and one "delivered" with its own sequence number, and
// the board's byte count is its files' sizes.
func TestRaceBoardWrites(t *testing.T) {
	t.Parallel()
	const members, rounds = 16, 20
	cfg := DefaultConfig()
	cfg.Rate = channels.Rate{}
	var roster []string
	for i := range members {
		roster = append(roster, fmt.Sprintf("m%02d", i))
	}
	b, _ := newTestBoard(t, cfg, roster...)
	var wg sync.WaitGroup
	for _, m := range roster {
		wg.Go(func() {
			for i := range rounds {
				assert.NotContains(t, sm(t, b, m, fmt.Sprintf(`{"command":"append","path":"/shared_memory/log","append_text":"%s %d"}`, m, i)), "error:")
				assert.NotContains(t, sm(t, b, m, fmt.Sprintf(`{"command":"create","path":"/shared_memory/%s","file_text":"%d"}`, m, i)), "error:")
				assert.NotContains(t, sm(t, b, m, `{"command":"view","path":"/shared_memory/log"}`), "error:")
			}
		})
	}
	wg.Wait()
	writes := members * rounds * 2
	sent, delivered := boardEvidence(t, b, channels.KindSent), boardEvidence(t, b, channels.KindDelivered)
	require.Len(t, sent, writes)
	require.Len(t, delivered, writes)
	seqs := map[float64]bool{}
	for i, d := range delivered {
		seqs[d["seq"].(float64)] = true
		require.Nil(t, sent[i]["rejected"])
	}
	require.Len(t, seqs, writes, "one sequence number per commit")
	b.mu.Lock()
	defer b.mu.Unlock()
	log := b.paths["/shared_memory/log"]
	require.Equal(t, members*rounds, log.version)
	require.Len(t, strings.Split(log.content, "\n"), members*rounds)
	size := 0
	for _, f := range b.paths {
		size += len(f.content)
	}
	require.Equal(t, size, b.bytes)
	require.Len(t, b.paths, members+1)
}
