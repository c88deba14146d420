package compose

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzLoad feeds arbitrary bytes, as a suite's compose file, to Load: it
// returns a project or an error, never panics, and a project it returns
// has an image for every service. Seeded with issue 27's attacks: a host
// bind of /, capabilities, root, privileged, host namespaces, devices,
// env_file outside the suite, ${VAR} interpolation of the host's
// environment.
func FuzzLoad(f *testing.F) {
	for _, s := range []string{
		"services:\n  default:\n    image: busybox\n",
		"services:\n  default:\n    image: busybox\n    volumes:\n      - /:/host\n",
		"services:\n  default:\n    image: busybox\n    cap_add: [SYS_ADMIN]\n    user: root\n",
		"services:\n  default:\n    image: busybox\n    privileged: true\n    network_mode: host\n    pid: host\n    ipc: host\n",
		"services:\n  default:\n    image: busybox\n    devices: [/dev/kmsg]\n",
		"services:\n  default:\n    image: busybox\n    env_file: /etc/environment\n",
		"services:\n  default:\n    image: busybox\n    environment:\n      LEAK: ${HOME}\n",
		"services:\n  default:\n    image: busybox\n    volumes:\n      - data:/data\nvolumes:\n  data: {}\n",
		"services: {}\n", "x: [", "services:\n  a:\n    build: .\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "compose.yaml")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		p, err := Load(t.Context(), path)
		if err != nil {
			return
		}
		for _, s := range p.Services {
			if s.Image == "" {
				t.Fatalf("service %q loaded without an image", s.Name)
			}
		}
	})
}
