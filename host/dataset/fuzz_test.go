package dataset

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzRead feeds arbitrary bytes to each reader (json, jsonl, csv): it
// must return samples or an error, never panic.
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
		_, _ = Read(path, Options{AutoID: true, Shuffle: true, Seed: 7})
	})
}
