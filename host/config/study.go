package config

import (
	"encoding/json"
	"fmt"

	"github.com/hashicorp/hcl/v2"
)

// Study is a `study "<name>"` block: evals run on the same samples and
// compared as the arms of one study (host/study reads their logs):
//
//	study "swarm_vs_attempts" {
//	  k = 3                                        # default: the swarm arm's member count
//	  arm "swarm"    { eval = eval.swarm_of_3 }
//	  arm "attempts" { eval = eval.attempts  role = "baseline" }
//	  arm "big"      { eval = eval.one_big   role = "single" }
//	  bootstrap { resamples = 10000  seed = 1  confidence = 0.95 }
//	}
//
// An eval that a study names gets per-member scores (see Scorer.MemberScores)
// and records its arms in its log's eval.metadata["studies"].
type Study struct {
	Name string `json:"name"`
	// K is the number of attempts the study compares at: the swarm's size,
	// the baseline's k, the single agent's budget multiple.
	K int `json:"k"`
	// Arms in declaration order.
	Arms []*StudyArm `json:"arms"`
	// Bootstrap sets the paired differences' confidence intervals.
	Bootstrap Bootstrap `json:"bootstrap"`
	DefRange  hcl.Range `json:"-"`
}

// ArmRole is what an arm stands for in a study.
type ArmRole string

// The arm roles.
const (
	// RoleSwarm is a swarm of k members: final@k, team@k, mean member.
	RoleSwarm ArmRole = "swarm"
	// RoleBaseline is one agent run n ≥ k times (epochs): pass@k, best@k,
	// select@k.
	RoleBaseline ArmRole = "baseline"
	// RoleSingle is one agent with k times the budget, run once.
	RoleSingle ArmRole = "single"
)

// ArmRoles lists the roles in the order reports show them.
var ArmRoles = []ArmRole{RoleSwarm, RoleBaseline, RoleSingle}

// StudyArm is one `arm "<label>"` block of a study.
type StudyArm struct {
	// Label names the arm in reports.
	Label string `json:"label"`
	// Eval is the referenced eval's name.
	Eval string `json:"eval"`
	// Role is the role given, or the one inferred from the eval: a swarm of
	// more than one member is a swarm; one member with several epochs a
	// baseline; one member once a single agent.
	Role ArmRole `json:"role"`
	// K is the arm's own k: a swarm's member count, a single agent's
	// budget multiple (default the study's k), a baseline's epoch count.
	K        int       `json:"k"`
	DefRange hcl.Range `json:"-"`
	// roleRange is the role attribute, else the block header.
	roleRange hcl.Range
}

// Bootstrap is a study's `bootstrap {}` block: percentile intervals from
// Resamples resamples of the samples, seeded, at Confidence.
type Bootstrap struct {
	Resamples  int     `json:"resamples"`
	Seed       int64   `json:"seed"`
	Confidence float64 `json:"confidence"`
}

// DefaultBootstrap is the bootstrap a study without the block uses.
var DefaultBootstrap = Bootstrap{Resamples: 10000, Seed: 1, Confidence: 0.95}

var (
	studySchema = &hcl.BodySchema{
		Attributes: []hcl.AttributeSchema{{Name: "k"}},
		Blocks: []hcl.BlockHeaderSchema{
			{Type: "arm", LabelNames: []string{"label"}},
			{Type: "bootstrap"},
		},
	}
	armSchema = &hcl.BodySchema{Attributes: []hcl.AttributeSchema{
		{Name: "eval", Required: true}, {Name: "role"}, {Name: "k"},
	}}
	bootstrapSchema = &hcl.BodySchema{Attributes: []hcl.AttributeSchema{
		{Name: "resamples"}, {Name: "seed"}, {Name: "confidence"},
	}}
)

// studies decodes the study blocks into d.suite.Studies.
func (d *decoder) studies(blocks []*hcl.Block) {
	for _, b := range blocks {
		s := &Study{Name: b.Labels[0], DefRange: b.DefRange, Bootstrap: DefaultBootstrap}
		c := d.content(d.expand(b), studySchema)
		explicitK := d.studyK(c.Attributes["k"], s)
		labels := namedSet{}
		for _, ab := range ofType(c.Blocks, "arm") {
			if diag := labels.add("arm", ab.Labels[0], ab.LabelRanges[0]); diag != nil {
				d.report(diag)
				continue
			}
			if arm := d.arm(ab); arm != nil {
				s.Arms = append(s.Arms, arm)
			}
		}
		if bb := d.single(c.Blocks, "bootstrap"); bb != nil {
			s.Bootstrap = d.bootstrap(bb)
		}
		d.checkStudy(s, explicitK)
		d.suite.Studies = append(d.suite.Studies, s)
	}
}

// studyK reads the study's k; it reports whether one was given.
func (d *decoder) studyK(a *hcl.Attribute, s *Study) bool {
	if a == nil {
		return false
	}
	if k, ok := d.whole(a, 1); ok {
		s.K = int(k)
	}
	return true
}

// arm decodes one arm block; nil when its eval reference is bad.
func (d *decoder) arm(b *hcl.Block) *StudyArm {
	arm := &StudyArm{Label: b.Labels[0], DefRange: b.DefRange, roleRange: b.DefRange}
	c := d.content(b.Body, armSchema)
	arm.Eval = d.reference(c.Attributes["eval"], "eval", d.p.defs.evals)
	if a := c.Attributes["role"]; a != nil {
		arm.roleRange = a.Expr.Range()
		roles := make([]string, len(ArmRoles))
		for i, r := range ArmRoles {
			roles[i] = string(r)
		}
		r, ok := d.enum(a, roles...)
		if !ok {
			return nil
		}
		arm.Role = ArmRole(r)
	}
	if a := c.Attributes["k"]; a != nil {
		if k, ok := d.whole(a, 1); ok {
			arm.K = int(k)
		}
	}
	if arm.Eval == "" {
		return nil
	}
	return arm
}

// bootstrap decodes the bootstrap block over the defaults.
func (d *decoder) bootstrap(b *hcl.Block) Bootstrap {
	out := DefaultBootstrap
	c := d.content(b.Body, bootstrapSchema)
	if n, ok := d.whole(c.Attributes["resamples"], 1); ok {
		out.Resamples = int(n)
	}
	if a := c.Attributes["seed"]; a != nil {
		if n, ok := d.whole(a, 0); ok {
			out.Seed = n
		}
	}
	if a := c.Attributes["confidence"]; a != nil {
		if f, ok := d.number(a, 0); ok {
			if f <= 0 || f >= 1 {
				d.report(errorf(a.Expr.Range(), `Invalid value for "confidence"`,
					"confidence is the intervals' coverage, between 0 and 1 (e.g. 0.95); got %g.", f))
			} else {
				out.Confidence = f
			}
		}
	}
	return out
}

// checkStudy infers the arms' roles and k and checks what a comparison
// needs: arms, one baseline at most, single agents where one agent is
// meant, enough epochs, and the same samples in every arm.
func (d *decoder) checkStudy(s *Study, explicitK bool) {
	if len(s.Arms) == 0 {
		d.report(errorf(s.DefRange, "Study without arms",
			`Study %q compares nothing: add arm blocks, e.g. arm "swarm" { eval = eval.NAME }.`, s.Name))
		return
	}
	for _, arm := range s.Arms {
		d.inferRole(arm)
	}
	if !explicitK {
		s.K = d.defaultK(s)
	}
	if s.K == 0 {
		return
	}
	baselines := 0
	for _, arm := range s.Arms {
		if arm.Role == RoleBaseline {
			if baselines++; baselines == 2 {
				d.report(errorf(arm.roleRange, "Second baseline arm",
					"Study %q has more than one baseline arm; pass@k, best@k and select@k come from one baseline.", s.Name))
			}
		}
		d.checkArm(s, arm)
	}
	d.checkSameSamples(s)
}

// inferRole sets an arm's role from its eval when none was given.
func (d *decoder) inferRole(arm *StudyArm) {
	if arm.Role != "" {
		return
	}
	size, epochs := d.armShape(arm)
	switch {
	case size > 1:
		arm.Role = RoleSwarm
	case epochs > 1:
		arm.Role = RoleBaseline
	default:
		arm.Role = RoleSingle
	}
}

// armShape is the arm's roster size and epoch count (0 when unknown).
func (d *decoder) armShape(arm *StudyArm) (size, epochs int) {
	e := d.evalNamed(arm.Eval)
	if e == nil {
		return 0, 0
	}
	if sw := d.suite.Swarms[e.Swarm]; sw != nil {
		size = len(sw.Roster)
	}
	if t := d.suite.Tasks[e.Task]; t != nil {
		epochs = int(t.Epochs.Count)
	}
	return size, epochs
}

// defaultK is the first swarm arm's member count; without a swarm arm the
// study needs an explicit k.
func (d *decoder) defaultK(s *Study) int {
	for _, arm := range s.Arms {
		if arm.Role == RoleSwarm {
			size, _ := d.armShape(arm)
			return size
		}
	}
	d.report(errorf(s.DefRange, "Study without k",
		"Study %q has no swarm arm to take k from (its member count): set k = N.", s.Name))
	return 0
}

// checkArm sets the arm's k and checks it against its role.
func (d *decoder) checkArm(s *Study, arm *StudyArm) {
	size, epochs := d.armShape(arm)
	if size == 0 {
		return // its eval failed to decode; that error is reported
	}
	switch arm.Role {
	case RoleSwarm:
		if arm.K != 0 && arm.K != size {
			d.report(errorf(arm.DefRange, "Swarm arm's k is its size",
				"Arm %q runs a swarm of %d members, so its k is %d; remove k = %d.", arm.Label, size, size, arm.K))
		}
		arm.K = size
	case RoleBaseline:
		d.oneAgent(arm, size)
		if epochs < s.K {
			d.report(errorf(arm.DefRange, "Baseline has too few epochs",
				"Arm %q is the baseline: it needs at least k = %d attempts per sample, but its task runs %d epochs. "+
					"Raise epochs.count to %d or more.", arm.Label, s.K, epochs, s.K))
		}
		arm.K = epochs
	case RoleSingle:
		d.oneAgent(arm, size)
		if arm.K == 0 {
			arm.K = s.K
		}
	}
}

// oneAgent reports a baseline or single arm whose swarm is not one agent.
func (d *decoder) oneAgent(arm *StudyArm, size int) {
	if size != 1 {
		d.report(errorf(arm.roleRange, fmt.Sprintf("A %s arm is one agent", arm.Role),
			"Arm %q is a %s, so its eval must run a swarm of one member (channels = []), not %d.", arm.Label, arm.Role, size))
	}
}

// checkSameSamples refuses arms whose tasks read different samples: the
// comparison pairs them sample by sample.
func (d *decoder) checkSameSamples(s *Study) {
	var first *StudyArm
	var want []byte
	for _, arm := range s.Arms {
		e := d.evalNamed(arm.Eval)
		if e == nil || d.suite.Tasks[e.Task] == nil || d.suite.Tasks[e.Task].Dataset == nil {
			continue
		}
		got, _ := json.Marshal(d.suite.Tasks[e.Task].Dataset)
		if first == nil {
			first, want = arm, got
			continue
		}
		if string(got) != string(want) {
			d.report(errorf(arm.DefRange, "Arms on different samples",
				"Arm %q's task reads a different dataset from arm %q's; a study compares its arms on the same samples, "+
					"so give their tasks the same dataset block.", arm.Label, first.Label))
		}
	}
}

// evalNamed returns the decoded eval called name, nil if none.
func (d *decoder) evalNamed(name string) *Eval {
	for _, e := range d.suite.Evals {
		if e.Name == name {
			return e
		}
	}
	return nil
}

// StudiesOf returns, for each study that names eval as an arm, that arm and
// its study, in declaration order (none on a nil suite).
func (s *Suite) StudiesOf(eval string) []StudyArmRef {
	var out []StudyArmRef
	if s == nil {
		return nil
	}
	for _, st := range s.Studies {
		for _, arm := range st.Arms {
			if arm.Eval == eval {
				out = append(out, StudyArmRef{Study: st, Arm: arm})
			}
		}
	}
	return out
}

// StudyArmRef is one arm of one study.
type StudyArmRef struct {
	Study *Study
	Arm   *StudyArm
}
