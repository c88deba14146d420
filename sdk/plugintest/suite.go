package plugintest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Trust is the trust of the plugin blocks [Run] writes for the plugins
// under test.
type Trust string

const (
	// Trusted runs the plugins under test as plain child processes, as a
	// run trusts a plugin its user wrote. The default.
	Trusted Trust = "trusted"
	// Untrusted runs them in swarmhost's sandbox, as a run of a plugin
	// someone else wrote would (on a machine that has one).
	Untrusted Trust = "untrusted"
	// HostDefault writes no trust: swarmhost trusts only the bytes its
	// trust manifest lists.
	HostDefault Trust = "default"
)

// PluginBlocks is the file of the suite directory holding the plugin
// blocks of the plugins under test.
const PluginBlocks = "plugins-under-test.hcl"

// DefaultTimeout bounds each swarmhost command of a [Suite] without one.
const DefaultTimeout = 5 * time.Minute

// Suite is a suite to run against the plugins under test.
type Suite struct {
	// HCL is the suite, written unchanged to suite.hcl: a diagnostic's
	// line in suite.hcl is its line here. It uses the plugins under test
	// by kind and name, as any suite does.
	HCL string
	// Files are written beside suite.hcl by relative path (datasets,
	// compose files, ...).
	Files map[string]string
	// Plugins are plugin files under test besides the test binary's own
	// plugins ([Main]): a built plugin binary or a Python plugin, each
	// named swarmhost-<kind>-<name>. Each gets a plugin block.
	Plugins []string
	// Trust is the plugin blocks' trust; "" is [Trusted].
	Trust Trust
	// ReadOnly is the plugin blocks' read_only: paths an untrusted plugin
	// may read, such as the Python environment a Python plugin runs with.
	ReadOnly []string
	// Swarmhost is the swarmhost binary; "" is $SWARMHOST_BIN, else
	// swarmhost on $PATH.
	Swarmhost string
	// PluginPath are directories searched for the suite's other plugins
	// before $SWARMHOST_PLUGIN_PATH (the swarmhost binary's own directory
	// is searched last, as in any run).
	PluginPath []string
	// Env are more KEY=value entries for swarmhost's environment.
	Env []string
	// Timeout bounds each swarmhost command; 0 is [DefaultTimeout].
	Timeout time.Duration
}

// write writes the suite directory into dir and returns its path.
func (s Suite) write(dir string) (string, error) {
	suiteDir := filepath.Join(dir, "suite")
	if err := os.MkdirAll(suiteDir, 0o755); err != nil {
		return "", err
	}
	for rel, content := range s.Files {
		if err := writeInside(suiteDir, rel, content); err != nil {
			return "", err
		}
	}
	blocks, err := s.pluginBlocks()
	if err != nil {
		return "", err
	}
	for name, content := range map[string]string{"suite.hcl": s.HCL, PluginBlocks: blocks} {
		if err := os.WriteFile(filepath.Join(suiteDir, name), []byte(content), 0o644); err != nil {
			return "", err
		}
	}
	return suiteDir, nil
}

// writeInside writes a suite file at rel, which must stay inside root and
// not be one of the files the harness writes.
func writeInside(root, rel, content string) error {
	clean := filepath.Clean(rel)
	if filepath.IsAbs(rel) || !filepath.IsLocal(clean) {
		return fmt.Errorf("suite file %q: give a path relative to the suite's directory, inside it", rel)
	}
	if clean == "suite.hcl" || clean == PluginBlocks {
		return fmt.Errorf("suite file %q: the harness writes that file; give the suite as Suite.HCL", rel)
	}
	path := filepath.Join(root, clean)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, []byte(content), 0o644)
}

// pluginBlocks are the plugin blocks of the plugins under test: the test
// binary's ([Main]) and the files of Plugins.
func (s Suite) pluginBlocks() (string, error) {
	var b strings.Builder
	if underTest != nil {
		exe, err := os.Executable()
		if err != nil {
			return "", err
		}
		for _, p := range servedPlugins(*underTest) {
			b.WriteString(s.block(p, exe))
		}
	}
	for _, file := range s.Plugins {
		p, err := fileKind(file)
		if err != nil {
			return "", err
		}
		abs, err := filepath.Abs(file)
		if err != nil {
			return "", err
		}
		b.WriteString(s.block(p, abs))
	}
	return b.String(), nil
}

// fileKind reads a plugin file's kind and name from its name.
func fileKind(file string) (served, error) {
	base := filepath.Base(file)
	rest, ok := strings.CutPrefix(base, "swarmhost-")
	kind, name, ok2 := strings.Cut(rest, "-")
	if !ok || !ok2 || name == "" || (kind != "agent" && kind != "controller" && kind != "scorer") {
		return served{}, fmt.Errorf("plugin file %s: name it swarmhost-<kind>-<name>, kind agent, controller or scorer", file)
	}
	return served{kind, name}, nil
}

// block is one plugin block, for p served by the file at source.
func (s Suite) block(p served, source string) string {
	out := fmt.Sprintf("plugin %q %q {\n  source = %q\n", p.kind, p.name, source)
	if t := cmpOr(s.Trust, Trusted); t != HostDefault {
		out += fmt.Sprintf("  trust  = %q\n", t)
	}
	if len(s.ReadOnly) > 0 {
		quoted := make([]string, len(s.ReadOnly))
		for i, r := range s.ReadOnly {
			abs, _ := filepath.Abs(r)
			quoted[i] = fmt.Sprintf("%q", abs)
		}
		out += fmt.Sprintf("  read_only = [%s]\n", strings.Join(quoted, ", "))
	}
	return out + "}\n"
}

// cmpOr is t, or def when t is empty.
func cmpOr(t, def Trust) Trust {
	if t == "" {
		return def
	}
	return t
}
