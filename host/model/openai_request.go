package model

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	sdkmodel "github.com/swarmhost/swarmhost/sdk/model"
)

// chatCall is one prepared chat-completions request: its body encoded
// once, before a connection slot is taken, and sent by every attempt.
type chatCall struct {
	model          string
	body           []byte
	opts           []option.RequestOption
	stream         bool
	attemptTimeout time.Duration
}

// request prepares the call: messages, tools and tool choice encoded in
// the body; the generate config's request keys (and extra_body) set in the
// body under their OpenAI names; extra_headers as headers.
func (p *OpenAI) request(req Request, cfg map[string]any) (chatCall, error) {
	c := chatCall{model: p.Name(), stream: cfg["stream"] == true, attemptTimeout: seconds(cfg, "attempt_timeout")}
	if c.attemptTimeout <= 0 {
		c.attemptTimeout = DefaultAttemptTimeout
	}
	var err error
	if c.body, err = encodeBody(p.name, req, c.stream); err != nil {
		return chatCall{}, err
	}
	c.opts = append([]option.RequestOption{option.WithRequestBody("application/json", c.body)}, bodyOptions(cfg)...)
	return c, nil
}

// bodyOptions sets the config's request keys, then extra_body, then
// extra_headers, in sorted key order.
func bodyOptions(cfg map[string]any) []option.RequestOption {
	var opts []option.RequestOption
	for _, k := range slices.Sorted(maps.Keys(cfg)) {
		if name, ok := requestKeys[k]; ok {
			opts = append(opts, option.WithJSONSet(sjsonKey(name), jsonValue(requestKinds[k], cfg[k])))
		}
	}
	extra, _ := cfg["extra_body"].(map[string]any)
	for _, k := range slices.Sorted(maps.Keys(extra)) {
		opts = append(opts, option.WithJSONSet(sjsonKey(k), extra[k]))
	}
	headers, _ := cfg["extra_headers"].(map[string]any)
	for _, k := range slices.Sorted(maps.Keys(headers)) {
		opts = append(opts, option.WithHeader(k, fmt.Sprint(headers[k])))
	}
	return opts
}

// jsonValue writes whole numbers as integers.
func jsonValue(kind string, v any) any {
	if f, ok := v.(float64); ok && kind == "int" {
		return int64(f)
	}
	return v
}

// sjsonKey escapes sjson's path characters so a key is set literally.
func sjsonKey(k string) string {
	return strings.NewReplacer(".", `\.`, "*", `\*`, "?", `\?`, "|", `\|`, "#", `\#`, "@", `\@`).Replace(k)
}

// answer is an attempt's answer, read while the slot was held and
// decoded after it was given back: the raw body, or the accumulated
// stream.
type answer struct {
	raw      []byte
	streamed *openai.ChatCompletion
}

// output decodes the answer.
func (a answer) output(modelName string) (sdkmodel.Output, error) {
	if a.streamed != nil {
		return chatOutput(modelName, fromCompletion(a.streamed))
	}
	r, err := decodeResponse(a.raw)
	if err != nil {
		return sdkmodel.Output{}, err
	}
	return chatOutput(modelName, r)
}

// do sends the request, streamed or not, and reads the answer. The params
// are empty: the body is the call's own (chatCall.opts).
func (c chatCall) do(ctx context.Context, client *openai.Client) (answer, error) {
	if !c.stream {
		var a answer
		_, err := client.Chat.Completions.New(ctx, openai.ChatCompletionNewParams{},
			append(c.opts[:len(c.opts):len(c.opts)], option.WithResponseBodyInto(&a.raw))...)
		return a, err
	}
	stream := client.Chat.Completions.NewStreaming(ctx, openai.ChatCompletionNewParams{}, c.opts...)
	defer stream.Close()
	var acc openai.ChatCompletionAccumulator
	for stream.Next() {
		acc.AddChunk(stream.Current())
	}
	if err := stream.Err(); err != nil {
		return answer{}, err
	}
	return answer{streamed: &acc.ChatCompletion}, nil
}
