package dataset

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// FuzzRead feeds arbitrary bytes to each reader (json, jsonl, csv): it
// must return samples or an error, never panic; and each JSON Lines or CSV
// row read alone from its offset (Rows.At) is the sample Read returns.
func FuzzRead(f *testing.F) {
	f.Add([]byte(`[{"id": 1, "input": "q", "target": "a"}]`), "json")
	f.Add([]byte("{\"input\": \"q\", \"target\": [\"a\", \"b\"], \"metadata\": {\"k\": 1}}\n{\"input\": \"r\"}\n"), "jsonl")
	f.Add([]byte("id,input,target\n1,q,a\n2,\"multi\nline\",b\n"), "csv")
	f.Add([]byte(`[{"input": [{"role": "user", "content": "hi"}], "files": {"a.txt": "data:,x"}, "setup": "true"}]`), "json")
	f.Add([]byte("input,target\ncaf\xe9,a\n"), "csv")
	f.Add([]byte("\ufeff{\"input\": \"\xed\xa0\x80\"}\n"), "jsonl")
	f.Add([]byte("[{\"input\": \"q\", \"metadata\": {\"a\": NaN, \"b\": -Infinity, \"s\": \"Infinity\"}}]"), "json")
	f.Fuzz(func(t *testing.T, data []byte, format string) {
		switch format {
		case "json", "jsonl", "csv":
		default:
			return
		}
		path := filepath.Join(t.TempDir(), "data."+format)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		_, _ = Read(path, Options{})
		opts := Options{AutoID: true, Shuffle: true, Seed: 7}
		samples, err := Read(path, opts)
		if err != nil || format == "json" {
			return
		}
		entries, err := Index(path, opts)
		if err != nil {
			t.Fatalf("Read succeeded, Index failed: %v", err)
		}
		rows, err := OpenRows(path, opts)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		for i, e := range entries {
			got, err := rows.At(e)
			if err != nil {
				t.Fatalf("row at line %d: %v", e.Line, err)
			}
			if diff := cmp.Diff(samples[i], got, cmpopts.EquateNaNs()); diff != "" {
				t.Fatalf("row at line %d read alone (-Read +At):\n%s", e.Line, diff)
			}
		}
	})
}
