package diag_test

import (
	"fmt"

	"github.com/swarmhost/swarmhost/sdk/diag"
)

// A plugin's ValidateConfig (or Score) adds a diagnostic per problem, with
// the path of the attribute inside its config block; the host shows each
// one at that attribute's line in the suite.
func ExampleDiagnostics_AddError() {
	var d diag.Diagnostics
	d.AddWarning("Large window", "a window over 100 members is slow to start.", "window")
	d.AddError("Invalid step", "steps[2].action must be one of generate, submit.", "steps", "2", "action")
	for _, x := range d {
		fmt.Printf("%d %s: %s (%s)\n", x.Severity, x.Path, x.Summary, x.Detail)
	}
	fmt.Println("stops the run:", d.HasError())
	// Output:
	// 2 window: Large window (a window over 100 members is slow to start.)
	// 1 steps.2.action: Invalid step (steps[2].action must be one of generate, submit.)
	// stops the run: true
}
