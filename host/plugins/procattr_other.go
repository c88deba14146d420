//go:build !unix

package plugins

import "syscall"

// sysProcAttr has no process-group or parent-death support here.
func sysProcAttr() *syscall.SysProcAttr { return nil }
