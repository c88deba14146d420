package study

import (
	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/swarm"
)

// inferRole guesses a role from the log's shape, as the study block does
// from the suite: a swarm of more than one member is a swarm; one agent
// with several epochs a baseline; one agent once a single agent.
func inferRole(a *Arm) config.ArmRole {
	switch {
	case a.members() > 1:
		return config.RoleSwarm
	case a.epochs() > 1:
		return config.RoleBaseline
	default:
		return config.RoleSingle
	}
}

// shapeK is the arm's k from its shape: a swarm's member count, a
// baseline's epoch count; 0 for a single agent, whose budget multiple no
// shape tells (Compare takes it to be the report's k).
func shapeK(a *Arm) int {
	switch a.Role {
	case config.RoleSwarm:
		return a.members()
	case config.RoleBaseline:
		return a.epochs()
	}
	return 0
}

// members is the largest roster any attempt records (1 without records).
func (a *Arm) members() int {
	n := 0
	for _, s := range a.Samples {
		for _, at := range s.Attempts {
			n = max(n, len(at.Members))
		}
	}
	return max(n, 1)
}

// epochs is the most attempts any sample has.
func (a *Arm) epochs() int {
	n := 0
	for _, s := range a.Samples {
		n = max(n, len(s.Attempts))
	}
	return n
}

// ruleOf is the final mode most of the log's records name (first, last or
// controller; ties to the one seen first); "" when none names one.
func ruleOf(l *evallog.EvalLog) string {
	counts := map[string]int{}
	var order []string
	for _, s := range l.Samples {
		var rec swarm.Record
		if !decode(s.Store[swarm.StoreKeyResult], &rec) || rec.Final.Mode == nil {
			continue
		}
		if counts[*rec.Final.Mode] == 0 {
			order = append(order, *rec.Final.Mode)
		}
		counts[*rec.Final.Mode]++
	}
	best := ""
	for _, m := range order {
		if counts[m] > counts[best] {
			best = m
		}
	}
	return best
}
