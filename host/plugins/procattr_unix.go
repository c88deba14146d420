//go:build unix && !linux

package plugins

import "syscall"

// sysProcAttr puts a plugin in its own process group. Outside Linux there
// is no parent-death signal; the SDK's Serve exits when re-parented instead.
func sysProcAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }
