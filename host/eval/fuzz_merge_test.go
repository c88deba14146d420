package eval

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// shardSeed is a finished shard log of a two-sample eval, as JSON.
func shardSeed(index, count int, id string) []byte {
	return fmt.Appendf(nil, `{"version": 2, "status": "success", "eval": {"task": "t", "dataset": {"samples": 2, "sample_ids": ["a", "b"]},
 "config": {"epochs": 1}, "metadata": {"swarmhost_eval": "e", "swarmhost_shard": {"index": %d, "count": %d}}},
 "results": {"total_samples": 1, "completed_samples": 1, "scores": []},
 "samples": [{"id": %q, "epoch": 1, "input": "q", "target": "42", "scores": {"match": {"value": "C"}}}]}`, index, count, id)
}

// FuzzMerge feeds arbitrary bytes, as the two shard logs of a run, to
// Merge (swarmhost log merge): it merges or errs, never panics (issue 27:
// a hostile shard log's huge count crashed it with makeslice). Seeded
// with a pair of shards, that count and a shard claiming both places.
func FuzzMerge(f *testing.F) {
	f.Add(shardSeed(0, 2, "a"), shardSeed(1, 2, "b"))
	f.Add(shardSeed(0, 2, "a"), shardSeed(0, 2, "b"))
	f.Add(shardSeed(0, 1<<62, "a"), shardSeed(1, 2, "b"))
	f.Add(shardSeed(0, 65536, "a"), []byte(`{}`))
	f.Fuzz(func(t *testing.T, a, b []byte) {
		dir := t.TempDir()
		pa, pb := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")
		if os.WriteFile(pa, a, 0o644) != nil || os.WriteFile(pb, b, 0o644) != nil {
			t.Fatal("cannot write the shards")
		}
		out := filepath.Join(dir, "merged")
		if err := os.Mkdir(out, 0o755); err != nil {
			t.Fatal(err)
		}
		_, _ = Merge([]string{pa, pb}, out)
	})
}
