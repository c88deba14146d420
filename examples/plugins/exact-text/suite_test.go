package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/swarmhost/swarmhost/sdk"
	"github.com/swarmhost/swarmhost/sdk/plugintest"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// TestMain serves the scorer when swarmhost launches this test binary as
// the plugin under test, and runs the tests otherwise.
func TestMain(m *testing.M) {
	plugintest.Main(m, sdk.Plugins{Scorers: []scorer.Scorer{Exact{}}})
}

// TestInASuite runs suite.hcl through the real swarmhost binary
// ($SWARMHOST_BIN, else swarmhost on $PATH) with this scorer under test,
// and a suite with a bad config through validate, whose diagnostic is at
// the suite's own line.
func TestInASuite(t *testing.T) {
	if _, err := exec.LookPath("swarmhost"); err != nil && os.Getenv(plugintest.BinEnv) == "" {
		t.Skip("no swarmhost binary: put it on PATH or in $SWARMHOST_BIN (make build puts it in bin/)")
	}
	hcl, err := os.ReadFile("suite.hcl")
	if err != nil {
		t.Fatal(err)
	}
	res := plugintest.Run(t, plugintest.Suite{HCL: string(hcl)})
	res.RequireOK(t)
	got := map[string]any{}
	for _, s := range res.Samples(t) {
		got[s.ID.(string)] = s.Scores["exact-text"]
	}
	if got["france"] != "C" || got["rhone"] != "I" {
		t.Errorf("scores %v, want france C and rhone I", got)
	}

	bad := plugintest.Suite{HCL: strings.Replace(string(hcl), "ignore_case = true", `ignore_case = "maybe"`, 1)}
	diags := plugintest.Validate(t, bad)
	if len(diags) != 1 || diags[0].File != "suite.hcl" || diags[0].Line != 23 {
		t.Errorf("diagnostics %v, want one at suite.hcl line 23, ignore_case's", diags)
	}
}
