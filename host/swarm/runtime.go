package swarm

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"sync"
	"time"

	"github.com/hashicorp/go-hclog"

	"github.com/swarmhost/swarmhost/sdk/controller"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// runtime is the state of one swarm run.
type runtime struct {
	spec    Spec
	sample  Sample
	hooks   Hooks
	log     hclog.Logger
	session string
	start   time.Time
	events  recorder

	mu      sync.Mutex
	members []*memberState
	byName  map[string]*memberState
	// finalMode is the controller's final rule (first or last); answers
	// is its opt-in to answer text, gate verdicts and Choose calls; choice
	// is its choice of the answer, made once.
	finalMode controller.FinalMode
	answers   bool
	choice    *controller.ChooseResponse
	queue     []controller.Event
	running   int
	stopping  bool
	hard      bool
	finished  bool
	reason    string
	// runErr is the error that ends the sample (a member's, unless
	// contained, or the controller's); aborted says the run was
	// interrupted (runErr or a sample limit, endedBy) and skips the final
	// step; memberErrs holds each errored member's error text.
	runErr     error
	aborted    bool
	endedBy    string
	memberErrs map[string]string
	// limitHit is the first sample limit a member's call met.
	limitHit *SampleLimitHit
	// ctrlDone is set once the controller is out of the run: the swarm is
	// stopping, or the controller failed. It gets no more calls.
	ctrlDone bool
	// byModel sums recorded usage per model name (per member it is in acct).
	byModel map[string]model.Usage
	// caps are the swarm caps in force; total is the whole swarm's usage.
	caps  Caps
	total account
	// sampleAcct is what the sample's limits meter: the usage before the swarm
	// (Spec.SampleUsage) and every call the swarm records.
	sampleAcct account
	// inCalls counts host calls (model, tool, gate) in flight; idle is
	// signalled when it drops to zero; after drained no call starts.
	inCalls int
	drained bool
	idle    *sync.Cond
	// capTimer fires the swarm time cap; guarded by mu.
	capTimer *time.Timer

	notify    chan struct{}
	wg        sync.WaitGroup
	memberCtx context.Context
	// ctrlCtx roots controller calls: the hard stop (which cancels
	// memberCtx) must not cut the controller off from the last events.
	ctrlCtx    context.Context
	hardCancel context.CancelFunc
	graceTimer *time.Timer // guarded by mu

	// version counts published changes of the record; cache is View's
	// snapshot of version cacheVersion. Guarded by mu.
	version, cacheVersion uint64
	cache                 *Record
	// pubMu orders publish calls; published is the running count last
	// given to OnRunning (guarded by pubMu).
	pubMu     sync.Mutex
	published int

	// ctrlRoster is the controller's view of the roster, read and written
	// only by the control goroutine (startController, then loop); dirty
	// lists the members whose entry changed since it was last brought up
	// to date (guarded by mu).
	ctrlRoster []controller.Member
	dirty      []int
}

func newRuntime(ctx context.Context, spec Spec, sample Sample, hooks Hooks) *runtime {
	if spec.Logger == nil {
		spec.Logger = hclog.NewNullLogger()
	}
	r := &runtime{spec: spec, sample: sample, hooks: hooks, log: spec.Logger, session: newSession(sample),
		start: time.Now(), byName: map[string]*memberState{}, notify: make(chan struct{}, 1),
		finalMode: controller.FinalFirst, byModel: map[string]model.Usage{}}
	r.memberCtx, r.hardCancel = context.WithCancel(context.WithoutCancel(ctx))
	r.ctrlCtx = context.WithoutCancel(ctx)
	r.idle = sync.NewCond(&r.mu)
	r.events.spiller = newSpiller(spec.Spill)
	ids := newIDPool()
	for i, m := range spec.Members {
		ms := &memberState{spec: m, span: spanID(m.Name), state: StatePending, index: i, conv: conversation{ids: ids}}
		r.members = append(r.members, ms)
		r.byName[m.Name] = ms
		r.ctrlRoster = append(r.ctrlRoster, ms.entry())
	}
	r.setupBudget()
	return r
}

func newSession(s Sample) string {
	var b [6]byte
	_, _ = rand.Read(b[:])
	return fmt.Sprintf("%s/%d/%s", s.ID, s.Epoch, hex.EncodeToString(b[:]))
}

// clock is seconds on the swarm clock.
func (r *runtime) clock() float64 { return time.Since(r.start).Seconds() }

// wake signals the control loop that something happened.
func (r *runtime) wake() {
	select {
	case r.notify <- struct{}{}:
	default:
	}
}

// memberState is a member's runtime state; guarded by runtime.mu.
type memberState struct {
	spec Member
	// span is the member's span id, made once (every event carries it).
	span          string
	state, status string
	// conv shares repeated messages between the member's model calls.
	conv conversation
	// index is the member's place in the roster; dirty says it is listed
	// in runtime.dirty.
	index int
	dirty bool
	// cause is set when the host refused one of the member's calls; it is
	// the member's status however its agent then returns.
	cause      string
	cancelled  bool
	endTime    float64
	output     model.Output
	gateChecks int
	gatePasses int
	firstPass  *float64
	lastGate   controller.Gate
	// acct is the member's usage; shareTokens and shareCost its share of
	// a split budget (nil: none).
	acct        account
	shareTokens *int64
	shareCost   *float64
	// ctx is the member's own context, cancelled by its time limit (and
	// with every member's by the hard stop); timer is that time limit.
	ctx    context.Context
	cancel context.CancelCauseFunc
	timer  *time.Timer
}
