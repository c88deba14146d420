package channels

import "time"

// Clock is the bus's time source: evidence timestamps, rate windows and
// read_messages waits. Tests give a fake one.
type Clock interface {
	Now() time.Time
	// After is time.After: a channel that fires once d has passed.
	After(d time.Duration) <-chan time.Time
}

// WallClock is the wall clock, the Clock used when Options gives none.
type WallClock struct{}

func (WallClock) Now() time.Time                         { return time.Now() }
func (WallClock) After(d time.Duration) <-chan time.Time { return time.After(d) }
