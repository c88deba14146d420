// Command fakeopenaid serves the fake OpenAI-compatible endpoint of package
// fakeopenai outside a test, for the benchmark's model-pipe row: every chat
// completion is answered after -latency with the same short text, and
// nothing is kept of the requests but their count and how many were in
// flight (GET /stats, POST /reset). It prints its URL on stdout and exits
// when its stdin closes, so it never outlives the benchmark that started it.
// With -cpuprofile it writes a CPU profile of its whole life there (its own
// CPU counts against the pipe it measures).
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/pprof"

	"github.com/swarmhost/swarmhost/host/internal/fakeopenai"
)

// answerText is every completion's text.
const answerText = "Default output from the fake endpoint"

func main() {
	latency := flag.Duration("latency", 0, "time every answer is held back")
	profile := flag.String("cpuprofile", "", "write a CPU profile into this file")
	flag.Parse()
	if *profile != "" {
		stop, err := startProfile(*profile)
		if err != nil {
			fmt.Fprintln(os.Stderr, "fakeopenaid:", err)
			os.Exit(1)
		}
		defer stop()
	}
	api := fakeopenai.Start(fakeopenai.Options{Latency: *latency, Forget: true, Raw: true}, answer)
	defer api.Close()
	fmt.Println(api.URL)
	_, _ = io.Copy(io.Discard, os.Stdin)
}

// answer is every request's reply: the text, with usage counted as mockllm
// counts it, a token per 4 characters of the request's message texts.
func answer(_ int, req fakeopenai.Request) fakeopenai.Reply {
	return textReply(req.Raw)
}

// textReply is the reply to a request body: only the messages' contents
// are decoded (a content that is not a string counts no characters).
func textReply(body []byte) fakeopenai.Reply {
	var req struct {
		Messages []struct {
			Content string `json:"content"`
		} `json:"messages"`
	}
	// a content of another type is left "" (the error says so and is
	// ignored, as a body that is not JSON is)
	_ = json.Unmarshal(body, &req)
	chars := 0
	for _, m := range req.Messages {
		chars += len(m.Content)
	}
	in, out := int64(chars+3)/4, int64(len(answerText)+3)/4
	return fakeopenai.Text(answerText, fakeopenai.Usage{Prompt: in, Completion: out, Total: in + out})
}

// startProfile starts a CPU profile into path and returns what stops it.
func startProfile(path string) (func(), error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		_ = f.Close()
		return nil, err
	}
	return func() {
		pprof.StopCPUProfile()
		_ = f.Close()
	}, nil
}
