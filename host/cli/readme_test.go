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

// readmeBlock is one ```hcl block of the README or a docs page, and the
// line it starts on.
type readmeBlock struct {
	file string
	line int
	text string
}

// where names the block for messages: its file and first line.
func (b readmeBlock) where() string { return b.file + ":" + strconv.Itoa(b.line) }

// fragmentMark, as a block's first line, says the block is not a suite to
// validate (it names a plugin the page builds, say): it is only parsed, by
// host/internal/docscheck.
const fragmentMark = "# fragment"

// readmeHCL returns every ```hcl block of the repository's README.md and of
// the Markdown pages under docs/.
func readmeHCL(t *testing.T) []readmeBlock {
	t.Helper()
	files := []string{"README.md"}
	require.NoError(t, filepath.WalkDir(repoPath("docs"), func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".md") {
			rel, _ := filepath.Rel(repoPath(), path)
			files = append(files, filepath.ToSlash(rel))
		}
		return err
	}))
	var blocks []readmeBlock
	for _, name := range files {
		blocks = append(blocks, fileHCL(t, name)...)
	}
	return blocks
}

// fileHCL returns every ```hcl block of one Markdown file of the repository.
func fileHCL(t *testing.T, name string) []readmeBlock {
	t.Helper()
	f, err := os.Open(repoPath(name))
	require.NoError(t, err)
	defer f.Close()
	var blocks []readmeBlock
	var cur *readmeBlock
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case cur == nil && strings.TrimSpace(line) == "```hcl":
			cur = &readmeBlock{file: name, line: n + 1}
		case cur != nil && strings.TrimSpace(line) == "```":
			blocks = append(blocks, *cur)
			cur = nil
		case cur != nil:
			cur.text += line + "\n"
		}
	}
	require.NoError(t, sc.Err())
	require.Nil(t, cur, "%s: an unterminated ```hcl block", name)
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
	"task": true, "swarm": true, "eval": true, "study": true}

// wrappers place an example of a nested block where it belongs, by its
// block type (%s is the example). An example of another nested block
// needs an entry here.
var wrappers = map[string]string{
	"channel": "swarm \"s\" {\n  member \"scripted\" { name = \"lead\" }\n  member \"scripted\" { name = \"worker-1\" }\n%s}\n",
	"dataset": "task \"t\" {\n%s}\n",
	"scorer":  "task \"t\" {\n  dataset { file = \"d.jsonl\" }\n%s}\n",
	"member":  "swarm \"s\" {\n%s}\n",
	"sandbox": "task \"t\" {\n  dataset { file = \"d.jsonl\" }\n%s}\n",
}

// asSuite returns the example as a suite file: as it is when it holds
// top-level blocks, else wrapped by its first block's type.
func asSuite(t *testing.T, b readmeBlock) string {
	t.Helper()
	f, diags := hclsyntax.ParseConfig([]byte(b.text), b.file, hcl.Pos{Line: b.line, Column: 1})
	require.False(t, diags.HasErrors(), "%s does not parse: %s", b.where(), diags)
	blocks := f.Body.(*hclsyntax.Body).Blocks
	require.NotEmpty(t, blocks, "%s: no blocks", b.where())
	text := strings.ReplaceAll(b.text, `"…"`, `"`+strings.Repeat("0", 64)+`"`)
	if typ := blocks[0].Type; !topLevelBlocks[typ] {
		wrap, ok := wrappers[typ]
		require.True(t, ok, "%s: a %q block example: add a wrapper for it to readme_test.go", b.where(), typ)
		text = fmt.Sprintf(wrap, text)
	}
	return text
}

// TestReadmeHCLExamples parses every ```hcl block of README.md and docs/
// (but those marked with fragmentMark) and validates it against the real plugins, as `swarmhost validate` does (a
// nested block inside the suite it belongs in): each must be free of
// errors but those of being a fragment (fragmentGaps). A sha256 written as
// "…" stands for a real digest.
func TestReadmeHCLExamples(t *testing.T) {
	t.Parallel()
	blocks := readmeHCL(t)
	require.GreaterOrEqual(t, len(blocks), 30, "the docs' examples were found")
	complete := 0
	for _, b := range blocks {
		if strings.HasPrefix(strings.TrimSpace(b.text), fragmentMark) {
			continue
		}
		if strings.Contains(b.text, "\neval ") || strings.HasPrefix(b.text, "eval ") {
			complete++
		}
		t.Run(b.where(), func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			text := asSuite(t, b)
			path := filepath.Join(dir, "suite.hcl")
			require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
			_, out, errOut := runCLI(t, "validate", path)
			for _, m := range errorSummaryRE.FindAllStringSubmatch(out+errOut, -1) {
				assert.True(t, isFragmentGap(m[1]), "%s: %s\n%s", b.where(), m[1], errOut)
			}
		})
	}
	assert.Positive(t, complete, "at least one example is a whole suite")
}
