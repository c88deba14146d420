package engine

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

// OwnerLabel names this host process as the owner of what a container
// provider makes (docker's LabelOwner, kubernetes' owner annotation): host name, pid and the pid's
// start time, so that a reused pid is not taken for the same host.
func OwnerLabel() string {
	host, _ := os.Hostname()
	pid := os.Getpid()
	return fmt.Sprintf("%s/%d/%s", host, pid, startTime(pid))
}

// startTime is the start time of process pid in clock ticks since boot
// (/proc/PID/stat field 22), or "" when the process does not exist.
func startTime(pid int) string {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return ""
	}
	s := string(b)
	fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(fields) < 20 {
		return ""
	}
	return fields[19]
}

// OwnerGone reports whether owner names a host process on this machine
// that no longer runs. An owner on another machine is never gone: only
// its own host can tell.
func OwnerGone(owner string) bool {
	parts := strings.Split(owner, "/")
	host, _ := os.Hostname()
	if len(parts) != 3 || parts[0] != host {
		return false
	}
	pid, err := strconv.Atoi(parts[1])
	if err != nil {
		return false
	}
	return startTime(pid) != parts[2]
}
