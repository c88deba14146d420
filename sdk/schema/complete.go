package schema

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Complete returns c as the host sends it to the plugin: every attribute of
// the schema present, an unset (absent or null) optional attribute with its
// Default (null without one), an unset single block null and an unset list
// block empty, and the same inside every nested block given. Keys the
// schema does not name are kept (the host rejects them before this).
//
// The host completes every decoded config block with this function, and
// package sdktest completes a test's config with it, so a plugin sees the
// same values in a test as in a run. A required attribute left unset stays
// null: reporting it is validation's job, not completion's.
func (s Schema) Complete(c Config) (Config, error) {
	obj, err := objectOf(c.JSON(), "config")
	if err != nil {
		return Config{}, err
	}
	if err := s.complete(obj, ""); err != nil {
		return Config{}, err
	}
	raw, err := json.Marshal(obj)
	if err != nil {
		return Config{}, fmt.Errorf("schema: encode completed config: %w", err)
	}
	return Config{raw: raw}, nil
}

// complete fills obj, the block at path ("" for the top), in place.
func (s Schema) complete(obj map[string]any, path string) error {
	for _, a := range s.Attributes {
		if v, ok := obj[a.Name]; !ok || v == nil {
			obj[a.Name] = a.Default
		}
	}
	for _, b := range s.Blocks {
		if err := b.complete(obj, join(path, b.Name)); err != nil {
			return err
		}
	}
	return nil
}

// complete fills the block's entry of its parent object.
func (b Block) complete(parent map[string]any, path string) error {
	v := parent[b.Name]
	switch {
	case v == nil && b.Nesting == NestingList:
		parent[b.Name] = []any{}
		return nil
	case v == nil:
		parent[b.Name] = nil
		return nil
	case b.Nesting == NestingList:
		items, ok := v.([]any)
		if !ok {
			return fmt.Errorf("schema: %s: a list block must be a JSON array, not %s", path, kindOf(v))
		}
		for i, item := range items {
			if err := b.completeOne(item, fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
		return nil
	}
	return b.completeOne(v, path)
}

// completeOne fills one instance of the block.
func (b Block) completeOne(v any, path string) error {
	obj, ok := v.(map[string]any)
	if !ok {
		return fmt.Errorf("schema: %s: a block must be a JSON object, not %s", path, kindOf(v))
	}
	return b.Body.complete(obj, path)
}

// objectOf decodes raw as a JSON object, numbers kept exact.
func objectOf(raw []byte, what string) (map[string]any, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("schema: decode %s: %w", what, err)
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("schema: %s must be a JSON object, not %s", what, kindOf(v))
	}
	return obj, nil
}

// kindOf names a decoded JSON value's kind for an error.
func kindOf(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case map[string]any:
		return "an object"
	case []any:
		return "an array"
	case string:
		return "a string"
	case bool:
		return "a boolean"
	}
	return "a number"
}

// join extends a diagnostic-style path ("a.b") with name.
func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}
