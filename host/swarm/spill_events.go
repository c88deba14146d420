package swarm

import (
	"errors"
	"sync"

	"github.com/swarmhost/swarmhost/sdk/model"
)

// spiller writes a recorder's model events into its spill as they are
// recorded, each with its own fields (name, config, output, error) and
// its input and tools by reference: a member's conversation grows by a
// few messages a call, and only those are written, each once (the
// messages a call repeats from the member's last one refer to where that
// one's went). What stays in memory for a member is the refs of its last
// input, until its span ends.
type spiller struct {
	mu      sync.Mutex
	s       *Spill
	members map[string]*spillMember
	rec     enc
	batch   enc
}

// spillMember is what a member's next model event can refer to.
type spillMember struct {
	input []model.Message
	refs  []spillRef
	tools []model.ToolInfo
	tref  spillRef
}

func newSpiller(s *Spill) *spiller {
	if s == nil {
		return nil
	}
	return &spiller{s: s, members: map[string]*spillMember{}}
}

// spill writes e's own fields when it is a model event, and says where;
// ok is false when e stays whole in memory (not a model event, a value the
// codec cannot give back exactly, or the spill failed).
func (sp *spiller) spill(e *Event) (ref spillRef, ok bool) {
	if sp == nil || e.Kind != EventModel {
		return spillRef{}, false
	}
	sp.mu.Lock()
	defer sp.mu.Unlock()
	sm := sp.members[e.SpanID]
	if sm == nil {
		sm = &spillMember{}
		sp.members[e.SpanID] = sm
	}
	refs, err := sp.inputRefs(sm, e.Input)
	if err != nil {
		return spillRef{}, false
	}
	tref, err := sp.toolsRef(sm, e.Tools)
	if err != nil {
		return spillRef{}, false
	}
	sp.rec.b = sp.rec.b[:0]
	if err := sp.rec.modelEvent(e, refs, tref); err != nil {
		return spillRef{}, false
	}
	ref, err = sp.s.append(sp.rec.b)
	if err != nil {
		return spillRef{}, false
	}
	sm.input, sm.refs = e.Input, refs
	return ref, true
}

// forget drops a member's references once its span has ended.
func (sp *spiller) forget(span string) {
	if sp == nil {
		return
	}
	sp.mu.Lock()
	delete(sp.members, span)
	sp.mu.Unlock()
}

// inputRefs is where each message of in lies: the ones at the same place
// in the member's last input where those went, the others written now,
// together.
func (sp *spiller) inputRefs(sm *spillMember, in []model.Message) ([]spillRef, error) {
	if in == nil {
		return nil, nil
	}
	refs := make([]spillRef, len(in))
	var fresh []int
	sp.batch.b = sp.batch.b[:0]
	for i, m := range in {
		if i < len(sm.input) && sameMessage(sm.input[i], m) && sm.input[i].ID == m.ID {
			refs[i] = sm.refs[i]
			continue
		}
		start := int64(len(sp.batch.b))
		if err := sp.batch.message(m); err != nil {
			return nil, err
		}
		refs[i] = spillRef{off: start, n: int64(len(sp.batch.b)) - start}
		fresh = append(fresh, i)
	}
	if len(fresh) == 0 {
		return refs, nil
	}
	at, err := sp.s.append(sp.batch.b)
	if err != nil {
		return nil, err
	}
	for _, i := range fresh {
		refs[i].off += at.off
	}
	return refs, nil
}

// toolsRef is where the tool list lies: where the member's last went when
// it is the same list (the runtime shares a repeated one), else written now.
func (sp *spiller) toolsRef(sm *spillMember, tools []model.ToolInfo) (spillRef, error) {
	if tools == nil {
		return spillRef{}, nil
	}
	if len(tools) > 0 && len(tools) == len(sm.tools) && &tools[0] == &sm.tools[0] {
		return sm.tref, nil
	}
	sp.batch.b = sp.batch.b[:0]
	sp.batch.tools(tools)
	ref, err := sp.s.append(sp.batch.b)
	if err != nil {
		return spillRef{}, err
	}
	sm.tools, sm.tref = tools, ref
	return ref, nil
}

// modelEvent writes a model event's own fields, its tools' ref (n = 0 for
// none) and its input as runs of adjacent messages.
func (e *enc) modelEvent(ev *Event, refs []spillRef, tools spillRef) error {
	e.str(ev.ModelName)
	e.str(ev.Error)
	e.int(int64(ev.Retries))
	e.str(ev.Cache)
	if err := e.anyMap(ev.Config); err != nil {
		return err
	}
	if err := e.output(ev.Output); err != nil {
		return err
	}
	e.ref(tools)
	e.flag(ev.Input == nil)
	e.uint(uint64(len(refs)))
	runs := runsOf(refs)
	e.uint(uint64(len(runs)))
	for _, r := range runs {
		e.ref(r.spillRef)
		e.uint(uint64(r.count))
	}
	return nil
}

func (e *enc) ref(r spillRef) {
	e.uint(uint64(r.off))
	e.uint(uint64(r.n))
}

func (e *enc) flag(v bool) {
	if v {
		e.uint(1)
		return
	}
	e.uint(0)
}

func (d *dec) flag() bool { return d.uint() == 1 }

func (d *dec) ref() spillRef { return spillRef{off: int64(d.uint()), n: int64(d.uint())} }

// spillRun is count messages written one after another from spillRef.off.
type spillRun struct {
	spillRef
	count int
}

// runsOf joins adjacent refs into runs, one read each.
func runsOf(refs []spillRef) []spillRun {
	var out []spillRun
	for _, r := range refs {
		if k := len(out) - 1; k >= 0 && out[k].off+out[k].n == r.off {
			out[k].n += r.n
			out[k].count++
			continue
		}
		out = append(out, spillRun{spillRef: r, count: 1})
	}
	return out
}

// errSpillRecord is a record that does not read back as it was written.
var errSpillRecord = errors.New("spill record does not match its refs")

// modelFields reads a spilled model event's own fields back.
func (s *Spill) modelFields(ref spillRef) (*modelFields, error) {
	buf, err := s.read(ref, nil)
	if err != nil {
		return nil, err
	}
	d := &dec{b: buf}
	m := &modelFields{name: d.str(), err: d.str(), retries: int(d.int()), cache: d.str(), config: d.anyMap(),
		output: d.output()}
	tref := d.ref()
	isNil, n := d.flag(), int(d.uint())
	nruns := d.uint()
	if nruns > uint64(len(d.b)) {
		return nil, s.fail(errSpillRecord)
	}
	runs := make([]spillRun, nruns)
	for i := range runs {
		runs[i] = spillRun{spillRef: d.ref(), count: int(d.uint())}
	}
	if d.err != nil {
		return nil, s.fail(d.err)
	}
	if tref.n > 0 {
		if m.tools, err = s.readTools(tref); err != nil {
			return nil, err
		}
	}
	if !isNil {
		if m.input, err = s.readInput(n, runs); err != nil {
			return nil, err
		}
	}
	return m, nil
}

func (s *Spill) readTools(ref spillRef) ([]model.ToolInfo, error) {
	buf, err := s.read(ref, nil)
	if err != nil {
		return nil, err
	}
	d := &dec{b: buf}
	tools := d.tools()
	if d.err != nil {
		return nil, s.fail(d.err)
	}
	return tools, nil
}

// readInput reads n messages from their runs.
func (s *Spill) readInput(n int, runs []spillRun) ([]model.Message, error) {
	out := make([]model.Message, 0, min(n, 1<<12))
	var buf []byte
	for _, r := range runs {
		var err error
		if buf, err = s.read(r.spillRef, buf); err != nil {
			return nil, err
		}
		d := &dec{b: buf}
		for range r.count {
			out = append(out, d.message())
		}
		if d.err != nil || len(d.b) != 0 {
			return nil, s.fail(errors.Join(d.err, errSpillRecord))
		}
	}
	if len(out) != n {
		return nil, s.fail(errSpillRecord)
	}
	return out, nil
}
