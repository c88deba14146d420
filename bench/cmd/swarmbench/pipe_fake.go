package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os/exec"
	"strings"
	"syscall"
	"time"
)

// pipeStats are fakeopenaid's figures (fakeopenai.Stats as JSON).
type pipeStats struct {
	Requests     int       `json:"requests"`
	MaxInFlight  int       `json:"max_in_flight"`
	MeanInFlight float64   `json:"mean_in_flight"`
	BusyNS       int64     `json:"busy_ns"`
	Conns        int       `json:"conns"`
	Timeline     []float64 `json:"timeline"`
	Handoff      struct {
		Count int           `json:"count"`
		Mean  time.Duration `json:"mean_ns"`
		Max   time.Duration `json:"max_ns"`
		P50   time.Duration `json:"p50_ns"`
		P90   time.Duration `json:"p90_ns"`
		P99   time.Duration `json:"p99_ns"`
	} `json:"handoff"`
}

// fakeServer is a running fakeopenaid; it exits when its stdin closes.
type fakeServer struct {
	url   string
	cmd   *exec.Cmd
	stdin io.WriteCloser
}

// startFake starts fakeopenaid with the latency and reads its URL; a
// profile path ("" none) gets its CPU profile. A nice value other than 0
// is set on it (-pipe-endpoint-nice: the endpoint stands for a remote
// server, whose answers a loaded machine should not hold back).
func startFake(exe string, latency time.Duration, profile string, nice int) (*fakeServer, error) {
	args := []string{"-latency", latency.String()}
	if profile != "" {
		args = append(args, "-cpuprofile", profile)
	}
	cmd := exec.Command(exe, args...)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &fakeServer{cmd: cmd, stdin: stdin}
	if nice != 0 {
		if err := syscall.Setpriority(syscall.PRIO_PROCESS, cmd.Process.Pid, nice); err != nil {
			s.stop()
			return nil, fmt.Errorf("fakeopenaid's nice value: %w", err)
		}
	}
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		s.stop()
		return nil, fmt.Errorf("fakeopenaid printed no URL: %w", err)
	}
	s.url = strings.TrimSpace(line)
	return s, nil
}

// stop closes the server's stdin and waits for it to exit.
func (s *fakeServer) stop() {
	_ = s.stdin.Close()
	_ = s.cmd.Wait()
}

// cpu is the server's user + system time so far.
func (s *fakeServer) cpu() time.Duration {
	d, _ := procCPU(s.cmd.Process.Pid)
	return d
}

func (s *fakeServer) stats() (pipeStats, error) {
	var st pipeStats
	resp, err := http.Get(s.url + "/stats")
	if err != nil {
		return st, err
	}
	defer resp.Body.Close()
	return st, json.NewDecoder(resp.Body).Decode(&st)
}

func (s *fakeServer) reset() error {
	resp, err := http.Post(s.url+"/reset", "", nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
