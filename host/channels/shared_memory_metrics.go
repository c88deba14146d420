package channels

// BoardMetrics are one member's board counts as the package's CommMetrics
// count them from the evidence, with its waits.
type BoardMetrics struct {
	// Records counts its committed writes; RecordBytes their payloads' bytes.
	Records     int `json:"records"`
	RecordBytes int `json:"record_bytes"`
	// Rejections counts its refused writes by the control that refused them
	// (only controls that refused one).
	Rejections map[string]int `json:"rejections"`
	// Reads counts its views of a file, Listings its listings.
	Reads    int `json:"reads"`
	Listings int `json:"listings"`
	// Notices counts the notices it was given with a board line.
	Notices int `json:"notices"`
	// Waits counts its swarm_waits, by outcome, with their seconds and idle
	// seconds.
	Waits     int            `json:"waits"`
	ByOutcome map[string]int `json:"waits_by_outcome"`
	WaitTime  float64        `json:"wait_time"`
	IdleTime  float64        `json:"idle_time"`
}

// Metrics returns every member's board counts by name, from the evidence.
func (b *Board) Metrics() map[string]BoardMetrics {
	b.mu.Lock()
	defer b.mu.Unlock()
	out := make(map[string]BoardMetrics, len(b.roster))
	for _, name := range b.roster {
		out[name] = BoardMetrics{Rejections: map[string]int{}, ByOutcome: map[string]int{}}
	}
	bytes := map[string]int{}
	for _, e := range b.evidence {
		m := out[e.Member]
		switch d := e.Data.(type) {
		case BoardSent:
			if d.Rejected != nil {
				m.Rejections[d.Rejected.Control]++
			} else {
				bytes[d.Record.ID] = len(d.Record.Payload)
			}
		case BoardDelivered:
			m.Records++
			m.RecordBytes += bytes[d.Record]
		case BoardRead:
			if d.Listing {
				m.Listings++
			} else {
				m.Reads++
			}
		case BoardNotified:
			m.Notices++
		case BoardWaited:
			m.Waits++
			m.ByOutcome[d.Outcome]++
			m.WaitTime += d.Duration
			m.IdleTime += d.Idle
		}
		out[e.Member] = m
	}
	return out
}
