package model_test

import (
	"fmt"

	"github.com/swarmhost/swarmhost/sdk/model"
)

// An agent's answer is the output of its last model call, or one it makes
// up: TextOutput is a plain assistant message that stopped by itself, and
// its Completion is the text a scorer grades.
func ExampleTextOutput() {
	out := model.TextOutput("mockllm/model", "The answer is 42.")
	fmt.Println(out.Completion)
	fmt.Println(out.Message.Role, out.StopReason)
	// Output:
	// The answer is 42.
	// assistant stop
}
