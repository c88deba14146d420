#!/usr/bin/env bash
# scripts/k8s.sh: a real Kubernetes on this machine for swarmhost's tests and CI: one node on
# loopback, or a control plane and N nodes, each node in its own network namespace.
#
#   scripts/k8s.sh [--instance NAME] COMMAND
#
#   build             build etcd, the Kubernetes binaries and the volume plugin once (cached)
#   start             certificates, local images, containerd, etcd, control plane, kubelet; waits
#                     for a Ready node and writes the kubeconfig. One node on 127.0.0.1 (6443).
#   start --nodes N   a control plane and N nodes, each with its own network namespace, node IP,
#                     containerd and kubelet, pods routed across nodes, the local images on every
#                     node, and a ReadWriteMany claim "swarmhost-logs" (namespace default) that
#                     every node mounts (an OpenSSH server pod on the first node, sshfs on each)
#   stop              stops only what start started (pidfiles and the instance's own cgroups),
#                     removes the pods' containers, mounts, network namespaces and links
#   status            prints whether the cluster answers
#   env               prints "export KUBECONFIG=..." for eval
#   image NAME DIR [CMD...]
#                     imports DIR's files as a local image NAME (layer on busybox) into every node
#   image-layer NAME TARBALL [CMD...]
#                     imports the root filesystem TARBALL as the one layer of a local image NAME into
#                     every node, unless each has it already (scripts/debian-image.sh load uses it)
#   image-rm NAME     removes the image NAME from every node
#   nodes             prints the node names (several nodes only)
#   node-stop NODE    powers a node off: kills every process it runs at once (several nodes only);
#                     start brings it back
#   volume-dir        prints the directory that holds the files of the claim swarmhost-logs
#
# --instance NAME (or SWARMHOST_K8S_INSTANCE) runs a separate cluster beside the default one: its
# own state directory (/tmp/swarmhost-k8s-NAME), ports (free ones, chosen at its first start and
# kept), network names and cgroups. Every port a cluster uses is one it bound itself: start refuses
# a port something else holds, and checks after each start that the listener is the process it
# started.
#
# Nothing is downloaded but Go modules (the proxy) and Debian packages (containerd, runc, CNI
# plugins, sshfs, OpenSSH's server for the volume's image). Binaries are cached under
# ~/.cache/swarmhost/k8s-<version>/bin. See /work/shared/notes/kubernetes.md for why each flag is there.
set -euo pipefail

K8S_VERSION="${SWARMHOST_K8S_VERSION:-v1.37.2}"
STAGING_VERSION="v0${K8S_VERSION#v1}"
ETCD_VERSION="${SWARMHOST_ETCD_VERSION:-v3.6.13}"
BUSYBOX_DEB_PKG=busybox-static
CACHE="${SWARMHOST_K8S_CACHE:-$HOME/.cache/swarmhost/k8s-$K8S_VERSION}"
BIN="$CACHE/bin"
HERE="$(cd "$(dirname "$0")" && pwd)"

log() { printf 'k8s.sh: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

INSTANCE="${SWARMHOST_K8S_INSTANCE:-}"
if [ "${1:-}" = --instance ]; then
	INSTANCE="${2:-}"
	shift 2 || die "--instance needs a NAME"
fi
if [ -n "$INSTANCE" ]; then
	[[ "$INSTANCE" =~ ^[a-z][a-z0-9]{0,7}$ ]] || die "--instance $INSTANCE: want 1 to 8 lower-case letters and digits, a letter first"
	STATE="/tmp/swarmhost-k8s-$INSTANCE"
else
	STATE="${SWARMHOST_K8S_STATE:-/tmp/swarmhost-k8s}"
fi

. "$HERE/k8s-build.sh"
. "$HERE/k8s-certs.sh"
. "$HERE/k8s-images.sh"
. "$HERE/k8s-ports.sh"
. "$HERE/k8s-run.sh"
. "$HERE/k8s-nodes.sh"
. "$HERE/k8s-volume.sh"

main() {
	local cmd="${1:-}"
	shift || true
	load_layout
	if [ -n "$INSTANCE" ] && [ ! -f "$LAYOUT" ] && [ "$cmd" != build ] && [ "$cmd" != start ]; then
		[ "$cmd" != stop ] || return 0
		[ "$cmd" != env ] || die "instance $INSTANCE was never started (scripts/k8s.sh --instance $INSTANCE start)"
		echo "instance $INSTANCE not started"
		return 1
	fi
	case "$cmd" in
	build) build_all ;;
	start) start_cmd "$@" ;;
	stop) stop_all ;;
	status) cluster_status ;;
	env) echo "export KUBECONFIG=$STATE/kubeconfig" ;;
	image) import_dir_image "$@" ;;
	image-layer) import_layer_image "$@" ;;
	image-rm) remove_image "$@" ;;
	nodes) need_nodes && node_names ;;
	node-stop) need_nodes && node_stop "${1:?node-stop NODE}" ;;
	volume-dir) need_nodes && echo "$VOLUME_EXPORT/$VOLUME_NAME" ;;
	*) die "usage: $0 [--instance NAME] build|start [--nodes N]|stop|status|env|image NAME DIR [CMD...]|image-layer NAME TARBALL [CMD...]|image-rm NAME|nodes|node-stop NODE|volume-dir" ;;
	esac
}

# start_cmd parses start's options and starts the cluster the layout describes.
start_cmd() {
	local nodes=""
	while [ $# -gt 0 ]; do
		case "$1" in
		--nodes) nodes="${2:-}" && shift 2 || die "--nodes needs a count" ;;
		*) die "start: unknown option $1" ;;
		esac
	done
	if [ -n "$nodes" ]; then
		[[ "$nodes" =~ ^[1-9][0-9]?$ ]] && [ "$nodes" -le 16 ] || die "--nodes $nodes: want 1 to 16"
	fi
	choose_layout "$nodes"
	build_all
	if [ "$NODES" = 0 ]; then start_all; else start_nodes_cluster; fi
}

# need_nodes refuses a command that only a cluster of nodes in network namespaces has.
need_nodes() {
	[ "$NODES" != 0 ] || die "this cluster has no network-namespace nodes (start it with --nodes N)"
}

main "$@"
