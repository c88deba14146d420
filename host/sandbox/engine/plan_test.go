package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/sandbox/compose"
)

// TestPlanSandboxes: how a project's services become a sample's sandboxes for the container
// providers — the default one, each member's own, then every other service by name.
func TestPlanSandboxes(t *testing.T) {
	t.Parallel()
	svcs := func(names ...string) *compose.Project {
		p := &compose.Project{}
		for _, n := range names {
			p.Services = append(p.Services, compose.Service{Name: n, Image: "img-" + n})
		}
		return p
	}
	type box struct{ name, service string }
	cases := map[string]struct {
		project *compose.Project
		file    string
		members []string
		ownOf   map[string]string
		own     bool
		want    []box
		wantErr string
	}{
		"shared: default, then the other services": {project: svcs("comparator", "default"), file: "c.yaml",
			members: []string{"a"}, want: []box{{"", "default"}, {"comparator", "comparator"}}},
		"no default service: the first by name": {project: svcs("alpha", "beta"), file: "c.yaml",
			want: []box{{"", "alpha"}, {"beta", "beta"}}},
		"members' own services": {project: svcs("a", "b", "comparator", "default"), file: "c.yaml",
			members: []string{"a", "b"}, ownOf: map[string]string{"a": "a", "b": "b"}, own: true,
			want: []box{{"", "default"}, {"a", "a"}, {"b", "b"}, {"comparator", "comparator"}}},
		"a member's sandbox named apart from it": {project: svcs("box-a", "default"), file: "c.yaml",
			members: []string{"a"}, ownOf: map[string]string{"a": "box-a"}, own: true,
			want: []box{{"", "default"}, {"box-a", "box-a"}}},
		"image: each member a copy of the default": {project: svcs("default"),
			members: []string{"a", "b"}, ownOf: map[string]string{"a": "a", "b": "b"}, own: true,
			want: []box{{"", "default"}, {"a", "a"}, {"b", "b"}}},
		"compose without a member's service": {project: svcs("default"), file: "c.yaml",
			members: []string{"a"}, ownOf: map[string]string{"a": "a"}, own: true,
			wantErr: `docker sandbox: member "a" has its own sandbox "a", but the compose file c.yaml has no service "a"`},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got, err := Plan("docker", tc.project, tc.file, tc.members, tc.ownOf, tc.own)
			if tc.wantErr != "" {
				assert.EqualError(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			var boxes []box
			for _, p := range got {
				boxes = append(boxes, box{p.Name, p.Service.Name})
			}
			assert.Equal(t, tc.want, boxes)
			if tc.file == "" && len(got) > 1 {
				assert.Equal(t, "img-default", got[1].Service.Image, "a member's copy keeps the default's image")
			}
		})
	}
}
