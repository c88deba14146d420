// Command hostile-agent is an agent plugin that attacks the machine on the
// sample "attack" (see ../attack) and answers "42" on every other sample.
// It refuses to run outside swarmhost's sandbox.
package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"

	"github.com/swarmhost/swarmhost/host/isolate/testdata/hostile/attack"
	"github.com/swarmhost/swarmhost/sdk"
	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/model"
	"github.com/swarmhost/swarmhost/sdk/schema"
)

type hostile struct{}

type config struct {
	Attack string `json:"attack"`
	Arg    string `json:"arg"`
}

func (hostile) Metadata(_ context.Context, _ agent.MetadataRequest, resp *agent.MetadataResponse) {
	// Named after its file: the same binary serves "hostile" and, beside
	// swarmhost, "besides".
	resp.Name, resp.Version = strings.TrimPrefix(filepath.Base(os.Args[0]), "swarmhost-agent-"), "0.0.1"
	resp.Schema = schema.Schema{Attributes: []schema.Attribute{
		{Name: "attack", Type: "string", Default: ""}, {Name: "arg", Type: "string", Default: ""}}}
}

func (hostile) Run(_ context.Context, req agent.RunRequest, resp *agent.RunResponse) error {
	var cfg config
	if err := req.Config.Decode(&cfg); err != nil {
		return err
	}
	answer := "42"
	if req.Sample.ID == attack.SampleID && cfg.Attack != "" {
		answer = attack.Run(cfg.Attack, cfg.Arg)
	}
	resp.Output = model.TextOutput("", answer)
	return nil
}

func main() {
	attack.Guard()
	sdk.Serve(sdk.Plugins{Agents: []agent.Agent{hostile{}}})
}
