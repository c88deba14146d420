package gcfloor

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"runtime/metrics"
	"slices"
	"strings"
	"testing"
	"time"
)

const mib = 1 << 20

func TestPercentFor(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		floor, live uint64
		want        int
	}{
		"before the first cycle: the heap minimum is the floor": {64 * mib, 0, 1600},
		"a tiny live heap: capped at the floor's heap minimum":  {64 * mib, 1 * mib, 1600},
		"a small live heap: the goal is the floor":              {64 * mib, 16 * mib, 300},
		"just below half the floor":                             {64 * mib, 31 * mib, 106},
		"half the floor: the runtime's default":                 {64 * mib, 32 * mib, 100},
		"above half the floor: the runtime's default":           {64 * mib, 40 * mib, 100},
		"above the floor: the runtime's default":                {64 * mib, 640 * mib, 100},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if got := percentFor(tc.floor, tc.live); got != tc.want {
				t.Errorf("percentFor(%d MiB, %d MiB) = %d, want %d", tc.floor/mib, tc.live/mib, got, tc.want)
			}
		})
	}
}

func TestApplySetsOnlyChanges(t *testing.T) {
	t.Parallel()
	var calls []int
	p := &policy{floor: 64 * mib, set: func(pc int) int { calls = append(calls, pc); return 0 }}
	for _, live := range []uint64{0, 0, 16 * mib, 16 * mib, 40 * mib, 50 * mib, 1 * mib} {
		p.apply(live)
	}
	if want := []int{1600, 300, 100, 1600}; !slices.Equal(calls, want) {
		t.Errorf("GOGC set to %v, want %v", calls, want)
	}
}

// helperEnv names the scenario a re-run of this test binary plays.
const helperEnv = "GCFLOOR_TEST_HELPER"

// TestHelperProcess is the child the tests below start, with an environment
// of their choosing; it is skipped when run directly.
func TestHelperProcess(t *testing.T) {
	switch os.Getenv(helperEnv) {
	case "":
		t.Skip("run by the tests below in a child process")
	case "switch":
		helperSwitch()
	case "start":
		fmt.Printf("started=%v gogc=%d gomemlimit=%d\n", Start(64*mib), gcMetric("/gc/gogc:percent"), gcMetric("/gc/gomemlimit:bytes"))
	}
	os.Exit(0)
}

// helperSwitch prints GOGC before the first cycle, once the live heap is
// past half the floor, and once it has dropped again.
func helperSwitch() {
	const floor = 16 * mib
	fmt.Printf("started=%v\n", Start(floor))
	fmt.Printf("before=%d\n", gcMetric("/gc/gogc:percent"))
	live := make([]byte, 12*mib)
	for i := range live {
		live[i] = byte(i)
	}
	fmt.Printf("above=%d\n", gogcAfterCycles(func(pc uint64) bool { return pc == defaultPercent }))
	runtime.KeepAlive(live) // live is unreachable from here on
	fmt.Printf("below=%d\n", gogcAfterCycles(func(pc uint64) bool { return pc > defaultPercent }))
}

// gogcAfterCycles collects until done accepts GOGC (the sentinel's cleanup
// runs after the collection returns) or ten seconds pass, and returns GOGC.
func gogcAfterCycles(done func(uint64) bool) uint64 {
	deadline := time.Now().Add(10 * time.Second)
	for {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
		if pc := gcMetric("/gc/gogc:percent"); done(pc) || time.Now().After(deadline) {
			return pc
		}
	}
}

// gcMetric reads one uint64 runtime metric.
func gcMetric(name string) uint64 {
	s := []metrics.Sample{{Name: name}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// runHelper re-runs the test binary as scenario with env added to an
// environment without GOGC and GOMEMLIMIT, and returns its output.
func runHelper(t *testing.T, scenario string, env ...string) string {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$")
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GOGC=") && !strings.HasPrefix(kv, "GOMEMLIMIT=") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, append(env, helperEnv+"="+scenario)...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("helper %s: %v\n%s", scenario, err, out)
	}
	return string(out)
}

// TestSwitchesToDefaultAboveFloor runs the policy on a 16 MiB floor: GOGC 400
// before the first cycle (the heap minimum at the floor), 100 once 12 MiB are
// live, and back above 100 when they are garbage.
func TestSwitchesToDefaultAboveFloor(t *testing.T) {
	t.Parallel()
	out := runHelper(t, "switch")
	for _, want := range []string{"started=true\n", "before=400\n", "above=100\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("helper output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "below=100\n") {
		t.Errorf("GOGC stayed at 100 after the live heap dropped:\n%s", out)
	}
}

// TestLeavesUserSettingsAlone: with GOGC or GOMEMLIMIT in the environment
// Start does nothing and the runtime keeps what the user set.
func TestLeavesUserSettingsAlone(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		env  []string
		want string
	}{
		"no setting: the policy is on":   {nil, "started=true gogc=1600 gomemlimit=9223372036854775807\n"},
		"GOGC=50":                        {[]string{"GOGC=50"}, "started=false gogc=50 gomemlimit=9223372036854775807\n"},
		"GOGC=off":                       {[]string{"GOGC=off"}, "started=false gogc=18446744073709551615 gomemlimit=9223372036854775807\n"},
		"GOMEMLIMIT=1GiB":                {[]string{"GOMEMLIMIT=1GiB"}, "started=false gogc=100 gomemlimit=1073741824\n"},
		"GOGC=100 and GOMEMLIMIT=512MiB": {[]string{"GOGC=100", "GOMEMLIMIT=512MiB"}, "started=false gogc=100 gomemlimit=536870912\n"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if out := runHelper(t, "start", tc.env...); !strings.Contains(out, tc.want) {
				t.Errorf("got %q, want %q", out, tc.want)
			}
		})
	}
}
