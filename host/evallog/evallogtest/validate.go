// Package evallogtest checks logs against Inspect's own schema, for tests: it is
// kept out of host/evallog so that the JSON Schema library (whose package
// initialisation costs every host start ~1.7 MB and a few milliseconds) is
// linked into test binaries only.
package evallogtest

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/swarmhost/swarmhost/host/internal/jsontok"
)

// ErrNoInspectData is returned by InspectDir when Inspect's reference data
// (the OpenAPI schema and real logs) cannot be found.
var ErrNoInspectData = errors.New("evallogtest: Inspect reference data not found; set SWARMHOST_INSPECT_DIR to shared/inspect")

// InspectDir finds Inspect's reference data: $SWARMHOST_INSPECT_DIR, else a
// shared/inspect directory beside an ancestor of the working directory (the
// checkout sits next to shared/).
func InspectDir() (string, error) {
	if dir := os.Getenv("SWARMHOST_INSPECT_DIR"); dir != "" {
		return dir, nil
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for dir := wd; ; dir = filepath.Dir(dir) {
		cand := filepath.Join(dir, "shared", "inspect")
		if _, err := os.Stat(filepath.Join(cand, "inspect-openapi.json")); err == nil {
			return cand, nil
		}
		if filepath.Dir(dir) == dir {
			return "", ErrNoInspectData
		}
	}
}

var (
	schemaMu    sync.Mutex
	schemaCache = map[string]*jsonschema.Schema{}
)

// evalLogSchema compiles #/components/schemas/EvalLog of an Inspect OpenAPI
// document, with the whole document as the resource so its $refs resolve.
func evalLogSchema(openapiPath string) (*jsonschema.Schema, error) {
	schemaMu.Lock()
	defer schemaMu.Unlock()
	if s, ok := schemaCache[openapiPath]; ok {
		return s, nil
	}
	f, err := os.Open(openapiPath)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		return nil, err
	}
	const url = "https://inspect.invalid/inspect-openapi.json"
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource(url, doc); err != nil {
		return nil, err
	}
	s, err := c.Compile(url + "#/components/schemas/EvalLog")
	if err != nil {
		return nil, err
	}
	schemaCache[openapiPath] = s
	return s, nil
}

// Validate checks a log's bytes against the EvalLog component of Inspect's
// OpenAPI document at openapiPath. JSON Schema has no NaN and every place
// Inspect writes NaN is typed number, so bare non-finite tokens are replaced
// by 0 for validation only.
func Validate(data []byte, openapiPath string) error {
	sch, err := evalLogSchema(openapiPath)
	if err != nil {
		return fmt.Errorf("compile EvalLog schema: %w", err)
	}
	clean := jsontok.RewriteNonFinite(data, func(string) string { return "0" })
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(clean))
	if err != nil {
		return fmt.Errorf("log is not JSON: %w", err)
	}
	if err := sch.Validate(inst); err != nil {
		return fmt.Errorf("log does not validate against EvalLog: %w", err)
	}
	return nil
}
