package eval

import (
	"fmt"
	"maps"
	"slices"

	"github.com/hashicorp/hcl/v2"

	"github.com/swarmhost/swarmhost/host/agenttools"
	"github.com/swarmhost/swarmhost/host/config"
	hostmodel "github.com/swarmhost/swarmhost/host/model"
)

// CheckModels checks what the host itself will build from the suite before
// anything runs: each model block's generate config and mockllm outputs
// (as host/model reads them) and each member's `tools`. Problems are error
// diagnostics at the block's header; the CLI reports them with the
// dataset checks, so `swarmhost validate` finds them too. A missing API
// key is left to run time: it depends on the environment, not the suite.
func CheckModels(suite *config.Suite) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, name := range slices.Sorted(maps.Keys(suite.Models)) {
		m := suite.Models[name]
		spec, err := modelSpec(m)
		if err == nil {
			spec.APIKey, spec.Cache = "", false
			_, err = hostmodel.New(spec)
		}
		if err != nil {
			diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Invalid model",
				Detail: fmt.Sprintf("Model %q: %s.", name, err), Subject: m.DefRange.Ptr()})
		}
	}
	for _, swName := range slices.Sorted(maps.Keys(suite.Swarms)) {
		for _, mb := range suite.Swarms[swName].Members {
			if err := agenttools.Check(mb.Tools); err != nil {
				diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Invalid tools",
					Detail: fmt.Sprintf("Member %q: %s.", mb.Name, err), Subject: mb.DefRange.Ptr()})
			}
		}
	}
	return diags
}
