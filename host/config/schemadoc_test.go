package config

import (
	"maps"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
)

// walkDocs calls f for every block of the reference, depth first.
func walkDocs(blocks []*BlockDoc, f func(*BlockDoc)) {
	for _, b := range blocks {
		f(b)
		walkDocs(b.Blocks, f)
	}
}

// TestReferenceCoversTheSchema: every block and attribute a suite may
// write has its doc, every doc names a block or attribute that exists, and
// every nested block either has a schema or is free-form or a plugin's, so
// the generated HCL reference cannot fall behind the decoder.
func TestReferenceCoversTheSchema(t *testing.T) {
	t.Parallel()
	blocks, attrs := map[string]bool{}, map[string]bool{}
	walkDocs(Reference(), func(b *BlockDoc) {
		blocks[b.Path] = true
		assert.NotEmpty(t, b.Doc, "block %s has no doc in blockDocs", b.Path)
		if blockSchemas[b.Path] == nil && !b.FreeForm && b.Plugin == "" && b.Type != "channel" {
			t.Errorf("block %s has no schema in blockSchemas and is neither free-form nor a plugin's body", b.Path)
		}
		for _, a := range b.Attributes {
			attrs[b.Path+"."+a.Name] = true
			assert.NotEmpty(t, a.Doc, "attribute %s.%s has no doc in attributeDocs", b.Path, a.Name)
		}
	})
	for _, p := range slices.Sorted(maps.Keys(blockDocs)) {
		assert.True(t, blocks[p], "blockDocs[%q] names no block", p)
	}
	for _, p := range slices.Sorted(maps.Keys(attributeDocs)) {
		assert.True(t, attrs[p], "attributeDocs[%q] names no attribute", p)
	}
	for _, p := range slices.Sorted(maps.Keys(blockSchemas)) {
		assert.True(t, blocks[p], "blockSchemas[%q] names no block", p)
	}
}
