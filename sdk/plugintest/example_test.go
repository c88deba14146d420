package plugintest_test

import (
	"fmt"

	"github.com/swarmhost/swarmhost/sdk/plugintest"
)

// A diagnostic of the suite points at the test's own HCL: suite.hcl holds
// it unchanged, so line 12 is the twelfth line of Suite.HCL.
func ExampleDiagnostic() {
	d := plugintest.Diagnostic{Severity: "error", Summary: "Invalid tolerance", Detail: "tolerance must be at least 0.",
		File: "suite.hcl", Line: 12, Column: 17}
	fmt.Println(d)
	// Output: suite.hcl:12,17: error: Invalid tolerance; tolerance must be at least 0.
}
