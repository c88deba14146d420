package cli

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/hcl/v2"

	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/isolate"
	"github.com/swarmhost/swarmhost/host/plugins"
	"github.com/swarmhost/swarmhost/host/plugins/catalog"
)

// session is a loaded suite with its running plugins.
type session struct {
	parsed *config.Parsed
	suite  *config.Suite
	mgr    *plugins.Manager
	cat    *catalog.Catalog
}

// load parses and decodes a suite, starting the plugins it names to fetch
// their schemas. It prints diagnostics and returns nil on any error; the
// caller must close a returned session.
func load(ctx context.Context, e env, path string, vars []string, logger hclog.Logger) *session {
	s, parsed, diags := loadDiags(ctx, e, path, vars, logger, nil)
	printDiags(e, parsed, diags)
	return s
}

// loadEvals is load for `run`, narrowed to the named evals (all when none):
// only the plugins they use are started (see [config.Parsed.Only]), and the
// machine's isolation is probed while they start when a task runs on the
// local sandbox, since its first sample would wait for that probe.
func loadEvals(ctx context.Context, e env, path string, vars []string, logger hclog.Logger, evals []string) *session {
	return loadEvalsWith(ctx, e, path, vars, logger, evals, nil)
}

// loadEvalsWith is loadEvals with the Inspect eval of the command line's
// one-line form (`swarmhost run TASK --swarm SUITE:SWARM`) added to the
// suite when ie is set: only that eval runs then.
func loadEvalsWith(ctx context.Context, e env, path string, vars []string, logger hclog.Logger, evals []string,
	ie *config.InspectEval) *session {
	s, parsed, diags := loadParsedWith(ctx, e, path, vars, logger, evals, ie, func(p *config.Parsed) {
		if p.LocalSandboxes() {
			go isolate.Default()
		}
	})
	printDiags(e, parsed, diags)
	return s
}

// printDiags renders diags when there are any to render.
func printDiags(e env, parsed *config.Parsed, diags hcl.Diagnostics) {
	if parsed != nil && len(diags) > 0 {
		renderDiags(e, parsed.Files, diags)
	}
}

// loadDiags is loadEvals returning the diagnostics instead of printing
// them (parsed is nil only when the --var flags are malformed or an eval
// is unknown, which it reports).
func loadDiags(ctx context.Context, e env, path string, vars []string, logger hclog.Logger, evals []string) (*session, *config.Parsed, hcl.Diagnostics) {
	return loadParsed(ctx, e, path, vars, logger, evals, nil)
}

// loadParsed is loadDiags calling onParsed (when not nil) once the suite
// is parsed and narrowed, before any plugin starts.
func loadParsed(ctx context.Context, e env, path string, vars []string, logger hclog.Logger, evals []string,
	onParsed func(*config.Parsed)) (*session, *config.Parsed, hcl.Diagnostics) {
	return loadParsedWith(ctx, e, path, vars, logger, evals, nil, onParsed)
}

// loadParsedWith is loadParsed adding ie's eval (when set) to the suite
// before narrowing it: only that eval is kept.
func loadParsedWith(ctx context.Context, e env, path string, vars []string, logger hclog.Logger, evals []string,
	ie *config.InspectEval, onParsed func(*config.Parsed)) (*session, *config.Parsed, hcl.Diagnostics) {
	varMap, err := parseVars(vars)
	if err != nil {
		fmt.Fprintln(e.stderr, "swarmhost:", err)
		return nil, nil, nil
	}
	parsed, diags := config.Parse(path, varMap)
	if diags.HasErrors() {
		return nil, parsed, append(diags, directorySuiteNote(parsed, diags)...)
	}
	if ie != nil {
		name, more := parsed.AddInspectEval(*ie)
		if diags = append(diags, more...); diags.HasErrors() {
			return nil, parsed, diags
		}
		evals = []string{name}
	}
	if err := parsed.Only(evals); err != nil {
		fmt.Fprintln(e.stderr, "swarmhost:", err)
		return nil, nil, nil
	}
	if onParsed != nil {
		onParsed(parsed)
	}
	mgr := plugins.NewManager(logger.Named("plugin"), plugins.Options{})
	cat := catalog.New(ctx, mgr, path, parsed.Plugins)
	cat.Warm(parsed.PluginRefs())
	suite, more := parsed.Decode(cat)
	more = append(more, channelDiags(suite, !more.HasErrors())...)
	if !more.HasErrors() {
		more = append(more, describeInspectTasks(ctx, cat, suite)...)
	}
	diags = append(diags, more...)
	if diags.HasErrors() {
		mgr.Close()
		return nil, parsed, diags
	}
	return &session{parsed: parsed, suite: suite, mgr: mgr, cat: cat}, parsed, diags
}

func (s *session) close() { s.mgr.Close() }

// closeInBackground starts stopping the session's plugins and returns at
// once; close still waits until they have stopped. The last eval of a run
// calls it when its samples are done, so go-plugin's graceful shutdown of
// each plugin (5–25 ms, BENCHMARKS.md "react+bash critical path") overlaps
// the log's final write instead of following it.
func (s *session) closeInBackground() { go s.mgr.Close() }

// parseVars turns k=v flags into a map.
func parseVars(vars []string) (map[string]string, error) {
	out := map[string]string{}
	for _, kv := range vars {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" {
			return nil, fmt.Errorf("--var %q: want name=value", kv)
		}
		out[k] = v
	}
	return out, nil
}

// newLogger is the host's logger: warnings and above on stderr unless
// SWARMHOST_LOG_LEVEL says otherwise.
func newLogger(e env) hclog.Logger {
	return hclog.New(&hclog.LoggerOptions{Name: "swarmhost", Output: e.stderr,
		Level: hclog.LevelFromString(getenvDefault("SWARMHOST_LOG_LEVEL", "warn"))})
}
