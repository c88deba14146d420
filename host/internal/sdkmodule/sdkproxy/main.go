// Command sdkproxy writes the SDK's releases (scripts/sdk-releases.txt)
// into a directory laid out as a Go module proxy, from git, and prints the
// environment lines that make the go command use it: `make sdk-proxy
// DIR=...` runs it. With -tags it creates the releases' git tags instead
// (sdk/vX.Y.Z at each release's commit), for a maintainer to push.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/swarmhost/swarmhost/host/internal/sdkmodule"
)

func main() {
	tags := flag.Bool("tags", false, "create the git tag of every release that has none, instead of a proxy")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: sdkproxy DIR     write the SDK releases into DIR as a file GOPROXY")
		fmt.Fprintln(os.Stderr, "       sdkproxy -tags   tag every SDK release (sdk/vX.Y.Z) at its commit")
	}
	flag.Parse()
	root, err := repoRoot()
	if err == nil {
		err = run(root, *tags, flag.Args())
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "sdkproxy:", err)
		os.Exit(1)
	}
}

func run(root string, tags bool, args []string) error {
	releases, err := sdkmodule.ReadReleases(root)
	if err != nil {
		return err
	}
	if tags {
		return tagReleases(root, releases)
	}
	if len(args) != 1 || args[0] == "" {
		flag.Usage()
		return fmt.Errorf("want one directory, got %q (make sdk-proxy DIR=/path/to/proxy)", args)
	}
	dir, err := filepath.Abs(args[0])
	if err != nil {
		return err
	}
	if err := sdkmodule.WriteReleases(dir, root, releases); err != nil {
		return err
	}
	var versions []string
	for _, r := range releases {
		versions = append(versions, r.Version)
	}
	fmt.Printf("# The releases %[2]s of %[1]s are in %[3]s.\n# To use them, set these in the shell that runs go (or `go env -w` them):\n",
		sdkmodule.Path, strings.Join(versions, ", "), dir)
	for _, line := range sdkmodule.EnvLines(dir) {
		fmt.Println("export " + line)
	}
	fmt.Printf("# then: go get %s@%s\n", sdkmodule.Path, versions[len(versions)-1])
	return nil
}

// tagReleases creates the tags that are missing; a tag that exists at
// another commit is refused by `make sdk-proxy` (sdkmodule.WriteReleases).
func tagReleases(root string, releases []sdkmodule.Release) error {
	for _, r := range releases {
		if exec.Command("git", "-C", root, "rev-parse", "-q", "--verify", "refs/tags/"+r.Tag()).Run() == nil {
			fmt.Println("exists:", r.Tag())
			continue
		}
		out, err := exec.Command("git", "-C", root, "tag", "-a", r.Tag(), r.Commit, "-m", "SDK "+r.Version).CombinedOutput()
		if err != nil {
			return fmt.Errorf("git tag %s %s: %w: %s", r.Tag(), r.Commit, err, out)
		}
		fmt.Println("tagged:", r.Tag(), r.Commit)
	}
	fmt.Println("push them with: git push origin " + strings.Join(tagNames(releases), " "))
	return nil
}

func tagNames(releases []sdkmodule.Release) []string {
	var out []string
	for _, r := range releases {
		out = append(out, r.Tag())
	}
	return out
}

// repoRoot is the repository's top directory.
func repoRoot() (string, error) {
	out, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		return "", fmt.Errorf("run it inside the swarmhost repository: %w", err)
	}
	return strings.TrimSpace(string(out)), nil
}
