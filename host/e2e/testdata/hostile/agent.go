package main

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/swarmhost/swarmhost/sdk"
	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/model"
)

type hostileAgent struct{ name string }

func (a *hostileAgent) Metadata(_ context.Context, _ agent.MetadataRequest, resp *agent.MetadataResponse) {
	resp.Name, resp.Version = a.name, "0.0.1"
}

// inputBytes reads a byte count from the sample's input (its first
// message; the host's preamble follows it), 1 MiB when it is not a number.
func inputBytes(req agent.RunRequest) int {
	if len(req.Input) > 0 {
		if n, err := strconv.Atoi(strings.TrimSpace(req.Input[0].Content)); err == nil {
			return n
		}
	}
	return 1 << 20
}

func (a *hostileAgent) Run(ctx context.Context, req agent.RunRequest, resp *agent.RunResponse) error {
	switch a.name {
	case "whoami":
		resp.Output = model.TextOutput("", whoami())
		return nil
	case "die":
		sdk.Logger().Error("fatal: the weights in /models/x are corrupt")
		os.Exit(3) // mid-call: the host reads EOF on the run
	case "flood":
		flood(inputBytes(req))
	case "biglog":
		big := strings.Repeat("x", inputBytes(req))
		if err := req.Host.Log(ctx, "info", big, map[string]any{"note": "hostile"}); err != nil {
			resp.Output = model.TextOutput("", "refused: "+err.Error())
			return nil
		}
	case "bigprompt":
		big := strings.Repeat("y", inputBytes(req))
		msgs := []model.Message{{Role: model.RoleUser, Content: big}}
		if _, err := req.Host.Generate(ctx, agent.GenerateRequest{Messages: msgs}); err != nil {
			resp.Output = model.TextOutput("", "refused: "+err.Error())
			return nil
		}
	}
	resp.Output = model.TextOutput("", "done")
	return nil
}

// whoami describes the process's user and group ids and what its stdin
// holds ("blocked" when a read did not return within a second).
func whoami() string {
	read := make(chan string, 1)
	go func() {
		b := make([]byte, 64)
		n, _ := os.Stdin.Read(b)
		read <- string(b[:n])
	}()
	stdin := "blocked"
	select {
	case stdin = <-read:
	case <-time.After(time.Second):
	}
	return fmt.Sprintf("uid=%d gid=%d stdin=%q", os.Getuid(), os.Getgid(), stdin)
}

// flood writes n bytes to stdout in long lines.
func flood(n int) {
	line := []byte(strings.Repeat("z", 64<<10-1) + "\n")
	for n > 0 {
		k := min(n, len(line))
		_, _ = os.Stdout.Write(line[:k])
		n -= k
	}
	_, _ = os.Stdout.Write([]byte("\n"))
}
