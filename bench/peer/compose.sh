#!/usr/bin/env bash
# The Compose client the peer's docker provider runs (`docker compose`), as a user would install it:
# Compose v2 built from its Go module with the Go toolchain (the module proxy is the registry this
# machine reaches), its version stamped as upstream's release build stamps it (Inspect reads
# `docker compose version` and refuses "dev"). Installed as a CLI plugin into a private DOCKER_CONFIG,
# .compose/<version>, reused by later runs. Prints that directory and the version.
set -euo pipefail
version="${SWARMHOST_COMPOSE_VERSION:-v2.28.1}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
config="$root/.compose/$version"
plugin="$config/cli-plugins/docker-compose"
if [ ! -x "$plugin" ]; then
	echo "bench/peer/compose.sh: building docker compose $version from github.com/docker/compose/v2 (a few minutes)" >&2
	tmp="$(mktemp -d)"
	trap 'rm -rf "$tmp"' EXIT
	GOBIN="$tmp" CGO_ENABLED=0 go install -trimpath \
		-ldflags "-s -w -X github.com/docker/compose/v2/internal.Version=$version" \
		"github.com/docker/compose/v2/cmd@$version" >&2
	mkdir -p "$config/cli-plugins"
	mv "$tmp/cmd" "$plugin"
fi
got="$(DOCKER_CONFIG="$config" docker compose version --short)"
echo "$config $got"
