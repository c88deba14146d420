package report

import (
	"fmt"
	"math"
	"strconv"
)

// num is a value with 3 decimals; "—" for nil.
func num(p *float64) string {
	if p == nil {
		return "—"
	}
	return fmt.Sprintf("%.3f", *p)
}

// signed is a difference with its sign.
func signed(p *float64) string {
	if p == nil {
		return "—"
	}
	return fmt.Sprintf("%+.3f", *p)
}

// tokens is a token count per sample, whole when it is.
func tokens(p *float64) string {
	if p == nil {
		return "—"
	}
	if *p == math.Trunc(*p) {
		return strconv.FormatFloat(*p, 'f', 0, 64)
	}
	return fmt.Sprintf("%.1f", *p)
}

// dollars is a cost in dollars; "—" when none was recorded.
func dollars(p *float64) string {
	if p == nil {
		return "—"
	}
	return fmt.Sprintf("$%.4f", *p)
}

// raw is a value for a data-value attribute: the shortest exact form, ""
// for nil.
func raw(p *float64) string {
	if p == nil {
		return ""
	}
	return strconv.FormatFloat(*p, 'g', -1, 64)
}

func ptr(x float64) *float64 { return &x }
