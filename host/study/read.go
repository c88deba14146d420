package study

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/resume"
	"github.com/swarmhost/swarmhost/host/swarm"
)

// ReadOptions say how to read one arm's log; every field may be left zero.
type ReadOptions struct {
	// Label and Role override what the log's eval.metadata["studies"]
	// says (else the eval's name, and a role inferred from the log).
	Label string
	Role  config.ArmRole
	// Study picks the log's entry for that study when it is an arm of
	// several.
	Study string
	// Scorer is the score to compare; default: the scorer the log scored
	// per member, else its first scorer.
	Scorer string
}

// ReadArm reads one log (.eval or .json) into an arm. An error says what
// is wrong with the file; a log without samples is an error too (there is
// nothing to compare).
func ReadArm(path string, opt ReadOptions) (*Arm, error) {
	l, err := evallog.Read(path)
	if err != nil {
		return nil, err
	}
	return armOf(path, l, opt)
}

// armOf builds the arm from a read log.
func armOf(path string, l *evallog.EvalLog, opt ReadOptions) (*Arm, error) {
	if len(l.Samples) == 0 {
		return nil, fmt.Errorf("%s: the log has no samples (status %s)", path, l.Status)
	}
	a := &Arm{Path: path, Source: sourceOf(l), Eval: evalName(l), Task: l.Eval.Task}
	entry := studyEntry(l, opt.Study)
	a.Label, a.Study = firstOf(opt.Label, entry.Arm, a.Eval), entry.Study
	a.Scorer = opt.Scorer
	if a.Scorer == "" {
		a.Scorer = defaultScorer(l)
	}
	if a.Scorer == "" {
		return nil, fmt.Errorf("%s: the log has no scores to compare", path)
	}
	if !hasScorer(l, a.Scorer) {
		return nil, fmt.Errorf("%s: no sample has a score named %q (scores: %s)", path, a.Scorer, strings.Join(scoreNames(l), ", "))
	}
	byID := map[string]int{}
	for _, s := range l.Samples {
		id := s.ID.String()
		i, ok := byID[id]
		if !ok {
			i, byID[id] = len(a.Samples), len(a.Samples)
			a.Samples = append(a.Samples, Sample{ID: id})
		}
		a.Samples[i].Attempts = append(a.Samples[i].Attempts, attemptOf(s, a.Scorer))
	}
	for i := range a.Samples {
		slices.SortStableFunc(a.Samples[i].Attempts, func(x, y Attempt) int { return x.Epoch - y.Epoch })
	}
	a.MemberScores = memberScoresOf(l, a.Scorer)
	a.Rule = ruleOf(l)
	a.Role, a.K = opt.Role, entry.K
	if a.Role == "" {
		a.Role = config.ArmRole(entry.Role)
	}
	if a.Role == "" {
		a.Role = inferRole(a)
	}
	if a.Role != config.RoleSingle || a.K == 0 {
		a.K = shapeK(a)
	}
	return a, nil
}

// sourceOf tells swarmhost's, Inspect Swarm's and plain Inspect logs apart.
func sourceOf(l *evallog.EvalLog) Source {
	if _, ok := l.Eval.Packages["swarmhost"]; ok {
		return SourceSwarmhost
	}
	for _, s := range l.Samples {
		if _, ok := s.Store[swarm.StoreKeyResult]; ok {
			return SourceInspectSwarm
		}
	}
	return SourceInspect
}

// evalName is the eval's name as swarmhost records it, else the task's.
func evalName(l *evallog.EvalLog) string {
	if name := resume.EvalOf(l); name != "" {
		return name
	}
	return l.Eval.Task
}

// studyEntry is the log's eval.metadata["studies"] entry for study (the
// first when study is ""); zero when it has none.
func studyEntry(l *evallog.EvalLog, study string) studyMeta {
	var entries []studyMeta
	if !decode(l.Eval.Metadata["studies"], &entries) {
		return studyMeta{}
	}
	for _, e := range entries {
		if study == "" || e.Study == study {
			return e
		}
	}
	return studyMeta{}
}

// studyMeta is one eval.metadata["studies"] entry (host/eval.StudyArm).
type studyMeta struct {
	Study string `json:"study"`
	Arm   string `json:"arm"`
	Role  string `json:"role"`
	K     int    `json:"k"`
}

// decode converts a value read from a log into out through JSON; false
// when it is absent or of another shape.
func decode(v any, out any) bool {
	if v == nil {
		return false
	}
	b, err := json.Marshal(v)
	if err != nil {
		return false
	}
	return json.Unmarshal(b, out) == nil
}

func firstOf(xs ...string) string {
	for _, x := range xs {
		if x != "" {
			return x
		}
	}
	return ""
}
