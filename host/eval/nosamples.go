package eval

import (
	"fmt"
	"sync"

	"github.com/swarmhost/swarmhost/host/evallog"
)

// withoutSamples is a log that keeps the samples out (--no-log-samples):
// the header and, at the end, the results.
type withoutSamples struct {
	evallog.LogWriter
	mu  sync.Mutex
	has map[[2]string]bool
}

// AddSample notes the sample without writing it.
func (w *withoutSamples) AddSample(s evallog.EvalSample) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.has[[2]string{s.ID.String(), fmt.Sprint(s.Epoch)}] = true
	return nil
}

// Has reports whether the run added the sample.
func (w *withoutSamples) Has(id evallog.SampleID, epoch int) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.has[[2]string{id.String(), fmt.Sprint(epoch)}]
}
