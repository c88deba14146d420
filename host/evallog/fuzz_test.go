package evallog

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzRead feeds arbitrary bytes to the log reader, as a JSON log and as
// an .eval archive (readEvalBytes): it must return a log or an error,
// never panic. Issue 27's hostile logs are among the seeds: a million
// empty samples, a zip bomb, an archive inflating too much in all.
func FuzzRead(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("testdata", "*.json"))
	for _, s := range seeds {
		if b, err := os.ReadFile(s); err == nil && len(b) < 1<<20 {
			f.Add(b)
		}
	}
	f.Add([]byte(`{"version": 2, "status": "success", "eval": {"task": "t"}, "samples": [{"id": 1, "epoch": 1, "scores": {"m": {"value": NaN}}}]}`))
	f.Add([]byte(`{"version": 2, "status": "started"}`))
	f.Add([]byte(hostileJSONHeader + `"samples": [` + repeatJoin("{}", 20_000) + `]}`))
	for _, s := range evalSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		readEvalBytes(t, data)
		path := filepath.Join(t.TempDir(), "log.json")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		_, _ = Read(path)
	})
}
