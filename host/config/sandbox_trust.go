package config

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/swarmhost/swarmhost/host/sandbox/compose"
)

// trustAttrs are the attributes by which a suite lets its compose file
// reach the host (see [Sandbox.AllowHostAccess], [Sandbox.AllowEnv]).
var trustAttrs = []string{"allow_host_access", "allow_env"}

// envName is a name ${…} interpolation reads.
var envName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// ComposeOptions is what the sandbox's compose file may take from the
// host: the suite's directory, the variables it names, the access it
// grants each service.
func (s *Sandbox) ComposeOptions() compose.Options {
	return compose.Options{Root: s.Dir, Env: s.AllowEnv, HostAccess: s.AllowHostAccess}
}

// sandboxTrust decodes allow_host_access and allow_env, which apply to a
// compose file only.
func (d *decoder) sandboxTrust(s *Sandbox, attrs hcl.Attributes) {
	s.Dir = d.p.Dir
	if attrs["compose"] == nil {
		for _, name := range trustAttrs {
			if a := attrs[name]; a != nil {
				d.report(errorf(a.NameRange, fmt.Sprintf("%s without a compose file", a.Name),
					`%s says what a compose file's services may take from the host; it applies to sandbox "docker" `+
						`and "kubernetes" with compose = "…" only.`, a.Name))
			}
		}
		return
	}
	s.AllowHostAccess, s.AllowEnv, s.AllowHostAccessRange = d.allowances(attrs)
}

// allowances decodes allow_host_access (with a warning saying what it
// grants) and allow_env from attrs: a sandbox block's, or an Inspect
// task's, whose compose file comes with the task.
func (d *decoder) allowances(attrs hcl.Attributes) (access map[string]compose.Access, env []string, accessRange hcl.Range) {
	if a := attrs["allow_env"]; a != nil {
		names, _ := d.strList(a)
		env = names
		for _, n := range names {
			if !envName.MatchString(n) {
				d.report(errorf(a.Expr.Range(), "Invalid variable name in allow_env",
					"%q is not an environment variable's name (letters, digits and _, not starting with a digit).", n))
				env = nil
				break
			}
		}
	}
	if a := attrs["allow_host_access"]; a != nil {
		accessRange = a.Expr.Range()
		access = d.hostAccess(a)
		if granted := describeAccess(access); granted != "" {
			// said at every validate and run, so that whoever runs a suite they did not write sees it
			d.report(&hcl.Diagnostic{Severity: hcl.DiagWarning, Subject: accessRange.Ptr(),
				Summary: "The suite gives containers the host",
				Detail:  "allow_host_access lets " + granted + ". Run this suite only if you trust it with that."})
		}
	}
	return access, env, accessRange
}

// describeAccess says what an allow_host_access grants, service by
// service; "" when nothing.
func describeAccess(m map[string]compose.Access) string {
	var parts []string
	for _, name := range slices.Sorted(maps.Keys(m)) {
		a := m[name]
		var kinds []string
		if a.Binds {
			kinds = append(kinds, "bind host paths outside the suite")
		}
		if a.Capabilities {
			kinds = append(kinds, "add capabilities")
		}
		if a.Root {
			kinds = append(kinds, "run as root")
		}
		if len(kinds) == 0 {
			continue
		}
		who := fmt.Sprintf("service %q", name)
		if name == compose.AllServices {
			who = "every service"
		}
		parts = append(parts, who+" "+strings.Join(kinds, ", "))
	}
	return strings.Join(parts, "; ")
}

// hostAccess evaluates allow_host_access: true (every service, every
// kind), or an object from service name ("*" every service) to true or a
// list of kinds.
func (d *decoder) hostAccess(a *hcl.Attribute) map[string]compose.Access {
	v, diags := a.Expr.Value(d.ctx)
	d.report(diags...)
	if diags.HasErrors() || v.IsNull() || !v.IsWhollyKnown() {
		return nil
	}
	all := compose.Access{Binds: true, Capabilities: true, Root: true}
	bad := func(detail string) map[string]compose.Access {
		d.report(errorf(a.Expr.Range(), "Invalid allow_host_access", "%s Write allow_host_access = true (every service, "+
			`every kind) or per service, e.g. allow_host_access = { tools = ["binds", "root"], "*" = ["capabilities"] }; `+
			"the kinds are %s.", detail, quoteList(compose.AccessKinds)))
		return nil
	}
	switch {
	case v.Type() == cty.Bool:
		if v.True() {
			return map[string]compose.Access{compose.AllServices: all}
		}
		return nil
	case !v.Type().IsObjectType() && !v.Type().IsMapType():
		return bad(fmt.Sprintf("Got %s.", v.Type().FriendlyName()))
	}
	out := map[string]compose.Access{}
	for service, kinds := range v.AsValueMap() {
		switch {
		case kinds.IsNull() || !kinds.IsWhollyKnown():
			return bad(fmt.Sprintf("Service %q has no value.", service))
		case kinds.Type() == cty.Bool:
			if kinds.True() {
				out[service] = all
			}
			continue
		case !kinds.CanIterateElements() || kinds.Type().IsObjectType() || kinds.Type().IsMapType():
			return bad(fmt.Sprintf("Service %q: want true or a list of kinds, got %s.", service, kinds.Type().FriendlyName()))
		}
		var acc compose.Access
		for _, k := range kinds.AsValueSlice() {
			if k.Type() != cty.String || k.IsNull() {
				return bad(fmt.Sprintf("Service %q: the kinds are strings, got %s.", service, k.Type().FriendlyName()))
			}
			if !acc.Set(k.AsString()) {
				return bad(fmt.Sprintf("Service %q: %q is not a kind of host access.", service, k.AsString()))
			}
		}
		out[service] = acc
	}
	return out
}

// checkHostAccessServices refuses allow_host_access naming a service the
// compose file does not have (a typo would otherwise allow nothing, or
// later allow a service nobody reviewed).
func (d *decoder) checkHostAccessServices(s *Sandbox, p *compose.Project) {
	have := map[string]bool{compose.AllServices: true}
	for _, svc := range p.Services {
		have[svc.Name] = true
	}
	for _, name := range slices.Sorted(maps.Keys(s.AllowHostAccess)) {
		if !have[name] {
			d.report(errorf(s.AllowHostAccessRange, "Unknown service in allow_host_access",
				"The compose file %s has no service %q.", s.Compose, name))
		}
	}
}
