package channels

import (
	"fmt"
	"math"
	"time"
)

// controls applies the storm controls after the size check: the sender's
// rate, then for each recipient in roster order its inbox's room and, with
// dedupe, an unread copy from the same sender. Callers hold b.mu.
func (b *Bus) controls(sender *member, recipients []string, rec *record) (string, string) {
	if wait, ok := b.rateWait(sender); !ok {
		return RuleRate, fmt.Sprintf("rate limit: retry in %d s", wait)
	}
	for _, name := range recipients {
		m := b.byName[name]
		if len(m.inbox) >= b.cfg.MaxUnread {
			return RuleMaxUnread, fmt.Sprintf("inbox full: %s has %d unread messages", name, len(m.inbox))
		}
		if !b.cfg.Dedupe {
			continue
		}
		for _, old := range m.inbox {
			if old.from == sender.Name && old.text == rec.text {
				return RuleDedupe, "duplicate of unread " + old.id
			}
		}
	}
	return "", ""
}

// rateWait reports whether another send of sender fits its rate, and when
// not, the whole seconds to wait. Callers hold b.mu.
func (b *Bus) rateWait(sender *member) (int, bool) {
	return b.cfg.Rate.Wait(&sender.sends, b.clock.Now())
}

// Wait drops the times that left r's sliding window ending at now and
// reports whether one more fits; when not, how many whole seconds
// until the oldest leaves it (at least 1). The zero Rate always fits.
func (r Rate) Wait(times *[]time.Time, now time.Time) (int, bool) {
	if r.Off() {
		return 0, true
	}
	keep := (*times)[:0]
	for _, t := range *times {
		if now.Sub(t) < r.Per {
			keep = append(keep, t)
		}
	}
	*times = keep
	if len(keep) < r.Sends {
		return 0, true
	}
	left := keep[0].Add(r.Per).Sub(now)
	return max(1, int(math.Ceil(left.Seconds()))), false
}

// sprintf is fmt.Sprintf, short for the rejection texts.
func sprintf(format string, args ...any) string { return fmt.Sprintf(format, args...) }
