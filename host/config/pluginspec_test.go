package config

import (
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hcldec"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/swarmhost/swarmhost/sdk/schema"
)

func TestSpecFromSchema(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		schema  schema.Schema
		body    string
		want    string // the decoded value as JSON
		wantErr string // substring of the conversion error
	}{
		"defaults fill unset attributes": {
			schema: fakeSchemas[PluginRef{KindScorer, "match"}],
			body:   `numeric = true`,
			want:   `{"ignore_case":true,"location":"end","numeric":true}`,
		},
		"untyped attribute keeps its value's type": {
			schema: schema.Schema{Attributes: []schema.Attribute{{Name: "steps"}}},
			body:   `steps = [1, "two", { three = 3 }]`,
			want:   `{"steps":[1,"two",{"three":3}]}`,
		},
		"optional without default is null": {
			schema: schema.Schema{Attributes: []schema.Attribute{{Name: "x", Type: "string"}}},
			want:   `{"x":null}`,
		},
		"collection default converted to the type": {
			schema: schema.Schema{Attributes: []schema.Attribute{{Name: "xs", Type: "list(number)", Default: []any{1, 2}}}},
			want:   `{"xs":[1,2]}`,
		},
		"object default": {
			schema: schema.Schema{Attributes: []schema.Attribute{{Name: "o", Type: "object({a=string, b=number})", Default: map[string]any{"a": "x", "b": 2}}}},
			want:   `{"o":{"a":"x","b":2}}`,
		},
		"single and list blocks": {
			schema: schema.Schema{Blocks: []schema.Block{
				{Name: "one", Body: schema.Schema{Attributes: []schema.Attribute{{Name: "v", Type: "number", Default: 1}}}},
				{Name: "many", Nesting: schema.NestingList, Body: schema.Schema{Attributes: []schema.Attribute{{Name: "v", Type: "string", Required: true}}}},
			}},
			body: "one {}\nmany { v = \"a\" }\nmany { v = \"b\" }",
			want: `{"many":[{"v":"a"},{"v":"b"}],"one":{"v":1}}`,
		},
		"absent single block is null": {
			schema: schema.Schema{Blocks: []schema.Block{{Name: "one"}}},
			want:   `{"one":null}`,
		},
		"bad type":              {schema: schema.Schema{Attributes: []schema.Attribute{{Name: "x", Type: "lisst(string)"}}}, wantErr: `"lisst" is not a valid type constructor`},
		"unparsable type":       {schema: schema.Schema{Attributes: []schema.Attribute{{Name: "x", Type: "list("}}}, wantErr: `type "list("`},
		"default of wrong type": {schema: schema.Schema{Attributes: []schema.Attribute{{Name: "x", Type: "number", Default: "many"}}}, wantErr: "does not fit the type"},
		"default that converts but is not of the type": {
			schema:  schema.Schema{Attributes: []schema.Attribute{{Name: "x", Type: "string", Default: 3}}},
			wantErr: `default 3 is not of its type; write it as "3"`,
		},
		"explicit null takes the default": {
			schema: schema.Schema{Attributes: []schema.Attribute{{Name: "x", Type: "string", Default: "d"}}},
			body:   `x = null`,
			want:   `{"x":"d"}`,
		},
		"absent list block is empty": {
			schema: schema.Schema{Blocks: []schema.Block{{Name: "many", Nesting: schema.NestingList}}},
			want:   `{"many":[]}`,
		},
		"duplicate name": {schema: schema.Schema{Attributes: []schema.Attribute{{Name: "x"}, {Name: "x"}}}, wantErr: "duplicate"},
		"block named like an attribute": {
			schema:  schema.Schema{Attributes: []schema.Attribute{{Name: "x"}}, Blocks: []schema.Block{{Name: "x"}}},
			wantErr: `block "x"`,
		},
		"bad nesting": {schema: schema.Schema{Blocks: []schema.Block{{Name: "b", Nesting: 7}}}, wantErr: "unknown nesting"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			spec, err := SpecFromSchema(tc.schema)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error = %v, want one containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			f, diags := hclsyntax.ParseConfig([]byte(tc.body), "body.hcl", hcl.InitialPos)
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			v, diags := hcldec.Decode(f.Body, spec, nil)
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			raw, err := toJSON(v)
			if err == nil {
				raw, err = completeConfig(tc.schema, raw)
			}
			if err != nil {
				t.Fatal(err)
			}
			if string(raw) != tc.want {
				t.Errorf("decoded %s, want %s", raw, tc.want)
			}
		})
	}
}
