package sdkmodule

import (
	"archive/tar"
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"golang.org/x/mod/semver"
)

// ReleasesFile is where the repository lists the SDK's releases, one a
// line: "vX.Y.Z COMMIT", oldest first. The tag of a release is
// [TagPrefix] + its version, at its commit (`make sdk-tags` makes them).
const ReleasesFile = "scripts/sdk-releases.txt"

// TagPrefix begins the git tag of an SDK release, as the go command
// expects of a module in a subdirectory: sdk/v0.2.0.
const TagPrefix = "sdk/"

// Release is one SDK release: its version and the commit it is.
type Release struct {
	Version string
	Commit  string
}

// Tag is the release's git tag.
func (r Release) Tag() string { return TagPrefix + r.Version }

// HostReleasesFile is where the repository lists the host's releases
// (swarmhost, the root module), in the releases file's format: "vX.Y.Z
// COMMIT", oldest first. The host is versioned apart from the SDK; what
// both sides check at a plugin's start is the protocol version.
const HostReleasesFile = "scripts/host-releases.txt"

// ReadReleases reads the SDK's releases file of the repository at root.
func ReadReleases(root string) ([]Release, error) {
	return readReleases(root, ReleasesFile)
}

// ReadHostReleases reads the host's releases file of the repository at
// root.
func ReadHostReleases(root string) ([]Release, error) {
	return readReleases(root, HostReleasesFile)
}

// readReleases reads the releases file file (slash-separated, relative to
// root).
func readReleases(root, file string) ([]Release, error) {
	path := filepath.Join(root, filepath.FromSlash(file))
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []Release
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(line)
		if len(fields) != 2 || !semver.IsValid(fields[0]) || semver.Canonical(fields[0]) != fields[0] || len(fields[1]) < 7 {
			return nil, fmt.Errorf("%s:%d: want \"vX.Y.Z COMMIT\", got %q", path, n, line)
		}
		if len(out) > 0 && semver.Compare(out[len(out)-1].Version, fields[0]) >= 0 {
			return nil, fmt.Errorf("%s:%d: %s is not newer than %s: list the releases oldest first",
				path, n, fields[0], out[len(out)-1].Version)
		}
		out = append(out, Release{Version: fields[0], Commit: fields[1]})
	}
	return out, sc.Err()
}

// WriteReleases writes every release of the SDK into proxyDir as a file
// GOPROXY, each from the sdk/ tree of its commit in the git repository at
// root, never from the working tree: a version names one content. A
// release whose tag exists must be at the listed commit.
func WriteReleases(proxyDir, root string, releases []Release) error {
	if len(releases) == 0 {
		return errors.New("no SDK releases listed in " + ReleasesFile)
	}
	var versions []string
	for _, r := range releases {
		commit, when, err := resolve(root, r)
		if err != nil {
			return err
		}
		tmp, err := os.MkdirTemp("", "sdk-release-")
		if err != nil {
			return err
		}
		err = extractSDK(root, commit, tmp)
		if err == nil {
			err = writeVersion(proxyDir, filepath.Join(tmp, "sdk"), r.Version, when)
		}
		os.RemoveAll(tmp)
		if err != nil {
			return fmt.Errorf("SDK %s (commit %s): %w", r.Version, r.Commit, err)
		}
		versions = append(versions, r.Version)
	}
	return os.WriteFile(filepath.Join(versionDir(proxyDir), "list"), []byte(strings.Join(versions, "\n")+"\n"), 0o644)
}

// resolve finds a release's full commit and its time, and checks its tag
// when there is one.
func resolve(root string, r Release) (string, time.Time, error) {
	out, err := git(root, "log", "-1", "--format=%H %cI", r.Commit+"^{commit}")
	if err != nil {
		return "", time.Time{}, fmt.Errorf("SDK %s: commit %s (%s) is not in %s's history; a shallow clone "+
			"lacks it: `git fetch --unshallow`: %w", r.Version, r.Commit, ReleasesFile, root, err)
	}
	hash, stamp, _ := strings.Cut(strings.TrimSpace(out), " ")
	when, err := time.Parse(time.RFC3339, stamp)
	if err != nil {
		return "", time.Time{}, err
	}
	if tagged, err := git(root, "rev-parse", "-q", "--verify", "refs/tags/"+r.Tag()+"^{commit}"); err == nil {
		if t := strings.TrimSpace(tagged); t != hash {
			return "", time.Time{}, fmt.Errorf("tag %s is at %s, but %s lists %s at %s", r.Tag(), t, ReleasesFile, r.Version, hash)
		}
	}
	return hash, when.UTC(), nil
}

// extractSDK writes the sdk/ tree of commit into dir.
func extractSDK(root, commit, dir string) error {
	cmd := exec.Command("git", "-C", root, "archive", "--format=tar", commit, "sdk")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	data, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("git archive %s sdk: %w: %s", commit, err, stderr.String())
	}
	tr := tar.NewReader(bytes.NewReader(data))
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		path := filepath.Join(dir, filepath.FromSlash(h.Name))
		switch h.Typeflag {
		case tar.TypeDir:
			if err := os.MkdirAll(path, 0o755); err != nil {
				return err
			}
		case tar.TypeReg:
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				return err
			}
			if err := os.WriteFile(path, must(io.ReadAll(tr)), os.FileMode(h.Mode)&0o755|0o644); err != nil {
				return err
			}
		}
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

// git runs git in the repository at root and returns its stdout.
func git(root string, args ...string) (string, error) {
	cmd := exec.Command("git", append([]string{"-C", root}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("git %s: %w: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return string(out), nil
}

// versionDir is the proxy's directory of the SDK module's versions.
func versionDir(proxyDir string) string {
	escaped, _ := escapedPath()
	return filepath.Join(proxyDir, filepath.FromSlash(escaped), "@v")
}

// infoJSON is a version's .info file.
func infoJSON(version string, when time.Time) []byte {
	b, _ := json.Marshal(map[string]string{"Version": version, "Time": when.UTC().Format(time.RFC3339)})
	return b
}

// EnvLines are the environment lines that make the go command read the
// SDK from the file proxy at proxyDir (an absolute path), and every other
// module from the Go proxy; the SDK is not in the public checksum
// database until it is published, so it is left out of it.
func EnvLines(proxyDir string) []string {
	return []string{
		"GOPROXY=file://" + filepath.ToSlash(proxyDir) + ",https://proxy.golang.org,direct",
		"GONOSUMDB=" + Path,
	}
}
