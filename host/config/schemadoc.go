package config

import (
	"slices"

	"github.com/hashicorp/hcl/v2"
)

// BlockDoc documents one block type of a suite for the HCL reference
// (docs/reference/hcl.md, written by host/internal/docgen). Its attributes
// and nested blocks are read from the very schemas the decoder uses, so the
// reference lists exactly what a suite may write.
type BlockDoc struct {
	// Path is the block's place in a suite, dot-separated ("task.dataset");
	// a channel type adds its label ("swarm.channel.messages").
	Path string
	// Type is the block type and Labels its label names.
	Type   string
	Labels []string
	// Doc says what the block is for.
	Doc string
	// Plugin names the plugin kind whose own config schema the block's body
	// also takes ("scorer", "controller", "agent"), or "".
	Plugin string
	// FreeForm says the block takes attributes of any name (locals, a
	// model's generate config).
	FreeForm   bool
	Attributes []AttributeDoc
	Blocks     []*BlockDoc
}

// AttributeDoc documents one attribute of a block.
type AttributeDoc struct {
	Name     string
	Required bool
	Doc      string
}

// Reference returns the suite's top-level blocks, each with its attributes
// and nested blocks, documented. TestReferenceCoversTheSchema fails when a
// schema gains a block or attribute this file does not document.
func Reference() []*BlockDoc {
	return docBlocks("", topSchema)
}

// docBlocks documents every block type of schema found under parent.
func docBlocks(parent string, schema *hcl.BodySchema) []*BlockDoc {
	var out []*BlockDoc
	for _, h := range schema.Blocks {
		path := joinPath(parent, h.Type)
		if h.Type == "channel" {
			out = append(out, channelDocs(path, h)...)
			continue
		}
		out = append(out, docBlock(path, h.Type, h.LabelNames, blockSchemas[path]))
	}
	return out
}

// docBlock documents one block type whose body schema is s (nil: no fixed
// attributes).
func docBlock(path, typ string, labels []string, s *hcl.BodySchema) *BlockDoc {
	b := &BlockDoc{Path: path, Type: typ, Labels: labels, Doc: blockDocs[path],
		Plugin: pluginBodies[path], FreeForm: slices.Contains(freeFormBlocks, path)}
	if s == nil {
		return b
	}
	for _, a := range s.Attributes {
		b.Attributes = append(b.Attributes, AttributeDoc{Name: a.Name, Required: a.Required,
			Doc: attributeDocs[joinPath(path, a.Name)]})
	}
	b.Blocks = docBlocks(path, s)
	return b
}

// channelDocs documents the channel block once per channel type, each with
// its parameters.
func channelDocs(path string, h hcl.BlockHeaderSchema) []*BlockDoc {
	var out []*BlockDoc
	for _, t := range []string{ChannelFilesystem, ChannelSharedMemory, ChannelMessages} {
		s := &hcl.BodySchema{}
		for _, p := range channelParams[t] {
			s.Attributes = append(s.Attributes, hcl.AttributeSchema{Name: p})
		}
		b := docBlock(joinPath(path, t), h.Type, h.LabelNames, s)
		out = append(out, b)
	}
	return out
}

func joinPath(parent, name string) string {
	if parent == "" {
		return name
	}
	return parent + "." + name
}

// blockSchemas are the body schemas of the nested blocks, by path. A block
// not listed has no fixed attributes (see freeFormBlocks and pluginBodies).
var blockSchemas = map[string]*hcl.BodySchema{
	"variable":            variableSchema,
	"plugin":              pinSchema,
	"plugin.limits":       pinLimitsSchema,
	"model":               modelSchema,
	"model.price":         priceSchema,
	"task":                taskSchema,
	"task.dataset":        datasetSchema,
	"task.dataset.fields": fieldsSchema,
	"task.dataset.sample": sampleSchema,
	"task.scorer":         scorerMetaSchema,
	"task.epochs":         epochsSchema,
	"task.limits":         taskLimitsSchema,
	"task.sandbox":        sandboxSchema,
	"swarm":               swarmSchema,
	"swarm.member":        memberSchema,
	"swarm.member.limits": memberLimitsSchema,
	"swarm.controller":    controllerMetaSchema,
	"swarm.budget":        budgetSchema,
	"eval":                evalSchema,
	"study":               studySchema,
	"study.arm":           armSchema,
	"study.bootstrap":     bootstrapSchema,
}

// freeFormBlocks take attributes of any name.
var freeFormBlocks = []string{"locals", "model.config"}

// pluginBodies are the blocks whose body is (also) a plugin's config.
var pluginBodies = map[string]string{
	"task.scorer":         "scorer",
	"swarm.controller":    "controller",
	"swarm.member.config": "agent",
}

// blockDocs say what each block is for.
var blockDocs = map[string]string{
	"variable": "An input variable, set with `--var name=value` (or `-T`); referred to as `var.NAME`.",
	"locals":   "Named values computed from variables and other locals; referred to as `local.NAME`. Attributes of any name.",
	"plugin": "Pins one plugin binary (labels: kind and name), sets its trust and its sandbox's limits. " +
		"Without it, plugins are discovered on the plugin path.",
	"plugin.limits": "Resource limits of an untrusted plugin's sandbox.",
	"model": "A model endpoint the members (and scorers naming it) call through the host. " +
		"`model.default` is the model of members that name none.",
	"model.price":  "Dollars per million tokens; needed for cost limits and caps.",
	"model.config": "Inspect's GenerateConfig names, sent with every call (an agent's per-call config overrides it); the keys are listed below.",
	"task":         "A dataset, its scorers, epochs with reducers, limits and a sandbox; or an Inspect task (`inspect`).",
	"task.dataset": "Where the samples come from: a file (JSON, JSON Lines, CSV) or inline `sample` blocks.",
	"task.dataset.fields": "Renames dataset columns to Inspect's field names. Each attribute names the column " +
		"holding that field (`metadata`: a list of columns).",
	"task.dataset.sample": "One inline sample.",
	"task.scorer": "A scorer plugin (label: its name). The body is the plugin's config, plus the host's " +
		"meta-arguments below. A task may list several; the first one gates.",
	"task.epochs":  "How often each sample runs, and how each sample's epochs are reduced.",
	"task.limits":  "Limits per sample, over the whole swarm (Inspect's sample limits).",
	"task.sandbox": "Where members' tools run (label: `local`, `docker` or `kubernetes`).",
	"swarm":        "The solver: members, a controller, channels and a budget.",
	"swarm.member": "One or more members running an agent plugin (label: its name). Host attributes here; " +
		"the plugin's own config in the nested `config` block.",
	"swarm.member.limits": "Limits of each member, fresh for each one; reaching one ends that member (`member_limit:<type>`).",
	"swarm.member.config": "The agent plugin's own config.",
	"swarm.controller": "The controller plugin (label: its name); `leaderless` when absent. The body is the " +
		"plugin's config, plus the host's meta-argument below.",
	"swarm.channel.filesystem":    "The filesystem channel (instructions only): a shared directory, a notes file, a scratch directory per member.",
	"swarm.channel.shared_memory": "Inspect Swarm's board of files, with the `shared_memory` tool and `swarm_wait`.",
	"swarm.channel.messages":      "swarmhost's messages channel: `send_message`, `read_messages`, `list_members`.",
	"swarm.budget":                "Swarm-wide caps, how they are split among members, and the grace period of a stop.",
	"eval":                        "Runs one task with one swarm; writes one log.",
	"study": "The arms of one comparison, run on the same samples by `swarmhost study`, which writes its report " +
		"([Studies and reports](../guides/studies-and-reports.md)).",
	"study.arm":       "One arm (label: its name in the report): an eval and what it stands for.",
	"study.bootstrap": "The report's intervals: percentile bootstrap over the samples, seeded.",
}

// attributeDocs say what each attribute is for, by path.
var attributeDocs = map[string]string{
	"variable.type":        "The type constraint (`string`, `number`, `bool`, `list(string)`, …).",
	"variable.default":     "The value when none is given; without one, the variable must be set.",
	"variable.description": "What the variable is for.",

	"plugin.source":        "The binary's path (relative to the suite's directory).",
	"plugin.sha256":        "The binary's digest; a mismatch refuses to start it.",
	"plugin.trust":         "`trusted` (a plain child process) or `untrusted` (in the sandbox launcher). Default: trusted only when the trust manifest lists its bytes.",
	"plugin.read_only":     "Extra paths an untrusted plugin may read (an interpreter's environment, a plugin's directory).",
	"plugin.start_timeout": "How long start-up (exec, handshake, Metadata) may take, default 20s; config validation gets 5m.",
	"plugin.workers":       "How many worker processes run the binary, each serving many members (1 to 256). Default: one per core (at most 8) for a Python plugin, else 1.",
	"plugin.placement":     "Where an agent's members go among the workers: `sample` (default; a sample's members share one worker, and what the plugin keeps per process, such as Inspect's store) or `member` (each to the least busy worker).",

	"plugin.limits.memory":     "Memory per process (RLIMIT_DATA) and for the whole sandbox, default 4GiB.",
	"plugin.limits.cpu_time":   "CPU time (RLIMIT_CPU), killed at the limit, default 4h.",
	"plugin.limits.processes":  "Processes (RLIMIT_NPROC) and tasks of the whole sandbox, default 512.",
	"plugin.limits.open_files": "Open files (RLIMIT_NOFILE), default 4096.",
	"plugin.limits.file_size":  "Largest file it may write (RLIMIT_FSIZE), default 4GiB.",

	"model.provider":        "`mockllm` (built in, deterministic) or `openai` (any OpenAI-compatible chat-completions server).",
	"model.name":            "The server's model id.",
	"model.base_url":        "The endpoint, default https://api.openai.com/v1.",
	"model.api_key_env":     "The environment variable holding the API key, default OPENAI_API_KEY; unset sends no key.",
	"model.outputs":         "mockllm's answers, replayed in turn per member: a string, or an object with `content`, `tool` and `arguments`, `tool_calls`, `stop_reason` or `error`.",
	"model.cache":           "Replay answers from disk (`$SWARMHOST_CACHE_DIR`); a hit costs nothing.",
	"model.max_connections": "Concurrent requests to the endpoint, default 10.",
	"model.price.input":     "Dollars per million input tokens (cached input at this rate too).",
	"model.price.output":    "Dollars per million output tokens.",

	"task.inspect": "An Inspect task to run unchanged, named as `inspect eval` names it: `inspect_evals/<name>`, " +
		"`file.py@task` or `package.module:task`. Its dataset, setup steps, scorers, metrics, epochs, limits and sandbox " +
		"are the task's (the Inspect task plugin loads it); the block then has no dataset or scorer blocks.",
	"task.args":              "The Inspect task's arguments, as `-T name=value` gives them to `inspect eval`.",
	"task.scorer_model":      "The model (`model.NAME`) an Inspect task's model-graded scorers reach: `get_model()`, or a grader argument `\"swarmhost/scorer\"`.",
	"task.allow_host_access": "An Inspect task's compose file: what its services may take from the host, as the sandbox block's.",
	"task.allow_env":         "An Inspect task's compose file: the host environment variables it may read, as the sandbox block's.",

	"task.dataset.file":                "The dataset file, relative to the suite's directory: `.json`, `.jsonl` or `.csv`.",
	"task.dataset.format":              "The file's format when its extension does not say: `json`, `jsonl` or `csv`.",
	"task.dataset.shuffle":             "Shuffle the samples (with `seed`, reproducibly).",
	"task.dataset.seed":                "The shuffle's seed.",
	"task.dataset.limit":               "Keep only the first N samples.",
	"task.dataset.auto_id":             "Number samples without an id (1, 2, …).",
	"task.dataset.allow_files_outside": "Directories (or files) a sample's `files` may be read from besides the suite's and the dataset file's directories.",

	"task.dataset.fields.input":    "The column holding the input.",
	"task.dataset.fields.target":   "The column holding the target.",
	"task.dataset.fields.id":       "The column holding the id.",
	"task.dataset.fields.choices":  "The column holding the choices.",
	"task.dataset.fields.metadata": "The columns that go into the sample's metadata.",
	"task.dataset.fields.files":    "The column holding the files to put in the sandbox.",
	"task.dataset.fields.setup":    "The column holding the setup script.",

	"task.dataset.sample.id":       "The sample's id.",
	"task.dataset.sample.input":    "The input: a string, or chat messages.",
	"task.dataset.sample.target":   "The target: a string or a list.",
	"task.dataset.sample.choices":  "Choices, for multiple-choice scorers.",
	"task.dataset.sample.metadata": "An object of metadata.",
	"task.dataset.sample.files":    "Files to put in the sandbox: an object of path to contents.",
	"task.dataset.sample.setup":    "A setup script run in the sandbox before the swarm.",

	"task.scorer.gate":          "On the first scorer: check members' in-loop submissions with it, and report the gate counts.",
	"task.scorer.metrics":       "The metrics of this scorer: `accuracy`, `mean`, `stderr`, `std`, `bootstrap_stderr`.",
	"task.scorer.score_timeout": "How long one score call may take, default 5m; past it the sample ends in error, naming the scorer and the timeout.",
	"task.scorer.model":         "The model (`model.NAME`) the scorer's own model calls use.",

	"task.epochs.count":    "How many times each sample runs.",
	"task.epochs.reducers": "How each sample's epochs are reduced: `mean`, `median`, `mode`, `max`, `pass_at_K`, `at_least_K`.",

	"task.limits.tokens":         "Metered tokens per sample: a number (metered as `token_metering` says) or a token limit string as Inspect writes one, metered its own way (`\"output:1000\"`, `\"1.5k\"`, `\"(input*0.1)+output:1m\"`).",
	"task.limits.cost":           "Dollars per sample; every member's model needs a price.",
	"task.limits.time":           "Wall time per sample (`\"10m\"`).",
	"task.limits.messages":       "Length of one member's conversation.",
	"task.limits.turns":          "Model calls.",
	"task.limits.token_metering": "What a token limit, cap or share written as a number counts: `total` (default), `output`, or `inspect` (input includes cache reads and writes). A token limit string says its own.",

	"task.sandbox.per_member":    "Give each member its own sandbox, named after it.",
	"task.sandbox.network":       "Let sandboxes reach the network; off by default.",
	"task.sandbox.compose":       "docker, kubernetes: a compose file whose services are the sandboxes.",
	"task.sandbox.image":         "docker, kubernetes: one image for every sandbox.",
	"task.sandbox.kubeconfig":    "kubernetes: the kubeconfig, default KUBECONFIG, ~/.kube/config, or in-cluster.",
	"task.sandbox.context":       "kubernetes: the kubeconfig context, default its current one.",
	"task.sandbox.namespace":     "kubernetes: the namespace, default the context's, else `default`.",
	"task.sandbox.cpu":           "kubernetes: each sandbox container's CPU request and limit (`\"500m\"`).",
	"task.sandbox.memory":        "kubernetes: each sandbox container's memory request and limit (`\"512Mi\"`).",
	"task.sandbox.pull_policy":   "kubernetes: `Always`, `IfNotPresent` (default) or `Never`.",
	"task.sandbox.ready_timeout": "kubernetes: how long a sample's pod may take to run, default 2m.",
	"task.sandbox.allow_host_access": "compose: what services may take from the host: `true`, or per service " +
		"`{ name = [\"binds\", \"capabilities\", \"root\"] }` (`\"*\"` every service); default none.",
	"task.sandbox.allow_env":              "compose: the host environment variables the compose file may read (`${VAR}`); default none.",
	"task.sandbox.allow_exec_credentials": "kubernetes: let the kubeconfig named here run its credential plugin (`exec`); off by default.",

	"swarm.channels":              "The channel types, exactly (`[]`: none). Without it: `filesystem` plus one channel per `channel` block.",
	"swarm.contain_member_errors": "Keep a member's error to that member (it ends `errored`, the swarm goes on); off by default: the sample ends in error.",
	"swarm.preamble":              "A template replacing the default preamble: `{member}`, `{role}`, `{size}`, `{split}`, `{sandbox}`, `{channels}`, `{default}`.",

	"swarm.member.name":              "The roster name, default the plugin's name; with `count` > 1, `name-1 … name-k`.",
	"swarm.member.count":             "How many members this block makes.",
	"swarm.member.role":              "A role, told to the member and the controller.",
	"swarm.member.model":             "The model it calls (`model.NAME`), default `model.default`.",
	"swarm.member.tools":             "Its sandbox tools: `bash`, `python`, `read_file`, `write_file`, `exec`; default the first four; `[]` none.",
	"swarm.member.isolation":         "`process` (default: one plugin process serves every member of the plugin) or `member` (a process of its own).",
	"swarm.member.delivery":          "`notify` (default: notices of news at turn boundaries) or `poll`.",
	"swarm.member.sandbox":           "Its own sandbox: `\"{member}\"` (the service named after it) or a service name.",
	"swarm.member.visible_sandboxes": "Other sandboxes (services) its tools may name.",

	"swarm.member.limits.tokens":   "Metered tokens: a number, or a token limit string with its own metering (`\"output:500\"`), as `task.limits.tokens`.",
	"swarm.member.limits.cost":     "Dollars.",
	"swarm.member.limits.time":     "Wall time.",
	"swarm.member.limits.messages": "Length of its conversation.",
	"swarm.member.limits.turns":    "Model calls.",

	"swarm.controller.call_timeout": "How long one controller call may take, default 60s.",

	"swarm.channel.filesystem.shared":        "The directory members share, inside the sandbox, default `.swarm`.",
	"swarm.channel.filesystem.notes":         "The notes file, relative to `shared`, default `notes.md`.",
	"swarm.channel.filesystem.scratch":       "Each member's own directory, default `.swarm/scratch/{member}`.",
	"swarm.channel.filesystem.shared_volume": "True exactly when members have their own sandboxes (`per_member`): one shared directory linked into each.",

	"swarm.channel.shared_memory.max_files":       "Live files on the board, default 100 (1..10000).",
	"swarm.channel.shared_memory.max_file_bytes":  "UTF-8 bytes in one file, default 16000 (1..262144).",
	"swarm.channel.shared_memory.max_file_lines":  "Lines in one file, default 1000 (1..100000).",
	"swarm.channel.shared_memory.max_board_bytes": "All files together, default 400000 (max_file_bytes..16777216).",
	"swarm.channel.shared_memory.rate":            "Writes per window per member: `[60, 60]` (default), `\"60/60s\"` or `\"off\"`.",
	"swarm.channel.shared_memory.max_wait":        "`swarm_wait`'s default and longest timeout in whole seconds, default 600 (1..3600).",

	"swarm.channel.messages.delivery":   "`notify` (default) or `poll` (no notices).",
	"swarm.channel.messages.max_bytes":  "Bytes per message, default 8000 (1..65536).",
	"swarm.channel.messages.max_unread": "Unread messages per inbox, default 50 (1..10000).",
	"swarm.channel.messages.rate":       "Sends per window per sender: `\"20/60s\"` (default), `\"off\"`, or `{ sends = 20, per = \"60s\" }`.",
	"swarm.channel.messages.dedupe":     "Refuse a copy of a message the recipient has not read, default true.",
	"swarm.channel.messages.max_wait":   "Longest `read_messages` wait, default `\"120s\"` (0..3600 s; a number is seconds).",
	"swarm.channel.messages.routes":     "Allowed sender → recipients, e.g. `{ lead = [\"all\"] }`; default every pair.",

	"swarm.budget.tokens":  "The swarm's token cap, a number or a token limit string with its own metering (`\"output:1000\"`), written as given in the ledger; unset: derived from the task's limit as limit × (1 − reserve), metered as it.",
	"swarm.budget.cost":    "The swarm's cost cap in dollars; unset: derived the same way.",
	"swarm.budget.time":    "The swarm's time cap; unset: derived the same way.",
	"swarm.budget.reserve": "The share of a task limit kept back when a cap is derived, default 0.05.",
	"swarm.budget.split":   "`\"pool\"` (default: anyone may spend it all), `\"equal\"`, or weights in roster order.",
	"swarm.budget.grace":   "How long a stop waits for running members before cancelling them, default `\"120s\"` (clipped to half the sample's remaining time).",

	"study.k":                    "The number of attempts the study compares at, default the swarm arm's member count.",
	"study.arm.eval":             "The eval (`eval.NAME`) this arm runs.",
	"study.arm.role":             "`swarm`, `baseline` (one agent over n ≥ k epochs) or `single` (one agent at k× the budget); inferred from the eval when absent.",
	"study.arm.k":                "This arm's k, when it differs from the study's.",
	"study.bootstrap.resamples":  "How many resamples.",
	"study.bootstrap.seed":       "The resampling's seed.",
	"study.bootstrap.confidence": "The intervals' confidence (a fraction).",
	"task.scorer.member_scores":  "Also score each member alone (`swarmhost:member_scores` in the store), with `best_member` and `mean_member` sample scores; on in an eval a study names.",

	"eval.task":  "The task (`task.NAME`).",
	"eval.swarm": "The swarm (`swarm.NAME`).",
}
