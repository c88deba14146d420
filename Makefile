# swarmhost — build, test, demo. Every target installs or builds what it needs.
GO        ?= go
BIN       := $(CURDIR)/bin
PLUGINS   := $(patsubst %/main.go,%,$(wildcard plugins/*/*/main.go))
# Binaries are built without cgo (only net and os/user would use it, and their pure-Go versions
# serve here) and without gRPC's x/net/trace: each process then maps ~2 MiB less of its binary
# (BENCHMARKS.md, memory against the peer). Tests build with the defaults (-race needs cgo).
# -trimpath and -buildvcs=false make a binary's bytes, and so its sha256 pin, independent of the
# directory and checkout it was built in (host/internal/testplugins builds with the same flags).
# -ldflags=-w leaves out the DWARF debug data (the symbol table stays, for profiles and panics):
# a plugin binary is 23 % smaller, and every run hashes each plugin it starts (BENCHMARKS.md, react+bash).
GOBUILD   := CGO_ENABLED=0 $(GO) build -tags grpcnotrace -trimpath -buildvcs=false -ldflags=-w
PROTOC_GEN_GO_VERSION      := v1.36.12
PROTOC_GEN_GO_GRPC_VERSION := v1.6.2

.PHONY: all build trust-manifest demo test vet fmt proto bench clean fuzz llama-server venv proto-python parity

all: build

## build: swarmhost and every plugin binary into ./bin
build:
	@mkdir -p $(BIN)
	$(GOBUILD) -o $(BIN)/swarmhost ./cmd/swarmhost
	$(GOBUILD) -o $(BIN)/swarmhost-sandbox ./cmd/swarmhost-sandbox
	@for p in $(PLUGINS); do \
		kind=$$(basename $$(dirname $$p)); kind=$${kind%s}; name=$$(basename $$p); \
		echo "$(GOBUILD) -o $(BIN)/swarmhost-$$kind-$$name ./$$p"; \
		$(GOBUILD) -o $(BIN)/swarmhost-$$kind-$$name ./$$p || exit 1; \
	done
	@# the Inspect task plugin beside swarmhost, so `run TASK --swarm SUITE:SWARM` finds it without a pin
	ln -sf $(CURDIR)/plugins-python/inspect-task/swarmhost-task-inspect $(BIN)/swarmhost-task-inspect
	@$(MAKE) --no-print-directory trust-manifest

## trust-manifest: bin/.swarmhost-trusted.json, the name and sha256 of every plugin `make build` built and of the
## repository's Python plugins: only those bytes run unsandboxed by default (README, "Running plugins you did not write")
TRUSTED_SCRIPTS := $(wildcard plugins-python/*/swarmhost-*-* examples/*/plugins/swarmhost-*-* parity/scenarios/*/plugins/swarmhost-*-*)
plugin_bin = $(1)/swarmhost-$(patsubst %s,%,$(notdir $(patsubst %/,%,$(dir $(2)))))-$(notdir $(2))
TRUST_FILES ?= $(foreach p,$(PLUGINS),$(call plugin_bin,$(BIN),$(p))) $(TRUSTED_SCRIPTS)
trust-manifest:
	@{ printf '{'; sep=''; for f in $(TRUST_FILES); do \
		printf '%s\n  "%s": "%s"' "$$sep" "$$(basename $$f)" "$$(sha256sum < $$f | cut -d' ' -f1)" || exit 1; sep=','; \
	done; printf '\n}\n'; } > $(BIN)/.swarmhost-trusted.json.tmp && chmod 644 $(BIN)/.swarmhost-trusted.json.tmp && \
	mv $(BIN)/.swarmhost-trusted.json.tmp $(BIN)/.swarmhost-trusted.json
	@echo "wrote $(BIN)/.swarmhost-trusted.json"

## demo: build everything and run the quickstart suite
demo: build
	$(BIN)/swarmhost run examples/quickstart --log-dir logs

## test: vet and run every test (race detector on) of both modules, the host's and the SDK's (sdk/go.mod);
## builds llama-server first for the real-engine test
test: vet llama-server
	$(GO) test -race -count=1 -timeout 25m ./...
	cd sdk && $(GO) test -race -count=1 ./...

vet:
	$(GO) vet ./...
	cd sdk && $(GO) vet ./...

## llama-server: build llama.cpp's server for the real inference engine test (host/internal/llamae2e)
## with ../shared/models/tiny-toolcall/setup-llama-server.sh: cached per machine under ~/.cache/swarmhost,
## about 9 minutes the first time. A machine that cannot build it skips that test, saying why.
TINY_TOOLCALL ?= $(CURDIR)/../shared/models/tiny-toolcall
llama-server:
	@mkdir -p .tools
	@if bash $(TINY_TOOLCALL)/setup-llama-server.sh >.tools/llama-server.log 2>&1; then \
		tail -1 .tools/llama-server.log >.tools/llama-server.path; rm -f .tools/llama-server.err; \
	else \
		echo "llama-server could not be built (see .tools/llama-server.log); the real-engine test will be skipped"; \
		tail -5 .tools/llama-server.log >.tools/llama-server.err; rm -f .tools/llama-server.path; \
	fi

fmt:
	gofmt -w $$(git ls-files '*.go')

## proto: regenerate sdk/internal/pluginpb from sdk/proto (needs protoc; installs the Go generators)
proto:
	@command -v protoc >/dev/null || { apt-get update -qq && apt-get install -y -qq protobuf-compiler; }
	GOBIN=$(CURDIR)/.tools $(GO) install google.golang.org/protobuf/cmd/protoc-gen-go@$(PROTOC_GEN_GO_VERSION)
	GOBIN=$(CURDIR)/.tools $(GO) install google.golang.org/grpc/cmd/protoc-gen-go-grpc@$(PROTOC_GEN_GO_GRPC_VERSION)
	mkdir -p sdk/internal/pluginpb
	PATH=$(CURDIR)/.tools:$$PATH protoc -I sdk/proto \
		--go_out=sdk/internal/pluginpb --go_opt=paths=source_relative \
		--go-grpc_out=sdk/internal/pluginpb --go-grpc_opt=paths=source_relative \
		sdk/proto/swarmhost/v1/*.proto
	mv sdk/internal/pluginpb/swarmhost/v1/*.go sdk/internal/pluginpb/ && rm -r sdk/internal/pluginpb/swarmhost

## venv: the Python virtualenv (.venv) for Python plugins and their tests; `make test` makes it too
venv:
	scripts/venv.sh >/dev/null

## proto-python: regenerate sdk/python's gRPC code from sdk/proto and go-plugin's protos (grpcio-tools from .venv)
proto-python: venv
	.venv/bin/python sdk/python/scripts/gen_proto.py

clean:
	rm -rf $(BIN) .tools

## bench: build swarmhost, the plugins it needs and the benchmark into bench/bin, then run the benchmark
## suite and print its table (see BENCHMARKS.md). Pass swarmbench flags in BENCHFLAGS, e.g.
## `make bench BENCHFLAGS="-only=scale -scale=10,100,1000"` or `BENCHFLAGS=-profile=bench/profiles`.
BENCH_BIN     := $(CURDIR)/bench/bin
BENCH_PLUGINS := plugins/agents/scripted plugins/agents/react plugins/controllers/leaderless plugins/scorers/match \
	plugins/scorers/exec
bench:
	@mkdir -p $(BENCH_BIN)
	$(GOBUILD) -o $(BENCH_BIN)/swarmhost ./cmd/swarmhost
	$(GOBUILD) -o $(BENCH_BIN)/swarmhost-sandbox ./cmd/swarmhost-sandbox
	@for p in $(BENCH_PLUGINS); do \
		kind=$$(basename $$(dirname $$p)); kind=$${kind%s}; name=$$(basename $$p); \
		echo "$(GOBUILD) -o $(BENCH_BIN)/swarmhost-$$kind-$$name ./$$p"; \
		$(GOBUILD) -o $(BENCH_BIN)/swarmhost-$$kind-$$name ./$$p || exit 1; \
	done
	$(GOBUILD) -o $(BENCH_BIN)/swarmhost-agent-callloop ./bench/plugins/callloop
	@$(MAKE) --no-print-directory trust-manifest BIN=$(BENCH_BIN) \
		TRUST_FILES="$(foreach p,$(BENCH_PLUGINS),$(call plugin_bin,$(BENCH_BIN),$(p))) $(BENCH_BIN)/swarmhost-agent-callloop \
		$(CURDIR)/plugins-python/inspect-task/swarmhost-task-inspect"
	$(GOBUILD) -o $(BENCH_BIN)/profhost ./bench/cmd/profhost
	$(GOBUILD) -o $(BENCH_BIN)/fakeopenaid ./host/internal/fakeopenai/fakeopenaid
	$(GO) build -o $(BENCH_BIN)/swarmbench ./bench/cmd/swarmbench
	$(BENCH_BIN)/swarmbench -root $(CURDIR) -bin $(BENCH_BIN) -bench-bin $(BENCH_BIN) $(BENCHFLAGS)

## fuzz: run each fuzz target for FUZZ_TIME (5s): the HCL loader, the dataset readers, the log reader, its
## repair (and Resume), the channel tools' argument parsing and the plugin wire's non-finite JSON decoder;
## the handshake address check and the agent tools' argument parsing (host/agenttools: instrumenting its
## dependencies, the OpenAI client, makes its build the slowest); seed corpora live in each package's
## testdata/fuzz. CI runs it after test; one target: `make fuzz FUZZ_TARGETS=./host/agenttools:FuzzToolArgs`.
FUZZ_TIME    ?= 5s
FUZZ_TARGETS ?= ./host/config:FuzzParseDecode ./host/dataset:FuzzRead ./host/evallog:FuzzRead \
	./host/evallog:FuzzRepair ./host/channels:FuzzToolArgs ./sdk/internal/wire:FuzzNonFinite \
	./host/isolate:FuzzCheckHandshakeAddress ./host/agenttools:FuzzToolArgs
fuzz:
	@for t in $(FUZZ_TARGETS); do pkg=$${t%%:*}; fn=$${t##*:}; dir=.; \
		case $$pkg in ./sdk/*) dir=sdk; pkg=./$${pkg#./sdk/};; esac; \
		echo "(cd $$dir && $(GO) test -run '^$$' -fuzz '^$$fn$$' -fuzztime $(FUZZ_TIME) $$pkg)"; \
		(cd $$dir && $(GO) test -run '^$$' -fuzz "^$$fn\$$" -fuzztime $(FUZZ_TIME) $$pkg) || exit 1; \
	done

## parity: the side-by-side suite against Inspect Swarm 0.1.0 (parity/README.md): builds swarmhost and its
## plugins, installs the peer (bench/peer/venv.sh), runs every scenario on both and prints the table.
## Pass flags in PARITYFLAGS, e.g. `make parity PARITYFLAGS="-only final_last -v"`.
PARITYFLAGS ?=
parity: build venv
	@py=$$(bash bench/peer/venv.sh) && $$py -m unittest discover -s parity/tests -q && \
		SWARMHOST_PYTHON=$(CURDIR)/.venv/bin/python nice $$py parity/run.py $(PARITYFLAGS)
