package evallog

import (
	"io"
	"iter"
	"sync"
	"sync/atomic"
)

// aheadBatch is how many events the read-ahead producer hands over at a time, and aheadDepth
// how many such batches may wait: a channel send per event would cost more than most events
// take to build, and a few batches ahead keep both goroutines busy without holding more than
// a few thousand events.
const (
	aheadBatch = 256
	aheadDepth = 4
	// aheadMax is the most events readAhead's producer may have made that the consumer has
	// not yet finished with: the batch it fills, those waiting, and the one being consumed.
	aheadMax = (aheadDepth + 2) * aheadBatch
)

// aheadSync is how many events readAhead yields in the consumer's goroutine before it starts
// the producer's: a small sample (a few members) is written with no goroutine and no hand-over,
// which cost more than its events take to write.
const aheadSync = 2 * aheadBatch

// readAhead yields what events yields, in the same order; past the first aheadSync events they
// are built by a goroutine of its own: a large sample's events are built (unspilled, merged,
// converted: host/eval's stream) while the ones before them are condensed and encoded, so that
// writing it uses two cores rather than one. The bytes written are the same: only where each
// event is built changes.
//
// events must not share mutable state with what the consumer does with the events it yields
// (writeEvents: the condenser copies what it changes). When the consumer stops early the
// producer is told to stop at its next event and waited for, so nothing of events runs after
// the returned sequence has returned (it makes at most one event after the stop); a panic in
// events is raised again in the consumer.
func readAhead(events iter.Seq[Event]) iter.Seq[Event] {
	return func(yield func(Event) bool) {
		// iter.Pull lets the first events come in this goroutine and the rest in the
		// producer's: next is called from one goroutine at a time, never from both at once.
		next, stopPull := iter.Pull(events)
		defer stopPull()
		for range aheadSync {
			e, ok := next()
			if !ok || !yield(e) {
				return
			}
		}
		full := make(chan []Event, aheadDepth)
		free := make(chan []Event, aheadDepth+2)
		stop := make(chan struct{})
		done := make(chan any, 1) // the producer's panic, or nil
		go func() {
			defer func() { done <- recover(); close(full) }()
			batch := make([]Event, 0, aheadBatch)
			stopped := func() bool {
				select {
				case <-stop:
					return true
				default:
					return false
				}
			}
			send := func() bool {
				if stopped() { // the consumer draining full must not keep it going
					return false
				}
				select {
				case full <- batch:
				case <-stop:
					return false
				}
				select {
				case batch = <-free:
					batch = batch[:0]
				default:
					batch = make([]Event, 0, aheadBatch)
				}
				return true
			}
			for {
				e, ok := next()
				if !ok {
					break
				}
				batch = append(batch, e)
				if len(batch) == aheadBatch {
					if !send() {
						return
					}
				} else if stopped() {
					return
				}
			}
			if len(batch) > 0 {
				send()
			}
		}()
		finished := false
		finish := func() {
			finished = true
			for range full { // let the producer run to its end or its stop
			}
			if p := <-done; p != nil {
				panic(p)
			}
		}
		defer func() {
			// Should yield panic, the producer is stopped and waited for before
			// stopPull (deferred earlier) runs: iter.Pull's next and stop must
			// never run at once.
			if !finished {
				close(stop)
				for range full {
				}
				<-done
			}
		}()
		for batch := range full {
			for i, e := range batch {
				batch[i] = nil // the consumer alone holds it now
				if !yield(e) {
					close(stop)
					finish()
					return
				}
			}
			select {
			case free <- batch:
			default:
			}
		}
		finish()
	}
}

// aheadChunk is how much aheadWriter gathers before handing it over, and aheadChunks how many
// chunks beyond the first it makes at most (then it waits for one to be written).
const (
	aheadChunk  = 64 << 10
	aheadChunks = 3
)

// aheadWriter passes what is written to w in a goroutine of its own once more than aheadChunk
// has been written, so that a large zip member is deflated (and summed and written to the
// file) while the rest of it is still being encoded: the second core does the deflating. w
// sees the same bytes in the same order, in chunks of aheadChunk, and deflate's output does
// not depend on how its input is cut into writes. A member smaller than aheadChunk is written
// to w by Close, in the caller's goroutine. Not safe for concurrent use.
type aheadWriter struct {
	w    io.Writer
	buf  []byte
	full chan []byte // chunks for the goroutine; nil until it starts
	free chan []byte // chunks it has written, for reuse
	made int         // chunks made beyond the first
	wg   sync.WaitGroup
	bad  atomic.Bool // set once err is
	err  error       // the goroutine's first error; read once bad is set or the goroutine ended
}

func newAheadWriter(w io.Writer) *aheadWriter {
	return &aheadWriter{w: w, buf: make([]byte, 0, aheadChunk)}
}

// Write gathers p, handing over each full chunk.
func (a *aheadWriter) Write(p []byte) (int, error) {
	if a.bad.Load() {
		return 0, a.err
	}
	n := len(p)
	for len(p) > 0 {
		k := copy(a.buf[len(a.buf):cap(a.buf)], p)
		a.buf, p = a.buf[:len(a.buf)+k], p[k:]
		if len(a.buf) == cap(a.buf) {
			a.handOver()
		}
	}
	return n, nil
}

// handOver gives the goroutine the chunk gathered, starting it the first time.
func (a *aheadWriter) handOver() {
	if a.full == nil {
		a.full, a.free = make(chan []byte, aheadChunks+1), make(chan []byte, aheadChunks+1)
		a.wg.Add(1)
		go a.run()
	}
	a.full <- a.buf
	if a.made < aheadChunks {
		select {
		case b := <-a.free:
			a.buf = b[:0]
		default:
			a.made++
			a.buf = make([]byte, 0, aheadChunk)
		}
		return
	}
	a.buf = (<-a.free)[:0]
}

// run writes every chunk to w; after an error it only drains them.
func (a *aheadWriter) run() {
	defer a.wg.Done()
	for b := range a.full {
		if !a.bad.Load() {
			if _, err := a.w.Write(b); err != nil {
				a.err = err
				a.bad.Store(true)
			}
		}
		a.free <- b // never blocks: it holds every chunk made
	}
}

// Close writes what is left and waits for the goroutine: when it returns, w has been given
// everything written, and the error is the first w returned.
func (a *aheadWriter) Close() error {
	if a.full == nil {
		_, err := a.w.Write(a.buf)
		return err
	}
	if len(a.buf) > 0 {
		a.full <- a.buf
	}
	close(a.full)
	a.wg.Wait()
	return a.err
}

// Abort stops the goroutine without writing what is left (the member is given up): the
// chunks still queued are dropped, not written.
func (a *aheadWriter) Abort() {
	if a.full == nil {
		return
	}
	a.bad.Store(true) // run drains the rest without writing it
	close(a.full)
	a.wg.Wait()
}
