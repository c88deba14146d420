package config

import (
	"github.com/hashicorp/hcl/v2"
)

// Suite is a fully decoded suite: phase 2's result. host/eval runs it. Names
// used as references (Eval.Task, Eval.Swarm, Member.Model) are keys of the
// maps below when Decode returned no error.
type Suite struct {
	// Dir is the absolute suite directory (see [Parsed.Dir]).
	Dir string `json:"dir"`
	// Files are the parsed files, for rendering diagnostics of later phases.
	Files map[string]*hcl.File `json:"-"`
	// Plugins are the plugin pins (see [PluginPin]).
	Plugins []PluginPin `json:"plugins"`
	// Models, Tasks and Swarms are keyed by block label.
	Models map[string]*Model `json:"models"`
	Tasks  map[string]*Task  `json:"tasks"`
	Swarms map[string]*Swarm `json:"swarms"`
	// Evals are in declaration order; `swarmhost run` runs them in this order.
	Evals []*Eval `json:"evals"`
	// Studies are in declaration order (see [Study]); empty without one.
	Studies []*Study `json:"studies,omitempty"`
}

// Eval is an `eval "<name>" { task = task.X, swarm = swarm.Y }` block: one
// task run with one swarm, writing one log.
type Eval struct {
	Name string `json:"name"`
	// Task and Swarm are the names of the referenced blocks.
	Task  string `json:"task"`
	Swarm string `json:"swarm"`
	// DefRange is the block header; TaskRange and SwarmRange the reference
	// expressions.
	DefRange   hcl.Range `json:"-"`
	TaskRange  hcl.Range `json:"-"`
	SwarmRange hcl.Range `json:"-"`
}
