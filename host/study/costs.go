package study

// armCost is an arm's recorded cost per attempt: mean tokens over every
// attempt, and mean dollars when every attempt recorded some.
type armCost struct {
	tokens  float64
	dollars *float64
}

// costPerAttempt averages the arm's recorded cost over its attempts.
func costPerAttempt(arm *Arm) armCost {
	var tokens, dollars float64
	n, priced := 0, 0
	for _, s := range arm.Samples {
		for _, a := range s.Attempts {
			n++
			tokens += float64(a.Cost.Tokens)
			if a.Cost.Dollars != nil {
				priced++
				dollars += *a.Cost.Dollars
			}
		}
	}
	if n == 0 {
		return armCost{}
	}
	c := armCost{tokens: tokens / float64(n)}
	if priced == n {
		d := dollars / float64(n)
		c.dollars = &d
	}
	return c
}

// times is the cost of k attempts.
func (c armCost) times(k int) (tokens, dollars *float64) {
	t := c.tokens * float64(k)
	if c.dollars != nil {
		d := *c.dollars * float64(k)
		dollars = &d
	}
	return &t, dollars
}
