package refdocs

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/model"
)

// hclPage is docs/reference/hcl.md: every block and attribute of a suite.
func hclPage() ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, header, "host/config's schema (config.Reference) and host/model's config keys")
	b.WriteString("# HCL reference\n\n" +
		"Every block and attribute a suite may write, from the schemas `host/config` decodes with. " +
		"A plugin's own settings (a `scorer` or `controller` body, a member's `config` block) are the plugin's: " +
		"see [Built-in plugins](plugins.md), or `swarmhost plugins schema KIND NAME`. " +
		"[Suites](../guides/suites.md) explains how the blocks fit together.\n\n")
	blocks := config.Reference()
	b.WriteString("Top-level blocks:")
	for _, blk := range blocks {
		fmt.Fprintf(&b, " [`%s`](#%s)", blk.Type, anchor(blk.Path))
	}
	b.WriteString(".\n")
	for _, blk := range blocks {
		writeBlock(&b, blk, 2)
	}
	return b.Bytes(), nil
}

// writeBlock writes one block's section and its nested blocks'.
func writeBlock(b *bytes.Buffer, blk *config.BlockDoc, level int) {
	if level > 4 {
		level = 4
	}
	fmt.Fprintf(b, "\n%s %s\n\n", strings.Repeat("#", level), blk.Path)
	fmt.Fprintf(b, "```text\n%s\n```\n\n%s\n", header0(blk), blk.Doc)
	if blk.Plugin != "" {
		fmt.Fprintf(b, "\nThe body is also the %s plugin's config: see [Built-in plugins](plugins.md).\n", blk.Plugin)
	}
	if blk.Path == "model.config" {
		writeModelKeys(b)
	}
	if len(blk.Attributes) > 0 {
		b.WriteString("\n| attribute | required | meaning |\n|---|---|---|\n")
		for _, a := range blk.Attributes {
			req := ""
			if a.Required {
				req = "yes"
			}
			fmt.Fprintf(b, "| `%s` | %s | %s |\n", a.Name, req, cell(a.Doc))
		}
	}
	if len(blk.Blocks) > 0 {
		b.WriteString("\nBlocks inside:")
		for _, c := range blk.Blocks {
			fmt.Fprintf(b, " [`%s`](#%s)", lastPart(c), anchor(c.Path))
		}
		b.WriteString(".\n")
	}
	for _, c := range blk.Blocks {
		writeBlock(b, c, level+1)
	}
}

// header0 is the block's header as written in a suite.
func header0(blk *config.BlockDoc) string {
	var parts []string
	parts = append(parts, blk.Type)
	if blk.Type == "channel" {
		parts = append(parts, `"`+blk.Path[strings.LastIndex(blk.Path, ".")+1:]+`"`)
	} else {
		for _, l := range blk.Labels {
			parts = append(parts, `"`+strings.ToUpper(l)+`"`)
		}
	}
	return strings.Join(parts, " ") + " { … }"
}

// writeModelKeys lists the keys a model's config block takes.
func writeModelKeys(b *bytes.Buffer) {
	b.WriteString("\n| key | value | |\n|---|---|---|\n")
	for _, k := range model.ConfigKeys() {
		kind := "sent with the request"
		if k.Host {
			kind = "the host's own"
		}
		fmt.Fprintf(b, "| `%s` | %s | %s |\n", k.Name, k.Value, kind)
	}
}

// lastPart is the name a nested block is linked by.
func lastPart(blk *config.BlockDoc) string {
	if blk.Type == "channel" {
		return `channel "` + blk.Path[strings.LastIndex(blk.Path, ".")+1:] + `"`
	}
	return blk.Type
}

// anchor is GitHub's anchor of a heading text: lower case, punctuation
// but '-' and '_' dropped, spaces as '-'.
func anchor(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// cell escapes a table cell's pipes.
func cell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

// code is s as an inline code span, with a longer fence when s holds a
// backtick.
func code(s string) string {
	if strings.Contains(s, "`") {
		return "`` " + s + " ``"
	}
	return "`" + s + "`"
}
