package evallog

import (
	"fmt"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestAddSampleConcurrent(t *testing.T) {
	t.Parallel()
	w, err := Create(t.TempDir(), fixtureHeader())
	if err != nil {
		t.Fatal(err)
	}
	const n = 24
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			s := fixtureSample(IntID(int64(n-i)), fmt.Sprintf("q%d", i), "x")
			s.Epoch = 1 + i%2
			if err := w.AddSample(s); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	// While the eval runs, appended samples are in the order they finished.
	running := samplesIn(t, w.Path())
	if err := w.Finish(StatusSuccess, nil, EvalStats{}, nil, nil); err != nil {
		t.Fatal(err)
	}
	got := samplesIn(t, w.Path())
	var want []string
	for epoch := 1; epoch <= 2; epoch++ {
		for id := 1; id <= n; id++ {
			if 1+(n-id)%2 == epoch {
				want = append(want, fmt.Sprintf("%d/%d", epoch, id))
			}
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("finished log: samples not all there in (epoch, id) order (-want +got):\n%s", diff)
	}
	slices.Sort(running)
	slices.Sort(want)
	if diff := cmp.Diff(want, running); diff != "" {
		t.Errorf("running log: samples not all there (-want +got):\n%s", diff)
	}
}

// samplesIn lists a log's samples as epoch/id, in file order.
func samplesIn(t *testing.T, path string) []string {
	t.Helper()
	log, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, s := range log.Samples {
		out = append(out, fmt.Sprintf("%d/%s", s.Epoch, s.ID))
	}
	return out
}

func TestAddSampleReplacesSameIDAndEpoch(t *testing.T) {
	t.Parallel()
	w, err := Create(t.TempDir(), fixtureHeader())
	if err != nil {
		t.Fatal(err)
	}
	first, second := fixtureSample(StringID("q1"), "in", "a"), fixtureSample(StringID("q1"), "in", "b")
	for _, s := range []EvalSample{first, second} {
		if err := w.AddSample(s); err != nil {
			t.Fatal(err)
		}
	}
	log, err := Read(w.Path())
	if err != nil {
		t.Fatal(err)
	}
	if len(log.Samples) != 1 || log.Samples[0].Target.Text != "b" {
		t.Errorf("want the second sample only, got %d samples", len(log.Samples))
	}
}

func TestWriterErrors(t *testing.T) {
	t.Parallel()
	tests := map[string]func(t *testing.T, w *Writer) error{
		"bad finish status": func(t *testing.T, w *Writer) error {
			return w.Finish(StatusStarted, nil, EvalStats{}, nil, nil)
		},
		"sample after finish": func(t *testing.T, w *Writer) error {
			mustFinish(t, w)
			return w.AddSample(fixtureSamples()[0])
		},
		"finish twice": func(t *testing.T, w *Writer) error {
			mustFinish(t, w)
			return w.Finish(StatusSuccess, nil, EvalStats{}, nil, nil)
		},
		"create over existing log": func(t *testing.T, w *Writer) error {
			_, err := Create(filepath.Dir(w.Path()), fixtureHeader())
			return err
		},
		"bad message role": func(t *testing.T, w *Writer) error {
			s := fixtureSamples()[0]
			s.Messages[0].Role = "robot"
			return w.AddSample(s)
		},
	}
	for name, run := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			w, err := Create(t.TempDir(), fixtureHeader())
			if err != nil {
				t.Fatal(err)
			}
			if err := run(t, w); err == nil {
				t.Error("want an error, got nil")
			}
		})
	}
}

func mustFinish(t *testing.T, w *Writer) {
	t.Helper()
	if err := w.Finish(StatusError, nil, EvalStats{}, nil, &EvalError{Message: "boom"}); err != nil {
		t.Fatal(err)
	}
}
