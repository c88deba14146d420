package evallog

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzRepair feeds arbitrary bytes, seeded with a started log cut at
// several points, to the repairing reader and to Resume: neither may
// panic, and when ReadRepaired accepts a file Resume continues it with the
// same samples.
func FuzzRepair(f *testing.F) {
	w, err := Create(f.TempDir(), fixtureHeader())
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range fixtureSamples() {
		if err := w.AddSample(s); err != nil {
			f.Fatal(err)
		}
	}
	data, err := os.ReadFile(w.Path())
	if err != nil {
		f.Fatal(err)
	}
	_ = w.Close()
	for _, frac := range []int{2, 3, 5, 7, 11} {
		f.Add(data[:len(data)-len(data)/frac])
	}
	f.Add(data)
	f.Add([]byte(`{"version": 2, "status": "started", "eval": {}, "samples": [` + "\n    {\"id\": 1, \"epoch\": 1\n    }"))
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "log.json")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		l, _, err := ReadRepaired(path)
		w, rerr := Resume(path)
		if rerr != nil {
			return
		}
		defer w.Close()
		if err != nil {
			return
		}
		for _, s := range l.Samples {
			if !w.Has(s.ID, s.Epoch) {
				t.Fatalf("ReadRepaired read sample %v/%d that Resume does not hold", s.ID, s.Epoch)
			}
		}
	})
}
