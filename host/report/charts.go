package report

import (
	"fmt"
	"math"
	"strings"

	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/study"
)

// chart is one inline SVG: a plot area with axes and one kind of marks.
type chart struct {
	ID, Title, Caption string
	Width, Height      int
	// Plot is the plotting area in pixels.
	Plot           box
	XTicks, YTicks []tick
	XLabel, YLabel string
	// ZeroX is the pixel of x = 0 when the chart draws it (forest plots).
	ZeroX  *float64
	Bars   []bar
	Rows   []forestRow
	Series []series
}

// box is a rectangle in pixels.
type box struct{ X, Y, W, H float64 }

// tick is one axis tick: its pixel and label.
type tick struct {
	Pos   float64
	Label string
}

// bar is one horizontal bar with an optional ± stderr whisker; its value's
// text at TextX, past the bar and the whisker.
type bar struct {
	Name, Text, Value, Class string
	Y, W, H, TextX           float64
	// Err is the whisker from ErrLo to ErrHi (pixels) when HasErr.
	HasErr       bool
	ErrLo, ErrHi float64
}

// forestRow is one paired difference: its mean and interval.
type forestRow struct {
	Name, Text, Value, Low, High string
	Y, X, Lo, Hi                 float64
}

// series is one curve of the cost chart: a polyline through its marks,
// drawn as Shape (circle, square or diamond) so that curves of one colour
// stay apart.
type series struct {
	Name, Class, Shape string
	Dashed             bool
	Path               string
	Marks              []mark
	// LegendY is the legend entry's pixel row.
	LegendY float64
}

// mark is one point of a series; Label ("k=2") is drawn beside it on a
// curve of several points.
type mark struct {
	X, Y                           float64
	Value, K, Tokens, Dollars, Arm string
	Title, Label                   string
}

const (
	chartWidth = 760
	labelWidth = 230
	rowHeight  = 26
)

// roleClass is the CSS class (colour) of an arm's role.
func roleClass(role string) string { return "role-" + role }

// quantitiesChart draws each available quantity as a bar with its
// standard error.
func quantitiesChart(r *study.Report) chart {
	var qs []study.Quantity
	var values []float64
	for _, q := range r.Quantities {
		if q.Value != nil {
			qs = append(qs, q)
			values = append(values, *q.Value)
		}
	}
	c := chart{ID: "chart-quantities", Title: "Quantities", Caption: "blue: chosen without the target; amber: oracle; whiskers: ± stderr", Width: chartWidth,
		Height: 40 + rowHeight*len(qs) + 30, XLabel: "mean score over samples"}
	c.Plot = box{X: labelWidth, Y: 20, W: chartWidth - labelWidth - 60, H: float64(rowHeight * len(qs))}
	lo, hi := span(values, 0, 1)
	x := scale{lo: lo, hi: hi, from: c.Plot.X, to: c.Plot.X + c.Plot.W}
	c.XTicks = ticksOf(x, 5)
	for i, q := range qs {
		b := bar{Name: q.Name + " · " + q.Arm, Text: num(q.Value), Value: raw(q.Value),
			Class: kindClass(q), Y: c.Plot.Y + float64(i*rowHeight) + 4, H: rowHeight - 8}
		b.W = x.at(*q.Value) - x.at(0)
		b.TextX = c.Plot.X + b.W + 6
		if q.Stderr != nil {
			b.HasErr, b.ErrLo, b.ErrHi = true, x.at(*q.Value-*q.Stderr), x.at(*q.Value+*q.Stderr)
			b.TextX = math.Max(b.TextX, b.ErrHi+6)
		}
		c.Bars = append(c.Bars, b)
	}
	return c
}

// kindClass colours a quantity: oracle ones apart.
func kindClass(q study.Quantity) string {
	if q.Oracle {
		return "oracle"
	}
	return "fair"
}

// pairsChart is a forest plot of the paired differences with intervals.
func pairsChart(r *study.Report) chart {
	var ps []study.Pair
	var ends []float64
	for _, p := range r.Pairs {
		if p.Mean != nil {
			ps = append(ps, p)
			ends = append(ends, *p.Low, *p.High, *p.Mean)
		}
	}
	c := chart{ID: "chart-pairs", Title: "Paired differences", Width: chartWidth,
		Height: 40 + rowHeight*len(ps) + 30, XLabel: fmt.Sprintf("A − B per sample, mean with %.0f%% bootstrap interval", r.Bootstrap.Confidence*100)}
	c.Plot = box{X: labelWidth + 80, Y: 20, W: chartWidth - labelWidth - 140, H: float64(rowHeight * len(ps))}
	m := 0.1
	for _, e := range ends {
		m = math.Max(m, math.Abs(e))
	}
	x := scale{lo: -m, hi: m, from: c.Plot.X, to: c.Plot.X + c.Plot.W}
	c.XTicks = ticksOf(x, 4)
	c.ZeroX = ptr(x.at(0))
	for i, p := range ps {
		c.Rows = append(c.Rows, forestRow{Name: p.A + " − " + p.B, Text: signed(p.Mean), Value: raw(p.Mean),
			Low: raw(p.Low), High: raw(p.High), Y: c.Plot.Y + float64(i*rowHeight) + rowHeight/2,
			X: x.at(*p.Mean), Lo: x.at(*p.Low), Hi: x.at(*p.High)})
	}
	return c
}

// costChart plots every curve's accuracy against its cost per sample:
// tokens, or dollars (dollars is false when a point has none).
func costChart(r *study.Report, inDollars bool) (chart, bool) {
	cost := func(p study.Point) (float64, bool) {
		if !inDollars {
			return p.Tokens, true
		}
		if p.Dollars == nil {
			return 0, false
		}
		return *p.Dollars, true
	}
	var xs, ys []float64
	for _, cv := range r.Curves {
		for _, p := range cv.Points {
			v, ok := cost(p)
			if !ok {
				return chart{}, false
			}
			xs, ys = append(xs, v), append(ys, p.Value)
		}
	}
	if len(xs) == 0 {
		return chart{}, false
	}
	c := chart{ID: "chart-cost-tokens", Title: "Accuracy against recorded tokens", Width: chartWidth, Height: 420,
		XLabel: "tokens per sample (recorded)", YLabel: "accuracy"}
	if inDollars {
		c.ID, c.Title, c.XLabel = "chart-cost-dollars", "Accuracy against recorded dollars", "dollars per sample (recorded)"
	}
	c.Plot = box{X: 60, Y: 20, W: 480, H: 340}
	_, xhi := span(xs, 0, 0)
	ylo, yhi := span(ys, 0, 1)
	x := scale{lo: 0, hi: xhi * 1.08, from: c.Plot.X, to: c.Plot.X + c.Plot.W}
	y := scale{lo: ylo, hi: yhi, from: c.Plot.Y + c.Plot.H, to: c.Plot.Y}
	c.XTicks, c.YTicks = ticksOf(x, 5), ticksOf(y, 5)
	for i, cv := range r.Curves {
		s := series{Name: cv.Name, Class: roleClass(string(cv.Role)), Shape: shapeOf(cv.Kind), Dashed: cv.Oracle,
			LegendY: c.Plot.Y + 8 + float64(i*20)}
		var path []string
		for _, p := range cv.Points {
			v, _ := cost(p)
			mk := mark{X: x.at(v), Y: y.at(p.Value), Value: raw(&p.Value), K: fmt.Sprint(p.K), Tokens: raw(&p.Tokens),
				Dollars: raw(p.Dollars), Arm: p.Arm,
				Title: fmt.Sprintf("%s, k=%d (%s): %.3f at %s", cv.Name, p.K, p.Arm, p.Value, costText(v, inDollars))}
			mk.Label = fmt.Sprintf("k=%d", p.K)
			if cv.Role == config.RoleSingle {
				mk.Label = fmt.Sprintf("%d×", p.K)
			}
			s.Marks = append(s.Marks, mk)
			path = append(path, fmt.Sprintf("%.1f,%.1f", mk.X, mk.Y))
		}
		s.Path = strings.Join(path, " ")
		c.Series = append(c.Series, s)
	}
	return c, true
}

// shapeOf is the marker of a quantity's curve: squares and diamonds for
// the ones that choose with the target.
func shapeOf(k study.Kind) string {
	switch k {
	case study.KindPass, study.KindTeam:
		return "square"
	case study.KindBest:
		return "diamond"
	}
	return "circle"
}

// costText is a cost for a tooltip.
func costText(v float64, inDollars bool) string {
	if inDollars {
		return dollars(&v)
	}
	return tokens(&v) + " tokens"
}

// ticksOf labels a scale's ticks.
func ticksOf(s scale, n int) []tick {
	var out []tick
	for _, v := range s.ticks(n) {
		out = append(out, tick{Pos: s.at(v), Label: tickLabel(v)})
	}
	return out
}

// tickLabel is a tick's value, short.
func tickLabel(v float64) string {
	v += 0 // no "-0"
	if math.Abs(v) >= 1000 {
		return fmt.Sprintf("%.0f", v)
	}
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.4f", v), "0"), ".")
}
