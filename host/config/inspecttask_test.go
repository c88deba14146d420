package config

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const inspectSwarm = `
model "m" {
  provider = "mockllm"
}
swarm "s" {
  member "react" {
    model = model.m
  }
}
`

func TestInspectTask(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		task    string
		want    *InspectTask
		wantErr string
	}{
		"a registry name with args and a scorer model": {
			task: `inspect = "inspect_evals/x"
  args = { difficulty = "easy", n = 3 }
  scorer_model = model.m`,
			want: &InspectTask{Spec: "inspect_evals/x", Args: json.RawMessage(`{"difficulty":"easy","n":3}`), ScorerModel: "m"},
		},
		"the blocks the task brings itself are refused": {
			task:    "inspect = \"x.py@t\"\n  scorer \"match\" {}\n  dataset {\n    file = \"a.jsonl\"\n  }",
			wantErr: "Inspect task with a scorer block; Inspect task with a dataset block",
		},
		"args are an object":           {task: `inspect = "t"` + "\n" + `args = ["a"]`, wantErr: `Invalid value for "args"`},
		"args without inspect":         {task: "args = {}\n  dataset {\n    sample {\n      input = \"hi\"\n    }\n  }", wantErr: "args without inspect"},
		"scorer_model without inspect": {task: "scorer_model = model.m\n  dataset {\n    sample {\n      input = \"hi\"\n    }\n  }", wantErr: "scorer_model without inspect"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			p, diags := parseSrc(t, inspectSwarm+"task \"t\" {\n  "+c.task+"\n}\neval \"e\" {\n  task = task.t\n  swarm = swarm.s\n}\n", nil)
			if diags.HasErrors() {
				t.Fatal(diags.Error())
			}
			suite, diags := p.Decode(newFakeSource())
			if c.wantErr != "" {
				if got := summaries(diags); !strings.Contains(got, c.wantErr) {
					t.Fatalf("diagnostics %q, want %q", got, c.wantErr)
				}
				return
			}
			if diags.HasErrors() {
				t.Fatal(diags.Error())
			}
			got := suite.Tasks["t"].Inspect
			got.Range, got.BaseDir = c.want.Range, ""
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Error(diff)
			}
			if !slicesHas(suite.PluginRefs(), PluginRef{KindTask, InspectPlugin}) {
				t.Error("the task plugin is among the suite's plugins")
			}
		})
	}
}

func slicesHas(refs []PluginRef, r PluginRef) bool {
	for _, x := range refs {
		if x == r {
			return true
		}
	}
	return false
}

func TestAddInspectEval(t *testing.T) {
	t.Parallel()
	p, diags := parseSrc(t, inspectSwarm+`task "gsm8k" {
  dataset {
    sample {
      input = "hi"
    }
  }
}
`, nil)
	if diags.HasErrors() {
		t.Fatal(diags.Error())
	}
	name, diags := p.AddInspectEval(InspectEval{Spec: "inspect_evals/gsm8k", CLIArgs: []string{"fewshot=3"}, Swarm: "s", BaseDir: "/work"})
	if diags.HasErrors() || name != "gsm8k_2" {
		t.Fatalf("name %q: %v", name, diags)
	}
	if err := p.Only([]string{name}); err != nil {
		t.Fatal(err)
	}
	suite, diags := p.Decode(newFakeSource())
	if diags.HasErrors() {
		t.Fatal(diags.Error())
	}
	it := suite.Tasks[name].Inspect
	if it == nil || it.Spec != "inspect_evals/gsm8k" || it.BaseDir != "/work" || !cmp.Equal(it.CLIArgs, []string{"fewshot=3"}) {
		t.Fatalf("task %+v", it)
	}
	if e := suite.Evals[0]; e.Name != name || e.Swarm != "s" || e.Task != name {
		t.Errorf("eval %+v", e)
	}
}
