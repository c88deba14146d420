package report

import (
	"math"
)

// scale maps a data interval onto a pixel interval.
type scale struct {
	lo, hi   float64 // data
	from, to float64 // pixels
}

// at is the pixel of x.
func (s scale) at(x float64) float64 {
	if s.hi == s.lo {
		return (s.from + s.to) / 2
	}
	return s.from + (x-s.lo)/(s.hi-s.lo)*(s.to-s.from)
}

// ticks are about n round values covering [lo, hi] (1, 2 or 5 × 10^e
// apart), within the interval.
func (s scale) ticks(n int) []float64 {
	span := s.hi - s.lo
	if span <= 0 || n < 1 {
		return []float64{s.lo}
	}
	step := niceStep(span / float64(n))
	var out []float64
	for x := math.Ceil(s.lo/step-1e-9) * step; x <= s.hi+step*1e-9; x += step {
		out = append(out, roundTo(x, step))
	}
	return out
}

// niceStep rounds raw up to 1, 2 or 5 times a power of ten.
func niceStep(raw float64) float64 {
	e := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*e >= raw {
			return m * e
		}
	}
	return 10 * e
}

// roundTo removes the float noise of stepping: x rounded to step's
// decimals.
func roundTo(x, step float64) float64 {
	digits := math.Max(0, -math.Floor(math.Log10(step)))
	p := math.Pow(10, digits)
	return math.Round(x*p) / p
}

// span is [lo, hi] widened to hold every x, at least [floor, ceil].
func span(xs []float64, floor, ceil float64) (float64, float64) {
	lo, hi := floor, ceil
	for _, x := range xs {
		lo, hi = math.Min(lo, x), math.Max(hi, x)
	}
	return lo, hi
}
