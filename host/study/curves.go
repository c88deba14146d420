package study

import (
	"github.com/swarmhost/swarmhost/host/config"
)

// Curve is one series of the cost-matched view: accuracy against the cost
// each point's arm recorded per sample, over k.
type Curve struct {
	// Name labels the series ("select@k (attempts)"); Arm is its arm (""
	// for a series across arms of one role).
	Name string         `json:"name"`
	Arm  string         `json:"arm"`
	Role config.ArmRole `json:"role"`
	Kind Kind           `json:"kind"`
	// Oracle: its quantity chooses with the target (drawn dashed).
	Oracle bool    `json:"oracle"`
	Points []Point `json:"points"`
}

// Point is one k of a curve.
type Point struct {
	K   int    `json:"k"`
	Arm string `json:"arm"`
	// Tokens and Dollars are the recorded cost per sample; Dollars nil
	// when not every attempt recorded one.
	Tokens  float64  `json:"tokens"`
	Dollars *float64 `json:"dollars"`
	// Value is the accuracy (mean score over samples).
	Value float64 `json:"value"`
}

// curves are the baseline's select@k, pass@k and best@k for k = 1…n at k
// times its cost per attempt, the swarms' final@k and team@k at their
// recorded cost, and the single agents at theirs (one series per role
// and quantity, ordered by k).
func (r *Report) curves(order []string) []Curve {
	var out []Curve
	for _, b := range r.armsOf(config.RoleBaseline) {
		cost := costPerAttempt(b)
		for _, kind := range []Kind{KindSelect, KindPass, KindBest} {
			c := Curve{Name: string(kind) + "@k (" + b.Label + ")", Arm: b.Label, Role: b.Role, Kind: kind, Oracle: kind.oracle()}
			for k := 1; k <= b.K; k++ {
				q := r.baselineAt(kind, b, k, order)
				if q.Value == nil {
					continue
				}
				tokens, dollars := cost.times(k)
				c.Points = append(c.Points, Point{K: k, Arm: b.Label, Tokens: *tokens, Dollars: dollars, Value: *q.Value})
			}
			if len(c.Points) > 0 {
				out = append(out, c)
			}
		}
	}
	out = r.roleCurve(out, config.RoleSwarm, KindFinal, "final@k (swarm)")
	out = r.roleCurve(out, config.RoleSwarm, KindTeam, "team@k (swarm)")
	return r.roleCurve(out, config.RoleSingle, KindSingle, "single agent")
}

// roleCurve appends the series of one quantity across the arms of role.
func (r *Report) roleCurve(out []Curve, role config.ArmRole, kind Kind, name string) []Curve {
	c := Curve{Name: name, Role: role, Kind: kind, Oracle: kind.oracle()}
	for _, a := range r.armsOf(role) {
		q := r.quantity(a.Label, kind)
		if q == nil || q.Value == nil || q.Tokens == nil {
			continue
		}
		c.Points = append(c.Points, Point{K: a.K, Arm: a.Label, Tokens: *q.Tokens, Dollars: q.Dollars, Value: *q.Value})
	}
	if len(c.Points) == 0 {
		return out
	}
	sortPoints(c.Points)
	return append(out, c)
}

// sortPoints orders points by k, then cost.
func sortPoints(ps []Point) {
	for i := 1; i < len(ps); i++ {
		for j := i; j > 0 && (ps[j].K < ps[j-1].K || (ps[j].K == ps[j-1].K && ps[j].Tokens < ps[j-1].Tokens)); j-- {
			ps[j], ps[j-1] = ps[j-1], ps[j]
		}
	}
}
