#!/usr/bin/env bash
# scripts/with-services.sh — run a command with the services its tests or benchmarks need, started
# here when they are not running yet and stopped afterwards (only what this script started).
#
#   scripts/with-services.sh SERVICE... -- COMMAND [ARG...]
#
# Services:
#   docker   the container engine (scripts/containers.sh): exports DOCKER_HOST and SWARMHOST_EXPECT_DOCKER=1
#   k8s      the single-node cluster (scripts/k8s.sh): exports KUBECONFIG and SWARMHOST_EXPECT_K8S=1
#   multi    the three-node cluster (scripts/k8s.sh --instance multi): exports SWARMHOST_K8S_MULTINODE=multi
#            and SWARMHOST_EXPECT_K8S_MULTINODE=1
#   debian   the Debian image (scripts/debian-image.sh load) in the engine and the clusters started above
#
# The engine and the clusters need root. Without it they are not started: the command runs without
# them, and the tests that need them skip (each says what it needs). A service that fails to start as
# root fails the run, with its log. An engine or a cluster already named by DOCKER_HOST or KUBECONFIG is
# used as it is. SWARMHOST_SERVICES=off runs the command without starting anything.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
log() { echo "with-services.sh: $*" >&2; }
die() { log "$*"; exit 2; }

want=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do
	case "$1" in
	docker | k8s | multi | debian) want+=("$1") ;;
	*) die "unknown service \"$1\" (docker, k8s, multi, debian), or a missing -- before the command" ;;
	esac
	shift
done
[ "${1:-}" = -- ] || die "usage: $0 SERVICE... -- COMMAND [ARG...]"
shift
[ $# -gt 0 ] || die "no command after --"

wants() { local s; for s in "${want[@]}"; do [ "$s" = "$1" ] && return 0; done; return 1; }

if [ "${SWARMHOST_SERVICES:-}" = off ]; then
	exec "$@"
fi
if [ "$(id -u)" != 0 ]; then
	log "not root: the container engine and the clusters are not started; the tests that need them skip"
	exec "$@"
fi

started=()
stop_started() {
	local s
	for s in "${started[@]}"; do
		case "$s" in
		docker) "$ROOT/scripts/containers.sh" stop || true ;;
		k8s) "$ROOT/scripts/k8s.sh" stop || true ;;
		multi) "$ROOT/scripts/k8s.sh" --instance multi stop || true ;;
		esac
	done
}
trap stop_started EXIT

# up_docker, up_k8s and up_multi report whether each service answers.
sock="${SWARMHOST_PODMAN_SOCK:-/run/podman/podman.sock}"
up_docker() { curl -sf --unix-socket "$sock" http://d/_ping; }
up_k8s() { "$ROOT/scripts/k8s.sh" status; }
up_multi() { "$ROOT/scripts/k8s.sh" --instance multi status; }

# start_one starts service $1 with the command after it unless up_$1 says it runs; its output goes to a
# log printed only when the start fails. The service counts as started before its start runs, so that
# what a failed start left running is stopped too (each stop stops only what its start started).
start_one() {
	local name=$1
	shift
	if "up_$name" >/dev/null 2>&1; then
		return
	fi
	local out
	out="$(mktemp)"
	log "starting $name: $*"
	started+=("$name")
	if ! "$@" >"$out" 2>&1; then
		cat "$out" >&2
		rm -f "$out"
		die "$name did not start"
	fi
	rm -f "$out"
}

if wants docker; then
	if [ -z "${DOCKER_HOST:-}" ]; then
		start_one docker "$ROOT/scripts/containers.sh" start
		export DOCKER_HOST="unix://$sock"
	fi
	export SWARMHOST_EXPECT_DOCKER=1
fi
if wants k8s; then
	if [ -z "${KUBECONFIG:-}" ]; then
		start_one k8s "$ROOT/scripts/k8s.sh" start
		kenv="$("$ROOT/scripts/k8s.sh" env)" || die "scripts/k8s.sh env failed"
		eval "$kenv"
	fi
	export SWARMHOST_EXPECT_K8S=1
fi
if wants multi; then
	start_one multi "$ROOT/scripts/k8s.sh" --instance multi start --nodes 3
	export SWARMHOST_K8S_MULTINODE=multi SWARMHOST_EXPECT_K8S_MULTINODE=1
fi
if wants debian; then
	out="$(mktemp)"
	"$ROOT/scripts/debian-image.sh" load >"$out" 2>&1 || { cat "$out" >&2; rm -f "$out"; die "the Debian image did not load"; }
	rm -f "$out"
fi

# The command runs as a child (not exec) so that the trap stops what was started.
status=0
"$@" || status=$?
exit "$status"
