#!/usr/bin/env bash
# scripts/containers.sh — a container engine for the docker sandbox provider, from Debian's packages:
# rootful podman serving the Docker Engine API on a unix socket (../shared/notes/containers.md).
#
#   scripts/containers.sh [start]   install and configure podman, build the test images, start the API
#                                   socket; prints the DOCKER_HOST to use. Idempotent: what is already
#                                   there (packages, images, a socket that answers) is kept as it is.
#   scripts/containers.sh stop      stop the API service, only if this checkout's `start` started it.
#   scripts/containers.sh images    (re)build the test images only.
#
# Needs root (apt-get, /etc/containers, /run/podman). No registry is used: every image is built here.
# Environment: SWARMHOST_PODMAN_SOCK (default /run/podman/podman.sock), SWARMHOST_CONTAINERS_STATE
# (default .containers in the checkout: the pidfile and the service's log).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SOCK="${SWARMHOST_PODMAN_SOCK:-/run/podman/podman.sock}"
STATE="${SWARMHOST_CONTAINERS_STATE:-$ROOT/.containers}"
PIDFILE="$STATE/podman.pid"
DROPIN=/etc/containers/containers.conf.d/swarmhost.conf
# The images the provider's tests and the container examples use (see examples/*/containers/).
BUSYBOX_IMAGE=localhost/swarmhost-busybox:2
# Busybox and this machine's Python, and the names it stands in for: the image inspect-evals'
# mind2web_sc asks for in its compose file (host/e2e/inspecttask_e2e_test.go runs that task unchanged).
PYTHON_IMAGE=localhost/swarmhost-python:1
PYTHON_STAND_INS="docker.io/library/python:3.12-bookworm"

log() { echo "containers.sh: $*" >&2; }
die() { log "$*"; exit 1; }

# need_root fails unless running as root: podman must be rootful for limits to hold.
need_root() {
	[ "$(id -u)" = 0 ] || die "run as root (rootless podman silently ignores memory, pids and cpu limits)"
}

# install_packages installs podman, runc and busybox-static when one is missing.
install_packages() {
	local missing=()
	for p in podman runc busybox-static curl; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] && return
	log "installing ${missing[*]}"
	export DEBIAN_FRONTEND=noninteractive
	apt-get install -y -qq "${missing[@]}" >/dev/null 2>&1 || {
		apt-get update -qq
		apt-get install -y -qq "${missing[@]}" >/dev/null
	}
}

# configure writes the one drop-in podman needs here: ulimits root may set, runc, no systemd.
configure() {
	local n u
	n=$(ulimit -Hn); u=$(ulimit -Hu)
	[ "$n" = unlimited ] || [ "$n" -gt 32768 ] && n=32768
	[ "$u" = unlimited ] || [ "$u" -gt 32768 ] && u=32768
	local want
	want=$(printf '%s\n' '# written by swarmhost scripts/containers.sh' \
		'[containers]' "default_ulimits = [\"nofile=$n:$n\", \"nproc=$u:$u\"]" \
		'[engine]' 'runtime = "runc"' 'cgroup_manager = "cgroupfs"' 'events_logger = "file"')
	if [ "$(cat "$DROPIN" 2>/dev/null)" != "$want" ]; then
		mkdir -p "$(dirname "$DROPIN")"
		printf '%s\n' "$want" >"$DROPIN"
		log "wrote $DROPIN"
	fi
}

# build_busybox imports a 2 MB image: busybox-static, one link per applet, passwd/group, /tmp 1777,
# /workspace (the sandboxes' working directory, owned by nobody) and bash as busybox's sh.
build_busybox() {
	podman image exists "$BUSYBOX_IMAGE" && return
	local dir
	dir=$(mktemp -d)
	busybox_tree "$dir"
	tar -C "$dir" -c . | podman import -q --change 'CMD ["/bin/sh"]' --change 'WORKDIR /workspace' - "$BUSYBOX_IMAGE" >/dev/null
	rm -rf "$dir"
	log "built $BUSYBOX_IMAGE"
}

# build_python imports a busybox image with this machine's Python (its interpreter, standard
# library and the shared libraries it links, at the same paths) as `python` and `python3`, and tags
# it with the names of the images the Inspect tasks of the tests' suites ask for in their compose
# files (PYTHON_STAND_INS): those tasks run unchanged and no image is ever pulled.
build_python() {
	podman image exists "$PYTHON_IMAGE" || {
		local dir py real stdlib lib
		py=/usr/bin/python3
		[ -x "$py" ] || py=$(command -v python3)
		real=$(readlink -f "$py")
		stdlib=$("$real" -c 'import sysconfig; print(sysconfig.get_paths()["stdlib"])')
		dir=$(mktemp -d)
		busybox_tree "$dir"
		mkdir -p "$dir$(dirname "$real")" "$dir$stdlib"
		cp "$real" "$dir$real"
		cp -a "$stdlib/." "$dir$stdlib/"
		for lib in $(ldd "$real" | grep -o '/[^ ]*'); do
			mkdir -p "$dir$(dirname "$lib")"
			cp -L "$lib" "$dir$lib"
		done
		ln -sf "$real" "$dir/bin/python3"
		ln -sf "$real" "$dir/bin/python"
		tar -C "$dir" -c . | podman import -q --change 'CMD ["/bin/sh"]' --change 'WORKDIR /workspace' - "$PYTHON_IMAGE" >/dev/null
		rm -rf "$dir"
		log "built $PYTHON_IMAGE ($("$real" --version 2>&1))"
	}
	local name
	for name in $PYTHON_STAND_INS; do
		podman image exists "$name" || { podman tag "$PYTHON_IMAGE" "$name"; log "tagged $PYTHON_IMAGE as $name"; }
	done
}

# busybox_tree lays out the busybox image's files in dir.
busybox_tree() {
	local dir=$1
	mkdir -p "$dir/bin" "$dir/etc" "$dir/tmp" "$dir/workspace" "$dir/root"
	cp /bin/busybox "$dir/bin/busybox"
	for a in $("$dir/bin/busybox" --list); do
		[ -e "$dir/bin/$a" ] || ln -s busybox "$dir/bin/$a"
	done
	# The bash tool runs `bash --login -c CMD`; busybox's sh takes the same options.
	printf '#!/bin/sh\nexec /bin/sh "$@"\n' >"$dir/bin/bash"
	chmod 755 "$dir/bin/bash"
	mkdir -p "$dir/usr"; ln -s ../bin "$dir/usr/bin"; ln -s bin "$dir/sbin"
	printf 'root:x:0:0:root:/root:/bin/sh\nnobody:x:65534:65534:nobody:/workspace:/bin/sh\n' >"$dir/etc/passwd"
	printf 'root:x:0:\nnogroup:x:65534:\n' >"$dir/etc/group"
	chmod 1777 "$dir/tmp"
	# /workspace belongs to nobody, so that a service with `user: nobody` can work there (root can anyway).
	chown 65534:65534 "$dir/workspace"
}

# build_images builds every test image; an example's own image builds FROM the busybox one.
build_images() {
	build_busybox
	build_python
	local f name
	for f in "$ROOT"/examples/*/containers/Containerfile; do
		[ -e "$f" ] || continue
		name="localhost/swarmhost-$(basename "$(dirname "$(dirname "$f")")"):2"
		podman image exists "$name" && continue
		podman build -q -t "$name" -f "$f" "$(dirname "$f")" >/dev/null
		log "built $name"
	done
}

# ping reports whether the API socket answers.
ping() {
	curl -fsS --max-time 2 --unix-socket "$SOCK" http://d/_ping >/dev/null 2>&1
}

# start_service starts `podman system service` on the socket unless one answers already.
start_service() {
	if ping; then
		log "the engine at unix://$SOCK answers already; leaving it as it is"
		return
	fi
	mkdir -p "$STATE" "$(dirname "$SOCK")"
	rm -f "$SOCK"
	# From $STATE: conmon, the service's child, writes files such as `oom` (a container killed for
	# memory) into its working directory, which would otherwise be the caller's, often the checkout.
	(cd "$STATE" && exec setsid podman system service --time=0 "unix://$SOCK" >"$STATE/podman.log" 2>&1 </dev/null) &
	echo $! >"$PIDFILE"
	for _ in $(seq 100); do
		ping && { log "started the engine (pid $(cat "$PIDFILE")) at unix://$SOCK"; return; }
		kill -0 "$(cat "$PIDFILE")" 2>/dev/null || break
		sleep 0.1
	done
	tail -5 "$STATE/podman.log" >&2 || true
	stop_service
	die "podman system service did not answer on $SOCK"
}

# stop_service stops the service this checkout started: the pid in the pidfile, if it is still that
# podman service.
stop_service() {
	[ -f "$PIDFILE" ] || { log "nothing to stop: this checkout started no engine"; return; }
	local pid
	pid=$(cat "$PIDFILE")
	if tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q "podman system service"; then
		kill "$pid"
		for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
		kill -0 "$pid" 2>/dev/null && kill -KILL "$pid"
		log "stopped the engine (pid $pid)"
	fi
	rm -f "$PIDFILE"
}

case "${1:-start}" in
start)
	need_root
	install_packages
	configure
	build_images
	start_service
	echo "DOCKER_HOST=unix://$SOCK"
	;;
images)
	need_root
	build_images
	;;
stop)
	stop_service
	;;
*)
	die "usage: $0 [start|stop|images]"
	;;
esac
