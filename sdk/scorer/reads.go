package scorer

import (
	"errors"
	"fmt"
)

// Reads names the snapshots of a sample's state, beyond its sample, output
// and messages, that a scorer reads: the result record and the store. Both
// grow with the swarm (a record entry per member; the store holds the
// record again and the ledger), so a scorer that reads neither should say
// so (see [WithReads]).
type Reads uint8

const (
	// ReadsRecord is [ScoreRequest.Record].
	ReadsRecord Reads = 1 << iota
	// ReadsStore is [ScoreRequest.Store].
	ReadsStore
)

const (
	// ReadsNone is a scorer that reads only the sample, the output and
	// the messages (e.g. one that compares the answer with the target).
	ReadsNone Reads = 0
	// ReadsAll is what a scorer without [WithReads] gets.
	ReadsAll = ReadsRecord | ReadsStore
)

// Has reports whether r includes every snapshot of part.
func (r Reads) Has(part Reads) bool { return r&part == part }

// WithReads is an optional interface of a [Scorer] that reads less than
// every snapshot. The host then leaves out of each [ScoreRequest] what
// Reads does not name: it neither builds nor sends it, which for a swarm of
// N members saves O(N) of encoding in the host and of decoding and memory
// in the plugin, per score and per gate check. The request's Omitted says
// what was left out, and [ScoreRequest.ReadRecord] and
// [ScoreRequest.ReadStore] return [ErrNotSent] for it.
//
// The host calls Reads once, when it prepares the scorer's runs; the
// answer must not change. A scorer without WithReads gets everything.
type WithReads interface {
	Reads() Reads
}

// ReadsOf returns what s declares it reads: its Reads, or [ReadsAll] when
// it does not implement [WithReads].
func ReadsOf(s Scorer) Reads {
	if r, ok := s.(WithReads); ok {
		return r.Reads() & ReadsAll
	}
	return ReadsAll
}

// ErrNotSent is returned by [ScoreRequest.ReadRecord] and
// [ScoreRequest.ReadStore] for a snapshot the scorer declared (see
// [WithReads]) it does not read.
var ErrNotSent = errors.New("scorer: snapshot not sent")

// ReadRecord returns the request's Record, or an error wrapping
// [ErrNotSent] when the host left it out because the scorer's Reads does
// not name [ReadsRecord].
func (r ScoreRequest) ReadRecord() (Record, error) {
	if r.Omitted.Has(ReadsRecord) {
		return Record{}, notSent("the result record", "ReadsRecord")
	}
	return r.Record, nil
}

// ReadStore returns the request's Store, or an error wrapping
// [ErrNotSent] when the host left it out because the scorer's Reads does
// not name [ReadsStore].
func (r ScoreRequest) ReadStore() (map[string][]byte, error) {
	if r.Omitted.Has(ReadsStore) {
		return nil, notSent("the store", "ReadsStore")
	}
	return r.Store, nil
}

func notSent(what, flag string) error {
	return fmt.Errorf("%w: %s was not sent, since the scorer's Reads (scorer.WithReads) leaves out scorer.%s; "+
		"add it to Reads to receive it", ErrNotSent, what, flag)
}
