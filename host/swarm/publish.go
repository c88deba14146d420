package swarm

// snapshot builds the current record. Callers hold r.mu.
func (r *runtime) snapshot() Record {
	rec := Record{Version: 1, Members: make([]RecordMember, len(r.members)), Final: r.final()}
	for i, m := range r.members {
		rm := RecordMember{Name: m.spec.Name, Role: strPtr(m.spec.Role), State: m.state,
			Status: strPtr(m.status), Submitted: m.status == StatusSubmitted, Sandbox: strPtr(m.spec.Sandbox),
			GateChecks: m.gateChecks, GatePasses: m.gatePasses, FirstPassTime: m.firstPass}
		if m.state == StateEnded {
			t := m.endTime
			rm.Time = &t
		}
		rec.Members[i] = rm
	}
	return rec
}

// publish makes the record's latest change visible: a new version for
// View, the running count for OnRunning, the record for OnRecord. It costs
// O(1) unless OnRecord is set.
func (r *runtime) publish() {
	r.pubMu.Lock()
	defer r.pubMu.Unlock()
	r.mu.Lock()
	r.version++
	running := r.running
	var rec Record
	if r.hooks.OnRecord != nil {
		rec = r.snapshot()
	}
	r.mu.Unlock()
	if r.hooks.OnRunning != nil && running != r.published {
		r.published = running
		r.hooks.OnRunning(running)
	}
	if r.hooks.OnRecord != nil {
		r.hooks.OnRecord(rec)
	}
}

// View reads a run's record while it runs and after it has ended. It is
// safe for concurrent use.
type View struct{ r *runtime }

// Record returns the current record: at least as recent as the latest
// published change (it may already show a change about to be published).
// Snapshots are shared between callers and made only when a change has
// been published since the last one, so callers must not modify what they
// get.
func (v View) Record() Record {
	r := v.r
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.cache == nil || r.cacheVersion != r.version {
		rec := r.snapshot()
		r.cache, r.cacheVersion = &rec, r.version
	}
	return *r.cache
}
