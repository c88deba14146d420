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
STATICCHECK_VERSION        := v0.8.2
GOLANGCI_LINT_VERSION      := v2.15.0

.PHONY: all help sdk-proxy sdk-tags build trust-manifest demo test test-run test-short vet lint docs fmt proto bench clean fuzz llama-server venv venv-tasks venv-peer \
	debian-image \
	proto-python parity

all: build

## help: list the targets and what each does (from the `## target:` comments of this Makefile)
help:
	@awk '/^## [a-z-]+:/ { sub(/^## /, ""); split($$0, a, ":"); name = a[1]; sub(/^[^:]*: */, ""); \
		printf "  %-15s %s\n", name, $$0; next } \
		/^## / && name != "" { sub(/^## /, ""); printf "  %-15s %s\n", "", $$0; next } { name = "" }' $(MAKEFILE_LIST)

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

## trust-manifest: bin/.swarmhost-trusted.json, the name and sha256 of every plugin `make build` built and the place
## (absolute path, directory links resolved) and sha256 of the repository's Python plugins: only those bytes run
## unsandboxed by default, a script only where it is listed (docs/guides/untrusted-plugins.md)
TRUSTED_SCRIPTS := $(wildcard plugins-python/*/swarmhost-*-* examples/*/plugins/swarmhost-*-* parity/scenarios/*/plugins/swarmhost-*-*)
plugin_bin = $(1)/swarmhost-$(patsubst %s,%,$(notdir $(patsubst %/,%,$(dir $(2)))))-$(notdir $(2))
TRUST_FILES ?= $(foreach p,$(PLUGINS),$(call plugin_bin,$(BIN),$(p))) $(TRUSTED_SCRIPTS)
trust-manifest:
	@{ printf '{'; sep=''; for f in $(TRUST_FILES); do \
		key=$$(basename $$f); [ "$$(head -c2 $$f)" = '#!' ] && key=$$(cd $$(dirname $$f) && pwd -P)/$$key; \
		printf '%s\n  "%s": "%s"' "$$sep" "$$key" "$$(sha256sum < $$f | cut -d' ' -f1)" || exit 1; sep=','; \
	done; printf '\n}\n'; } > $(BIN)/.swarmhost-trusted.json.tmp && chmod 644 $(BIN)/.swarmhost-trusted.json.tmp && \
	mv $(BIN)/.swarmhost-trusted.json.tmp $(BIN)/.swarmhost-trusted.json
	@echo "wrote $(BIN)/.swarmhost-trusted.json"

## demo: build everything and run the quickstart suite
demo: build
	$(BIN)/swarmhost run examples/quickstart --log-dir logs

# The Go modules besides the host's: the SDK (sdk/go.mod), the host's half of the plugin protocol
# (sdk/hostrpc/go.mod), the example plugins (examples/plugins/*/go.mod) and the local cluster's volume plugin
# (scripts/k8s-volume), each tested and vetted on its own.
MODULES := sdk sdk/hostrpc $(patsubst %/go.mod,%,$(wildcard examples/plugins/*/go.mod)) scripts/k8s-volume

## test: vet and run every test (race detector on) of every module: the host's, the SDK's (sdk/go.mod), the
## host's half of the protocol (sdk/hostrpc) and the example plugins; builds llama-server first for the
## real-engine test and the Debian image (debian-image) for the container examples that run Python. The
## tests that run Inspect's code (the bridge, plugins-python/inspect and plugins-python/inspect-agent, and
## Inspect reading the host's logs: BRIDGE_TESTS) run on the newest supported inspect_ai (.venv) with the
## rest, then again on the oldest (scripts/inspect-versions.txt, SWARMHOST_INSPECT_VERSION=oldest); so do
## the Inspect task plugin's tests of the repository's own task files (those of inspect-evals tasks need the
## newest inspect_ai and run in the first pass only). The container engine, the single-node and the
## three-node clusters run for it (scripts/with-services.sh: started when not running, stopped after;
## as root only, otherwise their tests skip).
BRIDGE_TESTS := ^(TestInspect|TestSeedScorers|TestPythonUnitTests|TestCondens)
test: vet llama-server debian-image
	scripts/with-services.sh docker k8s multi debian -- $(MAKE) --no-print-directory test-run

# test-run: the tests of `make test`, with the services already running.
test-run:
	$(GO) test -race -count=1 -timeout 25m ./...
	SWARMHOST_INSPECT_VERSION=oldest $(GO) test -race -count=1 -timeout 15m -run '$(BRIDGE_TESTS)' ./host/e2e/ ./host/evallog/
	@for m in $(MODULES); do echo "cd $$m && $(GO) test -race -count=1 ./..."; (cd $$m && $(GO) test -race -count=1 ./...) || exit 1; done

## test-short: the fast loop: vet and every test under -short, without the race detector, of every module;
## no llama-server, container engine, cluster, browser or Inspect Swarm peer (tests that need one skip)
test-short: vet
	$(GO) test -short -count=1 -timeout 20m ./...
	@for m in $(MODULES); do echo "cd $$m && $(GO) test -short -count=1 ./..."; \
		(cd $$m && $(GO) test -short -count=1 ./...) || exit 1; done

## vet: go vet every module
vet:
	$(GO) vet ./...
	@for m in $(MODULES); do echo "cd $$m && $(GO) vet ./..."; (cd $$m && $(GO) vet ./...) || exit 1; done

## lint: staticcheck and golangci-lint (.golangci.yml) on every module, each installed at a pinned version
## from the Go module proxy into .tools/
lint: .tools/staticcheck-$(STATICCHECK_VERSION) .tools/golangci-lint-$(GOLANGCI_LINT_VERSION)
	.tools/staticcheck-$(STATICCHECK_VERSION) ./...
	.tools/golangci-lint-$(GOLANGCI_LINT_VERSION) run ./...
	@for m in $(MODULES); do echo "cd $$m && staticcheck ./... && golangci-lint run ./..."; \
		(cd $$m && $(CURDIR)/.tools/staticcheck-$(STATICCHECK_VERSION) ./... && \
		$(CURDIR)/.tools/golangci-lint-$(GOLANGCI_LINT_VERSION) run --config $(CURDIR)/.golangci.yml ./...) || exit 1; done

.tools/staticcheck-$(STATICCHECK_VERSION):
	@mkdir -p .tools/staticcheck.tmp
	GOBIN=$(CURDIR)/.tools/staticcheck.tmp $(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)
	mv .tools/staticcheck.tmp/staticcheck $@ && rmdir .tools/staticcheck.tmp

.tools/golangci-lint-$(GOLANGCI_LINT_VERSION):
	@mkdir -p .tools/golangci-lint.tmp
	GOBIN=$(CURDIR)/.tools/golangci-lint.tmp $(GO) install github.com/golangci/golangci-lint/v2/cmd/golangci-lint@$(GOLANGCI_LINT_VERSION)
	mv .tools/golangci-lint.tmp/golangci-lint $@ && rmdir .tools/golangci-lint.tmp

## docs: regenerate the reference pages of docs/reference from the code (host/internal/docgen); a test of
## `make test` and `make test-short` fails when they are stale
docs:
	$(GO) run ./host/internal/docgen

## sdk-proxy: write the SDK's releases (scripts/sdk-releases.txt, from git) into DIR as a file GOPROXY and print the
## environment lines that use it, until the SDK is published (docs/guides/sdk-versions.md):
## `make sdk-proxy DIR=/tmp/swarmhost-sdk`
sdk-proxy:
	@test -n "$(DIR)" || { echo "usage: make sdk-proxy DIR=/path/to/proxy" >&2; exit 2; }
	@$(GO) run ./host/internal/sdkmodule/sdkproxy "$(DIR)"

## sdk-tags: create the git tag sdk/vX.Y.Z of every SDK release in scripts/sdk-releases.txt (then push them)
sdk-tags:
	@$(GO) run ./host/internal/sdkmodule/sdkproxy -tags

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

## debian-image: localhost/swarmhost-debian:bookworm, Debian with python3 for the container examples whose scorers
## run Python (examples/proof-swarm/containers): debootstrap from Debian's mirror, never pulled, once per machine
## (scripts/debian-image.sh: cached under ~/.cache/swarmhost, keyed by its recipe; about 40 s plus the download),
## then imported into podman and the local cluster where they run. Needs root; a machine that cannot build it
## says why, and the tests that need it skip (or fail under SWARMHOST_EXPECT_DOCKER / SWARMHOST_EXPECT_K8S).
debian-image:
	@mkdir -p .tools
	@if [ "$$(id -u)" != 0 ]; then echo "debian-image: not root, so no Debian image (debootstrap and the engines need root)"; \
	elif ! scripts/debian-image.sh load >.tools/debian-image.log 2>&1; then \
		echo "the Debian image could not be built or loaded (see .tools/debian-image.log)"; tail -3 .tools/debian-image.log; fi

## fmt: gofmt every Go file
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

## venv: the Python virtualenv (.venv, the newest supported inspect_ai) for Python plugins and their tests;
## `make test` makes it too, and .venv-inspect-<oldest> for the bridge tests on the oldest supported inspect_ai
venv:
	scripts/venv.sh >/dev/null

## venv-tasks: the Inspect task virtualenv (.venv-tasks: the newest inspect_ai, inspect-evals) the Inspect task
## plugin (plugins-python/inspect-task) runs with; `make test` makes it too, for the Inspect task tests
venv-tasks:
	scripts/venv-from.sh .venv-tasks scripts/requirements-tasks.txt >/dev/null

## venv-peer: the peer virtualenv (.venv-peer: Inspect Swarm 0.1.0 and its inspect_ai) of the log comparison
## tests and the study examples; `make test` makes it too
venv-peer:
	scripts/venv-from.sh .venv-peer scripts/requirements-peer.txt >/dev/null

## proto-python: regenerate sdk/python's gRPC code from sdk/proto and go-plugin's protos (grpcio-tools from .venv)
proto-python: venv
	.venv/bin/python sdk/python/scripts/gen_proto.py

## clean: remove ./bin and the installed tools
clean:
	rm -rf $(BIN) .tools

## bench: build swarmhost, the plugins it needs and the benchmark into bench/bin, then run the benchmark
## suite and print its table; without BENCHFLAGS it also rewrites BENCHMARKS.md's "Latest run" (BENCH_REPORT).
## Pass swarmbench flags in BENCHFLAGS, e.g. `make bench BENCHFLAGS="-only=scale -scale=10,100,1000"`.
## The container engine and the single-node cluster run for its sandbox and containers rows
## (scripts/with-services.sh; SWARMHOST_SERVICES=off to run without starting them).
BENCH_BIN     := $(CURDIR)/bench/bin
BENCH_REPORT  ?= $(if $(BENCHFLAGS),,$(CURDIR)/BENCHMARKS.md)
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
	scripts/with-services.sh docker k8s -- $(BENCH_BIN)/swarmbench -root $(CURDIR) -bin $(BENCH_BIN) \
		-bench-bin $(BENCH_BIN) $(if $(BENCH_REPORT),-report $(abspath $(BENCH_REPORT))) $(BENCHFLAGS)

## fuzz: run each fuzz target for FUZZ_TIME (5s): the HCL loader, the dataset readers, the log reader, its
## repair (and Resume), the channel tools' argument parsing and the plugin wire's non-finite JSON decoder;
## the handshake address check and the agent tools' argument parsing (host/agenttools: instrumenting its
## dependencies, the OpenAI client, makes its build the slowest); the bounds a JSON log's shape is checked
## against before it is decoded (host/evallog FuzzScanLog; FuzzRead reads each input as .json and .eval).
## Issue 27's other targets build client-go or compose-go instrumented (minutes), so they run only by name:
## ./host/sandbox/compose:FuzzLoad ./host/kube:FuzzConnect ./host/eval:FuzzMerge (their seeds run in test).
## Seed corpora live in each package's testdata/fuzz and f.Add calls. CI runs it after test; one target:
## `make fuzz FUZZ_TARGETS=./host/agenttools:FuzzToolArgs`.
FUZZ_TIME    ?= 5s
FUZZ_TARGETS ?= ./host/config:FuzzParseDecode ./host/dataset:FuzzRead ./host/evallog:FuzzRead \
	./host/evallog:FuzzRepair ./host/evallog:FuzzScanLog ./host/channels:FuzzToolArgs ./sdk/internal/wire:FuzzNonFinite \
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
