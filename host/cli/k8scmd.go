package cli

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/kube"
)

// cmdK8s is `swarmhost k8s job ...`.
func cmdK8s(e env, args []string) int {
	if len(args) == 0 || args[0] != "job" {
		fmt.Fprintln(e.stderr, "usage: swarmhost k8s job SUITE --shards N --image IMAGE (--logs-claim PVC | --logs-host-path DIR) [flags]")
		return ExitUsage
	}
	return cmdK8sJob(e, args[1:])
}

// cmdK8sJob writes the Indexed Job that runs SUITE's evals in N shard pods (kube.JobSpec); the
// suite is parsed here first, so a broken one is reported before anything reaches the cluster.
func cmdK8sJob(e env, args []string) int {
	var spec kube.JobSpec
	var evals, vars multiFlag
	var out, pull, suiteDir string
	var checkClaim bool
	fs := flag.NewFlagSet("k8s job", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.IntVar(&spec.Shards, "shards", 1, "how many shard pods (the Job's completions)")
	fs.IntVar(&spec.Parallelism, "parallelism", 0, "pods running at once (default: every shard)")
	fs.StringVar(&spec.Image, "image", "", "image holding swarmhost, its plugins and the suite")
	fs.StringVar(&pull, "pull-policy", string(corev1.PullIfNotPresent), "image pull policy: Always, IfNotPresent or Never")
	fs.StringVar(&spec.Name, "name", "swarmhost", "the Job's name")
	fs.StringVar(&spec.Namespace, "namespace", "", "the Job's namespace (default: kubectl's)")
	fs.StringVar(&suiteDir, "suite-dir", "/opt/swarmhost/suite", "where the image holds the suite's directory")
	fs.StringVar(&spec.Binary, "binary", "/opt/swarmhost/bin/swarmhost", "swarmhost's path in the image")
	fs.StringVar(&spec.PluginPath, "plugin-path", "", "the plugins' directory in the image (default: swarmhost's)")
	fs.StringVar(&spec.LogsClaim, "logs-claim", "", "PersistentVolumeClaim the shards write their logs to: "+
		"ReadWriteMany ("+kube.RWXClasses+") when the shards may run on more than one node")
	fs.StringVar(&spec.LogsHostPath, "logs-host-path", "", "node directory the shards write their logs to (single-node clusters only)")
	fs.BoolVar(&checkClaim, "check-claim", true, "look the --logs-claim up on the cluster (KUBECONFIG) and refuse a "+
		"ReadWriteOnce one on more than one node")
	fs.IntVar(&spec.Retries, "retries", 3, "times a shard whose pod failed is started again, continuing its log "+
		"(evictions and lost nodes are retried without counting; a refused suite never)")
	fs.StringVar(&spec.CPU, "cpu", "", "each pod's CPU request and limit")
	fs.StringVar(&spec.Memory, "memory", "", "each pod's memory request and limit")
	fs.IntVar(&spec.Limit, "limit", 0, "run only the first N samples of each eval")
	fs.Var(&evals, "eval", "run only this eval (repeatable)")
	fs.Var(&vars, "var", "set a variable: name=value (repeatable)")
	fs.StringVar(&out, "o", "", "write the manifest to this file instead of stdout")
	positional, ok := parsePositional(fs, args)
	if !ok || len(positional) != 1 {
		fmt.Fprintln(e.stderr, "usage: swarmhost k8s job SUITE --shards N --image IMAGE (--logs-claim PVC | --logs-host-path DIR) [flags]")
		return ExitUsage
	}
	if !checkJobSuite(e, positional[0], vars) {
		return ExitUsage
	}
	spec.PullPolicy, spec.Evals, spec.Vars = corev1.PullPolicy(pull), evals, vars
	spec.Suite = suiteInImage(positional[0], suiteDir)
	manifest, err := spec.YAML()
	if err != nil {
		fmt.Fprintln(e.stderr, "swarmhost k8s job:", err)
		return ExitUsage
	}
	if !checkLogsVolume(e, spec, checkClaim) {
		return ExitUsage
	}
	if out == "" {
		_, _ = e.stdout.Write(manifest)
		return ExitOK
	}
	if err := os.WriteFile(out, manifest, 0o644); err != nil {
		fmt.Fprintln(e.stderr, "swarmhost k8s job:", err)
		return ExitFailed
	}
	return ExitOK
}

// checkJobSuite parses the suite, printing its diagnostics.
func checkJobSuite(e env, suite string, vars []string) bool {
	varMap, err := parseVars(vars)
	if err != nil {
		fmt.Fprintln(e.stderr, "swarmhost k8s job:", err)
		return false
	}
	parsed, diags := config.Parse(suite, varMap)
	if diags.HasErrors() {
		renderDiags(e, parsed.Files, diags)
		return false
	}
	return true
}

// suiteInImage is the suite's path in the image: the suite directory there, plus the file name
// when SUITE names a file.
func suiteInImage(suite, dir string) string {
	if st, err := os.Stat(suite); err == nil && !st.IsDir() {
		return path.Join(dir, filepath.Base(suite))
	}
	return dir
}

// claimCheckTimeout bounds the look-up of the logs claim.
const claimCheckTimeout = 10 * time.Second

// checkLogsVolume says on stderr which log volumes work across nodes and, for a claim, looks it up
// on the cluster when one answers: a claim that cannot serve every shard is refused (false).
func checkLogsVolume(e env, spec kube.JobSpec, check bool) bool {
	if spec.LogsHostPath != "" {
		fmt.Fprintf(e.stderr, "swarmhost k8s job: note: --logs-host-path %s is a directory of each node: use it on a "+
			"single-node cluster only (a shard started again on another node would not find its log); on more "+
			"nodes use --logs-claim with a ReadWriteMany claim (%s)\n", spec.LogsHostPath, kube.RWXClasses)
		return true
	}
	if !check {
		return true
	}
	c, err := kube.Connect(kube.Target{Namespace: spec.Namespace})
	if err != nil {
		fmt.Fprintf(e.stderr, "swarmhost k8s job: note: claim %s not checked (%v); it must be ReadWriteMany (%s) "+
			"when the shards may run on more than one node\n", spec.LogsClaim, err, kube.RWXClasses)
		return true
	}
	ctx, cancel := context.WithTimeout(context.Background(), claimCheckTimeout)
	defer cancel()
	got := kube.CheckLogsClaim(ctx, c.Set, c.Namespace, spec.LogsClaim)
	if got.Err != nil {
		fmt.Fprintln(e.stderr, "swarmhost k8s job:", got.Err)
		return false
	}
	if got.Warning != "" {
		fmt.Fprintln(e.stderr, "swarmhost k8s job: note:", got.Warning)
	}
	return true
}
