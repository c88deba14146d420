#!/usr/bin/env bash
# scripts/debian-image.sh — a Debian image with python3, built here from Debian's apt mirror (never
# pulled from an image registry), for the container examples whose scorers run Python in a sandbox
# (examples/proof-swarm/containers: the seed's VERIFY in the comparator service).
#
#   scripts/debian-image.sh build   debootstrap --variant=minbase bookworm (plus python3) into a root
#                                   filesystem tarball, once per machine: cached under
#                                   ~/.cache/swarmhost/debian-<key>/, <key> a hash of the recipe below.
#                                   About 40 s of debootstrap plus the packages' download the first time;
#                                   nothing when the tarball is there. Safe to run twice at once (a lock).
#   scripts/debian-image.sh load    build, then import the tarball as $IMAGE into podman (when it answers)
#                                   and into the local cluster's containerd (scripts/k8s.sh, when it runs),
#                                   unless the image there is already this recipe's.
#   scripts/debian-image.sh path    print the tarball's path (built or not).
#
# Needs root (debootstrap, podman, ctr). Environment: SWARMHOST_DEBIAN_MIRROR (default Debian's
# deb.debian.org), SWARMHOST_CACHE (default ~/.cache/swarmhost).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
# The image's name in both engines: the compose files name it (examples/proof-swarm/containers).
IMAGE=localhost/swarmhost-debian:bookworm
SUITE=bookworm
VARIANT=minbase
INCLUDE=python3
MIRROR="${SWARMHOST_DEBIAN_MIRROR:-http://deb.debian.org/debian}"
CACHE_ROOT="${SWARMHOST_CACHE:-$HOME/.cache/swarmhost}"

log() { echo "debian-image.sh: $*" >&2; }
die() { log "$*"; exit 1; }

# finish lays out what the sandboxes need in the root filesystem at $1 and drops apt's caches: the
# sandboxes' working directory /workspace (owned by nobody, as in the busybox image) and a bash that
# the bash tool's `bash --login -c` finds (Debian's minbase has bash already).
finish() {
	local root=$1
	rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/* "$root"/var/log/* "$root"/tmp/*
	mkdir -p "$root/workspace"
	chown 65534:65534 "$root/workspace"
	chmod 1777 "$root/tmp"
}

# KEY is a hash of the recipe (the suite, variant, packages, mirror and finish's text): a change to any
# of them builds a new tarball and re-imports the image.
KEY=$(printf '%s\n' "$SUITE" "$VARIANT" "$INCLUDE" "$MIRROR" "$(declare -f finish)" | sha256sum | cut -c1-16)
DIR="$CACHE_ROOT/debian-$KEY"
TARBALL="$DIR/rootfs.tar"

# debootstrap_bin sets DEBOOTSTRAP to a debootstrap to run: Debian's package, downloaded (not installed, so that
# this never waits for, or holds, the dpkg lock that scripts/containers.sh and scripts/k8s.sh take
# while this runs beside them in .ci/run) and unpacked once under the cache; DEBOOTSTRAP_DIR points it
# at its own scripts.
debootstrap_bin() {
	local d="$CACHE_ROOT/debootstrap" tmp
	if [ ! -x "$d/usr/sbin/debootstrap" ]; then
		tmp=$(mktemp -d)
		(cd "$tmp" && apt-get download -q debootstrap >/dev/null 2>&1) || die "apt-get download debootstrap failed"
		mkdir -p "$CACHE_ROOT" && rm -rf "$d.tmp"
		dpkg-deb -x "$tmp"/debootstrap_*.deb "$d.tmp" || die "unpacking debootstrap failed"
		rm -rf "$d" && mv "$d.tmp" "$d"
		rm -rf "$tmp"
	fi
	export DEBOOTSTRAP_DIR="$d/usr/share/debootstrap"
	# debootstrap downloads with wget, which the package depends on but a machine may lack: then a
	# wget that fetches with curl, for debootstrap's one use of it (wget [options] -O FILE URL).
	if ! command -v wget >/dev/null; then
		command -v curl >/dev/null || die "debootstrap needs wget or curl"
		mkdir -p "$d/shim"
		printf '%s\n' '#!/bin/sh' '# wget -O FILE URL for debootstrap, through curl (scripts/debian-image.sh)' \
			'out= url=' \
			'while [ $# -gt 0 ]; do case $1 in -O) out=$2; shift 2 ;; -*) shift ;; *) url=$1; shift ;; esac; done' \
			'exec curl -fsSL -o "$out" "$url"' >"$d/shim/wget"
		chmod 755 "$d/shim/wget"
		export PATH="$d/shim:$PATH"
	fi
	DEBOOTSTRAP="$d/usr/sbin/debootstrap"
}

# build makes the cached tarball unless it is there; a second build waits for the first.
build() {
	mkdir -p "$DIR"
	exec 9>"$DIR/.lock"
	flock 9
	if [ -f "$TARBALL" ]; then
		exec 9>&-
		return
	fi
	[ "$(id -u)" = 0 ] || die "run as root (debootstrap)"
	local tmp start
	start=$(date +%s)
	debootstrap_bin
	tmp=$(mktemp -d "$DIR/build.XXXXXX")
	log "debootstrap --variant=$VARIANT --include=$INCLUDE $SUITE from $MIRROR (once per machine)"
	if ! "$DEBOOTSTRAP" --variant="$VARIANT" --include="$INCLUDE" "$SUITE" "$tmp/root" "$MIRROR" >"$DIR/debootstrap.log" 2>&1; then
		tail -5 "$DIR/debootstrap.log" >&2
		rm -rf "$tmp"
		die "debootstrap failed (the whole log: $DIR/debootstrap.log)"
	fi
	finish "$tmp/root"
	tar --sort=name --numeric-owner --mtime=@0 -C "$tmp/root" -cf "$tmp/rootfs.tar" .
	mv "$tmp/rootfs.tar" "$TARBALL"
	rm -rf "$tmp"
	log "built $TARBALL ($(du -h "$TARBALL" | cut -f1), $(($(date +%s) - start)) s)"
	exec 9>&-
}

# load_podman imports the tarball as IMAGE into podman unless IMAGE there carries this recipe's key.
load_podman() {
	command -v podman >/dev/null || { log "no podman: not loading $IMAGE there"; return; }
	if [ "$(podman image inspect --format '{{index .Labels "swarmhost.recipe"}}' "$IMAGE" 2>/dev/null)" = "$KEY" ]; then
		return
	fi
	podman import -q --change "LABEL swarmhost.recipe=$KEY" --change 'CMD ["/bin/sh"]' \
		--change 'WORKDIR /workspace' "$TARBALL" "$IMAGE" >/dev/null
	log "imported $IMAGE into podman"
}

# load_cluster imports the tarball as IMAGE into the local cluster's nodes when the cluster runs.
load_cluster() {
	if ! "$ROOT/scripts/k8s.sh" status >/dev/null 2>&1; then
		log "the local cluster is not running: not loading $IMAGE there"
		return
	fi
	"$ROOT/scripts/k8s.sh" image-layer "$IMAGE" "$TARBALL" /bin/sh
}

case "${1:-}" in
build) build ;;
load)
	build
	load_podman
	load_cluster
	;;
path) echo "$TARBALL" ;;
*) die "usage: $0 build|load|path" ;;
esac
