package inspecttask

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/sandbox/compose"
)

func ptr[T any](v T) *T { return &v }

func TestCompile(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		desc    string
		over    config.TaskLimits
		want    func(*testing.T, *config.Task)
		wantErr string
	}{
		"scorers named as Inspect names them, on the task's process": {
			desc: `{"scorers": ["agent_threat_bench_scorer", "match"], "epochs": 3, "reducers": ["at_least"]}`,
			want: func(t *testing.T, task *config.Task) {
				if len(task.Scorers) != 2 || task.Scorers[1].Name != "match" || task.Scorers[1].Plugin != ScorerPlugin ||
					task.Scorers[0].Model != "grader" {
					t.Errorf("scorers %+v", task.Scorers)
				}
				var cfg map[string]any
				_ = json.Unmarshal(task.Scorers[1].Config, &cfg)
				if cfg["scorer"] != 1.0 || cfg["task"].(map[string]any)["spec"] != "inspect_evals/x" {
					t.Errorf("config %v", cfg)
				}
				if diff := cmp.Diff(config.Epochs{Count: 3, Reducers: []string{"at_least"}}, task.Epochs); diff != "" {
					t.Error(diff)
				}
			},
		},
		"limits, overridden by the task block's": {
			desc: `{"limits": {"message": 3, "token": 100, "time": 60, "working": 30}}`,
			over: config.TaskLimits{Limits: config.Limits{Messages: ptr(int64(4))}},
			want: func(t *testing.T, task *config.Task) {
				l := task.Limits
				if *l.Messages != 4 || *l.Tokens != 100 || *l.Time != time.Minute || l.TokenMetering != config.MeterInspect {
					t.Errorf("limits %+v", l)
				}
			},
		},
		"a compose file runs on the docker provider, with the task block's allowances": {
			desc: `{"sandbox": {"type": "docker", "config": "/tasks/x/compose.yaml"}}`,
			want: func(t *testing.T, task *config.Task) {
				if task.Sandbox == nil || task.Sandbox.Type != config.SandboxDocker || task.Sandbox.Compose != "/tasks/x/compose.yaml" {
					t.Errorf("sandbox %+v", task.Sandbox)
				}
				opts := task.Sandbox.ComposeOptions()
				if diff := cmp.Diff(compose.Options{Env: []string{"HF_TOKEN"},
					HostAccess: map[string]compose.Access{"default": {Root: true}}}, opts); diff != "" {
					t.Error(diff)
				}
			},
		},
		"local":                      {desc: `{"sandbox": {"type": "local"}}`},
		"a Dockerfile needs a build": {desc: `{"sandbox": {"type": "docker", "config": "/tasks/x/Dockerfile"}}`, wantErr: "is not a compose file"},
		"docker without a config":    {desc: `{"sandbox": {"type": "docker"}}`, wantErr: "has no compose file"},
		"a type without a provider":  {desc: `{"sandbox": {"type": "k8s", "config": "values.yaml"}}`, wantErr: `sandbox type "k8s" has no provider`},
		"a solver that cannot take a swarm": {desc: `{"solver": {"error": "step 1 runs the model"}}`,
			wantErr: "The task's solver cannot take a swarm"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			d, err := Parse([]byte(c.desc))
			if err != nil {
				t.Fatal(err)
			}
			task := &config.Task{Name: "t", Limits: c.over, Inspect: &config.InspectTask{Spec: "inspect_evals/x", ScorerModel: "grader",
				AllowHostAccess: map[string]compose.Access{"default": {Root: true}}, AllowEnv: []string{"HF_TOKEN"}}}
			diags := Compile(task, d)
			if c.wantErr == "" && diags.HasErrors() {
				t.Fatal(diags.Error())
			}
			if c.wantErr != "" && !strings.Contains(diags.Error(), c.wantErr) {
				t.Fatalf("diagnostics %q, want %q", diags.Error(), c.wantErr)
			}
			if c.want != nil {
				c.want(t, task)
			}
			if len(task.Inspect.Described) == 0 || task.Dataset == nil {
				t.Error("the description is kept and the dataset marked")
			}
		})
	}
}
