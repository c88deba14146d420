package plugins

import "syscall"

// sysProcAttr puts a plugin in its own process group, so it and its
// children can be killed together, and asks the kernel to SIGKILL it when
// the host dies. Pdeathsig fires when the thread that forked the plugin
// exits, so [Process.run] forks from a goroutine that keeps its thread
// until the plugin is gone.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}
