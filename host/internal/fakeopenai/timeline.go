package fakeopenai

import "time"

// TimelineStep is the width of a bucket of Stats.Timeline.
const TimelineStep = 100 * time.Millisecond

// timeline integrates the requests in flight into buckets of TimelineStep
// from the first arrival: area[i] is in-flight × seconds within bucket i.
type timeline struct {
	area []float64
}

// add spreads n requests in flight from a to b (both after first) over
// the buckets they cover.
func (t *timeline) add(first, a, b time.Time, n int) {
	if n == 0 || !b.After(a) {
		return
	}
	for a.Before(b) {
		i := int(a.Sub(first) / TimelineStep)
		end := first.Add(time.Duration(i+1) * TimelineStep)
		if end.After(b) {
			end = b
		}
		for len(t.area) <= i {
			t.area = append(t.area, 0)
		}
		t.area[i] += float64(n) * end.Sub(a).Seconds()
		a = end
	}
}

// means is the mean in flight of each bucket.
func (t timeline) means() []float64 {
	out := make([]float64, len(t.area))
	for i, a := range t.area {
		out[i] = a / TimelineStep.Seconds()
	}
	return out
}
