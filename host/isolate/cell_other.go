//go:build !linux

package isolate

import (
	"context"
	"time"
)

// Cell is a sandbox programs run in one after another; there are none
// outside Linux.
type Cell struct{}

// NewCell fails: cells need Linux namespaces.
func (l *Launcher) NewCell(Spec) (*Cell, error) { return nil, ErrNoCell }

// Run is never reached: there is no cell to run in.
func (c *Cell) Run(context.Context, CellRun, time.Duration) (int, bool, error) {
	return -1, false, ErrNoCell
}

// Close does nothing.
func (c *Cell) Close() error { return nil }
