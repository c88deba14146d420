package isolate_test

import (
	"fmt"
	"strings"
)

// attackSuite is the suite of one attack case: the samples benign-1 and
// then attack, run one at a time; every plugin untrusted.
func attackSuite(tc attackCase, e *targets) string {
	var b strings.Builder
	for _, kind := range []string{"agent", "controller", "scorer"} {
		if kind == tc.kind && tc.unpinned {
			continue // no plugin block: the host's default trust decides
		}
		limits := ""
		if kind == tc.kind && tc.limits != "" {
			limits = "\n  limits {\n    " + tc.limits + "\n  }"
		}
		fmt.Fprintf(&b, "plugin %q \"hostile\" {\n  trust = \"untrusted\"%s\n}\n", kind, limits)
	}
	b.WriteString(`model "default" {
  provider = "mockllm"
}
task "t" {
  dataset {
    sample {
      id     = "benign-1"
      input  = "q"
      target = "42"
    }
    sample {
      id     = "attack"
      input  = "q"
      target = "42"
    }
  }
`)
	b.WriteString(scorerBlock(tc, e))
	limit := tc.timeLimit
	if limit == "" {
		limit = "30s"
	}
	fmt.Fprintf(&b, "  limits {\n    time = %q\n  }\n", limit)
	b.WriteString(`  sandbox "local" {
    per_member = true
  }
}
swarm "s" {
  # A blocked command fails member a's step; b must still answer.
  contain_member_errors = true
`)
	b.WriteString(memberBlocks(tc, e))
	b.WriteString(controllerBlock(tc, e))
	b.WriteString(`  budget {
    grace = "1s"
  }
}
eval "e" {
  task  = task.t
  swarm = swarm.s
}
`)
	return b.String()
}

// attackAttrs are a hostile plugin's config attributes for tc.
func attackAttrs(tc attackCase, e *targets, kind, indent string) string {
	if tc.kind != kind {
		return ""
	}
	return fmt.Sprintf("%sattack = %q\n%sarg    = %q\n", indent, tc.attack, indent, e.expand(tc.arg))
}

func scorerBlock(tc attackCase, e *targets) string {
	return "  scorer \"hostile\" {\n" + attackAttrs(tc, e, "scorer", "    ") + "  }\n"
}

func controllerBlock(tc attackCase, e *targets) string {
	return "  controller \"hostile\" {\n" + attackAttrs(tc, e, "controller", "    ") + "  }\n"
}

func memberBlocks(tc attackCase, e *targets) string {
	if tc.kind == "agent" {
		name := "hostile"
		if tc.unpinned {
			name = besideHost // found only beside swarmhost, which once meant trusted
		}
		tools := ""
		if tc.tools != "" {
			tools = "    tools = " + tc.tools + "\n"
		}
		return "  member \"" + name + "\" {\n" + tools + "    config {\n" + attackAttrs(tc, e, "agent", "      ") + "    }\n  }\n"
	}
	steps := `{ action = "submit", answer = "42" }`
	if tc.kind == "tool" {
		var quoted []string
		for _, arg := range tc.command {
			quoted = append(quoted, fmt.Sprintf("%q", e.expand(arg)))
		}
		steps = `{ action = "exec", command = [` + strings.Join(quoted, ", ") + `] }, ` + steps
	}
	return fmt.Sprintf(`  member "scripted" {
    name  = "a"
    tools = ["exec"]
    config {
      steps = [%s]
    }
  }
  member "scripted" {
    name  = "b"
    tools = ["write_file"]
    config {
      steps = [{ action = "write_file", path = "b.txt", content = "b's" }, { action = "sleep", duration = "300ms" },
        { action = "submit", answer = "42" }]
    }
  }
`, steps)
}
