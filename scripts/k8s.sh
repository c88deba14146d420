#!/usr/bin/env bash
# scripts/k8s.sh: a real single-node Kubernetes on loopback for swarmhost's tests and CI.
#
#   scripts/k8s.sh build    build etcd and the Kubernetes binaries once (cached by version)
#   scripts/k8s.sh start    certificates, local images, containerd, etcd, control plane, kubelet;
#                           waits for a Ready node and writes the kubeconfig
#   scripts/k8s.sh stop     stops only what start started (pidfiles), removes the pods' containers
#   scripts/k8s.sh status   prints whether the cluster answers
#   scripts/k8s.sh env      prints "export KUBECONFIG=..." for eval
#   scripts/k8s.sh image NAME DIR [CMD...]
#                           imports DIR's files as a local image NAME (layer on busybox) into the cluster
#   scripts/k8s.sh image-rm NAME
#                           removes the image NAME from the cluster's node
#
# Nothing is downloaded but Go modules (the proxy) and Debian packages (containerd, runc, CNI plugins).
# Binaries are cached under ~/.cache/swarmhost/k8s-<version>/bin; the running cluster's state lives under
# $SWARMHOST_K8S_STATE (default /tmp/swarmhost-k8s). See /work/shared/notes/kubernetes.md for why each
# flag is there.
set -euo pipefail

K8S_VERSION="${SWARMHOST_K8S_VERSION:-v1.37.2}"
STAGING_VERSION="v0${K8S_VERSION#v1}"
ETCD_VERSION="${SWARMHOST_ETCD_VERSION:-v3.6.13}"
BUSYBOX_DEB_PKG=busybox-static
CACHE="${SWARMHOST_K8S_CACHE:-$HOME/.cache/swarmhost/k8s-$K8S_VERSION}"
BIN="$CACHE/bin"
STATE="${SWARMHOST_K8S_STATE:-/tmp/swarmhost-k8s}"
HERE="$(cd "$(dirname "$0")" && pwd)"

log() { printf 'k8s.sh: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

. "$HERE/k8s-build.sh"
. "$HERE/k8s-certs.sh"
. "$HERE/k8s-images.sh"
. "$HERE/k8s-run.sh"

main() {
	case "${1:-}" in
	build) build_all ;;
	start) build_all && start_all ;;
	stop) stop_all ;;
	status) cluster_status ;;
	env) echo "export KUBECONFIG=$STATE/kubeconfig" ;;
	image) shift && import_dir_image "$@" ;;
	image-rm) shift && remove_image "$@" ;;
	*) die "usage: $0 build|start|stop|status|env|image NAME DIR [CMD...]|image-rm NAME" ;;
	esac
}

main "$@"
