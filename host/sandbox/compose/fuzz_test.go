package compose

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// fuzzSecret is a host variable no compose file is allowed to read.
const fuzzSecret = "fuzz-host-secret-7f3a"

// FuzzLoad feeds arbitrary text to Load as a suite's compose file, allowed nothing: it must return
// an error or a project that takes nothing from the host — no bind outside the suite, no added
// capability, no uid 0, no host variable's value anywhere — and never panic or hang.
func FuzzLoad(f *testing.F) {
	for _, seed := range []string{
		"services:\n  box:\n    image: i\n",
		"services:\n  box:\n    image: i\n    volumes: [\"/:/host\", \"./data:/data:ro\"]\n",
		"services:\n  box:\n    image: i\n    user: \"+0\"\n    cap_add: [ALL]\n",
		"x-m: &m\n  image: i\n  user: root\nservices:\n  box:\n    <<: *m\n",
		"services:\n  box:\n    image: \"i:${SWARMHOST_FUZZ_SECRET:-x}\"\n    environment: [SWARMHOST_FUZZ_SECRET]\n",
		"services:\n  box:\n    image: i\n    env_file: /proc/self/environ\n    command: echo $$HOME\n",
		"include: [{path: ../x.yaml, env_file: ../e}]\nservices:\n  box:\n    image: i\n",
		"services:\n  box:\n    image: i\n    volumes: [{type: bind, source: ./link/etc, target: /e}]\n",
		"services:\n  box:\n    image: i\n    privileged: true\n    network_mode: host\n    pid: host\n    ipc: host\n",
		"services:\n  box:\n    image: i\n    devices: [/dev/kmsg]\n",
		"services:\n  box:\n    image: i\n    environment:\n      LEAK: ${HOME}\n",
		"services:\n  box:\n    image: i\n    volumes:\n      - data:/data\nvolumes:\n  data: {}\n",
		"services: {}\n", "x: [", "services:\n  a:\n    build: .\n",
	} {
		f.Add(seed)
	}
	os.Setenv("SWARMHOST_FUZZ_SECRET", fuzzSecret) // inherited by the fuzzing workers
	f.Fuzz(func(t *testing.T, content string) {
		dir := t.TempDir()
		if err := os.Symlink("/", filepath.Join(dir, "link")); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, "compose.yaml")
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		p, err := Load(t.Context(), path, Options{})
		if err != nil {
			return
		}
		for _, s := range p.Services {
			for _, v := range s.Volumes {
				if v.Bind && !inside(dir, v.Source) {
					t.Fatalf("service %q binds %s, outside the suite %s", s.Name, v.Source, dir)
				}
			}
			if len(s.CapAdd) > 0 || isRoot(s.User) {
				t.Fatalf("service %q: cap_add %v, user %q", s.Name, s.CapAdd, s.User)
			}
			all := slices.Concat([]string{s.Image, s.WorkingDir, s.User}, s.Env, s.Command, s.Entrypoint, s.Tmpfs)
			if strings.Contains(strings.Join(all, "\n"), fuzzSecret) {
				t.Fatalf("service %q carries the host's variable: %q", s.Name, all)
			}
		}
	})
}
