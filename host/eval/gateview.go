package eval

import (
	"context"

	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// memberView is a scorer's view from inside a member (a gate check): the
// default sandbox "" is the member's own (SPEC §5: inside a member, a
// scorer's sandbox() is the member's own); other names resolve as after
// the swarm.
type memberView struct {
	scorerView
	// own names the member's sandbox: "" when it shares the sample's.
	own string
}

func (v *memberView) name(n string) string {
	if n == "" {
		return v.own
	}
	return n
}

// ReadFile reads from the named sandbox's view, "" being the member's.
func (v *memberView) ReadFile(ctx context.Context, name, path string) ([]byte, error) {
	return v.scorerView.ReadFile(ctx, v.name(name), path)
}

// ListFiles lists the named sandbox's view, "" being the member's.
func (v *memberView) ListFiles(ctx context.Context, name, dir string) ([]string, error) {
	return v.scorerView.ListFiles(ctx, v.name(name), dir)
}

// Exec runs in a throw-away copy of the named sandbox, "" being the member's.
func (v *memberView) Exec(ctx context.Context, req scorer.ExecRequest) (scorer.ExecResult, error) {
	req.Sandbox = v.name(req.Sandbox)
	return v.scorerView.Exec(ctx, req)
}

// viewFor returns the scorer host seen from inside member.
// gen serves the scorer's model calls (nil: none).
func (s *sampleRun) viewFor(member string, gen *scorerModel) scorer.Host {
	v := &memberView{scorerView: scorerView{sbs: s.sbs, gen: gen}}
	if sb := s.sbs.For(member); sb != nil {
		v.own = sb.Name()
	}
	return v
}

var _ scorer.Host = (*memberView)(nil)
