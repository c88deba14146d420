package config

import (
	"errors"
	"fmt"

	"github.com/hashicorp/hcl/v2"
)

// summarized is an error from a [SchemaSource] that names its own
// diagnostic summary: host/plugins' start-up errors do, so a plugin that
// exists but cannot be used (checksum, lock, crash, handshake, a hang in
// Metadata) is reported for what went wrong, not as missing.
type summarized interface{ Summary() string }

// pinAttributed is an error caused by one attribute of the plugin's
// `plugin` block (a sha256 mismatch): its diagnostic points there.
type pinAttributed interface{ PinAttribute() string }

// unusableSummary is the summary of a diagnostic for a plugin whose schema
// could not be fetched.
func unusableSummary(ref PluginRef, err error) string {
	var s summarized
	if errors.As(err, &s) && s.Summary() != "" {
		return s.Summary()
	}
	return fmt.Sprintf("No %s plugin named %q", ref.Kind, ref.Name)
}

// unusableRange is where that diagnostic points: the plugin block's
// attribute the error names, if the suite pins the plugin, else the label.
func (d *decoder) unusableRange(ref PluginRef, err error, labelRange hcl.Range) hcl.Range {
	var pa pinAttributed
	if !errors.As(err, &pa) || pa.PinAttribute() == "" {
		return labelRange
	}
	for _, pin := range d.p.Plugins {
		if pin.Kind != ref.Kind || pin.Name != ref.Name {
			continue
		}
		switch pa.PinAttribute() {
		case "sha256":
			return pin.SHA256Range
		case "source":
			return pin.SourceRange
		case "trust":
			return pin.TrustRange
		}
		return pin.DefRange
	}
	return labelRange
}
