package refdocs

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// entry is one [[difference]] of parity/allowlist.toml, as far as the page
// needs it.
type entry struct{ id, reason string }

// readAllowList reads the entries' ids and reasons. The file's strings are
// TOML basic strings on one line, whose escapes are Go's (parity's own
// loader, parity/harness/allow.py, reads the whole format).
func readAllowList(path string) ([]entry, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []entry
	for n, line := range strings.Split(string(data), "\n") {
		key, value, ok := strings.Cut(line, " = ")
		switch {
		case strings.TrimSpace(line) == "[[difference]]":
			out = append(out, entry{})
		case ok && (key == "id" || key == "reason") && len(out) > 0:
			s, err := strconv.Unquote(strings.TrimSpace(value))
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %s is not a one-line string: %w", path, n+1, key, err)
			}
			if key == "id" {
				out[len(out)-1].id = s
			} else {
				out[len(out)-1].reason = s
			}
		}
	}
	return out, nil
}

// differencesPage is docs/reference/differences.md: the allow-list's
// entries, then the hand-written decisions the parity suite cannot observe.
func differencesPage(root string) ([]byte, error) {
	list, err := readAllowList(filepath.Join(root, "parity", "allowlist.toml"))
	if err != nil {
		return nil, err
	}
	decisions, err := os.ReadFile(filepath.Join(root, "parity", "decisions.md"))
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, header, "parity/allowlist.toml and parity/decisions.md")
	b.WriteString("# Differences from Inspect Swarm\n\n" +
		"swarmhost follows the shipped Inspect Swarm 0.1.0 (PyPI) in its records (`inspect_swarm:result`, `:ledger`, " +
		"`:metrics`), statuses, answers and evidence ([spec §15](../design/spec.md#15-the-shipped-inspect-swarm-is-the-reference)). " +
		"`make parity` runs the same studies on both side by side ([parity/README.md](../../parity/README.md)) and fails on any " +
		"difference not in `parity/allowlist.toml`. That list holds only what §15 keeps on purpose and what the suite " +
		"observes; each of its entries is a bullet of the first list below. To add one, add the entry with its reason, " +
		"then run `make docs`.\n\n## Differences the parity suite allows\n\n")
	for _, d := range list {
		fmt.Fprintf(&b, "- **%s**: %s\n", d.id, d.reason)
	}
	b.WriteString("\n## Decisions the parity suite cannot observe\n\n" +
		"These are not in the allow-list: the suite cannot see them in the parts it compares. " +
		"They are written by hand in `parity/decisions.md`.\n\n")
	b.WriteString(strings.TrimSpace(stripComment(string(decisions))) + "\n")
	return b.Bytes(), nil
}

// stripComment drops a leading HTML comment (the file's note to editors).
func stripComment(s string) string {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "<!--") {
		if _, after, ok := strings.Cut(s, "-->"); ok {
			return after
		}
	}
	return s
}
