package base_test

import (
	"fmt"

	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/base"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// The kinds share these types under their own names: an agent's sandbox
// command and a scorer's are one ExecRequest, so code that builds one
// serves both.
func ExampleExecRequest() {
	check := base.ExecRequest{Command: []string{"pytest", "-q"}, Sandbox: "solver-1"}
	var forAgent agent.ExecRequest = check
	var forScorer scorer.ExecRequest = check
	fmt.Println(forAgent.Command, forScorer.Sandbox)
	fmt.Println(base.ExecResult{ExitCode: 1}.Success())
	// Output:
	// [pytest -q] solver-1
	// false
}
