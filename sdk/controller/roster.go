package controller

// WithReadOnlyRoster is an optional interface of a [Session] that only
// reads the Roster of the requests it gets, during the call, and never
// modifies it. The SDK then hands the session the roster it keeps, as it
// is, instead of refilling a copy for every call: a swarm of N members
// makes about 3N calls, so the copies cost O(N²) over the run (at 100 000
// members, most of the run's CPU). A session that sorts, modifies or
// keeps its Roster must not implement it; without it, each call gets its
// own copy (see [EventRequest.Roster]).
//
// ReadOnlyRoster is a marker: the SDK never calls it.
type WithReadOnlyRoster interface {
	ReadOnlyRoster()
}
