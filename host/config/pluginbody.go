package config

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hcldec"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/swarmhost/swarmhost/sdk/diag"
	"github.com/swarmhost/swarmhost/sdk/schema"
)

// pluginSpec is a plugin's schema and its converted spec, or why neither is
// available.
type pluginSpec struct {
	schema schema.Schema
	spec   hcldec.ObjectSpec
	err    error
	// invalid is true when the plugin's own schema could not be converted.
	invalid bool
}

// spec fetches and converts the schema of ref once per Decode call. When it
// is unavailable it reports a diagnostic at labelRange (every block naming a
// broken plugin gets one) and returns nil.
func (d *decoder) spec(ref PluginRef, labelRange hcl.Range) *pluginSpec {
	ps, ok := d.specs[ref]
	if !ok {
		ps = &pluginSpec{}
		ps.schema, ps.err = d.src.Schema(ref.Kind, ref.Name)
		if ps.err == nil {
			ps.spec, ps.err = SpecFromSchema(ps.schema)
			ps.invalid = ps.err != nil
		}
		d.specs[ref] = ps
	}
	switch {
	case ps.invalid:
		d.report(errorf(labelRange, fmt.Sprintf("Invalid schema in %s plugin %q", ref.Kind, ref.Name),
			"The plugin declares a config schema the host cannot use: %s. This is a bug in the plugin.", strings.TrimSuffix(ps.err.Error(), ".")))
		return nil
	case ps.err != nil:
		d.report(errorf(d.unusableRange(ref, ps.err, labelRange), unusableSummary(ref, ps.err), "%s.", capitalize(strings.TrimSuffix(ps.err.Error(), "."))))
		return nil
	}
	return ps
}

// pluginConfig decodes body (a plugin-owned body, `dynamic` blocks already
// wrapped) against ref's schema, lets the plugin validate the result and
// returns the JSON the plugin will receive. It returns nil when the schema is
// unavailable or the body does not decode. blockRange is where diagnostics
// without a better range point.
func (d *decoder) pluginConfig(ref PluginRef, body hcl.Body, blockRange, labelRange hcl.Range) json.RawMessage {
	ps := d.spec(ref, labelRange)
	if ps == nil {
		return nil
	}
	val, diags := hcldec.Decode(body, ps.spec, d.ctx)
	d.diags = append(d.diags, diags...)
	if diags.HasErrors() || !val.IsWhollyKnown() {
		return nil
	}
	raw, err := toJSON(val)
	if err == nil {
		raw, err = completeConfig(ps.schema, raw)
	}
	if err != nil {
		d.report(errorf(blockRange, "Cannot encode plugin config", "%s.", capitalize(err.Error())))
		return nil
	}
	for _, pd := range d.src.Validate(ref.Kind, ref.Name, raw) {
		d.report(mapDiagnostic(pd, body, ps.schema, blockRange))
	}
	return raw
}

// mapDiagnostic turns a plugin's diagnostic into an HCL one whose subject is
// the source range its path points at.
func mapDiagnostic(pd diag.Diagnostic, body hcl.Body, s schema.Schema, blockRange hcl.Range) *hcl.Diagnostic {
	sev := hcl.DiagError
	if pd.Severity == diag.Warning {
		sev = hcl.DiagWarning
	}
	r := PathRange(body, s, pd.Path, blockRange)
	return &hcl.Diagnostic{Severity: sev, Summary: pd.Summary, Detail: pd.Detail, Subject: &r}
}

// emptyBody is a body with nothing in it whose missing-item range is r, so
// that "missing required argument" errors point at r. Decode uses it for a
// member without a config block and for the default controller.
func emptyBody(r hcl.Range) hcl.Body {
	return &hclsyntax.Body{SrcRange: r, EndRange: r}
}
