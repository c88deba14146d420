package cli

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/swarmhost/swarmhost/host/config"
)

// Display modes of --display, as Inspect names them.
const (
	displayFull  = "full"
	displayPlain = "plain"
	displayNone  = "none"
)

// inspectFlags are the `inspect eval` options swarmhost run takes with
// Inspect's meanings (-T is --var; --limit, --max-samples and
// --retry-on-error/--fail-on-error are runFlags').
type inspectFlags struct {
	model          string
	modelArgs      multiFlag
	epochs         int
	maxConnections int
	sampleIDs      string
	noLogSamples   bool
	logLevel       string
	display        string
}

// register adds the flags to fs; vars is where -T's name=value go.
func (f *inspectFlags) register(fs *flag.FlagSet, vars *multiFlag) {
	fs.Var(vars, "T", "a task argument, name=value: sets the suite variable (as --var), or with --swarm the Inspect task's argument")
	fs.StringVar(&f.model, "model", "", "the model members without a model of their own call: provider/name "+
		"(mockllm/model, openai/NAME); replaces the suite's default model")
	fs.Var(&f.modelArgs, "M", "a model argument of --model, name=value: base_url, api_key_env (repeatable)")
	fs.IntVar(&f.epochs, "epochs", 0, "epochs per sample (replaces each task's)")
	fs.IntVar(&f.maxConnections, "max-connections", 0, "concurrent calls per model endpoint (replaces each model's)")
	fs.StringVar(&f.sampleIDs, "sample-id", "", "run only these samples: ids or fnmatch patterns, comma-separated; "+
		"TASK:ID applies only to task TASK (ignoring case), as in Inspect")
	fs.BoolVar(&f.noLogSamples, "no-log-samples", false, "leave the samples out of the log (header and results only)")
	fs.StringVar(&f.logLevel, "log-level", os.Getenv("INSPECT_LOG_LEVEL"), "host log level on stderr, as Inspect names "+
		"them: debug, trace, http, info, warning (the default), error, critical, notset (default: $INSPECT_LOG_LEVEL)")
	fs.StringVar(&f.display, "display", displayFull, "progress display: full (a live view on a terminal), plain "+
		"(one line per sample), none")
}

// check validates the values flag parsing cannot.
func (f *inspectFlags) check() error {
	switch f.display {
	case displayFull, displayPlain, displayNone:
	default:
		return fmt.Errorf("--display %q: want full, plain or none", f.display)
	}
	if f.epochs < 0 || f.maxConnections < 0 {
		return errors.New("--epochs and --max-connections want a positive number")
	}
	if f.model != "" && !strings.Contains(f.model, "/") {
		return fmt.Errorf("--model %q: want provider/name, e.g. openai/gpt-4o-mini or mockllm/model", f.model)
	}
	if f.logLevel != "" {
		level, ok := hostLogLevel(f.logLevel)
		if !ok {
			return fmt.Errorf("--log-level %q: want debug, trace, http, info, warning, error, critical or notset", f.logLevel)
		}
		os.Setenv("SWARMHOST_LOG_LEVEL", level)
	}
	return nil
}

// hostLogLevels maps Inspect's log levels (and hclog's "warn") to the
// host logger's (hclog): trace and notset show everything, http (between
// Inspect's debug and info) what debug shows, critical what error shows.
var hostLogLevels = map[string]string{
	"notset": "trace", "debug": "debug", "trace": "trace", "http": "debug", "info": "info",
	"warning": "warn", "warn": "warn", "error": "error", "critical": "error",
}

// hostLogLevel is the host logger's level for --log-level v (any case);
// false when v is no level Inspect knows.
func hostLogLevel(v string) (string, bool) {
	level, ok := hostLogLevels[strings.ToLower(strings.TrimSpace(v))]
	return level, ok
}

// sampleIDList is --sample-id as a list.
func (f *inspectFlags) sampleIDList() []string {
	if f.sampleIDs == "" {
		return nil
	}
	var out []string
	for _, id := range strings.Split(f.sampleIDs, ",") {
		if id = strings.TrimSpace(id); id != "" {
			out = append(out, id)
		}
	}
	return out
}

// apply changes the loaded suite as the flags say: each task's epochs,
// --model / -M on the default model, and each model's connections (the
// --model one's too).
func (f *inspectFlags) apply(s *config.Suite) error {
	for _, t := range s.Tasks {
		if f.epochs > 0 {
			t.Epochs.Count = int64(f.epochs)
		}
	}
	switch {
	case f.model != "":
		if err := f.applyModel(s); err != nil {
			return err
		}
	case len(f.modelArgs) > 0:
		return errors.New("-M needs --model")
	}
	for _, m := range s.Models {
		if f.maxConnections > 0 {
			n := int64(f.maxConnections)
			m.MaxConnections = &n
		}
	}
	return nil
}

// applyModel makes --model the default model: the one members without a
// model of their own call.
func (f *inspectFlags) applyModel(s *config.Suite) error {
	provider, name, _ := strings.Cut(f.model, "/")
	m := &config.Model{Name: "default", Provider: provider, ModelName: name}
	if provider == config.ProviderMockLLM {
		m.ModelName = ""
	}
	for _, kv := range f.modelArgs {
		k, v, ok := strings.Cut(kv, "=")
		switch {
		case !ok:
			return fmt.Errorf("-M %q: want name=value", kv)
		case k == "base_url":
			m.BaseURL = v
		case k == "api_key_env":
			m.APIKeyEnv = v
		default:
			return fmt.Errorf("-M %q: swarmhost's model arguments are base_url and api_key_env", kv)
		}
	}
	if provider == config.ProviderOpenAI && m.BaseURL == "" {
		m.BaseURL = os.Getenv("OPENAI_BASE_URL")
	}
	if s.Models == nil {
		s.Models = map[string]*config.Model{}
	}
	s.Models["default"] = m
	for _, sw := range s.Swarms {
		for i := range sw.Roster {
			if sw.Roster[i].Member.Model == "" || sw.Roster[i].Member.Model == "default" {
				sw.Roster[i].Member.Model = "default"
			}
		}
	}
	return nil
}

// parseRange reads --limit: a count N (the first N samples) or a range
// A-B (samples A to B, counted from 1, as Inspect's --limit takes it).
func parseRange(v string) (first, last int, err error) {
	if v == "" {
		return 0, 0, nil
	}
	a, b, isRange := strings.Cut(v, "-")
	first, err = strconv.Atoi(strings.TrimSpace(a))
	if err == nil && isRange {
		last, err = strconv.Atoi(strings.TrimSpace(b))
		if err == nil && (first < 1 || last < first) {
			err = errors.New("want 1 ≤ A ≤ B")
		}
		return first, last, err
	}
	if err == nil && first < 0 {
		err = errors.New("want 0 or more")
	}
	return 0, first, err
}

// loadDotEnv sets the variables of a .env file in the working directory
// (NAME=VALUE lines; # comments, "export " and quotes allowed) that the
// environment does not set already, as Inspect does. No file, no change.
func loadDotEnv(path string) error {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, v, ok := strings.Cut(strings.TrimPrefix(line, "export "), "=")
		k = strings.TrimSpace(k)
		if !ok || k == "" {
			return fmt.Errorf("%s:%d: want NAME=VALUE", path, n)
		}
		v = strings.TrimSpace(v)
		if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] {
			v = v[1 : len(v)-1]
		}
		if _, set := os.LookupEnv(k); !set {
			os.Setenv(k, v)
		}
	}
	return sc.Err()
}

// bareRetryOnError gives a bare --retry-on-error Inspect's meaning, one
// retry: followed by no count (or last) it is --retry-on-error=1.
func bareRetryOnError(args []string) []string {
	out := make([]string, 0, len(args))
	for i, a := range args {
		if a == "--" {
			return append(out, args[i:]...)
		}
		if a == "--retry-on-error" || a == "-retry-on-error" {
			if _, err := strconv.Atoi(next(args, i)); err != nil {
				a += "=1"
			}
		}
		out = append(out, a)
	}
	return out
}

// next is the argument after i, "" when i is the last.
func next(args []string, i int) string {
	if i+1 < len(args) {
		return args[i+1]
	}
	return ""
}
