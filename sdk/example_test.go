package sdk_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/swarmhost/swarmhost/sdk"
	"github.com/swarmhost/swarmhost/sdk/scorer"
	"github.com/swarmhost/swarmhost/sdk/sdktest"
)

// Shout is a scorer: the answer is correct when it is in capitals.
type Shout struct{}

// Metadata names the plugin; it has no config.
func (Shout) Metadata(_ context.Context, _ scorer.MetadataRequest, resp *scorer.MetadataResponse) {
	resp.Name, resp.Version = "shout", "0.1.0"
}

// Score checks the completion.
func (Shout) Score(_ context.Context, req scorer.ScoreRequest, resp *scorer.ScoreResponse) error {
	resp.Score = scorer.Score{Value: scorer.Incorrect}
	if c := req.Output.Completion; c != "" && c == strings.ToUpper(c) {
		resp.Score.Value = scorer.Correct
	}
	return nil
}

// A plugin binary lists its implementations in a Plugins and serves them
// from main. Here the same Plugins is served in-process by sdktest, as the
// plugin's tests do, and asked what it serves.
func Example() {
	plugins := sdk.Plugins{Scorers: []scorer.Scorer{Shout{}}}
	// The binary swarmhost-scorer-shout has only:
	//
	//	func main() { sdk.Serve(plugins) }
	t := &exampleT{}
	defer t.close()
	for _, impl := range plugins.Scorers {
		var md scorer.MetadataResponse
		sdktest.Scorer(t, impl).Metadata(context.Background(), scorer.MetadataRequest{}, &md)
		fmt.Println("serves scorer", md.Name, md.Version)
	}
	// Output:
	// serves scorer shout 0.1.0
}

// exampleT is the part of testing.TB that sdktest uses, for an Example,
// which has no *testing.T. Cleanups run on close.
type exampleT struct {
	testing.TB
	cleanups []func()
}

func (*exampleT) Helper()                           {}
func (t *exampleT) Cleanup(f func())                { t.cleanups = append(t.cleanups, f) }
func (*exampleT) Fatal(args ...any)                 { panic(fmt.Sprint(args...)) }
func (*exampleT) Fatalf(format string, args ...any) { panic(fmt.Sprintf(format, args...)) }

func (t *exampleT) close() {
	for i := len(t.cleanups) - 1; i >= 0; i-- {
		t.cleanups[i]()
	}
}
