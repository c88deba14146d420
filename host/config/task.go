package config

import (
	"fmt"
	"slices"

	"github.com/hashicorp/hcl/v2"

	"github.com/swarmhost/swarmhost/host/sandbox/compose"
)

// Task is a `task "<name>"` block: a dataset, scorers, epochs with reducers,
// limits and a sandbox (SPEC §1, §3).
type Task struct {
	Name    string   `json:"name"`
	Dataset *Dataset `json:"dataset"`
	// Scorers in declaration order; the first one gates (see [Scorer]). A
	// task may have none: the host adds no scorer of its own.
	Scorers []*Scorer  `json:"scorers"`
	Epochs  Epochs     `json:"epochs"`
	Limits  TaskLimits `json:"limits"`
	// Sandbox is nil when the task declares none: members and scorers then
	// have no sandbox to work in.
	Sandbox *Sandbox `json:"sandbox"`
	// Inspect is set for an Inspect task (see [InspectTask]); the fields
	// above are then filled from the task itself once it is loaded.
	Inspect  *InspectTask `json:"inspect,omitempty"`
	DefRange hcl.Range    `json:"-"`
}

// Sandbox is a `sandbox "<type>" { … }` block: "local" (directories on the
// host) or "docker" (containers; see [SandboxDocker]).
type Sandbox struct {
	Type string `json:"type"`
	// Compose is the absolute path of the docker sandbox's compose file;
	// Image its image when it has none. Both empty for "local".
	Compose string `json:"compose,omitempty"`
	Image   string `json:"image,omitempty"`
	// PerMember gives each member its own sandbox (SPEC §5).
	PerMember bool `json:"per_member"`
	// Network lets commands in the sandboxes reach the network; off (the
	// default) they have only unix sockets (SPEC §13).
	Network bool `json:"network,omitempty"`
	// Kubernetes is the cluster and pod settings of a "kubernetes" sandbox; nil otherwise.
	Kubernetes *Kubernetes `json:"kubernetes,omitempty"`
	// AllowHostAccess is what each service of the compose file (by name,
	// or "*" for every one) may take from the host: bind mounts outside the
	// suite's directory, added capabilities, root. Empty: none of them.
	AllowHostAccess map[string]compose.Access `json:"allow_host_access,omitempty"`
	// AllowEnv names the host environment variables the compose file may
	// read (${VAR}, or an environment entry without a value).
	AllowEnv []string `json:"allow_env,omitempty"`
	// Dir is the suite's directory: the compose file reaches nothing of
	// the host outside it unless AllowHostAccess says so.
	Dir      string    `json:"-"`
	DefRange hcl.Range `json:"-"`
	// ComposeRange is the compose attribute, for errors reading the file.
	ComposeRange hcl.Range `json:"-"`
	// AllowHostAccessRange is the allow_host_access attribute's value.
	AllowHostAccessRange hcl.Range `json:"-"`
}

var taskSchema = &hcl.BodySchema{Attributes: []hcl.AttributeSchema{{Name: "inspect"}, {Name: "args"}, {Name: "scorer_model"},
	{Name: "allow_host_access"}, {Name: "allow_env"}}, Blocks: []hcl.BlockHeaderSchema{
	{Type: "dataset"}, {Type: "scorer", LabelNames: []string{"plugin"}}, {Type: "epochs"},
	{Type: "limits"}, {Type: "sandbox", LabelNames: []string{"type"}},
}}

var sandboxSchema = &hcl.BodySchema{Attributes: []hcl.AttributeSchema{{Name: "per_member"}, {Name: "network"},
	{Name: "compose"}, {Name: "image"}, {Name: "kubeconfig"}, {Name: "context"}, {Name: "namespace"}, {Name: "cpu"},
	{Name: "memory"}, {Name: "pull_policy"}, {Name: "ready_timeout"}, {Name: "allow_host_access"}, {Name: "allow_env"},
	{Name: "allow_exec_credentials"}}}

// task decodes one task block.
func (d *decoder) task(b *hcl.Block) *Task {
	t := &Task{Name: b.Labels[0], DefRange: b.DefRange, Scorers: []*Scorer{}}
	c := d.content(d.expand(b), taskSchema)
	if t.Inspect = d.inspectTask(c, t.Name); t.Inspect != nil {
		t.Epochs = Epochs{Count: 1, Reducers: []string{"mean"}}
		t.Limits = d.taskLimits(d.single(c.Blocks, "limits"))
		return t
	}
	if db := d.single(c.Blocks, "dataset"); db != nil {
		t.Dataset = d.dataset(db)
	} else {
		d.report(errorAt(b.DefRange, "Missing dataset block", "A task needs a dataset block (a file, or inline sample blocks), or inspect = \"…\" naming an Inspect task."))
	}
	for i, sb := range ofType(c.Blocks, "scorer") {
		if s := d.scorer(sb, i); s != nil {
			t.Scorers = append(t.Scorers, s)
		}
	}
	t.Epochs = d.epochs(d.single(c.Blocks, "epochs"))
	t.Limits = d.taskLimits(d.single(c.Blocks, "limits"))
	if sb := d.single(c.Blocks, "sandbox"); sb != nil {
		t.Sandbox = d.sandbox(sb)
	}
	return t
}

// sandbox decodes a sandbox block.
func (d *decoder) sandbox(b *hcl.Block) *Sandbox {
	s := &Sandbox{Type: b.Labels[0], DefRange: b.DefRange}
	if !slices.Contains(sandboxTypes, s.Type) {
		d.report(errorAt(b.LabelRanges[0], fmt.Sprintf("Unknown sandbox type %q", s.Type),
			fmt.Sprintf("The sandbox types are %s.", quoteList(sandboxTypes))))
	}
	c := d.content(b.Body, sandboxSchema)
	s.PerMember, _ = d.boolean(c.Attributes["per_member"])
	s.Network, _ = d.boolean(c.Attributes["network"])
	d.sandboxTrust(s, c.Attributes)
	d.sandboxEngine(s, c.Attributes)
	d.sandboxKubernetes(s, c.Attributes)
	return s
}
