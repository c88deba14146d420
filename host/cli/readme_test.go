package cli

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// readmeBlock is one ```hcl block of the README and the line it starts on.
type readmeBlock struct {
	line int
	text string
}

// readmeHCL returns every ```hcl block of the repository's README.md.
func readmeHCL(t *testing.T) []readmeBlock {
	t.Helper()
	f, err := os.Open(repoPath("README.md"))
	require.NoError(t, err)
	defer f.Close()
	var blocks []readmeBlock
	var cur *readmeBlock
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case cur == nil && strings.TrimSpace(line) == "```hcl":
			cur = &readmeBlock{line: n + 1}
		case cur != nil && strings.TrimSpace(line) == "```":
			blocks = append(blocks, *cur)
			cur = nil
		case cur != nil:
			cur.text += line + "\n"
		}
	}
	require.NoError(t, sc.Err())
	require.Nil(t, cur, "an unterminated ```hcl block")
	return blocks
}

// fragmentGaps are the errors a README example may have because it shows
// part of a suite: no eval, no dataset; and any "... file not found" (a
// dataset or compose file the example names is not beside it).
var fragmentGaps = map[string]bool{
	"No eval blocks":        true,
	"Missing dataset block": true,
}

// isFragmentGap reports whether an error summary is one of fragmentGaps.
func isFragmentGap(summary string) bool {
	return fragmentGaps[summary] || strings.HasSuffix(summary, " file not found")
}

var errorSummaryRE = regexp.MustCompile(`(?m)^Error: (.*)$`)

// topLevelBlocks are the block types a suite file holds.
var topLevelBlocks = map[string]bool{"variable": true, "locals": true, "plugin": true, "model": true,
	"task": true, "swarm": true, "eval": true}

// wrappers place an example of a nested block where it belongs, by its
// block type (%s is the example). An example of another nested block
// needs an entry here.
var wrappers = map[string]string{
	"channel": "swarm \"s\" {\n  member \"scripted\" { name = \"lead\" }\n  member \"scripted\" { name = \"worker-1\" }\n%s}\n",
}

// asSuite returns the example as a suite file: as it is when it holds
// top-level blocks, else wrapped by its first block's type.
func asSuite(t *testing.T, b readmeBlock) string {
	t.Helper()
	f, diags := hclsyntax.ParseConfig([]byte(b.text), "README.md", hcl.Pos{Line: b.line, Column: 1})
	require.False(t, diags.HasErrors(), "README line %d does not parse: %s", b.line, diags)
	blocks := f.Body.(*hclsyntax.Body).Blocks
	require.NotEmpty(t, blocks, "README line %d: no blocks", b.line)
	text := strings.ReplaceAll(b.text, `"…"`, `"`+strings.Repeat("0", 64)+`"`)
	if typ := blocks[0].Type; !topLevelBlocks[typ] {
		wrap, ok := wrappers[typ]
		require.True(t, ok, "README line %d: a %q block example: add a wrapper for it to readme_test.go", b.line, typ)
		text = fmt.Sprintf(wrap, text)
	}
	return text
}

// TestReadmeHCLExamples parses every ```hcl block of README.md and
// validates it against the real plugins, as `swarmhost validate` does (a
// nested block inside the suite it belongs in): each must be free of
// errors but those of being a fragment (fragmentGaps). A sha256 written as
// "…" stands for a real digest.
func TestReadmeHCLExamples(t *testing.T) {
	t.Parallel()
	blocks := readmeHCL(t)
	require.GreaterOrEqual(t, len(blocks), 5, "the README's examples were found")
	complete := 0
	for _, b := range blocks {
		if strings.Contains(b.text, "\neval ") || strings.HasPrefix(b.text, "eval ") {
			complete++
		}
		t.Run("README line "+strconv.Itoa(b.line), func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			text := asSuite(t, b)
			if strings.Contains(b.text, "inspect = ") {
				tasksPython(t) // an Inspect task: the task plugin loads it (make build links it beside swarmhost)
				text = fmt.Sprintf("plugin \"task\" \"inspect\" {\n  source = %q\n}\n%s",
					repoPath("plugins-python", "inspect-task", "swarmhost-task-inspect"), text)
			}
			path := filepath.Join(dir, "suite.hcl")
			require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
			_, out, errOut := runCLI(t, "validate", path)
			for _, m := range errorSummaryRE.FindAllStringSubmatch(out+errOut, -1) {
				assert.True(t, isFragmentGap(m[1]), "README line %d: %s\n%s", b.line, m[1], errOut)
			}
		})
	}
	assert.Positive(t, complete, "at least one example is a whole suite")
}
