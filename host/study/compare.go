package study

import (
	"errors"
	"fmt"
	"slices"

	"github.com/swarmhost/swarmhost/host/config"
)

// ReportVersion is the version of the [Report] document.
const ReportVersion = 1

// Options set a comparison; zero fields take their defaults.
type Options struct {
	// Study names the study (a title only).
	Study string
	// K is the k compared at; default the first swarm arm's member count,
	// else the baseline's epochs.
	K int
	// Bootstrap sets the pairs' intervals; zero is config.DefaultBootstrap.
	Bootstrap config.Bootstrap
}

// Report is everything the comparison found: what report pages, JSON and
// CSV show. Nothing in it depends on the clock, so the same logs and
// options give the same report.
type Report struct {
	Version int    `json:"version"`
	Study   string `json:"study"`
	K       int    `json:"k"`
	// Rule is the swarm's final rule that select@k replays.
	Rule      string           `json:"rule"`
	Bootstrap config.Bootstrap `json:"bootstrap"`
	Arms      []*Arm           `json:"arms"`
	// Samples is how many distinct samples the arms hold between them.
	Samples    int          `json:"samples"`
	Quantities []Quantity   `json:"quantities"`
	Pairs      []Pair       `json:"pairs"`
	Curves     []Curve      `json:"curves"`
	Members    []MemberRow  `json:"members"`
	Outcomes   []Outcome    `json:"outcomes"`
	Flags      []Flag       `json:"flags"`
	Costs      []ArmCostRow `json:"costs"`
	Notes      []string     `json:"notes"`
}

// Compare compares the arms. It fails when there is nothing to compare or
// when two arms are baselines (pass@k, best@k and select@k need one).
func Compare(arms []*Arm, opt Options) (*Report, error) {
	if len(arms) == 0 {
		return nil, errors.New("no arms to compare")
	}
	if err := checkArms(arms); err != nil {
		return nil, err
	}
	r := &Report{Version: ReportVersion, Study: opt.Study, Arms: arms, Bootstrap: opt.Bootstrap,
		Notes: []string{}, Flags: []Flag{}, Pairs: []Pair{}}
	if r.Bootstrap.Resamples == 0 {
		r.Bootstrap = config.DefaultBootstrap
	}
	r.K = chooseK(arms, opt.K)
	for _, a := range arms {
		if a.Role == config.RoleSingle && a.K == 0 {
			a.K = r.K // a single agent's multiple unknown: taken to be k
		}
	}
	r.Rule = chooseRule(arms)
	order := sampleOrder(arms)
	r.Samples = len(order)
	for _, arm := range arms {
		r.Quantities = append(r.Quantities, r.armQuantities(arm, order)...)
		r.Costs = append(r.Costs, costRow(arm))
		r.Flags = append(r.Flags, flagsOf(arm)...)
		r.Members = append(r.Members, memberRows(arm)...)
		r.Outcomes = append(r.Outcomes, outcomesOf(arm)...)
	}
	r.Pairs = r.pairs(order)
	r.Curves = r.curves(order)
	r.Notes = append(r.Notes, sampleNotes(arms, order)...)
	return r, nil
}

// checkArms refuses two baselines and repeated labels.
func checkArms(arms []*Arm) error {
	labels := map[string]bool{}
	baselines := 0
	for _, a := range arms {
		if labels[a.Label] {
			return fmt.Errorf("two arms are labelled %q: give them distinct labels", a.Label)
		}
		labels[a.Label] = true
		if a.Role == config.RoleBaseline {
			baselines++
		}
		if !slices.Contains(config.ArmRoles, a.Role) {
			return fmt.Errorf("arm %q: unknown role %q (want swarm, baseline or single)", a.Label, a.Role)
		}
	}
	if baselines > 1 {
		return errors.New("more than one baseline arm: pass@k, best@k and select@k come from one baseline")
	}
	return nil
}

// chooseK is the k asked for, else the first swarm arm's size, else the
// baseline's epochs, else 1.
func chooseK(arms []*Arm, k int) int {
	if k > 0 {
		return k
	}
	for _, role := range []config.ArmRole{config.RoleSwarm, config.RoleBaseline} {
		for _, a := range arms {
			if a.Role == role && a.K > 0 {
				return a.K
			}
		}
	}
	return 1
}

// chooseRule is the first swarm arm's final rule (first when its records
// name none, or without a swarm arm).
func chooseRule(arms []*Arm) string {
	for _, a := range arms {
		if a.Role != config.RoleSwarm {
			continue
		}
		if a.Rule == "" {
			return RuleFirst
		}
		return a.Rule
	}
	return RuleFirst
}

// sampleOrder is every sample id, in the order the arms first list them.
func sampleOrder(arms []*Arm) []string {
	var out []string
	seen := map[string]bool{}
	for _, a := range arms {
		for _, id := range a.sampleIDs() {
			if !seen[id] {
				seen[id] = true
				out = append(out, id)
			}
		}
	}
	return out
}

// sampleNotes says which arms lack some of the samples (pairs use the
// samples both sides have).
func sampleNotes(arms []*Arm, order []string) []string {
	var out []string
	for _, a := range arms {
		if missing := len(order) - len(a.Samples); missing > 0 {
			out = append(out, fmt.Sprintf("arm %s lacks %d of the %d samples; pairs use the samples both sides have",
				a.Label, missing, len(order)))
		}
	}
	return out
}
