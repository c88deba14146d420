// Command swarmbench runs swarmhost's benchmark suite and prints one table:
// every figure is a ratio of two things measured side by side in the same
// run (ours and a reference: the gRPC floor, a smaller swarm, the peer, a
// bare exec), with the target beside it. `make bench` builds what
// it needs and runs it; BENCHMARKS.md describes the method.
//
// Nothing here asserts a time: a missed target is printed as "NO", and a
// benchmark that cannot run (the peer not installable, say) prints why.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"
	"time"
)

// env is where the benchmark finds its binaries and writes its files.
type env struct {
	root     string // repository root
	bin      string // swarmhost and the shipped plugins (make build)
	benchBin string // the benchmark's own binaries (callloop, profhost)
	work     string // suites and logs of this run
	timeout  time.Duration
	flags    flags
}

type flags struct {
	only                 string
	scaleN, peerN, sweep []int
	boardN               []int
	datasetN             []int
	pipeSamples          int
	bigN                 int
	pipeLatency          time.Duration
	pipePeerSamples      int
	pipeProfile          string
	pipeEndpointNice     int
	samples              int
	profile              string
	profileN             int
	keep                 bool
	cpuprofile           string
	report               string
	inspectReact         []shape
}

func main() {
	e, err := parse()
	if err != nil {
		fmt.Fprintln(os.Stderr, "swarmbench:", err)
		os.Exit(2)
	}
	if !e.flags.keep {
		defer os.RemoveAll(e.work)
	}
	if e.flags.cpuprofile != "" {
		stop, err := startCPUProfile(e.flags.cpuprofile)
		if err != nil {
			fmt.Fprintln(os.Stderr, "swarmbench:", err)
			os.Exit(2)
		}
		defer stop()
	}
	start, load := time.Now(), loadAverage()
	var t Table
	for _, b := range benches {
		if e.selected(b.name) {
			progress("== %s", b.name)
			b.run(e, &t)
		}
	}
	fmt.Printf("\nswarmhost benchmarks: %s/%s, %d cores, %s, %s; suite took %s\n\n",
		runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), runtime.Version(), time.Now().UTC().Format(time.DateTime), dur(time.Since(start)))
	var table strings.Builder
	t.Print(&table)
	fmt.Print(table.String())
	if e.flags.report != "" {
		r := benchRun{started: start, took: time.Since(start), flags: os.Args[1:], root: e.root, loadAvg: load, tableTxt: table.String()}
		if err := writeReport(e.flags.report, r); err != nil {
			fmt.Fprintln(os.Stderr, "swarmbench:", err)
			os.Exit(1)
		}
		progress("wrote the table into %s", e.flags.report)
	}
}

// benches run in this order; each adds its rows to the table.
var benches = []struct {
	name string
	run  func(*env, *Table)
}{
	{"overhead", benchOverhead},
	{"scale", benchScale},
	{"big", benchBig},
	{"throughput", benchThroughput},
	{"dataset", benchDataset},
	{"pipe", benchPipe},
	{"peer", benchPeer},
	{"board", benchBoard},
	{"start", benchStart},
	{"tools", benchTools},
	{"react-bash", benchReactBash},
	{"sandbox", benchSandbox},
	{"bridge", benchBridge},
	{"bridge-agent", benchBridgeAgent},
	{"inspect-task", benchInspectTask},
	{"inspect-react", benchInspectReact},
	{"containers", benchContainers},
	{"profile", benchProfile},
}

func (e *env) selected(name string) bool {
	if name == "profile" {
		return e.flags.profile != ""
	}
	if name == "big" {
		return slices.Contains(strings.Split(e.flags.only, ","), name)
	}
	return e.flags.only == "" || slices.Contains(strings.Split(e.flags.only, ","), name)
}

func parse() (*env, error) {
	var f flags
	var scaleN, peerN, sweep, boardN, datasetN, reactShapes string
	root := flag.String("root", ".", "repository root")
	bin := flag.String("bin", "bench/bin", "directory of swarmhost and the shipped plugins (make build)")
	benchBin := flag.String("bench-bin", "bench/bin", "directory of the benchmark's binaries")
	timeout := flag.Duration("timeout", 4*time.Minute, "longest one run may take (the peer's board run: at least 1s per member)")
	flag.StringVar(&f.only, "only", "", "comma-separated benchmarks to run: overhead,scale,big,throughput,dataset,pipe,peer,board,start,tools,react-bash,sandbox,bridge,bridge-agent,inspect-react,inspect-task,containers (default all)")
	flag.StringVar(&scaleN, "scale", "10,100,1000,10000", "member counts of the member-scale benchmark")
	flag.StringVar(&peerN, "peer", "10,100,1000", "member counts run on the peer")
	flag.StringVar(&boardN, "board", "1000", "member counts of the shared_memory board benchmark (both sides)")
	flag.StringVar(&datasetN, "dataset", "500,3000", "dataset sizes (rows of 16 KiB) of the dataset-streaming benchmark")
	flag.StringVar(&sweep, "max-samples", "1,4,16,64", "--max-samples values of the throughput benchmark")
	flag.IntVar(&f.samples, "samples", 1000, "samples of the throughput benchmark")
	flag.IntVar(&f.bigN, "big", 100000, "members of the one-swarm benchmark (-only=big; not in the default run)")
	flag.IntVar(&f.pipeSamples, "pipe-samples", 1000, "samples of the model-pipe benchmark (8 members × 5 calls each)")
	flag.IntVar(&f.pipePeerSamples, "pipe-peer-samples", 0, "samples of the peer's model-pipe run (0: -pipe-samples; negative: no peer run)")
	flag.StringVar(&f.pipeProfile, "pipe-profile", "", "run the model pipe's swarmhost under profhost and write its and the endpoint's CPU profiles and timelines here")
	flag.IntVar(&f.pipeEndpointNice, "pipe-endpoint-nice", 0, "nice value of the model pipe's fake endpoint (negative: ahead of the machine's other work, as a remote server would be)")
	flag.DurationVar(&f.pipeLatency, "pipe-latency", 50*time.Millisecond, "the fake endpoint's latency per call in the model-pipe benchmark")
	flag.StringVar(&f.profile, "profile", "", "write CPU and allocation profiles of a member-scale run into this directory")
	flag.IntVar(&f.profileN, "profile-n", 10000, "member count of the profiled run")
	flag.BoolVar(&f.keep, "keep", false, "keep the work directory (suites, logs)")
	flag.StringVar(&f.report, "report", "", "write the table, with the date, commit and machine, into this file's marked part (BENCHMARKS.md)")
	flag.StringVar(&f.cpuprofile, "cpuprofile", "", "write a CPU profile of swarmbench itself (the in-process host of the call-overhead benchmark)")
	flag.StringVar(&reactShapes, "inspect-react", "1x100,200x4", "shapes (SAMPLESxMEMBERS) of the bridged react() benchmark")
	flag.Parse()
	var err error
	if f.inspectReact, err = shapes(reactShapes); err != nil {
		return nil, err
	}
	for _, p := range []struct {
		s   string
		dst *[]int
	}{{scaleN, &f.scaleN}, {peerN, &f.peerN}, {sweep, &f.sweep}, {boardN, &f.boardN}, {datasetN, &f.datasetN}} {
		if *p.dst, err = ints(p.s); err != nil {
			return nil, err
		}
	}
	e := &env{timeout: *timeout, flags: f}
	for _, p := range []struct{ dst, src *string }{{&e.root, root}, {&e.bin, bin}, {&e.benchBin, benchBin}} {
		if *p.dst, err = filepath.Abs(*p.src); err != nil {
			return nil, err
		}
	}
	if e.work, err = os.MkdirTemp("", "swarmbench-"); err != nil {
		return nil, err
	}
	return e, nil
}

func ints(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		var n int
		if _, err := fmt.Sscan(strings.TrimSpace(f), &n); err != nil || n < 1 {
			return nil, fmt.Errorf("%q is not a list of positive numbers", s)
		}
		out = append(out, n)
	}
	return out, nil
}

// shape is a study's samples and members per sample.
type shape struct{ samples, members int }

// shapes parses "SAMPLESxMEMBERS,...".
func shapes(s string) ([]shape, error) {
	var out []shape
	for _, f := range strings.Split(s, ",") {
		var sh shape
		if _, err := fmt.Sscanf(strings.TrimSpace(f), "%dx%d", &sh.samples, &sh.members); err != nil || sh.samples < 1 || sh.members < 1 {
			return nil, fmt.Errorf("%q is not a list of SAMPLESxMEMBERS shapes", s)
		}
		out = append(out, sh)
	}
	return out, nil
}

// progress reports on stderr, so stdout holds only the table.
func progress(format string, args ...any) {
	fmt.Fprintf(os.Stderr, format+"\n", args...)
}

// startCPUProfile profiles this process into path until the returned
// function is called.
func startCPUProfile(path string) (func(), error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		_ = f.Close()
		return nil, err
	}
	return func() { pprof.StopCPUProfile(); _ = f.Close() }, nil
}
