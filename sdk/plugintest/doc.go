// Package plugintest runs an HCL suite against the plugin under test
// through the real swarmhost binary, as terraform-plugin-testing runs real
// configurations against a provider: the suite is loaded, validated and run
// by `swarmhost run`, the plugin is a real process speaking the real
// protocol, and the test reads back what the run logged. It needs nothing
// of the host's source: only a swarmhost binary, found on $PATH, in
// $SWARMHOST_BIN or given in [Suite].Swarmhost. The suite's other plugins
// (a built-in agent, scorer or controller) come from the plugin path, as in
// any run: the directory of the swarmhost binary holds the built-in ones.
//
// The plugin under test is the test binary itself (go-plugin's
// helper-process pattern): the test package's TestMain hands its plugins
// to [Main], which serves them when swarmhost launches the binary as a
// plugin and otherwise runs the tests. Nothing is built. Plugin files
// (a built binary, a Python plugin) can be put under test beside it
// ([Suite].Plugins).
//
// The lifecycle of one [Run]:
//
//  1. the suite's HCL is written, unchanged, to suite.hcl in a new suite
//     directory under t.TempDir(), with [Suite].Files beside it, and a
//     plugin block for each plugin under test in a file of its own
//     (plugins-under-test.hcl), so a diagnostic's line in suite.hcl is the
//     line of the test's HCL;
//  2. `swarmhost run --json --log-format json` runs the directory (a
//     directory suite: every .hcl file in it is one suite);
//  3. a run that stopped at an invalid suite (exit 2) also gets its
//     diagnostics from `swarmhost validate --json`;
//  4. [Result.Samples] reads the samples back from the logs the run wrote.
//
// A run past [Suite].Timeout is stopped as its operator stops it: SIGTERM
// (the run ends and its logs are finished), SIGTERM again (its plugins are
// killed), SIGKILL last; the test then fails.
//
//	func TestMain(m *testing.M) {
//		plugintest.Main(m, sdk.Plugins{Scorers: []scorer.Scorer{Exact{}}})
//	}
//
//	func TestInASuite(t *testing.T) {
//		res := plugintest.Run(t, plugintest.Suite{HCL: suite, Files: files})
//		res.RequireOK(t)
//		for _, s := range res.Samples(t) {
//			// s.Scores["exact-text"], s.Record.Members, ...
//		}
//	}
package plugintest
